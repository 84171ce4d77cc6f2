"""A bare reply read with its question, as the statement the two make together.

A response that only says 'No.' or 'Sydney.' states nothing on its own; with its question it
states something a source can back or deny:

  'Does the basic plan include roaming?' 'No.'   → the plan includes roaming: *denied*
  'Is Everest the highest mountain?' 'Yes, it is.' → Everest is the highest mountain: *affirmed*
  'What is the capital of Australia?' 'Sydney.'  → the capital of Australia is Sydney
  'When did the Berlin Wall fall?' 'In 1989.'    → the Berlin Wall fall in 1989

The statement is built by moving words, not by parsing, so it is not always grammatical; the
support rules read it as a bag of words, numbers and names, which is what they need. A reply
to a yes/no question keeps its polarity: a 'no' is backed when a source denies the statement
and contradicted when a source affirms it. 'Are both A and B X?' is read as two statements;
a yes or no to a question that compares two things another way ('the same', 'or') or is
itself negated gets no verdict either way here (`comparisons.py` then checks the years and
nationalities it can look up). Metrics hand such a claim over as the question
followed by the reply (`metrics.steps.response_claims_in_context`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ...text import (
    AUXILIARIES,
    NEGATION_WORDS,
    OPENING_PARTICLE,
    YES_NO_QUESTION,
    has_verb,
    is_bare_answer,
    is_name_and_measure,
    reply_polarity,
    sentences,
    words,
)
from ..base import Verdict
from .features import YEAR, numbers
from .synonyms import judge_stems
from .text import coverage

# (a yes to 'Is A X-er than B?' is the statement 'A is X-er than B', which the support rules
# check for being compared the other way round: not here)
# ('the same place twice' weighs nothing: 'same' compares where a second thing is named, 'the
# same as B', 'A and B … the same')
_COMPARES = re.compile(r"\b(?:both|either|neither|or)\b|"
                       r"\b(?:same|different|similar)\s+(?:as|from|to)\b|"
                       r"\band\b[^?]*\b(?:same|different|similar)\b", re.IGNORECASE)
# (what 'both' weighs: 'Are A and B both from the same country?' holds no one statement each)
_WEIGHS = re.compile(r"\b(?:either|neither|same|different|similar|or)\b", re.IGNORECASE)
_DO = frozenset({"do", "does", "did"})
# 'When did X fall?', 'Where is X?', 'How many moons does Mars have?': the answer goes at the end
_TRAILING_SLOT = re.compile(r"^(?:when|where|why|how(?: many| much| long| old| far| often| fast|"
                            r" quickly| soon| tall| high| deep| wide| big| heavy)?|"
                            r"what (?:year|time|date|day|month))\b\s*(?P<rest>.*)$",
                            re.IGNORECASE)
# 'Who wrote X?', 'Which metal is liquid …?', 'What is the capital of X?': the answer takes the
# question word's place ('What gas do plants absorb?' puts it at the end, after the verb)
_NOUN_SLOT = re.compile(r"^(?:what|which|who|whom|whose)(?P<kind>\s+[a-z][\w-]*)?\s+"
                        r"(?P<rest>.+)$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class ReadReply:
    """A bare reply and the statement it makes with its question."""

    question: str
    reply: str
    statement: str
    polarity: str | None  # 'yes' or 'no' for a reply to a yes/no question, else None
    judgeable: bool = True  # False: a yes/no to a question one statement cannot hold
    # 'Are both A and B X?': the two statements the question joins ('A X', 'B X')
    parts: tuple[str, ...] = ()


def read_with_question(claim: str) -> ReadReply | None:
    """`claim` as 'QUESTION? REPLY' with a bare reply, read as one statement; None for any
    other claim (a statement, a question alone, a reply that says more than an answer)."""
    cut = claim.rfind("?")
    if cut <= 0:
        return None
    question, reply = claim[:cut + 1].strip(), claim[cut + 1:].strip()
    if not reply or not (is_bare_answer(reply) or is_name_and_measure(reply)):
        return None
    asked = last_question(question)
    polarity = reply_polarity(reply)
    if has_verb(reply) and polarity is None:
        return None  # a short sentence says something of its own
    yes_no = YES_NO_QUESTION.match(asked.rstrip("?").strip())
    if yes_no and polarity is not None:
        both = _both(yes_no.group("aux"), yes_no.group("rest"))
        if both and not _negated(asked):
            return ReadReply(asked, reply, both[0], polarity, parts=both)
        if _negated(asked) or _COMPARES.search(asked):
            # 'Isn't it …? No.' is ambiguous in English; 'Are both A and B …?' needs two
            # facts weighed together, which one statement does not hold
            return ReadReply(asked, reply, "", polarity, judgeable=False)
        return ReadReply(asked, reply, _affirmed(yes_no.group("aux"), yes_no.group("rest")),
                         polarity)
    if polarity is not None and not yes_no:
        # 'A and B, are Chilean? No.': a yes or no to a question not read as one
        return ReadReply(asked, reply, "", polarity, judgeable=False)
    if yes_no or _picks_an_option(asked, reply):
        return None  # 'A or B?' 'B': the question names both, so the reply alone is checked
    if _restates(asked, reply):
        return None  # 'Which river flows through Cairo?' 'The Nile flows through Cairo.'
    # (a hedge that opens the reply is no part of the answer: 'Mostly fish.')
    answer = _HEDGE_OPENING.sub("", reply.strip().rstrip(".!")) or reply.strip().rstrip(".!")
    statement = _filled(asked.rstrip("?").strip(), answer)
    # (the answer alone is checked without its hedge too: 'fish' of 'Mostly fish.')
    return ReadReply(asked, f"{answer}." if answer != reply.strip().rstrip(".!") else reply,
                     statement, None) if statement else None


_HOW_MANY = re.compile(r"^how\s+many\b", re.IGNORECASE)
_ONE_COUNTED = re.compile(r"\b(?:(?:just|only)\s+)?(?:one|a\s+single)\b(?!\s+(?:of|or|and|to)\b)",
                          re.IGNORECASE)
_HEDGE_OPENING = re.compile(r"^(?:mostly|mainly|largely|chiefly|usually|typically|generally|"
                            r"normally|often|probably|primarily|predominantly)\s+(?=\S)",
                            re.IGNORECASE)




def _restates(question: str, reply: str) -> bool:
    """The reply says the question's words itself, all but one (the kind of thing asked:
    'river' of 'Which river flows through Cairo?'): it is a statement with a verb the rules
    do not know as one ('flows'), not an answer to fill into the question."""
    asked, said = judge_stems(question), judge_stems(reply)
    return len(asked & said) >= 2 and len(asked - said) <= 1


def leading_particle(reply: str) -> str | None:
    """The 'Yes' or 'No' that opens a longer reply ('No, pets must stay outside.'), else
    None."""
    match = OPENING_PARTICLE.match(reply.strip())
    return match.group("word") if match else None


def _picks_an_option(question: str, reply: str) -> bool:
    asked = {w.lower() for w in words(question)}
    said = {w.lower() for w in words(reply)}
    return " or " in f" {question.lower()} " and bool(said) and said <= asked


def last_question(text: str) -> str:
    """The last question of `text` ('Tell me about X. Is it big?' → 'Is it big?'; 'Are Nasdaq,
    Inc. and Citrix …?' stays whole)."""
    said = sentences(text.strip())
    return said[-1] if said else text


def _negated(question: str) -> bool:
    return any(t.lower().replace("’", "'") in NEGATION_WORDS or t.lower().endswith("n't")
               for t in words(question))


# 'American', 'British', 'Chinese': after a two-word name, the start of what is said of it
_DEMONYM = re.compile(r"(?:an|ish|ese|ic|i)$")


def _both(aux: str, rest: str) -> tuple[str, str] | None:
    """'Are both A and B X' / 'Are A and B both X' → ('A is X', 'B is X'); None when the
    two names cannot be told apart (the second must be a name: 'and Sultan Ahmed Mosque')."""
    rest = rest.rstrip("?").strip()
    if re.match(r"both\s", rest, re.IGNORECASE):
        first, _, after = rest[5:].partition(" and ")
        tokens = after.split()
        lead = 1 if tokens and tokens[0].lower() == "the" else 0
        name = lead
        while name < len(tokens) and tokens[name][:1].isupper() and \
                not (name - lead >= 2 and _DEMONYM.search(tokens[name])):
            name += 1
        second, said = " ".join(tokens[:name]), " ".join(tokens[name:])
        if name == lead:
            return None
    elif " both " in f" {rest} ":
        names, _, said = rest.partition(" both ")
        first, _, second = names.rpartition(" and ")
    else:
        return None
    if not (first.strip() and second.strip() and said.strip()) or \
            _WEIGHS.search(said.replace("both", "")):
        return None
    return _said_of(aux, first, said), _said_of(aux, second, said)


def _said_of(aux: str, name: str, said: str) -> str:
    """'Are' + 'Gin and tonic' + 'cocktails' → 'Gin and tonic are cocktails': the name is
    known, so the auxiliary goes right after it ('Does' is dropped)."""
    name = name.strip()
    if aux.lower() in _DO:
        return _sentence(f"{name} {said}")
    return _sentence(f"{name} {aux.lower()} {said}")


def _affirmed(aux: str, rest: str) -> str:
    """'Does' + 'the plan include roaming' → 'the plan include roaming'; 'Is' + 'Mount
    Everest the highest mountain' → 'Mount Everest is the highest mountain' (the auxiliary
    goes after a leading name, else it is dropped)."""
    if aux.lower() in _DO:
        return _sentence(rest)
    tokens = rest.split()
    name = 0
    while name < len(tokens) and tokens[name][:1].isupper():
        name += 1
    if 0 < name < len(tokens):
        return _said_of(aux, " ".join(tokens[:name]), " ".join(tokens[name:]))
    return _sentence(rest)


def _filled(question: str, answer: str) -> str | None:
    """The question with its answer in the place of the question word, or at the end."""
    answer = _in_running_text(answer)
    trailing = _TRAILING_SLOT.match(question)
    if trailing:
        return _sentence(f"{_without_aux(trailing.group('rest'))} {answer}")
    noun = _NOUN_SLOT.match(question)
    if noun is None:
        return None
    rest = noun.group("rest")
    first = rest.split()[0].lower()
    kind = (noun.group("kind") or "").strip()
    if kind.lower() in _DO:  # 'What do plants absorb?'
        return _sentence(f"{rest} {answer}")
    if first in _DO:  # 'What gas do plants absorb?'
        return _sentence(f"{_without_aux(rest)} {answer}")
    if kind.lower() in AUXILIARIES:  # 'What is the capital of X?' → 'The capital of X is A.'
        return _sentence(f"{rest} {kind.lower()} {answer}")
    return _sentence(f"{answer} {kind} {rest}".replace("  ", " "))


# words a reply may open with that are no name once inside the statement: 'Roughly once a
# month.' fills 'You should restart your router roughly once a month.'
_RUNNING_WORDS = frozenset({"about", "around", "roughly", "approximately", "nearly", "almost",
                            "only", "just", "up", "over", "under", "at", "every", "once",
                            "twice", "between", "from", "in", "on", "by", "within", "after",
                            "before", "until", "usually", "ideally", "always", "never",
                            "typically", "generally", "normally", "mostly", "mainly",
                            "probably", "preferably", "possibly", "exactly", "precisely"})


def _in_running_text(answer: str) -> str:
    first = answer.split(maxsplit=1)[0] if answer.split() else ""
    return answer[:1].lower() + answer[1:] if first.lower() in _RUNNING_WORDS else answer


def _without_aux(rest: str) -> str:
    tokens = rest.split()
    return " ".join(tokens[1:]) if tokens and tokens[0].lower() in _DO else rest


def _sentence(text: str) -> str:
    text = _ASKER.sub(_to_the_reader, " ".join(text.split()))
    text = text.rstrip("?.! ")
    return f"{text[:1].upper()}{text[1:]}." if text else ""


# the asker's own words, said back to the reader: 'Can I take my dog on the bus? Yes.' states
# 'You can take your dog on the bus.', which a source that speaks to its reader can back (no
# source can attest what is said of 'I')
_TO_THE_READER = {"i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself",
                  "am": "are", "i'm": "you're", "i’m": "you’re"}
_ASKER = re.compile(r"\b(?:I['’]m|I|me|my|mine|myself)\b(?!['’]\w)|(?<=\bI )am\b")


def _to_the_reader(match: re.Match[str]) -> str:
    """The reader's word for the asker's; an 'I' after a name is a numeral ('World War I',
    'Elizabeth I'), kept."""
    before = match.string[:match.start()].split()
    if match[0] == "I" and before and before[-1][:1].isupper():
        return match[0]
    return _TO_THE_READER[match[0].lower()]


def parts_verdict(read: ReadReply, verdicts: list[Verdict], closeness: list[float]) -> Verdict:
    """A yes or no to 'Are both A and B X?' from the verdicts on 'A X' and 'B X': 'yes' is
    supported when both are, contradicted when a source denies either; 'no' is supported when
    a source denies either, contradicted when both are supported; else not mentioned."""
    denied = [k for k, v in enumerate(verdicts) if (v.detail or {}).get("clashing_sentence")]
    backed = [k for k, v in enumerate(verdicts) if v.value]
    said = f"'{read.reply}' to '{read.question}'"
    shown = " and ".join(f"'{p}'" for p in read.parts)
    first = verdicts[denied[0]] if denied else verdicts[0]
    detail = dict(first.detail or {})
    detail["read_as"] = {"statements": list(read.parts), "polarity": read.polarity}
    threshold = float(detail.get("threshold") or 0.5)
    lowest = min((v.probability or 0.0) for v in verdicts)
    if denied:
        clash = (f"source {detail.get('clash_source_index')} says otherwise of "
                 f"'{read.parts[denied[0]]}': '{detail.get('clashing_sentence')}'")
        if read.polarity == "no":
            p = round(max(closeness[denied[0]], threshold), 4)
            detail.update(status="supported", probability=p)
            return replace(first, value=True, probability=p, confidence=p, detail=detail,
                           reason=f"{said}, read as {shown}: {clash}; p={p:.2f}")
        detail.update(status="contradicted", probability=0.0)
        return replace(first, value=False, probability=0.0, confidence=0.0, detail=detail,
                       reason=f"contradicted: {said}, read as {shown}, yet {clash}")
    if len(backed) == len(verdicts):
        if read.polarity == "yes":
            detail.update(status="supported", probability=lowest)
            return replace(first, value=True, probability=lowest, confidence=lowest,
                           detail=detail, reason=f"{said}, read as {shown}: the sources "
                           f"back both; p={lowest:.2f}")
        detail.update(status="contradicted", probability=0.0, clash="answer",
                      clashing_sentence=detail.get("best_sentence"))
        return replace(first, value=False, probability=0.0, confidence=0.0, detail=detail,
                       reason=f"contradicted: {said}, yet the sources back both {shown}")
    detail.update(status="not_mentioned", probability=lowest)
    return replace(first, value=False, probability=lowest, confidence=lowest, detail=detail,
                   reason=f"{said}, read as {shown}: the sources neither back both nor deny "
                          f"either; p={lowest:.2f}")


# the probability of support given to a yes or no the judge cannot read: as likely as not
UNJUDGED_PROBABILITY = 0.5


def reply_verdict(read: ReadReply, verdict: Verdict, closeness: float,
                  statement: Verdict | None = None) -> Verdict:
    """The verdict on the reply. A reply to an open question keeps the verdict on the answer
    alone (`verdict`), unless the verdict on its `statement` found a source sentence that
    gives another name, number or date in the answer's place: then it is contradicted. (The
    whole statement is not required: a question may need several sentences, 'Who directed the
    2003 film shot at …?') A 'yes' stands or falls with the statement (`verdict` is on the
    statement for a yes/no reply). A 'no' is supported when the closest
    source sentence denies the statement (a clash: negation, antonym, another number, name or
    date), with the probability that sentence is about it (`closeness`: the rules' probability
    before their vetoes, at least the threshold); contradicted when a source backs the
    statement; else not mentioned."""
    detail = dict(verdict.detail or {})
    detail["read_as"] = {"statement": read.statement, "polarity": read.polarity}
    said = f"'{read.reply}' to '{read.question}'"
    if not read.judgeable:
        detail.update(status="not_mentioned", probability=UNJUDGED_PROBABILITY, unjudged=True)
        reason = (f"{said}: a yes or no to a question that weighs two things ('both', 'or', "
                  "'the same') or is itself negated cannot be read as one statement, so the "
                  "offline judge gives no verdict either way "
                  f"(p={UNJUDGED_PROBABILITY:.2f}); an LLM judge can check it")
        return replace(verdict, value=False, probability=UNJUDGED_PROBABILITY if
                       verdict.probability is not None else None,
                       confidence=UNJUDGED_PROBABILITY, detail=detail, reason=reason)
    if read.polarity is None:
        if detail.get("status") == "contradicted" and detail.get("clash") == "negation":
            verdict, detail = _unclashed(verdict, detail, closeness)
        return _open_reply_verdict(read, verdict, statement, detail, said)
    if read.polarity != "no":
        reason = f"{said} read as '{read.statement}': {verdict.reason}"
        return replace(verdict, detail=detail, reason=reason)
    threshold = float(detail.get("threshold") or 0.5)
    if detail.get("clashing_sentence"):
        probability = round(max(closeness, threshold), 4)
        detail.update(status="supported", probability=probability)
        reason = (f"{said}: source {detail.get('clash_source_index')} denies '{read.statement}' "
                  f"({detail.get('clash')}): '{detail['clashing_sentence']}'; p={probability:.2f}")
        return replace(verdict, value=True, probability=probability, confidence=probability,
                       detail=detail, reason=reason)
    if verdict.value:
        detail.update(status="contradicted", probability=0.0, clash="answer",
                      clashing_sentence=detail.get("best_sentence"),
                      clash_source_index=detail.get("source_index"),
                      clash_sentence_index=detail.get("sentence_index"))
        reason = (f"contradicted: {said}, yet source {detail.get('source_index')} affirms "
                  f"'{read.statement}': '{detail.get('best_sentence')}'")
        return replace(verdict, value=False, probability=0.0 if verdict.probability is not None
                       else None, confidence=0.0, detail=detail, reason=reason)
    detail["status"] = "not_mentioned"
    reason = f"{said}: no source affirms or denies '{read.statement}'; {verdict.reason}"
    return replace(verdict, value=False, detail=detail, reason=reason)


def _contradicted(verdict: Verdict, detail: dict, clash: str, what: str, sentence: str,
                  source: object, position: object, reason: str) -> Verdict:
    """The verdict turned to contradicted by `sentence` (source `source`, sentence
    `position`), with what clashes recorded in its detail."""
    detail.update(status="contradicted", probability=0.0, clash=clash, clash_what=what,
                  clashing_sentence=sentence, clash_source_index=source,
                  clash_sentence_index=position)
    return replace(verdict, value=False, probability=0.0 if verdict.probability is not None
                   else None, confidence=0.0, detail=detail, reason=reason)


def _unclashed(verdict: Verdict, detail: dict, closeness: float) -> tuple[Verdict, dict]:
    """The verdict on an answer alone ('I Will Always Love You') without the negation a
    sentence clashed with: a name or a title alone denies or affirms nothing."""
    threshold = float(detail.get("threshold") or 0.5)
    supported = closeness >= threshold
    status = "supported" if supported else "not_mentioned"
    kept = {k: v for k, v in detail.items() if not k.startswith("clash")}
    kept.update(status=status, probability=round(closeness, 4))
    note = f"a clash on the answer alone ({detail.get('clash')}) set aside"
    return replace(verdict, value=supported, probability=round(closeness, 4) if
                   verdict.probability is not None else None, confidence=round(closeness, 4),
                   reason=f"{note}; p={closeness:.2f}"), kept


_ANSWER_CLASHES = frozenset({"name", "number", "date", "unit"})


def _open_reply_verdict(read: ReadReply, verdict: Verdict, statement: Verdict | None,
                        detail: dict, said: str) -> Verdict:
    found = dict(statement.detail or {}) if statement is not None else {}
    what = str(found.get("clash_what") or "")
    value = what.split(" vs ")[0].strip().lower()
    own = {w.lower() for w in words(read.reply)} | set(numbers(read.reply))
    if found.get("clashing_sentence") and ((
            found.get("clash") in _ANSWER_CLASHES and value in own and
            _in_place(read, str(found["clashing_sentence"]), found["clash"])) or (
            found.get("clash") == "negation" and
            _denies_the_answer(read.reply, str(found["clashing_sentence"])))):
        return _contradicted(verdict, detail, found["clash"], what,
                             str(found["clashing_sentence"]), found.get("clash_source_index"),
                             found.get("clash_sentence_index"),
                             f"contradicted ({found['clash']}: {what}): {said} read as "
                             f"'{read.statement}', yet source "
                             f"{found.get('clash_source_index')} says otherwise: "
                             f"'{found['clashing_sentence']}'")
    best = str(detail.get("best_sentence") or "")
    where = detail.get("source_index"), detail.get("sentence_index")
    other_case = (_a_figure_of_another_case(read, best) or _one_against_a_count(read, best)) \
        if verdict.value else None
    if other_case:
        return _contradicted(verdict, detail, "number", other_case, best, *where,
                             f"contradicted (number: {other_case}): {said}, yet source "
                             f"{where[0]} gives another figure for what is asked: '{best}'")
    rival = _another_in_the_gap(read, best) if verdict.value else None
    if rival:
        return _contradicted(verdict, detail, "name", rival, best, *where,
                             f"contradicted (name: {rival}): {said}, yet source {where[0]} "
                             f"gives another answer in a clause of its own: '{best}'")
    maker = _made_by_another(read, best) if verdict.value else None
    if maker:
        return _contradicted(verdict, detail, "name", maker, best, *where,
                             f"contradicted (name: {maker}): {said}, yet source {where[0]} "
                             f"names another as its maker: '{best}'")
    reason = f"{said}, read as '{read.statement}' (no source gives another answer): " \
             f"{verdict.reason}"
    return replace(verdict, detail=detail, reason=reason)


# 'Who wrote the music for …?': the maker asked for, and the thing made
_WHO_MADE = re.compile(r"^who\s+(?:wrote|composed|designed|directed|painted|built|invented|"
                       r"founded|discovered|sang|created|made|produced|illustrated|translated)\s+"
                       r"(?:(?:the|a|an|this|that|his|her|their|its)\s+)?(?:\d+\s+)?"
                       r"(?!(?:the|a|an|same|first|last)\b)(?P<thing>[a-z]{3,})\b", re.IGNORECASE)
_A_NAME_RUN = r"(?-i:[A-Z][\w'’-]+(?:\s+(?:[A-Z][\w'’-]*|de|van|von|da|di))*)"


def _made_by_another(read: ReadReply, sentence: str) -> str | None:
    """'William Blake, in 1916.' to 'Who wrote the music for "Jerusalem"?' against '… set to
    music by Hubert Parry in 1916, using words by William Blake': the sentence gives the thing
    asked ('music by …') to another name, and the reply's name another part."""
    asked = _WHO_MADE.match(read.question.strip())
    if not asked:
        return None
    made = re.search(rf"\b{asked['thing']}\s+(?:[a-z]+\s+){{0,2}}?by\s+(?P<name>{_A_NAME_RUN})",
                     sentence, re.IGNORECASE)
    if not made:
        return None
    theirs = {w.lower() for w in words(made["name"])}
    mine = {w.lower() for w in words(read.reply) if w[:1].isupper()}
    if not mine or mine & theirs or not all(w in sentence.lower() for w in mine):
        return None
    return f"{' '.join(sorted(mine))} vs {made['name'].lower()}"


# 'What is the largest desert in the world?': the thing asked for, after its verb of being
_WHAT_IS = re.compile(r"^(?:what|which)\s+(?:is|was)\s+(?P<thing>(?:the|a|an)\s+[^?]{3,80}?)"
                      r"\s*\?$", re.IGNORECASE)
_BE = r"(?:is|was|remains)"
# where one clause of a sentence ends and another, with its own subject, begins
_CLAUSE_BREAK = re.compile(r";\s*|,\s*(?:but|while|whereas)\s+", re.IGNORECASE)
_DETERMINER_WORDS = frozenset({"the", "a", "an"})


def _another_in_the_gap(read: ReadReply, sentence: str) -> str | None:
    """'The Sahara.' to 'What is the largest desert in the world?' against 'The largest desert
    in the world is Antarctica, …; the Sahara is the largest hot desert.': a clause of the
    sentence puts another name in the question's gap ('… is Antarctica' or 'Antarctica is
    …'); that the sentence names the reply's answer too, in another clause, backs nothing."""
    asked = _WHAT_IS.match(read.question.strip())
    mine = {w.lower() for w in words(read.reply) if w[:1].isupper()} - _DETERMINER_WORDS
    if not asked or not mine:
        return None
    thing = r"\s+".join(re.escape(w) for w in asked["thing"].split())
    gap = re.compile(rf"(?i:\b{thing})\s+{_BE}\s+(?:the\s+)?(?P<after>{_A_NAME_RUN})|"
                     rf"(?P<before>{_A_NAME_RUN})\s+{_BE}\s+(?i:{thing})\b")
    for clause in _CLAUSE_BREAK.split(sentence):
        found = gap.search(clause)
        if found:
            name = found["after"] or found["before"]
            theirs = {w.lower() for w in words(name)} - _DETERMINER_WORDS
            return None if not theirs or mine & theirs else \
                f"{' '.join(sorted(mine))} vs {name.lower()}"
    return None


def _one_against_a_count(read: ReadReply, sentence: str) -> str | None:
    """'Just one witness.' to 'How many witnesses …?' against '… two witnesses': a count of
    one in words (which `numbers` does not read, 'one' being a pronoun as often) where the
    sentence counts otherwise and says no 'one' itself."""
    if not _HOW_MANY.match(read.question.strip()) or numbers(read.reply) or \
            not _ONE_COUNTED.search(read.reply) or _ONE_COUNTED.search(sentence):
        return None
    counts = sorted(numbers(sentence) - numbers(read.question))
    return f"1 vs {counts[0]}" if counts else None


# where a sentence's cases part: 'Renewing online costs £88.50, while a paper application
# costs £100', 'The standard rate is 20%, with a reduced rate of 5% on …'
_CASES_APART = re.compile(r"\s*(?:[,;()]|\s[–—]\s)\s*")


def _a_figure_of_another_case(read: ReadReply, sentence: str) -> str | None:
    """A one-figure answer that the sentence gives for another case than the one asked:
    '£100.' to 'How much does it cost to renew … online?' against 'Renewing … online costs
    £88.50, while a paper application costs £100' ('100 vs 88.50'); the case is the stretch
    between commas holding the figure, and the asked one shares the most question words."""
    given = numbers(read.reply) - numbers(read.question)
    # (not a year: a sentence dates several events, and which one is asked is not read here)
    if len(given) != 1 or YEAR.match(next(iter(given))):
        return None
    (figure,) = given
    asked, own_figures = judge_stems(read.question), numbers(read.question)
    cases = [(len(judge_stems(part) & asked), numbers(part) - own_figures,
              bool(numbers(part) & own_figures))
             for part in _CASES_APART.split(sentence) if part.strip()]
    own = max((shared for shared, figures, _ in cases if figure in figures), default=None)
    # the asked case names two more of the question's words than the answer's, or more and
    # the question's own figure ('… if paid within 14 days' to '… if I pay within 14 days?');
    # not 'the gym' alone of '14 and 15 year olds can use the gym …' against '… at least 16'
    rival = next((figures for shared, figures, its_figure in
                  sorted(cases, key=lambda c: c[0], reverse=True)
                  if figures and figure not in figures and own is not None and
                  (shared >= own + 2 or (shared > own and its_figure))), None)
    return f"{figure} vs {sorted(rival)[0]}" if rival else None


def _denies_the_answer(reply: str, sentence: str) -> bool:
    """The sentence denies the reply itself: 'Canberra, not Sydney, has been Australia's
    capital' to 'Sydney.' (not a denial of something else in it)."""
    answer = reply.strip().rstrip(".!").strip()
    return bool(answer) and bool(re.search(rf"\b(?:not|never|rather than|instead of)\s+(?:the\s+)?"
                                           rf"{re.escape(answer)}\b", sentence, re.IGNORECASE))


# share of the statement's other words a clashing sentence must say: then its rival stands
# where the answer stands ('Canberra is the capital city of Australia.' for 'The capital of
# Australia is Sydney.'), not in a sentence about another hop of a long question. A name
# needs all of them (a sentence names many things); a number, date or unit most.
IN_PLACE_COVERAGE = {"name": 1.0, "number": 0.6, "date": 0.6, "unit": 0.6}


def _in_place(read: ReadReply, sentence: str, kind: str) -> bool:
    rest = judge_stems(read.statement) - judge_stems(read.reply)
    return not rest or coverage(rest, judge_stems(sentence)) >= IN_PLACE_COVERAGE[kind]
