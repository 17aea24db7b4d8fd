"""A JupyterLab server and a headless Chromium page, for browser tests and benchmarks.

JupyterLab runs on 127.0.0.1 with its own config, data, runtime, settings and workspace folders
(so the test owns its environment) and serves a temporary copy of the notebooks (so autosave
never writes into the repository). Chromium is Debian's (/usr/bin/chromium), driven by
Playwright's Python package; `playwright install` is never needed. Flags and quirks come from
shared/NOTES.md: the news toast is turned off in settings, and cells are not virtualised
(``windowingMode: none``), so every cell's output is in the page to be read.

Every wait is on a condition, never a fixed time, so the tests pass on a loaded machine: Lab
exposes its application object to the page (``--LabApp.expose_app_in_browser``) and the page
helpers ask it directly whether the kernel is idle and every cell has run. Run All is Lab's own
``notebook:run-all-cells`` command, whose promise settles when the last cell has run; clicking
the menu dropped the command now and then on a busy machine.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("EVO_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = REPO / "tests" / "artifacts"
#: the name a test records its ``{step: seconds}`` under, listed at the end of the run
STEP_SECONDS = "step seconds"  # the same as tests/conftest.py's (a folder without __init__)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class JupyterLab:
    """Start JupyterLab serving copies of ``notebooks`` (paths relative to the repository)."""

    def __init__(
        self, notebooks: list[str], folders: list[str] = (), server_args: list[str] = ()
    ) -> None:
        self.home = Path(tempfile.mkdtemp(prefix="evo-lab-"))
        self.root = self.home / "work"
        self.root.mkdir()
        for name in notebooks:
            shutil.copy(REPO / name, self.root / Path(name).name)
        for name in folders:
            shutil.copytree(REPO / name, self.root / Path(name).name)
        self.port = free_port()
        self.token = "evo-test-token"
        self.process: subprocess.Popen | None = None
        self.log_path = self.home / "lab.log"
        self.server_args = list(server_args)

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        settings = self.home / "settings"
        # (no news setting: the package's installed defaults answer "no", as README's launch
        # shows; test_readme_launch_browser.py checks it)
        # every cell stays in the page (no virtual scrolling), so tests can read any output
        tracker = settings / "@jupyterlab" / "notebook-extension"
        tracker.mkdir(parents=True)
        (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
        # the browser shows what a student sees: no teacher switch inherited from the test run
        env.pop("EVO_LESSONS_SHOW_RESULTS", None)
        env.update(
            {
                "JUPYTER_CONFIG_DIR": str(self.home / "config"),
                "JUPYTER_DATA_DIR": str(self.home / "data"),
                "JUPYTER_RUNTIME_DIR": str(self.home / "runtime"),
                "JUPYTERLAB_SETTINGS_DIR": str(settings),
                "JUPYTERLAB_WORKSPACES_DIR": str(self.home / "workspaces"),
                "JUPYTER_PLATFORM_DIRS": "1",
                "PYTHONUNBUFFERED": "1",
            }
        )
        return env

    def start(self, timeout: float = 90) -> JupyterLab:
        command = [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--allow-root",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root}",
            "--LabApp.news_url=None",
            "--LabApp.expose_app_in_browser=True",
            "--ServerApp.disable_check_xsrf=False",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            *self.server_args,
        ]
        return self._run(command, self.root, timeout)

    def _run(self, command: list[str], cwd: Path, timeout: float) -> JupyterLab:
        """Start ``command`` (its output appended to the log) and wait until the server answers."""
        log = self.log_path.open("a")
        self.process = subprocess.Popen(
            command, env=self._env(), stdout=log, stderr=subprocess.STDOUT, cwd=cwd
        )
        deadline = time.time() + timeout
        url = f"http://127.0.0.1:{self.port}/api/status?token={self.token}"
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited early:\n{self.log_path.read_text()}")
            try:
                with urllib.request.urlopen(url, timeout=2) as response:
                    if response.status == 200:
                        return self
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"JupyterLab did not start in {timeout}s:\n{self.log_path.read_text()}")

    def url(self, notebook: str) -> str:
        return f"http://127.0.0.1:{self.port}/lab/tree/{notebook}?token={self.token}&reset"

    def api(self, path: str, method: str = "GET"):
        """One call to the server's REST API (``/api/...``); its JSON answer, or None."""
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            method=method,
            headers={"Authorization": f"token {self.token}"},
        )
        with urllib.request.urlopen(request, timeout=60) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shut_down_kernels(self, notebooks: set[str] | None = None) -> None:
        """Shut down the kernels of ``notebooks`` (paths under the lab's root), or all of them.

        A page closed in the browser leaves its kernel running in the server. Left there, every
        test's kernel would keep its memory and its share of the cores (each polls its widgets'
        comms), and a session of a few dozen tests ends with dozens of idle kernels slowing
        the ones that work."""
        for session in self.api("/api/sessions"):
            if notebooks is None or session.get("path") in notebooks:
                with contextlib.suppress(OSError):  # gone meanwhile (its page shut it)
                    self.api(f"/api/sessions/{session['id']}", "DELETE")
        if notebooks is None:
            for kernel in self.api("/api/kernels"):
                with contextlib.suppress(OSError):
                    self.api(f"/api/kernels/{kernel['id']}", "DELETE")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.home, ignore_errors=True)


class ReadmeLab(JupyterLab):
    """JupyterLab started exactly as README's quick start starts it, from a copy of the student
    tree: ``jupyter lab --ServerApp.root_dir=notebooks notebooks/00_start_here.ipynb``.

    Nothing of the project's is passed on the command line (no hook, no extension, no settings):
    what the lessons get comes from what ``pip install`` put into the environment, as on a
    student's machine. Only what a test needs is added: ``--allow-root`` (the sandbox's root
    user), no browser, a fixed port and token, and the user's own Jupyter folders in a temporary
    home (a fresh student, no settings of their own). ``restart`` stops and starts the same
    server on the same folders, as a restarted laptop or a culled Binder would."""

    README_COMMAND = ("lab", "--ServerApp.root_dir=notebooks", "notebooks/00_start_here.ipynb")

    def __init__(self) -> None:
        super().__init__([])
        self.root.rmdir()
        self.root = self.home / "work" / "notebooks"
        shutil.copytree(REPO / "notebooks", self.root)

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.pop("EVO_LESSONS_SHOW_RESULTS", None)
        env.update(
            {
                "JUPYTER_CONFIG_DIR": str(self.home / "config"),
                "JUPYTER_DATA_DIR": str(self.home / "data"),
                "JUPYTER_RUNTIME_DIR": str(self.home / "runtime"),
                "JUPYTERLAB_SETTINGS_DIR": str(self.home / "settings"),
                "JUPYTERLAB_WORKSPACES_DIR": str(self.home / "workspaces"),
                "JUPYTER_PLATFORM_DIRS": "1",
                "PYTHONUNBUFFERED": "1",
            }
        )
        return env

    def start(self, timeout: float = 90) -> ReadmeLab:
        jupyter = Path(sys.executable).with_name("jupyter")
        command = [
            str(jupyter),
            *self.README_COMMAND,
            "--allow-root",
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            "--LabApp.expose_app_in_browser=True",  # lets the test read the page's state
        ]
        return self._run(command, self.root.parent, timeout)

    def restart(self) -> ReadmeLab:
        """Stop the server (its kernels go with it) and start it again on the same folders."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        return self.start()


def wait_until(condition, timeout: float, what: str) -> None:
    """Poll ``condition`` (a file on disk, say) until it holds; fail after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


def notebook_of(sources: list[str]) -> dict:
    """A notebook whose code cells are ``sources`` (nothing run yet), for a test's own lesson."""
    cells = [
        {"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
         "outputs": [], "source": source}
        for i, source in enumerate(sources)
    ]  # fmt: skip
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return {"cells": cells, "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}


def wait_for_move(page, game, before: str | None, timeout: float = 60_000) -> None:
    """Wait until the game widget ``game`` has moved on from position ``before`` (its root's
    ``data-position``, read before the click or key): the kernel answered, the board is new."""
    page.wait_for_function(
        "([el, before]) => el.dataset.position !== before",
        arg=[game.element_handle(), before],
        timeout=timeout,
    )


def launch_browser(playwright):
    """Debian's Chromium, headless; each ``new_context()`` of it starts with nothing cached."""
    _check_chromium()
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)


def _check_chromium() -> None:
    if not Path(CHROMIUM).exists():
        raise RuntimeError(
            f"Chromium not found at {CHROMIUM}: install Debian's package "
            "(apt-get install -y chromium) or set EVO_CHROMIUM."
        )


VIEWPORT = {"width": 1400, "height": 1000}


class Chromium:
    """Debian's Chromium for a test session: every page in one browser profile of its own, so
    JupyterLab's scripts are fetched and compiled once, not once per test.

    Measured here, a page that loads JupyterLab in a profile that has loaded it before costs
    Chromium about 2.8 s of CPU, against 4.0 s in a fresh context (a session makes a few dozen
    pages). Each page still records its own console and requests, and closing a ``LabPage``
    closes its pages only. ``new_machine()`` gives what a student on another computer has: a
    fresh context of a second browser, with nothing cached and no storage."""

    def __init__(self, playwright) -> None:
        _check_chromium()
        self._playwright = playwright
        self._profile = Path(tempfile.mkdtemp(prefix="evo-chromium-"))
        self._shared = playwright.chromium.launch_persistent_context(
            str(self._profile),
            executable_path=CHROMIUM,
            args=CHROMIUM_FLAGS,
            headless=True,
            viewport=VIEWPORT,
        )
        self._other = None  # the second browser, launched the first time a test needs it

    def new_context(self, **_options) -> _SharedProfile:
        """A context-like view of the shared profile (Playwright's ``new_context`` interface)."""
        return _SharedProfile(self._shared)

    def new_machine(self, **options):
        """A fresh context (nothing cached, no storage) in a browser of its own."""
        if self._other is None:
            self._other = launch_browser(self._playwright)
        return self._other.new_context(**options)

    def close(self) -> None:
        self._shared.close()
        if self._other is not None:
            self._other.close()
        shutil.rmtree(self._profile, ignore_errors=True)


class _SharedProfile:
    """The pages one ``LabPage`` opens in the shared profile; closing closes only them."""

    def __init__(self, context) -> None:
        self._context = context
        self._pages: list = []

    def new_page(self):
        page = self._context.new_page()
        self._pages.append(page)
        return page

    def close(self) -> None:
        for page in self._pages:
            if not page.is_closed():
                page.close()
        self._pages.clear()


class LabPage:
    """A page on the lab that records console errors and any request leaving 127.0.0.1.

    ``browser`` is a ``Chromium`` (the tests': pages share its warm profile) or a Playwright
    browser (scripts and benchmarks: a context of its own). ``new_machine``: a fresh context
    whatever the browser, a student on another computer."""

    def __init__(self, browser, lab: JupyterLab, new_machine: bool = False) -> None:
        self.lab = lab
        if new_machine and isinstance(browser, Chromium):
            self.context = browser.new_machine(viewport=VIEWPORT)
        else:
            self.context = browser.new_context(viewport=VIEWPORT)
        self.page = self.context.new_page()
        self.console_errors: list[str] = []
        self.outside_requests: list[str] = []
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda error: self.console_errors.append(str(error)))
        self.page.on("request", self._on_request)
        self.opened: set[str] = set()
        self.current: str | None = None  # the notebook open in the page (a path under the root)

    def _on_console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def _on_request(self, request) -> None:
        url = request.url
        if url.startswith(("data:", "blob:", "about:")):
            return
        host = url.split("//", 1)[-1].split("/", 1)[0].split(":")[0]
        if host not in ("127.0.0.1", "localhost"):
            self.outside_requests.append(url)

    def open_notebook(self, name: str, timeout: float = 120_000) -> None:
        """Open a notebook and wait until its kernel is started and idle."""
        self.opened.add(name)
        self.current = name
        self.page.goto(self.lab.url(name))
        self.wait_for_kernel(timeout)

    def wait_for_kernel(self, timeout: float = 120_000) -> None:
        """Wait until the current notebook's panel is shown and its kernel is idle."""
        page = self.page
        page.wait_for_selector(".jp-NotebookPanel .jp-Notebook", timeout=timeout)
        page.wait_for_function(
            """() => {
                const panel = window.jupyterapp?.shell.currentWidget;
                const kernel = panel?.sessionContext?.session?.kernel;
                return Boolean(panel?.content && panel.context.isReady && kernel &&
                               kernel.connectionStatus === "connected" &&
                               kernel.status === "idle");
            }""",
            timeout=timeout,
            polling=200,
        )

    def run_all(self, timeout: float = 600_000) -> None:
        """Run All Cells and return when the last cell has run; fail if a cell raised.

        Lab's own command is used (what *Run > Run All Cells* calls); its promise settles when
        every cell's reply is back. The kernel is then idle and no cell is still queued.
        """
        self.wait_for_kernel()
        ok = self.page.evaluate(
            """async (timeout) => {
                const app = window.jupyterapp;
                const run = app.commands.execute("notebook:run-all-cells");
                const late = new Promise((_, no) =>
                    setTimeout(() => no(new Error(`Run All took over ${timeout} ms`)), timeout));
                return await Promise.race([run, late]);
            }""",
            timeout,
        )
        self.wait_until_idle()
        if ok is False:
            errors = self.page.locator(".jp-OutputArea-output[data-mime-type*='error']")
            text = errors.first.text_content() if errors.count() else "(no error output shown)"
            raise AssertionError(f"a cell raised during Run All: {text[:2000]}")

    def run_through(self, marker: str, occurrence: int = 1, timeout: float = 600_000) -> None:
        """Run the open notebook's cells from the top through the ``occurrence``-th code cell
        whose source holds ``marker`` (what a student does going down to the game: Lab's *Run
        All Above* and that cell), and return when they have run; fail if a cell raised.

        A test of a game widget needs the cells up to the widget, not the lesson's experiments
        below it (tens of seconds of simulation a Run All would spend for nothing that test
        looks at). That every cell of every lesson runs in the page is the period test's
        Run All (test_period_lessons.py), and nbval runs them all too."""
        cells = json.loads((self.lab.root / self.current).read_text(encoding="utf-8"))["cells"]
        found = [
            i
            for i, cell in enumerate(cells)
            if cell["cell_type"] == "code" and marker in "".join(cell["source"])
        ]
        if len(found) < occurrence:
            raise AssertionError(f"{self.current} has {len(found)} cells with {marker!r}")
        self.wait_for_kernel()
        ok = self.page.evaluate(
            """async ([through, timeout]) => {
                const app = window.jupyterapp;
                const notebook = app.shell.currentWidget.content;
                let run;
                if (through + 1 < notebook.widgets.length) {
                    notebook.activeCellIndex = through + 1;  // run every cell above this one
                    run = app.commands.execute("notebook:run-all-above");
                } else {
                    run = app.commands.execute("notebook:run-all-cells");
                }
                const late = new Promise((_, no) =>
                    setTimeout(() => no(new Error(`the cells took over ${timeout} ms`)), timeout));
                return await Promise.race([run, late]);
            }""",
            [found[occurrence - 1], timeout],
        )
        self.wait_until_idle()
        if ok is False:
            errors = self.page.locator(".jp-OutputArea-output[data-mime-type*='error']")
            text = errors.first.text_content() if errors.count() else "(no error output shown)"
            raise AssertionError(f"a cell raised: {text[:2000]}")

    def wait_until_idle(self, timeout: float = 300_000) -> None:
        """Wait until the kernel is idle and no cell of the notebook is running or queued."""
        self.page.wait_for_function(
            """() => {
                const panel = window.jupyterapp?.shell.currentWidget;
                const kernel = panel?.sessionContext?.session?.kernel;
                if (!panel?.content || !kernel || kernel.status !== "idle") return false;
                return panel.content.widgets.every(
                    (cell) => cell.model.type !== "code" ||
                              cell.model.executionState !== "running");
            }""",
            timeout=timeout,
            polling=250,
        )

    def restart_kernel(self, timeout: float = 120_000) -> None:
        """Kernel > Restart Kernel and Clear Outputs of All Cells, as a student does it, and wait
        until the new kernel is idle.

        Clearing the outputs first matters: restarting under live widget views races Lab's own
        widget and debugger requests (their cancelled replies are logged as console errors
        that no student sees, but a test would)."""
        page = self.page
        self.wait_for_replies(timeout)
        page.evaluate(
            """() => { window.jupyterapp.commands.execute("notebook:restart-clear-output"); }"""
        )
        page.locator(".jp-Dialog button.jp-mod-accept").click(timeout=timeout)
        page.wait_for_function(
            """() => [...window.jupyterapp.shell.currentWidget.content.widgets].every(
                       (cell) => cell.model.type !== "code" || cell.model.outputs.length === 0)""",
            timeout=timeout,
        )
        self.wait_for_kernel(timeout)

    def wait_for_replies(self, timeout: float = 120_000) -> None:
        """Wait until the kernel is idle and every control request Lab sent it (the debugger's,
        the widget manager's subshells) has its reply, so nothing is cancelled by what comes
        next. (Execute requests are covered by the idle kernel and cell states; their futures
        may outlive their replies, held by output areas.)"""
        self.page.wait_for_function(
            """() => {
                const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel;
                if (!kernel || kernel.status !== "idle") return false;
                const pending = kernel._futures ? [...kernel._futures.values()] : [];
                return pending.every((future) => future.msg.channel !== "control");
            }""",
            timeout=timeout,
            polling=200,
        )

    def save(self) -> None:
        """Save the notebook (File > Save) and wait until the file on the server is written."""
        self.page.evaluate(
            """async () => { await window.jupyterapp.shell.currentWidget.context.save(); }"""
        )

    def reload(self, timeout: float = 120_000) -> None:
        """Reload the page (the kernel lives on in the server) and wait for the notebook."""
        self.page.reload()
        self.wait_for_kernel(timeout)

    def reopen(self, timeout: float = 120_000) -> None:
        """Close the open notebook's tab and open the file again in the same page, as a student
        does from the file browser, and wait until its kernel is idle.

        The new tab reads the file from the server into a new document context with a new
        widget manager, exactly as a reloaded page would, without loading JupyterLab itself
        again (a page load is 2-4 s of Chromium's CPU on a loaded machine)."""
        self.page.evaluate(
            """async ([path, timeout]) => {
                const app = window.jupyterapp;
                const old = app.shell.currentWidget;
                old.close();
                const started = Date.now();
                while (!old.isDisposed) {  // closing is asynchronous (it may ask to save)
                    if (Date.now() - started > timeout) throw new Error("the tab did not close");
                    await new Promise((resolve) => setTimeout(resolve, 50));
                }
                await app.commands.execute("docmanager:open", {path, factory: "Notebook"});
            }""",
            [self.current, timeout],
        )
        self.wait_for_kernel(timeout)

    def shows_one_line_to_run_the_cells(self) -> None:
        """A lesson reopened after its kernel has gone: one "run the cells" line where its
        widgets were, and no widget error box (waits for the line, then checks)."""
        from evo_lessons.lessons.reopen import HINT

        page = self.page
        page.wait_for_function(
            "(hint) => document.body.textContent.includes(hint)", arg=HINT, timeout=60_000
        )
        text = page.locator(".jp-NotebookPanel").first.text_content()
        assert text.count(HINT) == 1
        assert "Error displaying widget" not in text
        assert page.locator(".jupyter-widgets-error-widget").count() == 0

    def text_of_outputs(self) -> str:
        """Every output of the notebook as text (all cells are in the page: no windowing)."""
        return self.page.locator(".jp-OutputArea-output").evaluate_all(
            "(nodes) => nodes.map((n) => n.textContent).join('\\n')"
        )

    def wait_for_widgets(self, count: int = 1, timeout: float = 120_000) -> None:
        """Wait until ``count`` game widgets render; fail fast if a widget shows an error box."""
        page = self.page
        page.wait_for_function(
            """(count) => document.querySelectorAll('.evo-root').length >= count ||
                          document.querySelector('.jupyter-widgets-error-widget') !== null""",
            arg=count,
            timeout=timeout,
        )
        errors = page.locator(".jupyter-widgets-error-widget")
        if errors.count():
            raise AssertionError(f"a widget failed to render: {errors.first.text_content()}")

    def screenshot(self, locator, name: str) -> Path:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTIFACTS / name
        locator.screenshot(path=str(path))
        return path

    def close(self) -> None:
        """Close the page, then shut down the kernels of the notebooks it opened (the server
        would keep them running)."""
        self.context.close()
        if self.opened and self.lab.process and self.lab.process.poll() is None:
            # a server that stopped answering: its own stop() ends the kernels
            with contextlib.suppress(OSError):
                self.lab.shut_down_kernels(self.opened)
            self.opened.clear()
