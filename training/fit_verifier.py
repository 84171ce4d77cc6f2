"""Fine-tune the grounding verifier (a one-logit cross-encoder) from all-MiniLM-L6-v2.

Needs a GPU for useful weights (a CPU run of a session's length stays near chance). Runs with
torch, transformers and safetensors alone, so that it works on a bare GPU machine that has no
ragvet environment:

    # here: the starting weights (fp16) and the training pairs, into .verifier/
    PYTHONPATH=src python -m training.fit_verifier prepare
    PYTHONPATH=src python -m training.verifier_data --out .verifier/train.jsonl.gz
    # on the GPU machine (the folder .verifier travels with the working tree):
    python3 training/fit_verifier.py train --folder .verifier --out $OUT
    # here: join the shards into the shipped weights
    PYTHONPATH=src python -m training.fit_verifier join --shards OUTDIR

Recipe: `[CLS] claim [SEP] evidence [SEP]`, max 256 tokens (only the evidence truncated), BCE on
one logit, AdamW (lr 5e-5, weight decay 0.01), 6 % linear warm-up then linear decay, batch 32,
batches grouped by length, bf16 autocast on the GPU. Every variant in VARIANTS is trained with
the same seed; the one with the best mean AUC on the held-out tuning pairs (`split == "val"`)
is written out. A file of measurement pairs, if given, is only scored, never trained on or
used to choose.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import sys
import time
from pathlib import Path

SEED = 13
MAX_TOKENS = 256
MAX_CLAIM_WORDS = 100
VERIFIER_SETS = ("halueval", "begin-dev", "wice-dev", "ares-nq")
ANSWERS_SETS = ("halueval", "ares-nq", "telcobench", "wikieval10")
# the answer finder (training/answers_data.py): the sentence encoder's embeddings and lower
# three layers stay as they are, so only the upper half ships (about 11 MB)
ANSWERS = {"labelled_repeat": 1, "frozen_layers": 3, "choose_on": ANSWERS_SETS}
VARIANTS = {
    "base": {"lr": 5e-5, "epochs": 2, "labelled_repeat": 1},
    "more-labelled": {"lr": 5e-5, "epochs": 3, "labelled_repeat": 2},
    "gentle": {"lr": 3e-5, "epochs": 4, "labelled_repeat": 2},
    "answers-top3": {**ANSWERS, "lr": 5e-5, "epochs": 4},
    "answers-top3-fast": {**ANSWERS, "lr": 1e-4, "epochs": 5},
    "answers-top3-long": {**ANSWERS, "lr": 5e-5, "epochs": 8},
    # every layer trained, the word embeddings left as they are (they are half the weights,
    # and the sentence encoder's package holds them already)
    "answers-layers": {**ANSWERS, "lr": 5e-5, "epochs": 4, "frozen_layers": 0},
    "answers-layers-fast": {**ANSWERS, "lr": 1e-4, "epochs": 4, "frozen_layers": 0},
    # a reference only: every weight trained, too large to ship beside the verifier
    "answers-full": {**ANSWERS, "lr": 5e-5, "epochs": 4, "frozen_layers": None,
                     "shippable": False},
}
SHARDS = 4
CHUNK = 4_000_000  # elements: a tensor larger than this is saved in row chunks
CHUNK_MARK = ".__chunk"
TOKENIZER_FILES = ("tokenizer.json", "vocab.txt", "tokenizer_config.json",
                   "special_tokens_map.json")


def read_pairs(path: Path) -> list[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def clip_claim(claim: str) -> str:
    tokens = claim.split()
    return " ".join(tokens[:MAX_CLAIM_WORDS])


# ---- metrics (no sklearn needed) ----------------------------------------------------------

def auc(scores: list[float], labels: list[int]) -> float:
    pos = [s for s, y in zip(scores, labels, strict=True) if y]
    neg = [s for s, y in zip(scores, labels, strict=True) if not y]
    if not pos or not neg:
        return float("nan")
    ranked = sorted((s, i) for i, s in enumerate(scores))
    ranks = [0.0] * len(scores)
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and ranked[j + 1][0] == ranked[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[ranked[k][1]] = (i + j) / 2 + 1
        i = j + 1
    pos_ranks = sum(r for r, y in zip(ranks, labels, strict=True) if y)
    return (pos_ranks - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg))


def balanced_accuracy(scores: list[float], labels: list[int], threshold: float = 0.5) -> float:
    pos = [s >= threshold for s, y in zip(scores, labels, strict=True) if y]
    neg = [s < threshold for s, y in zip(scores, labels, strict=True) if not y]
    if not pos or not neg:
        return float("nan")
    return (sum(pos) / len(pos) + sum(neg) / len(neg)) / 2


# ---- here: starting weights -----------------------------------------------------------------

def prepare(folder: Path) -> None:
    """fp16 copy of the MiniLM encoder as a one-logit BERT classifier's starting point."""
    import shutil

    import torch
    from safetensors.torch import load_file, save_file
    from transformers import BertConfig

    from ragvet.judges.local.models import builtin_embedding_path

    source = builtin_embedding_path()
    folder.mkdir(parents=True, exist_ok=True)
    config = BertConfig.from_json_file(str(source / "config.json"))
    config.num_labels = 1
    config.architectures = ["BertForSequenceClassification"]
    config.problem_type = None
    (folder / "config.json").write_text(config.to_json_string(), encoding="utf-8")
    state = load_file(str(source / "model.safetensors"))
    state = {("bert." + k if not k.startswith("bert.") else k): v.to(torch.float16).contiguous()
             for k, v in state.items()}
    save_file(state, str(folder / "base.safetensors"))
    for name in TOKENIZER_FILES:
        shutil.copy(source / name, folder / name)
    print(f"wrote {folder}: {len(state)} tensors")


# ---- GPU: training ------------------------------------------------------------------------

def _encode(tokenizer, rows: list[dict]) -> list[list[int]]:
    enc = tokenizer([clip_claim(r["claim"]) for r in rows], [r["evidence"] or "." for r in rows],
                    truncation="longest_first", max_length=MAX_TOKENS)
    return [list(zip(a, b, strict=True))
            for a, b in zip(enc["input_ids"], enc["token_type_ids"], strict=True)]


def _batches(lengths: list[int], size: int, rng: random.Random) -> list[list[int]]:
    """Batches of similar length, in random order (chunks of 50 batches sorted inside)."""
    order = list(range(len(lengths)))
    rng.shuffle(order)
    out = []
    chunk = size * 50
    for start in range(0, len(order), chunk):
        part = sorted(order[start:start + chunk], key=lambda i: lengths[i])
        out += [part[i:i + size] for i in range(0, len(part), size)]
    rng.shuffle(out)
    return out


def _collate(encoded: list, idx: list[int], device):
    import torch

    width = max(len(encoded[i]) for i in idx)
    ids = torch.zeros((len(idx), width), dtype=torch.long)
    types = torch.zeros_like(ids)
    mask = torch.zeros_like(ids)
    for row, i in enumerate(idx):
        seq = encoded[i]
        ids[row, :len(seq)] = torch.tensor([a for a, _ in seq])
        types[row, :len(seq)] = torch.tensor([b for _, b in seq])
        mask[row, :len(seq)] = 1
    return (ids.to(device, non_blocking=True), types.to(device, non_blocking=True),
            mask.to(device, non_blocking=True))


def predict(model, encoded: list, device, batch: int = 256) -> list[float]:
    import torch

    order = sorted(range(len(encoded)), key=lambda i: len(encoded[i]))
    out = [0.0] * len(encoded)
    model.eval()
    with torch.inference_mode(), torch.autocast("cuda", dtype=torch.bfloat16,
                                                enabled=device.type == "cuda"):
        for start in range(0, len(order), batch):
            idx = order[start:start + batch]
            ids, types, mask = _collate(encoded, idx, device)
            logits = model(input_ids=ids, token_type_ids=types, attention_mask=mask).logits
            for i, v in zip(idx, logits[:, 0].float().cpu().tolist(), strict=True):
                out[i] = v
    model.train()
    return out


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x)) if x >= 0 else math.exp(x) / (1 + math.exp(x))


def scores_by(rows: list[dict], logits: list[float], key: str) -> dict[str, dict[str, float]]:
    groups: dict[str, list[int]] = {}
    for i, r in enumerate(rows):
        groups.setdefault(r[key], []).append(i)
    out = {}
    for name, idx in sorted(groups.items()):
        s = [_sigmoid(logits[i]) for i in idx]
        y = [int(rows[i]["label"] >= 0.5) for i in idx]
        out[name] = {"n": len(idx), "auc": round(auc(s, y), 4),
                     "balanced_accuracy": round(balanced_accuracy(s, y), 4)}
    return out


def train_one(name: str, settings: dict, folder: Path, train_rows, train_enc, val_rows, val_enc,
              log) -> tuple[object, dict]:
    import torch
    from safetensors.torch import load_file
    from transformers import BertConfig, BertForSequenceClassification

    random.seed(SEED)
    torch.manual_seed(SEED)
    torch.cuda.manual_seed_all(SEED)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    config = BertConfig.from_json_file(str(folder / "config.json"))
    model = BertForSequenceClassification(config)
    state = {k: v.float() for k, v in load_file(str(folder / "base.safetensors")).items()
             if not k.endswith("position_ids")}
    missing, unexpected = model.load_state_dict(state, strict=False)
    if unexpected or set(missing) - {"classifier.weight", "classifier.bias"}:
        raise SystemExit(f"base weights do not fit: missing {missing}, unused {unexpected}")
    log(f"[{name}] initialised; new: {missing}; unused: {unexpected}")
    frozen = frozen_names(model, settings.get("frozen_layers"))
    for n, p in model.named_parameters():
        p.requires_grad_(n not in frozen)
    log(f"[{name}] {len(frozen)} tensors frozen")
    model.to(device)
    index = [i for i, r in enumerate(train_rows)
             for _ in range(settings["labelled_repeat"] if r["kind"].startswith("labelled")
                            else 1)]
    lengths = [len(train_enc[i]) for i in index]
    labels = torch.tensor([float(r["label"]) for r in train_rows])
    rng = random.Random(SEED)
    steps_per_epoch = math.ceil(len(index) / 32)
    total = steps_per_epoch * settings["epochs"]
    warm = int(0.06 * total)
    plain = ("bias", "LayerNorm")
    trained = [(n, p) for n, p in model.named_parameters() if p.requires_grad]
    decay = [p for n, p in trained if not any(x in n for x in plain)]
    other = [p for n, p in trained if any(x in n for x in plain)]
    optimizer = torch.optim.AdamW([{"params": decay, "weight_decay": 0.01},
                                   {"params": other, "weight_decay": 0.0}], lr=settings["lr"])
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: s / max(1, warm) if s < warm
        else max(0.0, (total - s) / max(1, total - warm)))
    loss_fn = torch.nn.BCEWithLogitsLoss()
    model.train()
    step, started, history = 0, time.time(), []
    for epoch in range(settings["epochs"]):
        running = 0.0
        for b in _batches(lengths, 32, rng):
            idx = [index[i] for i in b]
            ids, types, mask = _collate(train_enc, idx, device)
            with torch.autocast("cuda", dtype=torch.bfloat16, enabled=device.type == "cuda"):
                logits = model(input_ids=ids, token_type_ids=types, attention_mask=mask).logits
            loss = loss_fn(logits[:, 0].float(), labels[idx].to(device))
            loss.backward()
            torch.nn.utils.clip_grad_norm_([p for _, p in trained], 1.0)
            optimizer.step()
            schedule.step()
            optimizer.zero_grad(set_to_none=True)
            running += float(loss)
            step += 1
            if step % 500 == 0:
                log(f"[{name}] step {step}/{total} loss {running / 500:.4f} "
                    f"{time.time() - started:.0f}s")
                running = 0.0
        val = scores_by(val_rows, predict(model, val_enc, device), "source")
        history.append(val)
        log(f"[{name}] epoch {epoch + 1} val {json.dumps(val)}")
    chosen_on = settings.get("choose_on", VERIFIER_SETS)
    labelled = [v["auc"] for k, v in history[-1].items() if k in chosen_on]
    summary = {"variant": name, **settings, "seconds": round(time.time() - started, 1),
               "val": history[-1], "val_mean_auc_labelled": round(sum(labelled) / len(labelled), 4)}
    return model, summary


def frozen_names(model, layers: int | None) -> set[str]:
    """The parameters left as they start: the embeddings and the first `layers` encoder
    layers (0: the embeddings alone; None: nothing)."""
    if layers is None:
        return set()
    lower = tuple(f"bert.encoder.layer.{i}." for i in range(layers))
    return {n for n, _ in model.named_parameters()
            if n.startswith("bert.embeddings.") or (layers and n.startswith(lower))}


def save_shards(model, out: Path, shards: int = SHARDS, leave_out: set[str] = frozenset()
                ) -> list[str]:
    import torch
    from safetensors.torch import save_file

    state = {}
    for k, v in model.state_dict().items():
        if k.endswith("position_ids") or k in leave_out:
            continue
        v = v.detach().to("cpu", torch.float16).contiguous()
        if v.numel() > CHUNK:  # the word embeddings alone exceed one returned file's limit
            for j, part in enumerate(torch.split(v, math.ceil(v.shape[0] * CHUNK / v.numel()))):
                state[f"{k}{CHUNK_MARK}{j:02d}"] = part.contiguous()
        else:
            state[k] = v
    names = sorted(state, key=lambda k: -state[k].numel())
    groups: list[dict] = [{} for _ in range(shards)]
    sizes = [0] * shards
    for k in names:
        j = sizes.index(min(sizes))
        groups[j][k] = state[k]
        sizes[j] += state[k].numel()
    files = []
    for j, group in enumerate(groups):
        path = out / f"verifier-{j + 1:02d}-of-{shards:02d}.safetensors"
        save_file(group, str(path))
        files.append(path.name)
    return files


def train(folder: Path, out: Path, variants: list[str], measure: Path | None,
          limit: int | None = None) -> None:
    import torch
    from transformers import AutoTokenizer

    out.mkdir(parents=True, exist_ok=True)
    log_file = (out / "fit.log").open("w", encoding="utf-8")

    def log(message: str) -> None:
        print(message, flush=True)
        log_file.write(message + "\n")
        log_file.flush()

    log(f"torch {torch.__version__}, cuda {torch.cuda.is_available()}")
    tokenizer = AutoTokenizer.from_pretrained(str(folder))
    rows = read_pairs(folder / "train.jsonl.gz")[:limit]
    train_rows = [r for r in rows if r["split"] == "train"]
    val_rows = [r for r in rows if r["split"] == "val"]
    started = time.time()
    train_enc, val_enc = _encode(tokenizer, train_rows), _encode(tokenizer, val_rows)
    measure_rows = (read_pairs(measure) if measure and measure.exists() else [])[:limit]
    measure_enc = _encode(tokenizer, measure_rows) if measure_rows else []
    log(f"{len(train_rows)} train / {len(val_rows)} val / {len(measure_rows)} measurement pairs "
        f"tokenised in {time.time() - started:.0f}s")
    best_summary: dict | None = None
    summaries: list[dict] = []
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    predictions: dict[str, dict] = {}
    for name in variants:
        model, summary = train_one(name, VARIANTS[name], folder, train_rows, train_enc,
                                   val_rows, val_enc, log)
        val_logits = predict(model, val_enc, device)
        predictions[name] = {"val": [round(x, 4) for x in val_logits]}
        if measure_rows:  # scored for the report only: never used to choose
            logits = predict(model, measure_enc, device)
            predictions[name]["measure"] = [round(x, 4) for x in logits]
            summary["measure"] = scores_by(measure_rows, logits, "set")
        summaries.append(summary)
        log(json.dumps(summary))
        score = summary["val_mean_auc_labelled"]
        shippable = VARIANTS[name].get("shippable", True)
        if shippable and (best_summary is None or (
                not math.isnan(score) and score > best_summary["val_mean_auc_labelled"])):
            best_summary = summary
            # written at once: a later variant may run out of time
            files = save_shards(model, out, leave_out=frozen_names(
                model, VARIANTS[name].get("frozen_layers")))
            log(f"[{name}] best so far; wrote {files}")
        del model
        torch.cuda.empty_cache()
        (out / "summary.json").write_text(json.dumps({"chosen": best_summary and
                                                      best_summary["variant"],
                                                      "variants": summaries}, indent=1),
                                          encoding="utf-8")
        with gzip.open(out / "predictions.json.gz", "wt", encoding="utf-8") as handle:
            json.dump(predictions, handle)
    log(f"chosen {best_summary and best_summary['variant']}")


def score(model_dir: Path, tokenizer_dir: Path, pairs_path: Path, out: Path) -> None:
    """Logits of shipped weights for (claim, evidence) pairs (the benchmark's judge pairs)."""
    import torch
    from safetensors.torch import load_file
    from transformers import AutoTokenizer, BertConfig, BertForSequenceClassification

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = BertForSequenceClassification(BertConfig.from_json_file(str(model_dir / "config.json")))
    state = {k: v.float() for k, v in load_file(str(model_dir / "model.safetensors")).items()}
    model.load_state_dict(state, strict=True)
    model.to(device)
    tokenizer = AutoTokenizer.from_pretrained(str(tokenizer_dir))
    rows = read_pairs(pairs_path)
    started = time.time()
    logits = predict(model, _encode(tokenizer, rows), device)
    print(f"{len(rows)} pairs scored in {time.time() - started:.1f}s")
    out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(out, "wt", encoding="utf-8") as handle:
        json.dump([round(x, 4) for x in logits], handle)


# ---- here: join the shards ----------------------------------------------------------------

def join(shards: Path, target: Path) -> None:
    import torch
    from safetensors.torch import load_file, save_file

    state: dict = {}
    for path in sorted(shards.glob("verifier-*-of-*.safetensors")):
        state.update(load_file(str(path)))
    chunked = sorted(k for k in state if CHUNK_MARK in k)
    for key in dict.fromkeys(k.split(CHUNK_MARK)[0] for k in chunked):
        parts = [k for k in chunked if k.split(CHUNK_MARK)[0] == key]
        state[key] = torch.cat([state.pop(k) for k in parts]).contiguous()
    target.mkdir(parents=True, exist_ok=True)
    save_file(state, str(target / "model.safetensors"), metadata={"format": "pt"})
    config = Path(".verifier/config.json")
    if config.exists():
        (target / "config.json").write_text(config.read_text(encoding="utf-8"), encoding="utf-8")
    print(f"{len(state)} tensors -> {target / 'model.safetensors'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--folder", type=Path, default=Path(".verifier"))
    t = sub.add_parser("train")
    t.add_argument("--folder", type=Path, default=Path(".verifier"))
    t.add_argument("--out", type=Path, required=True)
    t.add_argument("--variants", nargs="+", default=[v for v in VARIANTS
                                                     if not v.startswith("answers")],
                   choices=list(VARIANTS))
    t.add_argument("--limit", type=int, default=None, help="first N pairs only (smoke test)")
    t.add_argument("--measure", type=Path, default=None,
                   help="measurement pairs to score after training (never trained on)")
    j = sub.add_parser("join")
    j.add_argument("--shards", type=Path, required=True)
    j.add_argument("--target", type=Path,
                   default=Path("src/ragvet/judges/local/verifier_model"))
    c = sub.add_parser("score")
    c.add_argument("--model", type=Path, default=Path("src/ragvet/judges/local/verifier_model"))
    c.add_argument("--tokenizer", type=Path, default=Path(".verifier"))
    c.add_argument("--pairs", type=Path, required=True)
    c.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.command == "prepare":
        prepare(args.folder)
    elif args.command == "train":
        train(args.folder, args.out, args.variants, args.measure, args.limit)
    elif args.command == "score":
        score(args.model, args.tokenizer, args.pairs, args.out)
    else:
        join(args.shards, args.target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
