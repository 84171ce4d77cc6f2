"""load_records takes what users already hold: a Hugging Face Dataset (anything with
to_pandas()), iterables and generators, and DeepEval's field names."""

from __future__ import annotations

import pandas as pd
import pytest

from ragvet import DataError, load_records, make_record

RAGAS_ROW = {"user_input": "Capital of France?", "retrieved_contexts": ["Paris is the capital."],
             "response": "Paris.", "reference": "Paris"}


def test_a_hugging_face_dataset_loads_through_to_pandas():
    datasets = pytest.importorskip("datasets")
    dataset = datasets.Dataset.from_list([{**RAGAS_ROW, "team": "red"},
                                          {**RAGAS_ROW, "user_input": "Again?", "team": "blue"}])
    first, second = load_records(dataset)
    assert (first.query, first.source_texts, first.response, first.reference) == (
        "Capital of France?", ("Paris is the capital.",), "Paris.", "Paris")
    assert second.metadata == {"team": "blue"} and second.id == "1"


def test_a_bad_row_of_a_dataset_is_named_by_the_dataset_type_row_and_field():
    datasets = pytest.importorskip("datasets")
    dataset = datasets.Dataset.from_list([RAGAS_ROW, {**RAGAS_ROW, "response": None}])
    with pytest.raises(DataError) as err:
        load_records(dataset)
    assert "Dataset, row 2, field 'response': is null" in str(err.value)


class Frameable:
    """Any object with to_pandas(), as a ragas EvaluationDataset or a polars frame."""

    def __init__(self, rows):
        self.rows = rows

    def to_pandas(self):
        return pd.DataFrame(self.rows)


class BrokenFrameable:
    def to_pandas(self):
        raise ImportError("pandas extra missing")


class NotAFrame:
    def to_pandas(self):
        return [RAGAS_ROW]


def test_any_object_with_to_pandas_loads_and_its_failures_are_clear():
    (record,) = load_records(Frameable([RAGAS_ROW]))
    assert record.query == "Capital of France?"
    with pytest.raises(DataError, match=r"BrokenFrameable: to_pandas\(\) failed: ImportError"):
        load_records(BrokenFrameable())
    with pytest.raises(DataError, match=r"to_pandas\(\) returned a list, not a pandas"):
        load_records(NotAFrame())


def test_a_generator_is_read_one_row_at_a_time():
    pulled = []

    def rows():
        for i in range(3):
            pulled.append(i)
            yield {"id": f"r{i}", "query": f"q{i}?", "sources": ["s"], "response": "r"}

    stream = rows()
    assert pulled == []  # nothing read before loading
    records = load_records(stream)
    assert [r.id for r in records] == ["r0", "r1", "r2"] and pulled == [0, 1, 2]


def test_iterables_of_dicts_and_of_records_load():
    assert len(load_records(iter([RAGAS_ROW]))) == 1
    assert len(load_records(row for row in [RAGAS_ROW, RAGAS_ROW])) == 2
    made = make_record(id="x", query="Q?", sources=["S."], response="R.", reference="G")
    (again,) = load_records(iter([made]))
    assert again == made


def test_a_bad_generator_row_names_its_position():
    rows = ({"query": "q?", "sources": ["s"], "response": 3} for _ in range(1))
    with pytest.raises(DataError) as err:
        load_records(rows)
    assert "generator, item 0, field 'response': must be text, got int 3" in str(err.value)


def test_deepeval_field_names_are_aliases():
    (record,) = load_records([{"input": "Who wrote it?", "actual_output": "Tolkien.",
                               "retrieval_context": ["Tolkien wrote it."],
                               "expected_output": "J. R. R. Tolkien", "context": ["ideal"]}])
    assert (record.query, record.response, record.source_texts, record.reference) == (
        "Who wrote it?", "Tolkien.", ("Tolkien wrote it.",), "J. R. R. Tolkien")
    assert record.metadata == {"context": ["ideal"]}


def test_a_missing_field_lists_every_accepted_name():
    with pytest.raises(DataError) as err:
        load_records([{"input": "q?", "retrieval_context": ["s"]}])
    assert "missing (accepted names: response, answer, actual_output)" in str(err.value)


def test_what_cannot_be_records_is_refused_with_what_would_do():
    with pytest.raises(DataError, match="got one mapping"):
        load_records(RAGAS_ROW)
    with pytest.raises(DataError, match="cannot load records from a int: pass a file path"):
        load_records(42)
    with pytest.raises(DataError, match="no records: the input is empty"):
        load_records(iter(()))
