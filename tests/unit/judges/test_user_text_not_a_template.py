"""User text is never read as a regex replacement template (issue 16).

The offline judge resolves a leading pronoun by the text's first subject. That subject is
the user's text: a literal `\\u2009`, a Windows path, LaTeX or `\\g<0>` in it used to be
read as template escapes ("bad escape", `\\a` → BEL, the match pasted back in).
"""

from __future__ import annotations

import pytest

from ragvet.data import make_record
from ragvet.engine.run import evaluate
from ragvet.judges.local import text as T

SUBJECTS = [
    pytest.param(r"The \u2009 Tower", id="literal-unicode-escape"),
    pytest.param(r"C:\Users\Ada\report", id="windows-path"),
    pytest.param(r"The \alpha particle", id="latex"),
    pytest.param(r"The \g<0> tower", id="group-reference"),
    pytest.param("The \\1 relay", id="numbered-group"),
]


@pytest.mark.parametrize("subject", SUBJECTS)
def test_a_resolved_pronoun_quotes_the_subject_exactly(subject):
    text = f"{subject} was built in 1896. It was restored in 1990."
    found = T.claims(text)
    assert found == (f"{subject} was built in 1896.", f"{subject} was restored in 1990.")


@pytest.mark.parametrize("metrics", ["SP2", "RP", "GR"])
def test_metrics_score_records_whose_text_holds_backslashes(metrics):
    record = make_record(
        query=r"Where is C:\Users\Ada\report kept and what is \alpha?",
        sources=[r"The \u2009 Tower stands in Vadodara. It was completed in 1896.",
                 r"C:\Users\Ada\report is a folder. It holds the \alpha results."],
        response=r"C:\Users\Ada\report is a folder. It holds the \alpha results of \g<0>.",
        reference=r"C:\Users\Ada\report holds the \alpha results.")
    (result,) = evaluate([record], metrics=metrics).results
    assert result.errors == ()
    assert result.scores[metrics] is not None
    quoted = " ".join(c.text for c in result.components)
    assert "\x07" not in quoted  # `\a` read as a template escape would become BEL
