"""A block longer than two pysbd windows is split in windows with the same sentences."""

from __future__ import annotations

import ragvet.text as T

PIECES = ["Dr. Smith met Mr. Jones at 5 p.m. on Jan. 3 in the U.S. capital.",
          'He said "the bridge (built c. 1896) is 2.5 km long."',
          "The firm, e.g. Acme Inc., paid $3.5 million!",
          "Was it worth it?",
          "Item no. 7 was sold for approx. 40 euros."]


def _block(chars: int) -> str:
    out, k = [], 0
    while sum(len(p) + 1 for p in out) < chars:
        out.append(PIECES[k % len(PIECES)].replace("Smith", f"Smith{k}"))
        k += 1
    return " ".join(out)


def test_a_long_block_splits_into_the_same_sentences_as_in_one_piece():
    block = _block(3 * T.PYSBD_WINDOW)
    assert len(block) > 2 * T.PYSBD_WINDOW
    windowed = T.sentences(block)
    whole = T._join_circa(T._pysbd_whole(block, "en"))
    assert list(windowed) == whole
    assert len(whole) > 150 and " ".join(windowed) == block


def test_a_block_within_two_windows_goes_to_pysbd_whole(monkeypatch):
    seen = []
    monkeypatch.setattr(T, "_pysbd_whole", lambda b, lang: seen.append(b) or [b])
    block = _block(T.PYSBD_WINDOW)
    T._block_sentences(block, "en")
    assert seen == [block]
    seen.clear()
    T._block_sentences(_block(2 * T.PYSBD_WINDOW + 100), "en")
    assert len(seen) > 2 and all(len(b) <= T.PYSBD_WINDOW for b in seen)
