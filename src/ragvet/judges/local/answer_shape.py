"""Does a sentence have the shape of an answer to an open question?

`features.expected_answer` knows the answers that are spans (a date for 'when', a number for
'how many', a name for 'who'); every other question was of kind "any", and any sentence on the
subject counted as holding its answer. That is topicality, not answering. This module names
seven open kinds whose answers have a visible shape, and checks a sentence for it:

  definition  'What is X?'               the sentence says what X is: X (or a pronoun for it)
                                         as its subject, then 'is', 'refers to', 'means' …
  purpose     'What is the aim of X?'    a purpose: 'to <verb>', 'aims', 'in order to', 'so that'
  reason      'Why …?', 'What caused …?' a cause: 'because', 'due to', 'caused by', 'led to' …
  manner      'How does X <verb> …?'     the asked verb itself, or a means ('by', 'through', 'via',
                                         'using')
  function    'What does X do?'          what it does: a verb in the present after its subject
                                         ('It assigns a value …'), 'used to / for', 'allows',
                                         'lets', 'enables' …; not a past event ('X arrived in 2019')
  event       'What happens to X …?'     something done to X or by it ('The pod is deleted.'),
                                         not what X is ('Pods are the smallest units …')
  contrast    'What is the difference    what one of the two is or does, or a comparison
               between X and Y?'         ('Viruses are much smaller …'), not a past event

Other questions are "open" and keep the old rule. The checks are plain word patterns, written
for English questions in general (not for any data set), and are used only for the `answers`
operation: `essential` (does a text hold information for the query) stays topical.
"""

from __future__ import annotations

import functools
import re

from ...text import STOPWORDS, content_stems, spelled_out, words
from .features import ASKS_WHO_MAY, PEOPLE_WORDS
from .memo_bounds import MEMO_ENTRIES
from .synonyms import REFLEXIVE_PRONOUNS, judge_stems, paraphrased
from .text import (
    DETERMINERS,
    NOT_PLAIN_VERBS,
    PRONOUNS,
    has_verb,
    plural_noun,
    question_focus,
    subject_of,
)

_PURPOSE_Q = re.compile(
    r"\b(?:purpose|purposes|objective|objectives|aim|aims|goal|goals|mission|intention|"
    r"intended|meant to)\b|^why (?:was|were|is|are|did|do|does) .+ (?:built|designed|created|"
    r"made|founded|established|set up|developed|launched|introduced|started)\b",
    re.IGNORECASE)
_PURPOSE_A = re.compile(
    r"(?-i:\bto (?!(?:the|this|that|these|those|its|their|his|her|be|date)\b)[a-z]{3,})|"
    r"\b(?:aims?|aimed|aiming|intend(?:s|ed)?|in order|so that|so as|purpose|objectives?|"
    r"goals?|mission|seeks?|sought|designed for|meant for|serves? as|served as|"
    # ('They act as extremely sensitive feelers.')
    r"acts? as|acted as|works? as|functions? as|"
    r"dedicated to)\b", re.IGNORECASE)
_REASON_Q = re.compile(
    r"^why\b|\b(?:what|which) (?:\w+ )?(?:caused|causes|led to|leads to|triggered|sparked|"
    r"prompted|contributed|contribute)\b|\b(?:causes?|reasons?|factors?) (?:of|for|behind|why|"
    r"that)\b|\bwhat (?:is|was|were|are) (?:the )?(?:main )?(?:causes?|reasons?)\b",
    re.IGNORECASE)
# what sets a thing apart by degree, after its 'is' ('… less dense than …'), and the deed
# it is the way of ("… how they cool off"): read by `_REASON_A` and `_SETS_IT_APART`
_BY_DEGREE = r"\s+(?:much\s+|far\s+)?(?:(?:less|more)\s+[a-z]+|[a-z]{3,}er)\s+than"
_THE_WAY_OF_IT = r"\s+how\s+(?:they|it|we|you)"
# what doing a thing gains ('It saves energy'): read by `_REASON_A` and `_GAINS`
_GAIN_VERBS = r"saves?|helps?|lets?|allows?|keeps?|protects?|reduces?|cuts?|prevents?"
_REASON_A = re.compile(
    r"\b(?:because|due to|owing to|caused|causes|cause|causing|led to|leads to|leading to|"
    r"lead to|result of|results? from|resulted from|as a result|triggers?|triggered|sparked|"
    r"prompted|"
    # ('Fizzy drinks can set them off.')
    r"(?:set|sets|setting|bring|brings|brought|bringing) (?:them|it|this|these) (?:off|on)|"
    # what a part is for: '… touch receptors that detect changes in air currents, helping the
    # animal judge gaps'
    r",\s+helping\s+|"
    r"driven by|attributed|blamed|reasons?|factors?|contribut\w*|exacerbat\w*|stem(?:s|med)? "
    r"from|comes? from|came from|coming from|arises? from|arose from|is down to|are down to|"
    r"following|after|amid|since|given|thanks to|so that|in order to|fuel(?:ed|led)|"
    r"rooted in|origins?|hence|therefore|thus|consequently|which is why|that is why|"
    r"this is why|is why|are why|is what makes|are what make|"
    # what would follow without it: '…, which would otherwise make the grains sticky'
    r"(?:would|could|will|might|can) otherwise|"
    # what it is done for: 'Kittens knead their mother to help the milk flow', '… as a sign
    # of comfort'
    r"(?:in order )?to (?:help|get|keep|make|stop|protect|attract|warn|mark|show|signal|avoid|"
    r"prevent|save|communicate|cool|warm|regulate|soothe|calm|defend|scare|claim)|"
    r"as a (?:sign|signal|way|means|mark) of|"
    # what it is and does: 'It's a reflex that gets rid of irritants …'; what doing it gains:
    # 'It saves energy: each goose …'
    r"(?:is|['’]s) an? (?:[\w-]+\s+)?(?:reflex|response|reaction|defen[cs]e|mechanism|way|"
    r"means|method|process|adaptation|strategy) (?:that|which|to|for|of)|"
    rf"^(?:it|this|that|doing so|doing this|flying|moving|living)\s+(?:{_GAIN_VERBS}|stops?|"
    r"means)\b|"
    # a cause offered as a theory, or said to be unknown ('One leading idea is that …', 'It
    # isn't fully understood.')
    r"(?:idea|theory|explanation|hypothesis|view|suggestion) is that|"
    r"(?:is|are|isn['’]t|aren['’]t)\s+(?:not\s+)?(?:yet\s+)?(?:fully\s+|well\s+|completely\s+|"
    r"entirely\s+)?(?:understood|known|clear)|nobody knows|no one knows|"
    # what sets it apart by degree ('It is less dense than liquid water'), or the deed it is
    # the way of ("It's how they cool off")
    rf"(?:is|are){_BY_DEGREE}|(?:is|['’]s){_THE_WAY_OF_IT}|"
    # a process that goes with it: 'as the chlorophyll breaks down, …', 'As it ages, …';
    # one that ends: 'Trees stop producing chlorophyll'
    r"as (?:it|they|the [\w-]+|[\w-]+s) (?!(?:is|are|was|were|has|have|says?|said)\b)"
    r"[a-z]+s(?: down| up| away| off)?|stops? (?:producing|making)|"
    # ('Brown spots appear as enzymes break down the yellow pigments')
    r"as (?:they|[\w-]+s) (?!(?:are|were|have|say|said)\b)[a-z]+ (?:down|up|away|off)|"
    r"as (?:they|[\w-]+s) (?:ripen|age|cool|dry|rot|grow|melt|freeze|decay|oxidi[sz]e))\b|"
    r",\s*so\s+(?!(?:far|much|many|long|that)\b)|\s+so\s+(?=(?:it|they|you|we|there)\s+[a-z]+)"
    # a physical mechanism: 'Its thick atmosphere traps heat …', 'Air molecules scatter
    # blue light …'
    r"|\b(?:traps?|trapped|trapping|absorbs?|absorbed|absorbing|reflects?|reflected|"
    r"reflecting|scatters?|scattered|scattering|retains?|retained|retaining|insulates?|"
    r"insulated|insulating)\b"
    # a cause that makes something change: 'shorter days make trees stop producing …'
    r"|\b(?:makes?|made|making|forces?|forced)\s+(?:[\w-]+\s+){1,3}?(?:stop|start|turn|"
    r"become|grow|change|fall|rise|lose|break|die|shrink|swell|expand|fade|appear|"
    r"disappear|melt|freeze)\b"
    # what happens whenever the cause does: 'The northern lights happen when charged
    # particles collide with gases …'
    r"|\b(?:happens?|happened|occurs?|occurred|forms?|formed|appears?|arises?|comes? about)"
    r"\s+(?:only\s+)?(?:when|whenever|if)\b"
    # a change that brings another along: 'as the green pigment breaks down, the yellow ones
    # show through'
    r"|(?:^|[,;]\s*(?:and\s+)?|\band\s+)as\s+(?:the|its|their|these|this|those)\s+(?:[\w-]+\s+){0,3}?"
    r"[a-z]+(?:s|ed)\s+(?:down|up|away|off|out)?", re.IGNORECASE)
# 'Why are her maps important?' is answered by what they did or made possible: 'Her maps
# helped to support the theory of plate tectonics.'
# (words that say something matters, which no answer repeats)
MATTERS_WORDS = ("important", "significant", "notable", "famous", "remembered", "known",
                 "influential", "celebrated")
_ASKS_WHY_IT_MATTERS = re.compile(r"^why (?:is|are|was|were) .+\b(?:" + "|".join(MATTERS_WORDS) +
                                  r")\b", re.IGNORECASE)
_MATTERS_A = re.compile(r"\b(?:helped|helps|help to|help|allowed|allows|allow|enabled|enables|"
                        r"enable|made it possible|makes it possible|showed|shows|proved|proves|"
                        r"provided|provides|provide|supported|supports|support|protect|protects|"
                        r"protected|changed|transformed|revolutioni[sz]ed|"
                        r"paved the way|laid the groundwork|pioneer\w*|influenc\w*|first|"
                        r"only|largest|oldest|key|major|landmark|breakthrough)\b",
                        re.IGNORECASE)
# 'by' as a means, not a date ('by 2030', 'by the end of')
_MEANS_A = re.compile(r"\b(?:by(?! (?:\d|the (?:end|time|year|start)\b))|through|via|using|"
                      # ('They use the Earth's magnetic field …'; not 'used to')
                      r"uses?|used(?! to\b)|rel(?:y|ied) on|"
                      r"utili[sz]\w*|by means of|"
                      r"with the help of|thanks to|relies on|involv\w*|consists? of|works? by)\b",
                      re.IGNORECASE)
# 'How do I reset my password?' asks for steps: a sentence that tells the reader what to do
# ('Click "Forgot password" on the login page.') gives them
_PROCEDURE_Q = re.compile(r"^how (?:do|can|should|would|could|may|might) (?:i|you|we|one|users?|"
                          r"customers?)\b|^how to\b|"
                          # 'What should I do if the starter has liquid on top?': a step too
                          r"^what (?:should|do|can|must|shall|would) (?:i|you|we|one) do\b|"
                          # 'Where do I report a pothole?': a step says where ('report it to
                          # your council')
                          r"^where (?:do|can|should|would|could|may|must) (?:i|you|we|one)\b|"
                          r"^what to do\b|"
                          # 'What helps a nettle sting?': a remedy, told as a step too
                          r"^what (?:helps|can help|will help|would help|is good for|works "
                          r"for|eases|relieves|soothes|gets rid of|treats)\b|"
                          # 'How should unopened insulin be stored?': a step says how
                          r"^how (?:should|must|can|could|would) (?:[\w'-]+\s+){1,5}?be\s+"
                          r"[a-z]+(?:ed|en)\b", re.IGNORECASE)
_INSTRUCTION_VERBS = frozenset({
    "add", "allow", "apply", "ask", "attach", "avoid", "bake", "boil", "book", "bring", "call",
    "cancel", "change", "check", "choose", "clean", "click", "close", "complete", "confirm",
    "connect", "contact", "copy", "create", "cut", "delete", "disable", "disconnect",
    "download", "drag", "drop", "email", "enable", "enter", "fill", "find", "follow", "go",
    "heat", "hold", "insert", "install", "keep", "log", "make", "mix", "navigate", "open",
    "paste", "pay", "pick", "place", "plug", "pour", "press", "print", "provide", "put",
    "reboot", "register", "remove", "renew", "replace", "request", "reset", "restart",
    "return", "rinse", "run", "save", "scroll", "select", "send", "set", "sign", "specify",
    "start", "stir", "stop", "submit", "switch", "take", "tap", "turn", "type", "unplug",
    "update", "upload", "use", "verify", "visit", "wait", "wash", "write", "store", "leave",
    "trim", "wrap", "freeze", "refrigerate", "cover", "water", "dry", "soak", "let", "try",
    "see", "report", "feed", "knead", "shake",
    # everyday advice ('Adopt local time …', 'Spend time in daylight', 'Limit caffeine')
    "adopt", "spend", "get", "give", "limit", "reduce", "increase", "wear", "eat", "drink",
    "stay", "remember", "consider", "prepare", "pack", "lift", "pull", "push", "tighten",
    "loosen", "lower", "raise", "move", "sit", "lie", "breathe", "relax", "warm", "cool",
    "chill", "serve", "slice", "chop", "peel", "fry", "roast", "grill", "simmer", "whisk",
    "sprinkle", "spread", "scrub", "wipe", "sweep", "vacuum", "polish", "seal", "unlock",
    "hang", "buy", "borrow", "attend", "join", "phone", "tell", "inform", "notify", "protect",
    "skip", "rotate", "flip", "repeat", "continue", "finish", "begin", "sow", "prune",
    "repot", "drain", "dig", "thaw", "defrost", "reheat", "schedule", "arrive", "aim",
    "speak", "explain", "stretch", "sip", "gargle", "ensure",
})
_BE_OR_HAVE = frozenset({"is", "are", "was", "were", "has", "have", "had"})
# words after an opening verb that make it a noun or a subject, not a step ('Exercise is …')
_NOT_AFTER_AN_IMPERATIVE = frozenset({
    "is", "are", "was", "were", "can", "could", "will", "would", "may", "might", "must",
    "should", "has", "have", "had", "does", "do", "did", "of"})
_COMPARE_VERBS = frozenset({"compar", "differ", "contrast", "distinguish", "rank", "stack"})
_COMPARE_A = re.compile(r"\b(?:than|unlike|whereas|while|compared|comparison|similar\w*|"
                        r"differ\w*|same|both|largest|smallest|most|least|more|less|larger|"
                        r"smaller|higher|lower|surpass\w*|exceed\w*|outperform\w*|like|"
                        # a quality one has and the other lacks: 'a narrower snout', 'cannot'
                        r"narrower|wider|broader|longer|shorter|bigger|heavier|lighter|faster|"
                        r"slower|older|younger|stronger|weaker|cheaper|darker|brighter|"
                        r"thicker|thinner|deeper|taller|cannot|only)\b",
                        re.IGNORECASE)
# 'What does X do?', 'What is X used for?', 'What is the function / role of X?'
_FUNCTION_Q = re.compile(r"^what (?:does|do|did|can|will) .+ do"
                         r"(?: (?:in|on|for|with|at|to) [^,]+)?$|"
                         r"^what (?:is|are) .+ used for$|"
                         r"^what (?:is|are|was|were) (?:the )?(?:main )?(?:function|role|use)s? "
                         r"of\b", re.IGNORECASE)
_FUNCTION_A = re.compile(r"\b(?:used (?:to|for|in)|uses?|lets?|allows?|enables?|helps?|serves?|"
                         r"provides?|makes? it possible|responsible for|functions?|role|purpose|"
                         r"designed to|works? by|in order to)\b", re.IGNORECASE)
# a verb in the third person present ('assigns', 'lets') or a modal; not 'class', 'status',
# 'analysis' or the auxiliaries 'has' / 'was'
_PRESENT = re.compile(r"^(?:can|will|may)$|^(?!(?:has|was|this|its|his)$)[a-z]{2,}(?<![siu])s$")
_DEFINE_A = re.compile(r"\b(?:is|are|was|were|refers? to|means?|meant|describes?|denotes?|"
                       r"consists? of|comprises?|represents?|stands? for|defined as|"
                       # a measure defined by what it gives: 'APR … shows the yearly cost …'
                       r"shows?|measures?|indicates?)\b", re.IGNORECASE)
_DEFINITION_Q = re.compile(r"^(?:what|who) (?:is|are|was|were) (?P<thing>.+?)\??$",
                           re.IGNORECASE)
_MANNER_Q = re.compile(r"^how (?P<aux>is|are|was|were|does|do|did|can|could|has|have|had|"
                       r"will|would|should|might|may) (?P<rest>.+?)\??$", re.IGNORECASE)
_NOT_MANNER = re.compile(r"^how (?:many|much|long|old|tall|far|big|high|wide|deep|large|heavy|"
                         r"often|soon)\b", re.IGNORECASE)
_LINKING = frozenset({"been", "being", "be", "expected", "supposed", "going", "able", "likely",
                      "planned", "meant", "set", "to", "about", "also", "still", "now", "now,"})
# 'What is the largest ocean?' asks which one, not what the largest ocean is
SUPERLATIVE = re.compile(
    r"\b(?:most|least|best|worst|first|last|largest|biggest|smallest|highest|tallest|"
    r"longest|shortest|oldest|newest|youngest|deepest|fastest|slowest|earliest|latest|"
    r"greatest|closest|nearest|farthest|furthest|cheapest|dearest|hottest|coldest|widest|"
    r"heaviest|lightest|richest|poorest|busiest|highest-paid|strongest|brightest|"
    r"smartest|loudest|driest|wettest|sunniest|safest|rarest|commonest|"
    # any other '-est' adjective ('the hardest natural material', 'the softest wool'), not
    # a noun or verb of that ending
    r"(?!(?:chest|crest|guest|quest|wrest|forest|interest|harvest|request|contest|protest|"
    r"conquest|behest|digest|manifest|bequest|inquest|unrest|priest|honest|dishonest|modest|"
    r"immodest|earnest|suggest|invest|attest|detest|infest|ingest|molest|divest|congest|"
    r"tempest|arrest|everest|budapest|bucharest|southwest|northwest|midwest|pretest|"
    r"retest)\b)[a-z]{2,}est)\b")
# after 'What is/are': words that make the question an attribute question, not a definition
_ATTRIBUTE = re.compile(r"'s\b|^(?:the |a |an )?(?:\w+ )?(?:\w+ )?(?:of|for|between|behind|in|on|"
                        r"at|to|with|about)\b|\b(?:of|for|between|behind|that|which|who|"
                        r"when|where)\b", re.IGNORECASE)


# 'What is the refund policy?' asks what the policy says, not what a refund policy is: a thing
# named by one of these (in lower case; 'the Marshall Plan' is defined) has content to give
_CONTENT_NOUNS = frozenset({
    "policy", "policies", "rule", "rules", "procedure", "procedures", "process",
    "requirement", "requirements", "schedule", "deadline", "deadlines", "timetable",
    "terms", "conditions", "allowance", "limit", "limits", "hours", "address", "status",
    "eligibility", "penalty", "penalties", "warranty", "guarantee", "steps", "instructions",
    "guidelines", "criteria", "entitlement", "itinerary", "agenda", "menu", "options"})


_COMPARED_PAIR = re.compile(
    r"\bdifferences?\s+between\s+(?P<a>.+?)\s+and\s+(?P<b>[^?,]+)|"
    r"\bhow\s+(?:does|do|is|are)\s+(?P<c>.+?)\s+(?:differ|different)\s+from\s+(?P<d>[^?,]+)|"
    r"\bcompare\s+(?P<e>.+?)\s+(?:and|with|to)\s+(?P<f>[^?,]+)|"
    r"^(?:what about\s+)?(?P<g>[\w -]+?)\s+(?:vs\.?|versus)\s+(?P<h>[^?,]+)", re.IGNORECASE)


def compared_pair(question: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The head nouns' stems of the two things a question compares ('the difference between
    a virus and a bacterium' → ({viru}, {bacterium})); None for a question that compares
    nothing."""
    match = _COMPARED_PAIR.search(question)
    if not match:
        return None
    sides = [g for g in match.groups() if g]
    heads = [content_stems((words(side) or [""])[-1]) for side in sides[:2]]
    return (heads[0], heads[1]) if len(heads) == 2 and all(heads) else None


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def open_kind(question: str) -> str:
    """'definition', 'purpose', 'reason', 'function', 'event', 'contrast', 'manner' or 'open'
    (no checkable shape)."""
    q = " ".join(spelled_out(question).split()).rstrip("?").strip()
    if _REASON_Q.search(q):
        return "reason"
    if _FUNCTION_Q.match(q):
        return "function"
    if _EVENT_Q.match(q):
        return "event"
    if compared_pair(q):
        return "contrast"
    if _PURPOSE_Q.search(q):
        return "purpose"
    if _MANNER_Q.match(q) and not _NOT_MANNER.match(q) and manner_verbs(q):
        return "manner"
    match = _DEFINITION_Q.match(q)
    if match and len(match.group("thing").split()) <= 8 and \
            not _ATTRIBUTE.search(match.group("thing").lower()) and \
            not SUPERLATIVE.search(match.group("thing").lower()) and \
            match.group("thing").split()[-1] not in _CONTENT_NOUNS:
        return "definition"
    return "open"


@functools.lru_cache(maxsize=MEMO_ENTRIES)
def manner_verbs(question: str) -> frozenset[str]:
    """The stems of the verb a 'how' question asks about: 'How is the niche estimated?' →
    {estim}; 'How is X expected to enhance trade?' → {enhanc}; 'How does the rocket compare
    to …' → {compar}. Empty when no verb is found (the question then has no checkable shape)."""
    match = _MANNER_Q.match(" ".join(question.split()).rstrip("?").strip())
    if not match:
        return frozenset()
    tokens = [t.strip(",;") for t in match.group("rest").split()]
    verb = (_participle(tokens) if match.group("aux").lower() in _BE_HAVE else
            _base_verb(tokens))
    return judge_stems(verb) if verb else frozenset()


_BE_HAVE = frozenset({"is", "are", "was", "were", "has", "have", "had"})
_AFTER_VERB = frozenset({"to", "with", "from", "into", "on", "in", "over", "across", "between",
                         "against", "through", "for", "at", "up", "out", "down", "off"}) | \
    DETERMINERS
# ('How does the engine cool itself?': the verb is before the pronoun)
_NOT_VERB = _AFTER_VERB | REFLEXIVE_PRONOUNS | {"of", "and", "or", "as", "by", "my"}
_IRREGULAR = frozenset({"made", "built", "done", "held", "known", "seen", "run", "set", "put",
                        "found", "led", "kept", "told", "paid", "sold", "met", "spent", "won",
                        "grown", "shown", "given", "taken", "chosen", "drawn", "written"})
_COMPARE_WORDS = frozenset({"different", "similar", "related", "comparable"})
# 'How does X work / function / operate?': told by what X does
_WORKING_VERBS = judge_stems("work function operate")
# 'How did sales change in 2024?' is answered by the way they went: 'Sales rose by 12 %.'
# a verb of putting something somewhere: asked how, it is answered by where
_ASKS_HOW_ONE_DOES = re.compile(r"^how (?:do|does|can|should|must|would|could) (?:i|you|we|one|"
                                r"they) (?P<verb>[a-z]+)\b", re.IGNORECASE)


def _verb_asked_how(question: str) -> frozenset[str]:
    """'How should I store potatoes?' → the stems of 'store' (`manner_verbs` reads the verb
    after a subject that is a noun)."""
    asked = _ASKS_HOW_ONE_DOES.match(question.strip())
    return judge_stems(asked["verb"]) if asked else frozenset()


_PLACING_VERBS = judge_stems("store keep put place leave hang stand position park hide")
_A_PLACE = re.compile(r"^(?:(?:always|only|ideally|preferably|best|usually)\s+)?(?:somewhere|"
                      r"anywhere|(?:in|on|at|under|inside|outside|near|away from|out of|"
                      r"upright in|flat on)\s+(?:a|an|the|your|its|their)\b)", re.IGNORECASE)
_CHANGE_VERBS = judge_stems("change develop evolve shift move trend vary fare perform")
_CHANGE_A = re.compile(r"\b(?:rose|rise[sn]?|rising|fell|fall(?:s|en|ing)?|grew|"
                       r"grow(?:s|n|th|ing)?|increas\w*|decreas\w*|declin\w*|"
                       r"drop(?:s|ped|ping)?|doubled|tripled|halved|climb\w*|jump\w*|surg\w*|"
                       r"soar\w*|plunged?|plummet\w*|slump\w*|"
                       r"shrank|shrunk|shrink\w*|expand\w*|contract\w*|improv\w*|worsen\w*|"
                       r"recover\w*|rebound\w*|peak\w*|(?:remained|stayed|held) (?:stable|steady|"
                       r"flat|unchanged)|unchanged|went (?:up|down)|gained|lost|higher|lower)\b",
                       re.IGNORECASE)


def _plain(token: str) -> bool:
    return token.isalpha() and token.islower() and token not in PRONOUNS


def _participle(tokens: list[str]) -> str | None:
    """'the human climate niche estimated' → 'estimated'; 'X expected to enhance' → 'enhance'."""
    after_to = False
    for token in tokens:
        low = token.lower()
        if after_to and _plain(token):
            return low
        after_to = low == "to"
        if low in _LINKING or not _plain(token):
            continue
        if low in _COMPARE_WORDS:
            return "compare"
        if low.endswith(("ed", "en", "wn")) or low in _IRREGULAR:
            return low
    return None


def _base_verb(tokens: list[str]) -> str | None:
    """'theranostics combine …' → 'combine'; 'the Starship rocket compare to …' → 'compare'."""
    if len(tokens) >= 2 and _plain(tokens[0]) and tokens[0] not in DETERMINERS and \
            _plain(tokens[1]) and tokens[1] not in _NOT_VERB:
        return tokens[1]  # a one-word subject, then the verb
    for i, token in enumerate(tokens[1:], start=1):
        following = tokens[i + 1].lower() if i + 1 < len(tokens) else ""
        if _plain(token) and token not in _NOT_VERB and tokens[i - 1].lower() != "of" and \
                token not in _LINKING and (following in _AFTER_VERB | REFLEXIVE_PRONOUNS or
                                           not following):
            return token
    return None


def has_shape(question: str, sentence: str, stems: frozenset[str],
              context: frozenset[str]) -> bool:
    """Does `sentence` (its judge stems `stems`; `context`: what its pronouns stand for) have
    the shape of an answer to `question`? True for questions without a checkable shape."""
    kind = open_kind(question)
    if kind == "reason":
        # ('Why are bees important for farming?' 'Bees pollinate many crops …': what they do)
        return bool(_REASON_A.search(sentence) or _A_PART_IN_IT.search(sentence) or
                    _OPENS_WITH_A_CAUSE.match(sentence.strip())) or \
            tells_how_it_comes_about(question, sentence) or \
            _explains_the_restated(question, sentence) or \
            _restated_when(question, sentence) or \
            _what_happens_then(question, sentence) or \
            _what_doing_it_gains(question, sentence) or \
            _what_the_needed_thing_does(question, sentence) or \
            _causes_the_asked(judge_stems(question), sentence) or \
            _says_what_it_is_and_whence(question, sentence) or \
            _a_part_that_acts(question, sentence) or _so_the_asked_subject(question, sentence) \
            or _says_how_the_price_is_made(question, sentence) or \
            _carried_in_and_gathered(question, sentence) or _by_its_nature(question, sentence) \
            or _lacks_what_it_needs(question, sentence) or \
            bool(_ASKS_WHY_IT_MATTERS.search(question) and (
                _MATTERS_A.search(sentence) or _does_something(sentence)))
    if kind == "purpose":
        return bool(_PURPOSE_A.search(sentence))
    if kind == "manner":
        verbs = manner_verbs(question)
        if verbs & _COMPARE_VERBS:
            return bool(_COMPARE_A.search(sentence))
        if verbs & _WORKING_VERBS and (present_after_subject(sentence) or
                                       _IN_GENERAL.search(sentence)):
            # 'How do vaccines work?' 'Vaccines expose the immune system to …', 'How does a
            # tiebreak work?' 'A tiebreak is played when …'
            return True
        if verbs & _CHANGE_VERBS and _CHANGE_A.search(sentence):
            return True  # 'How did sales change?' 'Sales rose by 12 percent.'
        if (verbs | _verb_asked_how(question)) & _PLACING_VERBS and \
                _A_PLACE.match(sentence.strip()):
            return True  # 'How should I store potatoes?' 'Somewhere cool, dark and dry.'
        return bool(verbs & stems) or bool(_MEANS_A.search(sentence)) or \
            instructs(question, sentence)
    if kind == "definition":
        return _defines(question, sentence, context)
    if kind == "function":
        return bool(_FUNCTION_A.search(sentence)) or present_after_subject(sentence)
    if kind == "contrast":  # what one of the two is or does, not a past event of it
        return bool(_COMPARE_A.search(sentence) or _IN_GENERAL.search(sentence))
    if kind == "event":  # not what its subject is ('Pods are the smallest units …')
        return not _ONLY_SAYS_WHAT_IT_IS.match(sentence.strip()) or \
            bool(_DONE_TO.search(sentence))
    return True


# what the trouble asked about is, and where it comes from: 'White marks are usually
# limescale from hard water.'
_WHAT_IT_IS_FROM = re.compile(r"^(?P<subject>[^,;:]{2,60}?)\s+(?:is|are)\s+(?:(?:usually|often|"
                              r"most likely|probably|typically|generally|likely|almost always|"
                              r"mostly|just|simply)\s+)*(?:a\s+|an\s+|the\s+)?[\w-]+(?:\s+[\w-]+)"
                              r"{0,3}?\s+(?:from|caused by|left by|due to)\b",
                              re.IGNORECASE)


# what the subject is or does that sets it apart: '(It is) less dense than liquid water',
# "It's how they cool off"
_SETS_IT_APART = re.compile(rf"^[^,;:]{{1,40}}?\s*(?:['’]s|\bis|\bare){_BY_DEGREE}\b|"
                            rf"^[^,;:]{{1,40}}?\s*(?:['’]s|\bis){_THE_WAY_OF_IT}\b",
                            re.IGNORECASE)


def _of_the_asked_subject(question: str, sentence: str) -> bool:
    """The sentence's subject is the question's, or a pronoun standing for it."""
    subject = judge_stems(subject_of(sentence) or "")
    return _first_word(sentence) in PRONOUNS or (bool(subject) and subject <= judge_stems(question))


# the cause asked for said to be unknown, of the question's subject
_CAUSE_UNKNOWN = re.compile(r"^(?:(?:it|this|that|the (?:cause|reason))\s*(?:is|['’]s|isn['’]t|"
                            r"remains)\s+(?:not\s+)?(?:yet\s+)?(?:fully\s+|well\s+|completely\s+|"
                            r"entirely\s+)?(?:understood|known|clear|unclear|unknown|a mystery)|"
                            r"(?:nobody|no one|scientists are not sure|scientists aren['’]t sure)"
                            r"(?:\s+(?:really|yet))?\s+(?:knows|is sure))\b", re.IGNORECASE)


def _says_what_it_is_and_whence(question: str, sentence: str) -> bool:
    """What the trouble a why-question names is, and where it comes from: 'White marks are
    usually limescale from hard water.' to 'Why is my iron leaving white marks?'."""
    named = _WHAT_IT_IS_FROM.match(sentence.strip())
    subject = judge_stems(named["subject"]) if named else frozenset()
    # (the trouble, not the thing that has it: 'Irons are heavy tools from …')
    owner = _WHY_OF_WHAT.match(question.strip())
    return bool(subject) and subject <= judge_stems(question) and \
        bool(subject - judge_stems(owner["noun"] if owner else ""))


def _asked_beyond_its_owner(question: str) -> frozenset[str]:
    """The words of a why-question after the thing it asks about: 'get white flakes inside'
    of 'Why does my kettle get white flakes inside?'."""
    owner = _WHY_OF_WHAT.match(question.strip())
    return judge_stems(question[owner.end():]) if owner else frozenset()


_WHY_OF_WHAT = re.compile(r"^why\s+\w+\s+(?:(?:my|the|your|our|a|an|this|that)\s+)?"
                          r"(?P<noun>[\w-]+)", re.IGNORECASE)


def gives_a_cause_of_the_asked(question: str, sentence: str,
                               asked: frozenset[str] = frozenset()) -> bool:
    """A cause given for what the question names, as the sentence's subject: 'The white
    film usually comes from hard water minerals.' to 'Why is my dishwasher leaving a white
    film on glasses?'; or for what it asks (`asked`: the stems of its predicate) as what the
    cause brings about ('… histamine, which causes the itching'). It is on the point asked
    though it repeats few of its words."""
    if open_kind(question) != "reason":
        return False
    if _OPENS_WITH_A_CAUSE.match(sentence.strip()) or _A_PART_LEFT_TO_THE_QUESTION.search(sentence):
        return True  # 'Because the Moon is tidally locked.': the cause, read with its question
    if _causes_the_asked(asked | _asked_beyond_its_owner(question), sentence) or \
            _explains_the_restated(question, sentence) or \
            _restated_when(question, sentence) or _what_the_needed_thing_does(question, sentence):
        # '…, which causes the itching' to 'Why do mosquito bites itch?', '… and it builds up
        # in flakes' to 'Why does my kettle get white flakes inside?'
        return True
    if _says_what_it_is_and_whence(question, sentence) or _a_part_that_acts(question, sentence) \
            or _so_the_asked_subject(question, sentence) or \
            _a_cause_at_the_asked_time(question, sentence) or \
            _lacks_what_it_needs(question, sentence) or \
            _carried_in_and_gathered(question, sentence) or _by_its_nature(question, sentence) \
            or _what_the_deed_does(question, sentence):
        return True
    if _CAUSE_UNKNOWN.match(sentence.strip()):
        return True  # 'It isn't fully understood.', 'Nobody knows for certain.'
    if _THE_ASKED_THING.match(sentence.strip()) and _REASON_A.search(sentence):
        return True  # 'It reflects the microwaves, and …' to 'Why can't you put metal in …?'
    if _SETS_IT_APART.match(sentence.strip()) and _of_the_asked_subject(question, sentence):
        return True  # 'It's less dense than liquid water' to 'Why does ice float?'
    if not _STRONG_CAUSE.search(sentence):
        return False  # (not 'after', 'since', 'following' …: they say when as often as why)
    subject = judge_stems(subject_of(sentence) or "")
    return bool(subject) and (subject <= judge_stems(question) or subject <= _CAUSE_NOUNS)


# a why-question on what someone does: 'Why do gardeners cover plants …?'
_WHY_THEY_DO_IT = re.compile(r"^why\s+(?:do|does|did|should|would|must)\s+", re.IGNORECASE)


def _what_the_deed_does(question: str, sentence: str) -> bool:
    """The deed asked about, named as the sentence's subject, and what it does: 'A fleece
    cover traps heat rising from the soil, keeping the leaves …' to 'Why do gardeners cover
    plants on frosty nights?' (what the cover does is why they use one)."""
    asked = _WHY_THEY_DO_IT.match(question.strip())
    subject = subject_of(sentence) if asked else None
    if not subject or not has_verb(sentence):
        return False
    tokens = list(words(question.strip()[asked.end():]))
    while tokens and tokens[0].lower() in {"the", "a", "an", "some", "many", "most", "all"}:
        tokens = tokens[1:]
    if len(tokens) < 2:
        return False
    # (the word after a one-word subject, 'Gardeners', is the verb; the subject itself says
    # nothing of what covering does, nor does the object, 'salt' of 'put salt on roads')
    doers, deed, named = judge_stems(tokens[0]), tokens[1], judge_stems(subject)
    return not doers & named and deed.islower() and deed not in STOPWORDS and \
        bool(judge_stems(deed)) and judge_stems(deed) <= named


# what a thing has, holds or is covered in, and what that part does: 'They're covered in
# tiny hollow hairs that inject histamine …' to 'Why do nettles sting?', 'It has a protein
# called casein that binds to capsaicin …' to 'Why does milk help with spicy food?'
_A_PART_THAT_ACTS = re.compile(
    r"\b(?:has|have|contains?|holds?|(?:is|are|['’]s|['’]re)\s+(?:[\w-]+\s+and\s+)?"
    r"(?:covered|coated|lined|filled|packed)\s+(?:in|with)|(?:is|are|['’]s|['’]re)\s+full\s+of)"
    r"\s+(?:[\w-]+,?\s+){1,6}?(?:that|which)\s+(?!(?:is|are|was|were|has|have|had|can|may|might)\b)"
    # (or that are made for something: '… rod cells, which are sensitive to low light')
    r"[a-z]{3,}|(?:that|which)\s+(?:is|are)\s+(?:very\s+|highly\s+)?(?:sensitive|adapted|tuned)\s+to",
    re.IGNORECASE)


# what a thing or its part is made of, to a why-question on how it is ('Its surface dust is
# full of iron oxide' to 'Why is Mars red?', 'Their diet is rich in pigments' to 'Why are
# flamingos pink?')
_MADE_OF = re.compile(r"\b(?:is|are|['’]s|['’]re)\s+(?:(?:very|so|extremely|particularly)\s+)?"
                      r"(?:full of|rich in|high in|made of|made up of|loaded with|packed with|"
                      r"covered in|coated (?:in|with))\s+\S", re.IGNORECASE)
# a why-question on how a thing is: 'Why is Mars red?', 'Why does the sea taste salty?'
_ASKS_WHY_IT_IS_SO = re.compile(r"^why\s+(?:is|are)\s+(?!(?:it|there)\b)\S.*\s[a-z]+\??$|"
                                r"^why\s+(?:does|do)\s+.+\s(?:look|taste|smell|feel|seem)\s",
                                re.IGNORECASE)


# what is carried into a place and gathers there: 'rivers carry minerals … into the sea, where
# they build up'
_CARRIED_INTO = re.compile(r"\b(?:carr(?:y|ies|ied)|wash(?:es|ed)?|brings?|brought|sweeps?|swept|"
                           r"drains?|drained|flows?|flowed)\b[^.;]{0,80}?\binto\b", re.IGNORECASE)
_GATHERS = re.compile(r"\b(?:builds? up|built up|building up|accumulates?|accumulated|"
                      r"accumulating|collects?|collected|gathers?|gathered|concentrates?|"
                      r"concentrated|stays?|remains?)\b", re.IGNORECASE)


def _carried_in_and_gathered(question: str, sentence: str) -> bool:
    """To 'Why is the sea salty?': the quality's stuff (salt) carried into the asked thing
    and gathering there ('Rivers carry minerals, mostly salt, into the sea, where they build
    up'): how the thing came to be so."""
    if not _ASKS_WHY_IT_IS_SO.match(question.strip()):
        return False
    into = _CARRIED_INTO.search(sentence)
    if into is None or not _GATHERS.search(sentence, into.end()):
        return False
    asked = judge_stems(question)
    return len(asked & judge_stems(sentence)) >= min(2, len(asked))


# what a thing does or is by its nature: 'Cats are naturally most active around dawn and
# dusk' to 'Why is my cat so active at night?'
_BY_NATURE = re.compile(r"\b(?:naturally|by nature|instinctively|innately|genetically|"
                        r"hard-?wired|(?:have|has) evolved to|(?:are|is) built to|"
                        r"(?:are|is) programmed to|it['’]s in (?:their|its) nature)\b",
                        re.IGNORECASE)


def _by_its_nature(question: str, sentence: str) -> bool:
    """The sentence says the asked thing is or does what is asked by its nature: that is the
    why (it shares at least two of the question's words, the thing and what it does)."""
    if not question.strip().lower().startswith("why") or not _BY_NATURE.search(sentence):
        return False
    return len(judge_stems(question) & judge_stems(sentence)) >= 2


def _a_part_that_acts(question: str, sentence: str) -> bool:
    """The sentence says what the thing a why-question asks about has (its subject is that
    thing, or a pronoun for it), and what that part does: the mechanism is the reason; or,
    to a why-question on how the thing is, what it or its part is made of."""
    if not question.strip().lower().startswith("why"):
        return False
    match = _A_PART_THAT_ACTS.search(sentence)
    if not match and _ASKS_WHY_IT_IS_SO.match(question.strip()):
        match = _MADE_OF.search(sentence)
    if not match:
        return False
    head = sentence[:match.start()]
    return bool(head.strip()) and (_opens_with_a_pronoun(head) or
                                   bool(judge_stems(head) & judge_stems(question)))


# a reply whose subject is a pronoun for the thing a why-question asks about
_THE_ASKED_THING = re.compile(r"^(?:it|they)\s+(?!(?:is|are|was|were)\b)[a-z]+",
                              re.IGNORECASE)


def _opens_with_a_pronoun(text: str) -> bool:
    """'They're …', 'Its wings …': the text speaks of what the question names."""
    return _first_word(text) in PRONOUNS | _POSSESSIVES


def _first_word(text: str) -> str:
    """The text's first word, lower-case, without a contraction ('They're' → 'they')."""
    return (text.split() or [""])[0].lower().split("'")[0].split("’")[0]


_POSSESSIVES = frozenset({"its", "their", "his", "her"})


# 'Why can't kiwis fly?' is answered by what they lack, or have too little of
_WHY_NOT = re.compile(r"^why\s+(?:can['’]?t|cannot|don['’]t|doesn['’]t|didn['’]t|won['’]t|isn['’]t|"
                      r"aren['’]t|wasn['’]t|weren['’]t)\b", re.IGNORECASE)
_A_LACK = re.compile(r"\b(?:has|have|had)\s+no\b|\b(?:lacks?|lacked|lacking)\b|\btoo\s+(?:small|"
                     r"tiny|short|weak|heavy|few|little|big|large|slow)\b|\b(?:is|are|were|was)\s+"
                     r"(?:far\s+)?(?:tiny|too\s+\w+)\b", re.IGNORECASE)


def _lacks_what_it_needs(question: str, sentence: str) -> bool:
    """'Their wings are tiny, … and their breastbone has no keel' to 'Why can't kiwis fly?':
    what the asked thing (or a part of it, by a pronoun) lacks is why it cannot."""
    if not _WHY_NOT.match(question.strip()) or not _A_LACK.search(sentence):
        return False
    return _opens_with_a_pronoun(sentence) or bool(
        judge_stems(subject_of(sentence) or "") & judge_stems(question))


# '…, so new hair comes through with less melanin': what the cause does to the asked thing
_SO_THEN = re.compile(r",?\s+so\s+(?:that\s+)?(?P<what>(?:[\w'-]+\s+){0,2}[\w'-]+)",
                      re.IGNORECASE)


def _so_the_asked_subject(question: str, sentence: str) -> bool:
    """A cause, then ', so' and what follows for the very thing a why-question names ('Why
    does hair go grey?' 'As you age, the pigment cells die off, so new hair comes through
    with less melanin.')."""
    owner = _WHY_OF_WHAT.match(question.strip())
    asked = judge_stems(owner["noun"]) if owner else frozenset()
    # (or a pronoun for it: '…, so it gets weaker the further …')
    return bool(asked) and any(judge_stems(m["what"]) & asked or
                               m["what"].split()[0].lower() in {"it", "they"}
                               for m in _SO_THEN.finditer(sentence))


# 'Why is printer ink so expensive?' is answered by how its price is made: what sells cheaply,
# where the money is made
_ASKS_WHY_PRICED = re.compile(r"^why\b.*\b(?:expensive|cheap|costly|pricey|dear|overpriced|"
                              r"affordable)\b", re.IGNORECASE)
_MONEY_TALK = re.compile(r"\b(?:prices?|priced|pricing|cost|costs|costly|money|profits?|"
                         r"profitable|margins?|cheaply|subsidi[sz]\w*|tax|taxes|taxed|fees?|"
                         r"mark-?ups?|marked up|charges?|charged)\b", re.IGNORECASE)


def _says_how_the_price_is_made(question: str, sentence: str) -> bool:
    return bool(_ASKS_WHY_PRICED.search(question.strip()) and _MONEY_TALK.search(sentence))


# 'Why does my dishwasher need salt?': why a thing is needed is told by what it does
# (or put on, added, spread or given: 'Why do councils put salt on roads?' is answered by
# what the salt does)
_WHY_NEEDED = re.compile(r"^why (?:does|do|did|would|should|must) (?P<who>.+?) (?:need|needs|"
                         r"require|requires|use|uses|have|put|puts|add|adds|spread|spreads|apply|"
                         r"applies|give|gives|wear|wears) (?P<what>.+?)\s*\?*$", re.IGNORECASE)


def _what_the_needed_thing_does(question: str, sentence: str) -> bool:
    """The sentence's subject is the thing a why-question asks is needed, and it says what
    that thing does: 'Dishwasher salt softens the water …' to 'Why does my dishwasher need
    salt?'."""
    match = _WHY_NEEDED.match(" ".join(question.split()))
    subject = subject_of(sentence)
    if not match or not subject:
        return False
    named, needed = judge_stems(subject), judge_stems(match["what"])
    return bool(named & needed) and named <= needed | judge_stems(match["who"]) and \
        _does_something(sentence)


# a cause, then what it brings about: '… which causes the itching', 'makes the bite itch'
_BRINGS_ABOUT = re.compile(r"\b(?:causes?|caused|causing|leads? to|led to|results? in|resulted in|"
                           r"makes?|made|triggers?|triggered|gives?|gave|is why|are why|"
                           # what a deposit becomes: '…, which builds up as limescale flakes'
                           r"builds? up (?:as|in|into)|built up (?:as|in|into)|turns? into|"
                           # ('… enzymes that turn the skin brown')
                           r"turned into|(?:turns?|turned|turning)(?=\s+(?:the|its|their|it|"
                           r"them|your)\b))\s+"
                           r"(?P<what>(?:[\w'-]+\s+){0,3}[\w'-]+)", re.IGNORECASE)


# what a cause lets a thing do, or keeps it from doing: '…, which lets them roar but not purr'
# to 'Why can't lions purr?'
_LETS_OR_STOPS = re.compile(r"\b(?:lets?|letting|allows?|allowed|allowing|enables?|enabled|"
                            r"stops?|stopped|stopping|prevents?|prevented|preventing)\s+"
                            r"(?P<what>(?:[\w'-]+\s+){0,5}[\w'-]+)", re.IGNORECASE)


def _causes_the_asked(asked: frozenset[str], sentence: str) -> bool:
    """The sentence says what brings about the very thing a why-question asks about (`asked`:
    its predicate's stems): its verb or adjective within a few words after 'causes', 'makes',
    'leads to' …, or what lets it happen or stops it ('which lets them roar but not purr')."""
    # (read in the common words too: '… and makes them water' of the eyes makes them cry)
    return bool(asked) and any(judge_stems(m["what"]) & asked
                               for text in {sentence, paraphrased(sentence)}
                               for pattern in (_BRINGS_ABOUT, _LETS_OR_STOPS)
                               for m in pattern.finditer(text))


# words that can only give a cause
_STRONG_CAUSE = re.compile(r"\b(?:because|due to|owing to|caused by|causes?|comes? from|came from|"
                           r"triggers?|triggered|triggering|"
                           r"(?:set|sets|setting|bring|brings|brought|bringing) (?:them|it|this|"
                           r"these) (?:off|on)|"
                           r"results? from|resulted from|the result of|stems? from|stemmed from|"
                           r"arises? from|arose from|(?:is|are) down to|reasons?)\b|"
                           # a mechanism and what it leads to: 'The cold slows the chemical
                           # reactions in the battery, so it gives out less power'
                           r"\b(?:slows?|slowed|weakens?|weakened|drains?|drained|reduces?|"
                           r"reduced|lowers?|lowered|damages?|damaged)\b[^.;]{3,80}?,?\s+so\b",
                           re.IGNORECASE)
# a share in a cause: 'The Sun's gravity also plays a smaller part', 'Stress contributes'
_A_PART = r"\bplays?\s+(?:(?:an?|the)\s+)?(?:[\w-]+\s+)?(?:part|role)\b"
_A_PART_IN_IT = re.compile(rf"{_A_PART}|\bcontribut\w*|\bresponsible for\b", re.IGNORECASE)
# ('Grass pollen plays the largest part.' leaves what it plays a part in to the question)
_A_PART_LEFT_TO_THE_QUESTION = re.compile(rf"{_A_PART}(?!\s+in\b)", re.IGNORECASE)


def says_a_cause(sentence: str) -> bool:
    """The sentence names a cause, or a share in one, in words that can only say so."""
    return bool(_STRONG_CAUSE.search(sentence) or _A_PART_IN_IT.search(sentence))


# a reply that opens with its cause ('Because …', 'Due to …', "It's because …")
_HEDGE = (r"(?:usually|often|mostly|mainly|largely|partly|probably|likely|most likely|"
          r"typically|generally|normally|commonly|most often|most commonly)")
_OPENS_WITH_A_CAUSE = re.compile(rf"(?:{_HEDGE},?\s+(?:the|a|an|its|your|their)\s+(?:[\w-]+\s+)"
                                 r"{1,3}(?:is|are|has|have|was|were)\b)|"
                                 # 'Usually the battery is running low.': a hedged state
                                 rf"(?:(?:it|this|that)(?:['’]s| is| was)\s+)?(?:{_HEDGE}\s+)?"
                                 r"(?:because|due to|owing to|thanks to)\b|"
                                 # 'It is often interference from other networks.': the
                                 # cause named after a hedged 'it is'
                                 rf"(?:it|this|that)(?:['’]s| is| was)\s+{_HEDGE}\s+(?!a\s+"
                                 r"(?:good|bad)\b)[a-z]|"
                                 # 'It's an optical illusion: …': what kind of thing it is
                                 # says why it happens
                                 r"(?:it|this|that)(?:['’]s| is)\s+(?:just\s+|simply\s+|only\s+)?"
                                 r"(?:an?\s+)?(?:[\w-]+\s+)?(?:illusion|trick of the (?:light|"
                                 r"eye|mind)|reflex)\b", re.IGNORECASE)
# 'A smoke alarm that chirps every few minutes usually has a low battery.': the question's
# case restated as the subject, then what it has or is
_RESTATED_THEN_EXPLAINED = re.compile(
    r"^(?:an?|the|your)\s+(?P<thing>[\w -]{1,40}?)\s+(?:that|which|who)\s+(?P<doing>[^,.;]{3,60}?)"
    rf"\s+(?:{_HEDGE}\s+)?(?:has|have|is|are|needs?|means)\b", re.IGNORECASE)


def _explains_the_restated(question: str, sentence: str) -> bool:
    """The sentence's subject restates what a why-question asks about (the thing and what it
    does), and the sentence goes on to what that thing has or is."""
    match = _RESTATED_THEN_EXPLAINED.match(sentence.strip())
    asked = judge_stems(question)
    return bool(match) and bool(judge_stems(match["thing"]) & asked) and \
        bool(judge_stems(match["doing"]) & asked)


_RESTATED_WHEN = re.compile(r"^(?P<head>[^,;:]{3,80}?)\s+(?:when|whenever|once|if)\s+\S",
                            re.IGNORECASE)


def _restated_when(question: str, sentence: str) -> bool:
    """The sentence restates what a why-question asks about, then says when it happens:
    'Honeybees swarm when a colony becomes crowded.' to 'Why do honeybees swarm?' (the
    circumstance is the reason given)."""
    match = _RESTATED_WHEN.match(sentence.strip())
    if not match:
        return False
    asked, head = judge_stems(question), judge_stems(match["head"])
    return bool(asked) and len(asked & head) >= min(2, len(asked)) and len(head - asked) <= 1


_GAINS = re.compile(rf"^(?P<head>[^,;:]{{3,80}}?)\s+(?:{_GAIN_VERBS})\b", re.IGNORECASE)


def _what_doing_it_gains(question: str, sentence: str) -> bool:
    """'Geese fly in a V shape saves energy: …' (the reply's 'It saves energy', with its 'it'
    read as the asked deed) to 'Why do geese fly in a V shape?': what doing it gains."""
    match = _GAINS.match(sentence.strip())
    if not match or not question.strip().lower().startswith("why"):
        return False
    head, asked = judge_stems(match["head"]), judge_stems(question)
    return len(head & asked) >= 2 and len(head - asked) <= 1


# the circumstance a why-question ends with: '… slow in the evening?', '… wet after rain?'
_ASKED_CIRCUMSTANCE = re.compile(r"\b(?P<when>(?:in|at|on|during|after|before|in the|at the)\s+"
                                 r"(?:the\s+)?[a-z]+(?:\s+[a-z]+)?)\s*\?\s*$", re.IGNORECASE)


def _what_happens_then(question: str, sentence: str) -> bool:
    """'In the evening more people … are online at once, and that congests the network.' to
    'Why is my Wi-Fi slow in the evening?': the sentence opens with the circumstance the
    question names and says what happens then, which is the reason."""
    asked = _ASKED_CIRCUMSTANCE.search(question.strip())
    if not asked or not question.strip().lower().startswith("why"):
        return False
    when = asked["when"].lower()
    opening = sentence.strip().lower()
    rest = sentence.strip()[len(when):].strip(" ,")
    return opening.startswith(when) and (has_verb(rest) or present_after_subject(rest))


# words pointing back to the time a question names: 'By then the nest has stopped …'
_BACK_TO_THAT_TIME = re.compile(r"^(?:by then|by that time|by this time|by that point|"
                                r"at that (?:point|time|stage)|at this (?:point|stage)|"
                                r"at (?:that|this) time of (?:the )?year|around then),?\s+",
                                re.IGNORECASE)


def _a_cause_at_the_asked_time(question: str, sentence: str) -> bool:
    """'Why are wasps more aggressive in late summer?' 'By then the nest has stopped raising
    larvae, so the workers …': the sentence points back to the asked time and gives what
    happens then as a cause, though it repeats none of the question's words."""
    back = _BACK_TO_THAT_TIME.match(sentence.strip())
    return bool(back) and question.strip().lower().startswith("why") and \
        bool(_ASKED_CIRCUMSTANCE.search(question.strip())) and \
        bool(_REASON_A.search(sentence.strip()[back.end():]))


# 'The most common reason is old yeast.': a subject that only says it names the cause
_CAUSE_NOUNS = judge_stems("reason reasons cause causes culprit explanation factor main most "
                           "common usual likely likeliest primary biggest key commonest")


# a statement of what something is or does in general ('Bacteria are single-celled …')
_IN_GENERAL = re.compile(r"\b(?:is|are|has|have|can|cannot|do|does|don't|doesn't|need|needs|"
                         r"live|lives)\b", re.IGNORECASE)
# 'What happens to a pod when its node fails?' asks for an event: something done to it or by
# it ('The pod is deleted.', 'It moves to another node.')
_EVENT_Q = re.compile(r"^what (?:happens|happened|will happen|would happen) to\b", re.IGNORECASE)
_ONLY_SAYS_WHAT_IT_IS = re.compile(r"^[^,;]*?\b(?:is|are|was|were)\s+(?:not\s+)?(?:a|an|the|one "
                                   r"of|part of|made of)\b", re.IGNORECASE)
_DONE_TO = re.compile(r"\b(?:is|are|was|were|be|been|gets?|got)\s+(?:\w+ly\s+)?[a-z]{3,}(?:ed|"
                      r"en)\b", re.IGNORECASE)


_FRONTED_PHRASE = re.compile(r"^(?:in|during|for|at|on|with|through)\s+[^,]{1,40},\s+",
                             re.IGNORECASE)


def _does_something(sentence: str) -> bool:
    """What its subject does, not what it is or has ('Bees pollinate crops.', not 'Bees are
    insects.')."""
    return present_after_subject(sentence) and _word_after_subject(sentence)[0] not in _BEING


_BEING = frozenset({"is", "are", "was", "were", "has", "have", "had", "be", "been"})


# 'How is a rainbow formed?', 'How are diamonds made?', 'How does lightning happen?'
_COMING_ABOUT_VERBS = judge_stems("form make produce create cause generate happen occur "
                                  "develop")
# 'What causes the northern lights?', 'What makes a volcano erupt?'
_WHAT_BRINGS_IT_ABOUT = re.compile(r"^what (?:causes|caused|makes|made|produces|creates|"
                                   r"generates|triggers)\b", re.IGNORECASE)
_CLAUSE_OR_AND = re.compile(r",\s*|\s+and\s+|;\s*")
# 'Why does fog form in valleys overnight?': a why of how a thing comes about
_WHY_IT_COMES_ABOUT = re.compile(r"^why (?:does|do|did) .+? (?:form|forms|develop|happen|occur|"
                                 r"appear|build up)\b", re.IGNORECASE)
# an opening time phrase without its comma: 'On clear nights the ground …'
_FRONTED_TIME = re.compile(r"^(?:on|in|at|during)\s+(?:[\w-]+\s+){0,2}?(?:nights?|days?|"
                           r"mornings?|evenings?|winters?|summers?|weekends?)\s+(?=the\b|a\b|"
                           r"an\b)", re.IGNORECASE)


def tells_how_it_comes_about(question: str, sentence: str) -> bool:
    """A chain of events for a question on how something forms or is made, or on what
    causes it: 'Sunlight enters raindrops, where it is bent and split into colours, reflected
    off the back of each drop and sent back out.' to 'How is a rainbow formed?' (a subject
    doing something in the present, then at least one more step). It seldom names the thing
    the chain makes."""
    asks = bool(manner_verbs(question) & _COMING_ABOUT_VERBS) or \
        bool(_WHAT_BRINGS_IT_ABOUT.match(" ".join(question.split()))) or \
        bool(_WHY_IT_COMES_ABOUT.match(" ".join(question.split())))
    # ('On clear nights the ground cools fast, …': the chain after an opening phrase)
    sentence = _FRONTED_PHRASE.sub("", sentence) if asks else sentence
    sentence = _FRONTED_TIME.sub("", sentence) if asks else sentence
    return asks and present_after_subject(sentence) and \
        sum(has_verb(part) or _goes_on_doing(part) for part in _CLAUSE_OR_AND.split(sentence)) >= 2


def _goes_on_doing(part: str) -> bool:
    """A clause that goes on with the subject before it, in the present: 'carries it along',
    'give off light' (the subject's first verb counts too: 'Wind lifts loose sand'): a word
    that is no adverb nor participle, then a particle, an article or a pronoun."""
    tokens = [t.lower() for t in words(part)]
    return present_after_subject(part) or (
        len(tokens) > 1 and len(tokens[0]) > 2 and tokens[0].isalpha() and
        not tokens[0].endswith(("ss", "ly", "ing", "ed")) and
        tokens[0] not in STOPWORDS - _LIGHT_VERBS and tokens[1] in _AFTER_AN_IMPERATIVE)


# verbs among the stop words ('give off light', 'makes it rise')
_LIGHT_VERBS = frozenset({"give", "gives", "get", "gets", "take", "takes", "make", "makes",
                          "go", "goes", "come", "comes", "put", "puts", "keep", "keeps",
                          "set", "sets"})


def people_in_the_gap(question: str, sentence: str) -> bool:
    """A reply with no verb of its own that opens with a kind of people, to a question asking
    who may, must or gets something: 'People turning 65, those aged 70 to 79 …' to 'Who can
    get the shingles vaccine?' (not 'People often worry about side effects.')."""
    opening = (words(sentence) or [""])[0].lower()
    first = re.split(r",|\bwho\b|\bwhich\b", sentence)[0]
    return bool(ASKS_WHO_MAY.search(question)) and \
        opening in PEOPLE_WORDS | {"those", "all", "only"} and \
        bool(_WHICH_PEOPLE.search(first)) and \
        not has_verb(first) and not present_after_subject(first)


# what picks out which people: an age, a condition, where they live ('aged 70 to 79', 'turning
# 65', 'with a weakened immune system', 'living in the borough')
_WHICH_PEOPLE = re.compile(r"\d|\b(?:aged|over|under|with|without|living|born|whose|turning|"
                           r"holding|registered|resident)\b", re.IGNORECASE)


def present_after_subject(sentence: str) -> bool:
    """'It assigns a value …', 'The operator can shorten …': the word after the subject is a
    verb in the present (or a modal), so the sentence says what its subject does. A phrase
    set before the subject ('In photosynthesis, plants use …') is passed over."""
    word, token, before = _word_after_subject(sentence)
    if not word:
        return False
    # 'It assigns …', or a plain verb after a plural subject ('Plants use …')
    return bool(_PRESENT.match(word)) or (
        bool(before) and _plural_noun(before) and word.isalpha() and token.islower()
        and word not in NOT_PLAIN_VERBS and not word.endswith(("s", "ly", "ing", "ed")))


def _word_after_subject(sentence: str) -> tuple[str, str, str]:
    """(the word after the subject, lower-cased and as written, the subject's last word);
    empty strings where there is none."""
    sentence = _FRONTED_PHRASE.sub("", sentence.strip(), count=1)
    subject = subject_of(sentence)
    tokens = sentence.split()
    if subject is None and len(tokens) > 1 and _plural_noun(tokens[0]):
        subject = tokens[0]  # 'Vaccines expose …': a verb the subject rules do not know
    at = len(subject.split()) if subject else \
        int(bool(tokens) and tokens[0].lower() in PRONOUNS)
    if at >= len(tokens):
        return "", "", ""
    return tokens[at].lower().strip(","), tokens[at], tokens[at - 1] if at > 0 else ""


def _plural_noun(token: str) -> bool:
    word = token.lower().strip(",;")
    return word.isalpha() and plural_noun(word) and word not in PRONOUNS


def instructs(question: str, sentence: str) -> bool:
    """A step (`is_step`) for a 'how do I …' question; for a question on what to put, add or
    use, a step doing that (or, where it asks what not to, leaving it out)."""
    asked = " ".join(question.split())
    if _PROCEDURE_Q.match(asked):
        # (so does a means told as the subject: 'Chilling the onion … reduces the gas that
        # makes your eyes water' to 'How can I stop crying when I cut onions?')
        return is_step(sentence) or bool(_A_MEANS_THAT_WORKS.match(sentence.strip()))
    what = _WHAT_TO_DO_WITH_Q.match(asked)
    return bool(what) and is_step(sentence) and (
        bool(judge_stems(what["verb"]) & judge_stems(sentence)) or
        bool(what["denied"] and _LEAVE_OUT.search(sentence)))


_A_MEANS_THAT_WORKS = re.compile(r"^[A-Z]?[a-z]+ing\b[^.;:]{0,120}?\b(?:both\s+|also\s+|can\s+|"
                                 r"will\s+|often\s+|usually\s+)*(?:reduces?|helps?|prevents?|"
                                 r"stops?|cuts?|eases?|relieves?|fix(?:es)?|removes?|clears?|"
                                 r"works?)\b")


# 'What shouldn't I put in my compost bin?' 'Leave out meat …'; 'What can I feed hedgehogs?'
# 'Give them cat food.'
_WHAT_TO_DO_WITH_Q = re.compile(r"^what (?:(?P<denied>shouldn['’]t|should not|can['’]t|cannot|"
                                r"mustn['’]t|don['’]t)|should|can|must|do) (?:i|you|we|one) "
                                r"(?P<verb>put|add|use|feed|give|eat|drink|bring|pack|wear|take|"
                                r"keep|store|plant)\b", re.IGNORECASE)
_LEAVE_OUT = re.compile(r"\b(?:leave|keep|leaving|keeping)\s+(?:[\w-]+\s+){0,3}?(?:out|away)\b|"
                        r"\bavoid\b|\b(?:do not|don['’]t|never)\b", re.IGNORECASE)


def is_step(sentence: str) -> bool:
    """The sentence opens with a verb telling the reader what to do ('Click …', 'First, open
    …', 'Then rinse …', 'To reset it, go to …'), or tells it after its reason ('It comes
    from condensation, so keep the humidity down: …')."""
    if _opens_with_a_step(sentence):
        return True
    after = _STEP_AFTER_ITS_REASON.search(sentence)
    return bool(after) and _opens_with_a_step(sentence[after.end():])


# where a step follows what it is for: '…, so keep the humidity down', '…: run the fan'
_STEP_AFTER_ITS_REASON = re.compile(r",\s+so\s+|:\s+")


def _opens_with_a_step(sentence: str) -> bool:
    # (a step after when or whether to take it: 'After washing your hands, grip it …',
    # 'Once it has cooled, wipe it down.')
    text = re.sub(r"^(?:(?:first|then|next|finally|simply|just|please|now|lastly|"
                  r"afterwards),?\s+|to [^,]+,\s*|(?:after|once|when|before|as soon as|if|"
                  r"whenever|while)\s+[^,]{3,80},\s*)", "", sentence.strip(), flags=re.IGNORECASE)
    # 'You can call …', 'You need to register …', 'You can also try …': a step told to the
    # reader
    text = re.sub(r"^you (?:can|could|should|may|must|need to|have to|will need to)\s+"
                  r"(?:also\s+|always\s+|first\s+)?", "", text, flags=re.IGNORECASE)
    # a step not to take is a step too: "Don't put it in the fridge."
    text = re.sub(r"^(?:don['’]t|do not|never)\s+", "", text, flags=re.IGNORECASE)
    tokens = [t.strip("\"'“‘(,").lower() for t in text.split()]
    first = (tokens or [""])[0]
    # ('Half-fill it …', 'Pre-heat the oven …', 'Re-pot it …': a verb with a prefix)
    first = _VERB_PREFIX.sub("", first) if _VERB_PREFIX.match(first) else first
    if (len(tokens) > 1 and tokens[1] in _NOT_AFTER_AN_IMPERATIVE) or \
            (len(tokens) > 2 and tokens[2] in _BE_OR_HAVE):
        return False  # 'Exercise is …', 'Drink prices have gone up.'
    # a verb the list lacks, known by what follows it ('Lower the screen brightness', 'Switch
    # off …'): a plain word, then an article, a possessive or a particle
    return first in _INSTRUCTION_VERBS or (
        len(tokens) > 1 and first.isalpha() and first not in STOPWORDS and
        not first.endswith(("s", "ed", "ing", "ly")) and tokens[1] in _AFTER_AN_IMPERATIVE) or \
        _step_after_a_time(tokens)


_VERB_PREFIX = re.compile(r"^(?:half|pre|re|over|under|double|part)-(?=[a-z]{3,}$)")


# 'On the first day avoid long naps', 'In winter water it less often': a phrase of when, then
# the step (without a comma between them)
_OPENS_WITH_WHEN = frozenset({"on", "in", "at", "during", "before", "after", "for", "within",
                              "every", "each", "once"})


def _step_after_a_time(tokens: list[str]) -> bool:
    """A known step verb within the first few words after an opening phrase of when, not
    right after an article or a preposition ('In the evening the heat …' is no step)."""
    if not tokens or tokens[0] not in _OPENS_WITH_WHEN:
        return False
    return any(t in _INSTRUCTION_VERBS and tokens[i - 1] not in STOPWORDS and
               (i + 1 >= len(tokens) or tokens[i + 1] not in _NOT_AFTER_AN_IMPERATIVE)
               for i, t in enumerate(tokens[2:7], 2))


# 'Why does my espresso taste sour?', 'Why won't our car start?': the asker's own trouble
# ('What happens if I put petrol in a diesel car?': the asker's own mishap, which what to do
# about it answers in part: 'Do not start the engine.')
_OWN_TROUBLE_Q = re.compile(r"^why\b.*\b(?:my|our)\b|^what (?:happens|will happen|would happen) "
                            r"(?:if|when) (?:i|we|you|my|our)\b", re.IGNORECASE)
# what a remedy says it does to the trouble
_REMEDY = re.compile(r"\b(?:helps?|reduces?|prevents?|fix(?:es)?|stops?|solves?|cures?|"
                     r"removes?|clears?|eases?|relieves?|soothes?|calms?|protects?)\b",
                     re.IGNORECASE)


def remedy(question: str, sentence: str) -> bool:
    """A remedy for the trouble a 'Why does my …?' question asks about: a step told to the
    reader ('Try a finer grind.') or what helps against it ('Using rinse aid helps.'); for a
    'How can I …?' question, what helps toward its goal ('Switching off location services
    helps too.'); for a permission question, a step on what it names (what to do instead)."""
    asked = " ".join(question.split())
    if _PROCEDURE_Q.match(asked):
        return bool(_REMEDY.search(sentence))
    if _PERMISSION_Q.match(asked) and is_step(sentence) and \
            judge_stems(sentence) & judge_stems(asked):
        return True  # 'Can I put batteries in my bin?' 'Take them to a battery collection point.'
    if _ADVICE_Q.match(asked) and is_step(sentence) and _A_STEP_ON_IT.match(sentence.strip()):
        return True  # 'Should I pop a blister?' 'Just cover it with a plaster …': what to do

    if not _OWN_TROUBLE_Q.match(asked):
        return False
    return is_step(sentence) or bool(_REMEDY.search(sentence))


# 'Should I pop a blister?': advice on a deed, to which a step on the thing is an answer
_ADVICE_Q = re.compile(r"^should (?:i|we|you)\b", re.IGNORECASE)
_A_STEP_ON_IT = re.compile(r"^(?:(?:just|simply|instead|rather)\s*,?\s+)?[a-z]+\s+(?:it|them)\b",
                           re.IGNORECASE)


# a question about what the asker may do or get: 'Can I bring a guest?', 'How many days a
# week can I work from home?', 'Do I need a visa …?'
_PERMISSION_Q = re.compile(r"^(?:can|may|could|must|do|does|am|are|is)\s+(?:i|we|you|my|our)\b|"
                           r"\b(?:can|may|must) (?:i|we)\b", re.IGNORECASE)
# a rule a sentence lays down: what someone must, may only or may not do, or may do
_A_RULE = re.compile(
    r"\b(?:must|cannot|can['’]t|may not|have to|has to|need to|needs to|is required|are "
    r"required|(?:is|are) not (?:allowed|permitted)|(?:is|are) (?:only )?(?:allowed|permitted)|"
    r"can only|may only|only if|unless|reserved for|limited to)\b|"
    # what doing it costs: 'After that you would pay an early termination charge'
    r"\b(?:would|will) (?:have to )?(?:pay|be charged|lose|forfeit)\b|\bmeans paying\b|"
    # someone who may: 'Standard members can buy a guest pass …'
    r"\b(?:you|members?|guests?|staff|employees?|visitors?|customers?|passengers?|children|"
    r"students?|residents?|patients?|users?|holders?|owners?|drivers?|riders?|travell?ers?|"
    r"adults?|tenants?)\b[^.;]{0,30}?\b(?:can|may)\b", re.IGNORECASE)
# the words of the rule itself, which say nothing of what it is about
_RULE_STEMS = judge_stems("need needs required require allowed allow permitted may must can")


def condition_on_the_act(question: str, sentence: str) -> bool:
    """A rule on what a permission question asks to do ('How many days a week can I work from
    home?' 'Staff in their probation period must work in the office.'; 'Can I bring a guest to
    the gym?' 'Standard members can buy a guest pass for 10 dollars.'): not the answer, yet
    needed to give it. The rule must name something the question asks about beyond its own
    words of permission."""
    asked = " ".join(question.split())
    if not _PERMISSION_Q.search(asked) or not _A_RULE.search(sentence):
        return False
    focus = question_focus(asked)
    # (the thing the question is about is no act: 'Is the museum free to enter?' asks about
    # entering; the asker is no thing: 'Can I bring a guest?')
    thing = judge_stems(focus) if focus and focus.split()[0].lower() not in PRONOUNS | \
        {"i", "we", "you"} else frozenset()
    named = judge_stems(asked) - _RULE_STEMS - thing
    return bool(named & judge_stems(sentence))


_AFTER_AN_IMPERATIVE = frozenset({"the", "your", "a", "an", "any", "all", "off", "on", "up",
                                  "down", "out", "it", "them", "this", "these", "its", "every"})


def _defines(question: str, sentence: str, context: frozenset[str]) -> bool:
    """The words before the sentence's first defining verb name the thing asked about (or are
    a pronoun standing for it): 'Theranostics, also known as …, is a field …'."""
    match = _DEFINITION_Q.match(" ".join(question.split()).rstrip("?").strip())
    thing = judge_stems(match.group("thing")) if match else frozenset()
    if not thing:
        return True
    verb = _DEFINE_A.search(sentence)
    if verb is None:
        return False
    head = sentence[:verb.start()]
    first = head.split()[0].lower().strip(",") if head.split() else ""
    # a pronoun with nothing before it to stand for stands for what was asked ('What is
    # the Tarn festival?' 'It is a folk music festival …')
    return bool(judge_stems(head) & thing) or \
        (first in PRONOUNS and (not context or bool(context & thing)))
