"""Does a decomposed part quote its input? The documented normalisation, as a check.

The offline judge's parts (claims, sub-questions, sentences) are made of the input's own
words, but not always one contiguous substring of it: whitespace runs collapse to one space
(and a literal backslash-n counts as a line break), a claim's first letter is capitalised
and a full stop or question mark appended, a clause gets its sentence's subject ('and was
named' → 'The tower was named'), and a leading 'It/He/She/They/This' becomes the text's
first subject (which may glue the subject's last word to what followed the pronoun: 'It,'
→ 'The tower,'). So the check is: every whitespace-separated token of a part, less trailing
'.'/'?' and compared case-folded, occurs in one of the inputs, or is two pieces that each
do. A part holding a character the input never had (`\\x07lpha` from `\\alpha`) fails it.
"""

from __future__ import annotations

from collections.abc import Iterable

GLUE_CHECK_MAX = 200  # longer tokens (CJK without spaces) are checked whole


def unquoted_tokens(part: str, inputs: Iterable[str]) -> list[str]:
    """The tokens of `part` found in none of `inputs` (empty: `part` quotes them)."""
    haystacks = [text.casefold() for text in inputs]

    def found(piece: str) -> bool:
        return any(piece in hay for hay in haystacks)

    missing = []
    for token in part.split():
        core = token.rstrip(".?").casefold()
        if not core or found(core):
            continue
        glued = len(core) <= GLUE_CHECK_MAX and any(
            found(core[:k]) and found(core[k:]) for k in range(1, len(core)))
        if not glued:
            missing.append(token)
    return missing
