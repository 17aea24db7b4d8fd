"""What the lesson notebooks share: question boxes, model answers to reveal, and checkpoints.

A question box gives students a place to write (predict, observe, explain) before they see a
model answer, which stays hidden until they ask for it: the point of "predict" is to commit to
an idea first. Everything here degrades to plain text when widgets are not available (nbviewer,
print), so the notebooks still read well there.
"""

from __future__ import annotations

import html
from typing import Any

STAGES = {
    "predict": ("Predict", "#E69F00"),
    "play": ("Play", "#0072B2"),
    "observe": ("Observe", "#009E73"),
    "explain": ("Explain", "#CC79A7"),
    "think": ("Think", "#555555"),
}


def question(prompt: str, answer: str | None = None, *, stage: str = "think") -> Any:
    """A question with a box to type into and, if given, a model answer behind a button."""
    import ipywidgets as widgets

    if stage not in STAGES:
        raise ValueError(f"stage must be one of {sorted(STAGES)}")
    name, colour = STAGES[stage]
    header = widgets.HTML(
        f'<div style="border-left:6px solid {colour};padding:2px 8px">'
        f"<b>{name}.</b> {html.escape(prompt)}</div>"
    )
    box = widgets.Textarea(
        placeholder="Write your answer here (it stays in this notebook session).",
        layout=widgets.Layout(width="98%", height="70px"),
    )
    box.description_allow_html = False
    parts: list[Any] = [header, box]
    if answer:
        shown = widgets.HTML(
            f'<div style="background:#f4f4f4;padding:6px 10px;border-radius:4px">'
            f"<b>A model answer:</b> {html.escape(answer)}</div>"
        )
        shown.layout.display = "none"
        button = widgets.Button(
            description="Reveal a model answer", icon="eye", layout=widgets.Layout(width="220px")
        )

        def toggle(_button: Any) -> None:
            hidden = shown.layout.display == "none"
            shown.layout.display = None if hidden else "none"
            button.description = "Hide the answer" if hidden else "Reveal a model answer"

        button.on_click(toggle)
        parts += [button, shown]
    return widgets.VBox(parts, layout=widgets.Layout(margin="6px 0 12px"))


def checkpoint(passed: bool, success: str, hint: str) -> str:
    """A one-line check students run after a task: it says well done, or what to try."""
    message = f"✓ {success}" if passed else f"✗ Not yet: {hint}"
    print(message)
    return message
