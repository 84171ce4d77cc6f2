"""In a real Jupyter kernel (nbclient + ipykernel), sync `evaluate` runs inside the kernel's
event loop and the run displays as HTML: summary, diagnosis and worst records."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

pytestmark = [pytest.mark.integration, pytest.mark.slow]

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "records.jsonl"

CELLS = [
    "import ragvet\n"
    f"records = ragvet.load_records({str(EXAMPLE)!r})\n"
    "run = ragvet.evaluate(records, metrics='GR,RQC')  # the offline judge; the kernel's loop "
    "is running",
    "run",
    "print(repr(run))",
]


def test_a_notebook_evaluates_the_example_and_displays_the_run_as_html(tmp_path):
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    client = nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    evaluated, shown, printed = notebook.cells
    assert not [o for o in evaluated.outputs if o.output_type == "error"], evaluated.outputs
    (result,) = [o for o in shown.outputs if o.output_type == "execute_result"]
    html = result.data["text/html"]
    assert "ragvet run: 12 records" in html
    for part in ("Overview", "Diagnosis patterns", "Worst records", "tower-completion"):
        assert part in html, part
    assert result.data["text/plain"].startswith("<Run 12 records, judge local")
    (stream,) = printed.outputs
    assert stream.text.startswith("<Run 12 records, judge local") and "GR=0." in stream.text
