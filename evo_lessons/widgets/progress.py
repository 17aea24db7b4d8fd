"""A progress bar for long work, with an estimate of the time left, shown only in a kernel.

The engine knows nothing of widgets: ``simulate`` takes a ``progress(done, total)`` callback and
this module supplies one (ipywidgets in a kernel, nothing elsewhere). Because the callback runs
in the process that submitted the work, the bar moves for a process pool or a Dask cluster alike.

A lesson's long cell (a loop of experiments behind a prediction) wraps its loop instead of
leaving the student with a bare ``[*]``::

    from evo_lessons.widgets.progress import progress

    for faces in progress(range(7), "Playing 1,400 games"):
        ...

The bar says how far the work is and, once a step has finished, about how long is left
("3 / 7 · about 20 s left"); at the end, how long it took.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from evo_lessons.i18n import pgettext

T = TypeVar("T")

#: the fewest seconds between two redraws of the bar (each redraw is a message to the browser)
REDRAW_EVERY = 0.2


def in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


def duration(seconds: float) -> str:
    """A short, rounded time for a student: "4 s", "about 40 s", "about 2 min"."""
    if seconds < 10:
        return pgettext("progress bar: a time in seconds", "{n} s").format(
            n=f"{max(seconds, 0):.0f}"
        )
    if seconds < 90:
        return pgettext("progress bar: a time in seconds", "about {n} s").format(
            n=f"{5 * round(seconds / 5):.0f}"
        )
    return pgettext("progress bar: a time in minutes", "about {n} min").format(
        n=f"{round(seconds / 60):.0f}"
    )


def status(done: int, total: int, elapsed: float) -> str:
    """The words beside the bar: how far, and the time left (or taken, once done)."""
    text = f"{done:,} / {total:,}"
    if done >= total:
        return pgettext(
            "progress bar; {count} is '3 / 7', {time} a time such as 'about 2 min'",
            "{count} · done in {time}",
        ).format(count=text, time=duration(elapsed))
    if done <= 0 or elapsed <= 0:
        return pgettext("progress bar; {count} is '3 / 7'", "{count} · working…").format(count=text)
    return pgettext(
        "progress bar; {count} is '3 / 7', {time} a time such as 'about 2 min'",
        "{count} · {time} left",
    ).format(count=text, time=duration(elapsed / done * (total - done)))


def progress_bar(
    total: int, force: bool = False, label: str | None = None
) -> Callable[[int, int], None] | None:
    """A callback ``update(done, total)`` drawing a bar with the time left, or None outside a
    kernel (unless ``force``)."""
    if not (force or in_kernel()):
        return None
    try:
        import ipywidgets as widgets
        from IPython.display import display
    except ImportError:
        return None
    if label is None:
        label = pgettext("progress bar's label", "Games")
    # (its tooltip is the label too: left unset, the page shows the word "null")
    bar = widgets.IntProgress(min=0, max=max(total, 1), description=label, tooltip=label)
    bar.style.description_width = "initial"
    words = widgets.Label(status(0, total, 0.0))
    display(widgets.HBox([bar, words]))
    started = time.monotonic()
    last = [-REDRAW_EVERY]

    def update(done: int, total: int = total) -> None:
        now = time.monotonic() - started
        if done < total and now - last[0] < REDRAW_EVERY:
            return
        last[0] = now
        bar.max = max(total, 1)
        bar.value = min(done, total)
        words.value = status(done, total, now)
        if done >= total:
            bar.bar_style = "success"

    return update


def progress(
    items: Iterable[T], label: str | None = None, total: int | None = None, force: bool = False
) -> Iterator[T]:
    """Yield ``items`` while a bar (in a kernel) shows how many are done and the time left.

    ``total`` defaults to ``len(items)``; outside a kernel the items pass through unchanged.
    """
    if total is None:
        try:
            total = len(items)  # type: ignore[arg-type]
        except TypeError:
            total = 0
    if label is None:
        label = pgettext("progress bar's label", "Working")
    update = progress_bar(total, force=force, label=label) if total else None
    for done, item in enumerate(items, start=1):
        yield item
        if update is not None:
            update(done, total)


__all__ = ["duration", "in_kernel", "progress", "progress_bar", "status"]
