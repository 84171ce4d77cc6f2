"""Systems under test: call a RAG system on many queries and record what it did.

- `base`: `Answer` (query, response, passages, error, latency) and the `System` protocol
- `reply`: read a reply (text, `(answer, doc_ids)`, JSON mapping) with `ReplyFields`
- `http`: an endpoint taking and returning JSON (`from_http`), pooled through httpx
- `python`: a Python callable, sync or async (`from_callable`, `load_system("module:fn")`)
- `langchain`: a LangChain runnable (`from_langchain`); `llamaindex`: a LlamaIndex query
  engine (`from_llamaindex`); both import nothing from their framework
- `spec`: a system named on the command line (URL, `langchain:m:attr`, …) → its adapter
- `run`: `answer_all`, bounded concurrency, failures recorded per query
- `records`: answers → ragvet records for scoring

An adapter for another kind of system is one module with a `from_…` function returning a
`System`; `answer_all` and everything downstream take it unchanged.
"""

from .base import Answer, Passage, System
from .http import from_http
from .langchain import from_langchain
from .llamaindex import from_llamaindex
from .python import from_callable, load_system
from .records import to_records
from .reply import ReplyFields
from .run import answer_all
from .spec import system_from_spec

__all__ = ["Answer", "Passage", "ReplyFields", "System", "answer_all", "from_callable",
           "from_http", "from_langchain", "from_llamaindex", "load_system",
           "system_from_spec", "to_records"]
