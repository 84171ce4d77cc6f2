"""LangChain and LlamaIndex systems under test, end to end offline with the frameworks'
own fakes: `from_langchain` / `from_llamaindex` → answers → records → evaluate with the
offline judge; `ragvet answer --system langchain:…|llamaindex:…` writes the same records."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("langchain_core")

from rag_apps import ANSWERS, CORPUS, QUERIES, keyword_retriever, langchain_chain

import ragvet
from ragvet.judges.factory import make_judge
from ragvet.systems import (
    answer_all,
    from_langchain,
    from_llamaindex,
    system_from_spec,
    to_records,
)

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
TEXT = dict(CORPUS)


@pytest.fixture(scope="module")
def judge():
    return make_judge("local")


def _records(system, queries=QUERIES):
    answers = asyncio.run(answer_all(list(queries), system, concurrency=1))
    records, failures = to_records(answers)
    assert not failures, failures
    return records


def test_a_langchain_retrieval_chain_is_evaluated_end_to_end(judge):
    """The chain returns only text; its passages are what its retriever returned."""
    records = _records(from_langchain(langchain_chain()))
    assert [r.response for r in records] == list(ANSWERS)
    for record in records:
        expected = [(d.id, d.page_content) for d in keyword_retriever().invoke(record.query)]
        assert [(s.id, s.text) for s in record.sources] == expected
    run = ragvet.evaluate(records, "thelma", judge)
    by_query = {r.query: r for r in run.results}
    assert not any(r.errors for r in run.results)
    grounded = by_query[QUERIES[0]].scores["GR"]
    padded = by_query[QUERIES[2]].scores["GR"]  # its second sentence is in no source
    assert grounded > 0.8 and padded < grounded


def test_a_chain_returning_its_context_gives_those_documents():
    from langchain_core.language_models.fake_chat_models import FakeListChatModel
    from langchain_core.runnables import RunnableParallel, RunnablePassthrough

    llm = FakeListChatModel(responses=["The tower is 330 metres tall."])
    chain = RunnableParallel(context=keyword_retriever(), question=RunnablePassthrough()) \
        .assign(answer=lambda x: llm.invoke(x["question"]).content)
    (record,) = _records(from_langchain(chain), ["How tall is the Eiffel Tower?"])
    assert record.response == "The tower is 330 metres tall."
    assert [s.id for s in record.sources][:1] == ["eiffel-height"]


def test_a_chain_taking_a_mapping_gets_the_query_under_its_input_field():
    """Like create_retrieval_chain: {"input": …} in, {"context": [...], "answer": …} out."""
    from langchain_core.language_models.fake_chat_models import FakeListChatModel
    from langchain_core.prompts import ChatPromptTemplate
    from langchain_core.runnables import RunnablePassthrough

    prompt = ChatPromptTemplate.from_template("{context}\n{input}")
    chain = RunnablePassthrough.assign(context=(lambda x: x["input"]) | keyword_retriever()) \
        .assign(answer=prompt | FakeListChatModel(responses=["In 1889."]) |
                (lambda message: message.content))
    system = from_langchain(chain)
    assert system.input_key == "input"
    (record,) = _records(system, [QUERIES[0]])
    assert record.response == "In 1889." and record.sources[0].id == "eiffel"


def test_a_failing_chain_is_a_failed_answer_not_a_crash():
    from langchain_core.runnables import RunnableLambda

    def broken(query):
        raise RuntimeError("vector store down")

    (answer,) = asyncio.run(answer_all(["q"], from_langchain(RunnableLambda(broken))))
    assert answer.failed and "vector store down" in answer.error


def test_a_llamaindex_query_engine_is_evaluated_end_to_end(judge):
    pytest.importorskip("llama_index.core")
    from rag_apps import llamaindex_engine

    engine = llamaindex_engine()
    records = _records(from_llamaindex(engine))
    assert [r.query for r in records] == list(QUERIES)
    for record in records:
        assert len(record.sources) == 2
        assert all(TEXT[s.id] == s.text for s in record.sources)  # node ids with their text
        assert record.response.startswith("text")  # MockLLM's filler answer
    run = ragvet.evaluate(records, "RQC,GR", judge)
    assert not any(r.errors for r in run.results)
    assert all(r.scores["GR"] is not None for r in run.results)


def test_system_specs_pick_the_adapter():
    assert type(system_from_spec("langchain:rag_apps:langchain_chain")).__name__ == \
        "LangChainSystem"
    assert type(system_from_spec("http://127.0.0.1:1/rag")).__name__ == "HttpSystem"
    with pytest.raises(ragvet.ConfigError, match="not a LlamaIndex query engine"):
        system_from_spec("llamaindex:rag_apps:CORPUS")


def _cli(*args, cwd):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(HERE)]),
           "COLUMNS": "120"}
    return subprocess.run([sys.executable, "-m", "ragvet", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("spec", ["langchain:rag_apps:langchain_chain",
                                  "llamaindex:rag_apps:llamaindex_engine"])
def test_ragvet_answer_writes_records_that_evaluate(spec, tmp_path):
    if spec.startswith("llamaindex"):
        pytest.importorskip("llama_index.core")
    queries = tmp_path / "queries.jsonl"
    queries.write_text("".join(json.dumps({"id": f"q{n}", "question": q,
                                           "reference": "see the corpus"}) + "\n"
                               for n, q in enumerate(QUERIES)), encoding="utf-8")
    answered = _cli("answer", str(queries), "--system", spec, "--out", "records.jsonl",
                    "--concurrency", "1", cwd=tmp_path)
    assert answered.returncode == 0, answered.stderr[-2000:]
    assert "3 of 3 queries answered" in answered.stdout
    records = ragvet.load_records(tmp_path / "records.jsonl")
    assert [r.id for r in records] == ["q0", "q1", "q2"]
    assert [r.query for r in records] == list(QUERIES)
    assert all(r.sources and r.reference == "see the corpus" for r in records)
    scored = _cli("evaluate", "records.jsonl", "--metrics", "GR", "--out", "results.jsonl",
                  cwd=tmp_path)
    assert scored.returncode == 0, scored.stderr[-2000:]
    assert len((tmp_path / "results.jsonl").read_text().splitlines()) == 3


def test_ragvet_answer_reports_a_system_that_fails_every_query(tmp_path):
    (tmp_path / "queries.txt").write_text("one\ntwo\n", encoding="utf-8")
    (tmp_path / "broken.py").write_text("def rag(query):\n    raise ValueError('no index')\n",
                                        encoding="utf-8")
    proc = _cli("answer", "queries.txt", "--system", "broken.py:rag", cwd=tmp_path)
    assert proc.returncode == 1
    assert "no index" in proc.stderr and "answered none of the 2 queries" in proc.stderr
    assert not (tmp_path / "records.jsonl").exists()
