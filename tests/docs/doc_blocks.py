"""Every fenced code block of README.md and docs/**/*.md, read with the directives that say
how the doc tests execute it.

The convention (what a writer puts in the Markdown):

- The info string says what a block is: ``python``, ``console`` (``$ command`` lines, each
  followed by the output it prints, if shown), ``bash`` (commands only), ``text`` (output,
  a diagram or a synopsis; a directive says which), ``toml``/``yaml``/``json``/``jsonl``
  (data, parsed and validated by the code that reads it). A block without an info string
  fails the tests.
- Directives are HTML comments right before the block's fence (blank lines between are
  allowed), invisible on the site and on GitHub::

      <!-- doc-test: output-of ragvet show latest --record q1 -->

  One directive per comment, any number of comments. The keys:

  ``output-of CMD``   a text block: the output of CMD, run in the page's workspace
  ``prints``          a text block: what the python block just before it prints (the
                      prose line ``prints`` between the two blocks means the same)
  ``excerpt``         the shown output is trimmed: its lines must appear, in order, in
                      the real output (nothing else is loosened)
  ``setup SHELL``     commands run (hidden) in the page's workspace before the block
  ``python-setup CODE``  code run (hidden) before a python block's own code
  ``python-after CODE``  code run (hidden) after a python block's own code, to check what
                      it defined
  ``continues``       a python block that goes on from the page's earlier python blocks
  ``env NAME``        the block needs a local stand-in: ``llm-replay`` (the test suite's
                      OpenAI-compatible replay server), ``postgres`` (127.0.0.1:5432 db test),
                      ``mariadb`` (127.0.0.1:3306, a fresh database ragvet_docs),
                      ``plugin-demo`` (tests/fixtures' demo plugin on the path, entry points
                      and all)
  ``synopsis ragvet CMD``  a usage synopsis: its command exists and every ``--option``
                      it names is in that command's ``--help``
  ``diagram``         a text diagram: every module path it names exists
  ``same-as PATH``    the block is a copy of (a contiguous part of) a file of the repository,
                      which other tests execute
  ``validate KIND``   a data block: which reader validates it (see test_doc_blocks.VALIDATORS)
  ``save-as FILE``    a data block is also written to FILE in the workspace, for the
                      commands after it
  ``exit-code N``     the commands of the block exit with N (0 when not said)
  ``not-run REASON``  nothing can run it here; the reason is required, and a test keeps
                      these few

Each page runs in its own workspace (a temporary folder holding a copy of ``examples/``),
its blocks in order, so a later block sees the files an earlier one wrote.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

KINDS = {"python", "console", "bash", "text", "toml", "yaml", "json", "jsonl"}
DIRECTIVE_KEYS = {"output-of", "prints", "excerpt", "setup", "python-setup", "continues", "env",
                  "synopsis", "diagram", "same-as", "validate", "save-as", "exit-code",
                  "python-after",
                  "not-run"}
FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>```+|~~~+)\s*(?P<info>[^\s`]*)[^`]*$")
DIRECTIVE = re.compile(r"<!--\s*doc-test:\s*(?P<key>[a-z-]+)(?:[ \t]+|\n|(?=-->))"
                       r"(?P<value>.*?)\s*-->", re.S)
COMMENTS_AT_END = re.compile(r"(?:\s*<!--.*?-->)+\s*\Z", re.S)


@dataclass(frozen=True)
class Block:
    page: str             # path relative to the repository root
    line: int             # 1-based line of the opening fence
    kind: str             # the info string's first word ('' when none)
    body: str             # the text between the fences, indentation removed
    directives: tuple[tuple[str, str], ...] = ()
    prose_before: str = ""  # the text between the previous block and this one

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"

    def has(self, key: str) -> bool:
        return any(k == key for k, _ in self.directives)

    def value(self, key: str) -> str | None:
        return next((v for k, v in self.directives if k == key), None)

    def values(self, key: str) -> list[str]:
        return [v for k, v in self.directives if k == key]

    @property
    def prints(self) -> bool:
        """A text block showing what the python block before it prints."""
        last = [line.strip() for line in self.prose_before.splitlines() if line.strip()
                and not line.strip().startswith("<!--")]
        return self.has("prints") or (bool(last) and last[-1] in {"prints", "prints:"})


@dataclass
class Page:
    path: str
    blocks: list[Block] = field(default_factory=list)


def doc_pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def directives_before(prose: str) -> tuple[tuple[str, str], ...]:
    tail = COMMENTS_AT_END.search(prose)
    if not tail:
        return ()
    return tuple((m["key"], m["value"].strip()) for m in DIRECTIVE.finditer(tail.group(0)))


def read_page(path: Path) -> Page:
    rel = path.relative_to(ROOT).as_posix()
    page = Page(rel)
    lines = path.read_text().splitlines()
    prose: list[str] = []
    i = 0
    while i < len(lines):
        match = FENCE.match(lines[i])
        if not match:
            prose.append(lines[i])
            i += 1
            continue
        indent, fence, start = len(match["indent"]), match["fence"], i
        body: list[str] = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(fence):
            line = lines[i]
            body.append(line[indent:] if not line[:indent].strip() else line.lstrip())
            i += 1
        text = "\n".join(prose)
        page.blocks.append(Block(rel, start + 1, match["info"].lower(), "\n".join(body) + "\n",
                                 directives_before(text), text))
        prose = []
        i += 1
    return page


def all_blocks() -> list[Block]:
    return [block for path in doc_pages() for block in read_page(path).blocks]


def _index(block: Block, blocks: list[Block]) -> int:
    """The block's place on its page as read now (found by its text: lines may have moved)."""
    same = [i for i, b in enumerate(blocks) if b.body == block.body and b.kind == block.kind]
    assert same, f"{block.id} is no longer on its page"
    return min(same, key=lambda i: abs(blocks[i].line - block.line))


def block_after(block: Block) -> Block | None:
    blocks = read_page(ROOT / block.page).blocks
    index = _index(block, blocks)
    return blocks[index + 1] if index + 1 < len(blocks) else None


def blocks_before(block: Block) -> list[Block]:
    blocks = read_page(ROOT / block.page).blocks
    return blocks[:_index(block, blocks)]


# --- console sessions ---------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    command: str
    output: str | None  # None: the doc shows no output for it


def join_continuations(lines: list[str]) -> list[str]:
    joined: list[str] = []
    for line in lines:
        if joined and joined[-1].endswith("\\"):
            joined[-1] = joined[-1][:-1].rstrip() + " " + line.strip()
        else:
            joined.append(line)
    return joined


def console_steps(body: str) -> list[Step]:
    """`$ command` lines (continued with a trailing backslash) and the lines each prints."""
    steps: list[tuple[str, list[str]]] = []
    lines = body.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("$ "):
            command = line[2:]
            while command.endswith("\\") and i + 1 < len(lines):
                i += 1
                command = command[:-1].rstrip() + " " + lines[i].strip()
            steps.append((command, []))
        elif steps:
            steps[-1][1].append(line)
        else:
            raise ValueError(f"console block starts with output, not a '$ ' line: {line!r}")
        i += 1
    return [Step(cmd, "\n".join(out) if any(x.strip() for x in out) else None)
            for cmd, out in steps]


def bash_commands(body: str) -> list[str]:
    """The commands of a bash block, continuation lines joined; comment-only lines dropped."""
    return [line for line in join_continuations(body.splitlines())
            if line.strip() and not line.strip().startswith("#")]


def without_comment(command: str) -> str:
    """The command less a trailing `# …` comment (one outside quotes)."""
    quote = None
    for i, char in enumerate(command):
        if char in "'\"" and quote in (None, char):
            quote = None if quote else char
        elif char == "#" and quote is None and (i == 0 or command[i - 1].isspace()):
            return command[:i].rstrip()
    return command.rstrip()


# --- comparing output ----------------------------------------------------------------------

# Each normaliser names one volatile part of real output and the placeholder it becomes, in
# the real output and in the doc alike. Nothing else is ignored.
NORMALISERS: list[tuple[str, re.Pattern[str], str]] = [
    ("run id", re.compile(r"\b\d{8}-\d{6}-[0-9a-f]{6}\b"), "<run-id>"),
    ("run start time", re.compile(r"\b\d{4}-\d\d-\d\d[ T]\d\d:\d\d(?::\d\d(?:\.\d+)?)?"
                                  r"(?:\+00:00|Z)?"), "<time>"),
    ("progress bar (stderr, redrawn on a terminal)",
     re.compile(r"^Evaluating [━╸╺ ]+\s*\d+/\d+ errors: \d+ \d+:\d\d:\d\d\n?", re.M), ""),
    ("workspace path", re.compile(r"/tmp/\S*?/doc-ws-[^/\s]+/"), ""),
]


def normalise(text: str) -> list[str]:
    for _name, pattern, placeholder in NORMALISERS:
        text = pattern.sub(placeholder, text)
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def is_excerpt(shown: list[str], real: list[str]) -> bool:
    """Every shown line appears in the real output, in order."""
    position = 0
    for line in shown:
        try:
            position = real.index(line, position) + 1
        except ValueError:
            return False
    return True
