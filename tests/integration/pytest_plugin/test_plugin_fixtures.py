"""The plugin's fixtures and options, in pytest runs of their own (pytester)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytest_plugins = ["pytester"]


@pytest.fixture(scope="module", autouse=True)
def _store_imported():
    """Import SQLAlchemy (through the store) in this process first: an in-process pytest run
    forgets the modules it imported, and SQLAlchemy does not survive a second import."""
    import ragvet.store  # noqa: F401

SCRIPT = {"claims": {"Paris is the capital.": ["Paris is the capital."]},
          "supported": {"Paris is the capital.": True}}

TEST = """
import ragvet
from ragvet.pytest_plugin import assert_scores

def test_judge_and_store(ragvet_judge, ragvet_store):
    print("JUDGE", ragvet_judge.describe()["id"])
    print("STORE", ragvet_store.url)
    record = ragvet.make_record(id="r", query="Capital?", sources=["Paris is the capital."],
                                response="Paris is the capital.")
    run = ragvet.evaluate([record], "GR", ragvet_judge)
    from ragvet.store import RunWriter
    run_id = RunWriter.save(ragvet_store, run, [record], name="from-pytest")
    assert ragvet_store.load_run(run_id).results[0].scores == {"GR": 1.0}
    assert_scores(run, GR=1.0)
"""


@pytest.fixture
def scripted(pytester: pytest.Pytester):
    (pytester.path / "judge.json").write_text(json.dumps(SCRIPT))
    pytester.makepyfile(test_fixtures=TEST)
    return pytester


def test_ini_option_names_the_judge_and_store_defaults_to_a_temporary_file(scripted):
    scripted.makeini("[pytest]\nragvet_judge = scripted:judge.json\n")
    result = scripted.runpytest("-s", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*JUDGE scripted*", "STORE sqlite:///*ragvet*/runs.db"])


def test_environment_wins_over_the_ini_option(scripted, monkeypatch):
    scripted.makeini("[pytest]\nragvet_judge = local\n"
                     f"ragvet_store = {scripted.path / 'from-ini.db'}\n")
    monkeypatch.setenv("RAGVET_JUDGE", "scripted:judge.json")
    result = scripted.runpytest("-s", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*JUDGE scripted*", "STORE sqlite:///*from-ini.db"])
    assert (scripted.path / "from-ini.db").exists()


def test_a_failing_floor_fails_the_test_with_the_gate_message(pytester):
    (pytester.path / "judge.json").write_text(json.dumps(
        {"claims": {"Lyon is the capital.": ["Lyon is the capital."]},
         "supported": {"Lyon is the capital.": False}}))
    pytester.makeini("[pytest]\nragvet_judge = scripted:judge.json\n")
    pytester.makepyfile("""
        import ragvet
        from ragvet.pytest_plugin import assert_scores

        def test_gate(ragvet_judge):
            record = ragvet.make_record(id="lyon", query="Capital of France?",
                                        sources=["Paris is the capital."],
                                        response="Lyon is the capital.")
            assert_scores(ragvet.evaluate([record], "GR", ragvet_judge), GR=0.5)
    """)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["E * ragvet gate failed: GR mean 0.000 < 0.5",
                                 "E * - lyon: GR 0.000 * Capital of France?",
                                 "E * claim 0 (no): Lyon is the capital."])
    assert "pytest_plugin.py" not in result.stdout.str()  # the frame is hidden


def test_loading_the_plugin_imports_no_model_library(tmp_path):
    code = ("import sys, pytest; "
            "rc = pytest.main(['--co', '-q', '-p', 'no:cacheprovider']); "
            "plugin = 'ragvet.pytest_plugin' in sys.modules; "
            "heavy = [m for m in ('torch', 'sentence_transformers', 'sqlalchemy', 'pandas') "
            "if m in sys.modules]; print(plugin, heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=300, check=False, cwd=tmp_path)
    assert out.stdout.strip().splitlines()[-1] == "True []", out.stdout + out.stderr
