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
