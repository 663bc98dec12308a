"""The example notebook (examples/onag.ipynb), executed cell by cell, its outputs checked."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOK = Path(__file__).resolve().parents[3] / "examples" / "onag.ipynb"


def test_the_example_notebook_runs():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    outputs = [cell.get("outputs", []) for cell in notebook.cells if cell.cell_type == "code"]
    text = [
        "".join(output.get("data", {}).get("text/plain", "") for output in cell) for cell in outputs
    ]
    for cell in outputs:
        assert all(output.output_type != "error" for output in cell), cell
    # Kayles 3 + 4: G(3) ^ G(4) = 3 ^ 1 = 2 (OEIS A002186).
    assert text[0] == "2"
    assert text[1] == "['heap 1: 3 -> 1', 'heap 2: 4 -> 3', 'heap 2: 4 -> 1 2']"
    # Officers (0.6), OEIS A046695: 0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4.
    assert text[2].startswith("(array([0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4], dtype=uint16)")
    assert any("image/svg+xml" in output.get("data", {}) for output in outputs[3])
    assert any("text/html" in output.get("data", {}) for output in outputs[4])
    # Chomp on a square board: the first player wins by taking the square diagonal to the
    # poison (Gale), leaving an L of two arms of 4 that the mirror strategy holds.
    assert text[5].startswith("(") and "(5, 1, 1, 1, 1)" in text[5]
    # Ferguson's Table 5.2: 2 x 3 = 1, 2 x 2 = 3 (so the root of 3 is 2), 2 x 3 = 1 (so 1/2 = 3).
    assert text[6] == "(Nimber(1), Nimber(2), Nimber(3))"
