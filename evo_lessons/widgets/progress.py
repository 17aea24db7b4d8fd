"""A progress bar for long simulations, shown only inside a Jupyter kernel.

The engine knows nothing of widgets: ``simulate`` takes a ``progress(done, total)`` callback and
this module supplies one (ipywidgets in a kernel, nothing elsewhere). Because the callback runs
in the process that submitted the work, the bar moves for a process pool or a Dask cluster alike.
"""

from __future__ import annotations

from collections.abc import Callable


def in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


def progress_bar(total: int, force: bool = False) -> Callable[[int, int], None] | None:
    """A callback drawing an ipywidgets bar, or None outside a kernel (unless ``force``)."""
    if not (force or in_kernel()):
        return None
    try:
        import ipywidgets as widgets
        from IPython.display import display
    except ImportError:
        return None
    bar = widgets.IntProgress(min=0, max=max(total, 1), description="Games")
    label = widgets.Label(f"0 / {total}")
    display(widgets.HBox([bar, label]))

    def update(done: int, total: int = total) -> None:
        bar.value = done
        label.value = f"{done} / {total}" + (" done" if done >= total else "")
        if done >= total:
            bar.bar_style = "success"

    return update
