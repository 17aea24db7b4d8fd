"""What every widget does with a message from its page: check it, carry it out, or refuse it.

A page sends small messages such as ``{"type": "step"}``. Each widget declares the ones it
takes in ``MESSAGES`` (type -> the exact fields) and a method ``_on_<type>`` for each; anything
else, and anything a method refuses with a ValueError or TypeError, becomes a visible error and
changes nothing. No message ever puts a traceback under a student's cell.
"""

from __future__ import annotations

from typing import Any, ClassVar

from evo_lessons.engine.seeds import check_seed  # noqa: F401 - the one seed rule, re-exported
from evo_lessons.engine.words import short_repr
from evo_lessons.i18n import Msg, Translator, current, pgettext, speaking, tr


class PageMessages:
    """A mixin for an anywidget with an ``error`` trait: dispatches checked page messages."""

    #: every message the page may send, with exactly the fields it carries
    MESSAGES: ClassVar[dict[str, frozenset[str]]] = {}
    #: put before a refusal's reason in the error line ("" for none; a ``pN_`` is translated)
    REFUSED: ClassVar[str | Msg] = ""

    #: the widget's language (a widget sets its own; None: the environment's)
    translator: Translator | None = None

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        with speaking(self.translator or current()):
            self._answer(content)

    def _answer(self, content: Any) -> None:
        try:
            self._handle(content)
            self.error = ""
        except (ValueError, TypeError) as error:  # IllegalAction is a ValueError
            text, refused = str(error), tr(self.REFUSED) if self.REFUSED else ""
            self.error = text if text.startswith(refused) else refused + text
            self._after_refusal()
        except Exception as error:  # never a raw traceback under a student's cell
            self.error = pgettext(
                "error; {kind} is a Python error's name, left as it is",
                "Something went wrong and nothing was changed ({kind}).",
            ).format(kind=type(error).__name__)
            self._after_refusal()

    def _handle(self, content: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            raise ValueError(pgettext("error", "Refused: a malformed message from the page."))
        kind = content["type"]
        if kind not in self.MESSAGES or set(content) - {"type"} != self.MESSAGES[kind]:
            raise ValueError(
                pgettext(
                    "error; {kind} is the message's type, as the page sent it",
                    "Refused: an unknown or malformed message ({kind}).",
                ).format(kind=short_repr(kind, 30))
            )
        getattr(self, f"_on_{kind}")(content)

    def _after_refusal(self) -> None:
        """Redraw after a refusal, if the widget needs to (the page may have moved ahead)."""
