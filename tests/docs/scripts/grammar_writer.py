"""A stand-in for docs/grammar.md's `--writer mypkg.llm:completer` (copied there by the doc
tests): an LLM writer answering by rule, one SQL template and, per wording, phrasings of the
asked length."""

from __future__ import annotations

import re

from ragvet.grammar.llm import ScriptedCompleter

SHORT = ["Which industry is [client.name] in?", "What sector does [client.name] work in?",
         "Name the industry of [client.name]."]
LONG = ["I am putting together a short client overview, so could you tell me which industry "
        "[client.name] works in these days?",
        "Before tomorrow's meeting I would like to know, if you have it at hand, the industry "
        "that [client.name] belongs to.",
        "Our sales team keeps asking me this, so please remind me which line of business the "
        "company [client.name] is part of."]


def reply(prompt: str) -> str:
    if "SQL query templates" in prompt:
        return "SELECT industry FROM client WHERE name = '[client.name]'"
    wanted = int(re.search(r"Write (\d+) different", prompt)[1])
    return "\n".join((LONG if "length: long" in prompt else SHORT)[:wanted])


completer = ScriptedCompleter(reply)
