"""A progress bar for long computations, in Jupyter or on a terminal."""

from __future__ import annotations

import sys
import time
from typing import Optional, TextIO


class ProgressBar:
    """A progress callback that draws a bar: pass it as ``progress=onag.ProgressBar()``.

    In Jupyter it updates one line of output in place; elsewhere it redraws one line on
    standard error (only when that is a terminal, unless ``stream`` is given). The engines call
    it with ``(what, done, total)`` as they report, at most every 50 ms; ``total`` is ``None``
    where the amount of work is not known in advance (a search), and the bar then shows the
    count and the rate. When the call ends, the package calls it once more with the work whole
    (``done == total``) if it ended well, then :meth:`close`: on a terminal the line is cleared,
    in Jupyter it stays, at 100% and with the time taken.

    >>> bar = ProgressBar(stream=None)
    >>> bar("sequence", 500, 1000)
    >>> bar.line
    'sequence: 500 of 1000 (50%)'
    >>> bar("sequence", 1000, 1000)
    >>> bar.close()
    >>> bar.line
    'sequence: 1000 of 1000 (100%)'
    """

    def __init__(self, stream: Optional[TextIO] = sys.stderr) -> None:
        self.stream = stream if stream is not None and _is_terminal(stream) else None
        self.started = time.monotonic()
        self.line = ""
        self._handle = None
        self._jupyter = stream is sys.stderr and _in_jupyter()

    def __call__(self, what: str, done: int, total: Optional[int]) -> None:
        elapsed = max(time.monotonic() - self.started, 1e-9)
        if total:
            self.line = f"{what}: {done} of {total} ({100 * done // total}%)"
        else:
            self.line = f"{what}: {done} ({done / elapsed:,.0f} a second)"
        if self._jupyter:
            self._show_in_jupyter()
        elif self.stream is not None:
            self.stream.write("\r\x1b[2K" + self.line)
            self.stream.flush()

    def close(self) -> None:
        """Ends the bar: clears its line on a terminal; in Jupyter shows the time taken.

        The next call that reports to this bar starts a new one.
        """
        if self._jupyter and self._handle is not None:
            seconds = time.monotonic() - self.started
            self._handle.update(f"{self.line} in {seconds:.1f} s")
        elif self.stream is not None:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()
        self._handle = None
        self.started = time.monotonic()

    def _show_in_jupyter(self) -> None:
        from IPython.display import display  # noqa: PLC0415 (Jupyter only)

        if self._handle is None:
            self._handle = display(self.line, display_id=True)
        else:
            self._handle.update(self.line)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _in_jupyter() -> bool:
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    get = getattr(shell, "get_ipython", None)
    return get is not None and get() is not None and "ZMQ" in type(get()).__name__
