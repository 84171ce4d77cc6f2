"""GRAMMAR: grounded test sets from a relational database, and gap vs robustness analysis.

Pipeline (each step is its own module; nothing heavy is imported until it is used):

- `schema`: introspect tables, columns, keys through SQLAlchemy
- `templates`: SQL templates with `[table.column]` placeholders and their text phrasings,
  loaded from YAML or written by an LLM (`writer`), each validated with reasons
- `fill`: fill placeholders from `SELECT DISTINCT` values, run the bound SQL for the answer
- `run`: ask the RAG system under test every query (through `ragvet.systems`) and save
  what it did
- `correctness`: offline value matching, or an LLM asked Correct / Incorrect
- `analyze`: gap / robust / non-robust groups, R and Acc, context comparison, clusters,
  stratified sampling, reliability of reference-free metrics
- `example`, `baseline`: the bundled company database, its report corpus and a BM25 RAG
"""
