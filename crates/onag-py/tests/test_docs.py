"""The docstrings' examples run, and the stubs name what the module has."""

from __future__ import annotations

import doctest
import inspect
from pathlib import Path

import onag
import onag._progress
import onag._sum


def test_the_docstring_examples_run():
    for module in (onag, onag._sum, onag._progress):
        failed, tried = doctest.testmod(module, verbose=False)
        assert tried > 0 and failed == 0, module


def test_the_stubs_name_every_native_object():
    stub = (Path(onag.__file__).parent / "_onag.pyi").read_text()
    for name in dir(onag._onag):
        if name.startswith("__") and name != "__version__":
            continue
        assert f"def {name}(" in stub or f"class {name}" in stub or f"{name}:" in stub, name
    for name, member in inspect.getmembers(onag._onag, inspect.isclass):
        for attribute in vars(member):
            if attribute.startswith("_") and attribute not in ("_repr_svg_", "_repr_html_"):
                continue
            assert f" {attribute}(" in stub, f"{name}.{attribute}"


def test_the_main_entry_points_document_themselves_with_examples_that_run():
    """help(onag.game), help(onag.sequence) and help(onag.quotient) show a real docstring,
    whose examples run as doctests (they were one-line placeholders)."""
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for name in ("game", "sequence", "quotient"):
        function = getattr(onag, name)
        assert len((function.__doc__ or "").splitlines()) > 5, name
        tests = finder.find(function, name, module=False, globs={"onag": onag})
        assert sum(len(test.examples) for test in tests) >= 3, name
        for test in tests:
            runner.run(test)
    assert runner.failures == 0


def test_every_public_name_has_a_docstring():
    for name in onag.__all__:
        assert (getattr(onag, name).__doc__ or "").strip(), name
