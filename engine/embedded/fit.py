"""Train the embedded model from a corpus: tokenizer, plans, examples, model, training loop, export."""

from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import torch

from engine.canvas import CanvasPlan, SlotStrategy, Strategy, compile_plan
from engine.embedded.data import ANSWERS_KEY, EXAMPLES_FORMAT, answer_counts, examples_from
from engine.embedded.model import build_config, schema_tokens
from engine.embedded.tokenizer import ABSENT_TOKEN, NULL_TOKEN, build_tokenizer, pointer_token
from engine.embedded.train import Trainer, TrainSettings

__all__ = ["fit", "plans_for"]

logger = logging.getLogger(__name__)


def plans_for(tokenizer: Any, targets: dict[str, type], canvas_length: int) -> dict[str, CanvasPlan]:
    """POINTER plans of every document type for the embedded tokenizer."""
    vocab = tokenizer.get_vocab()
    strategy = Strategy(kind=SlotStrategy.POINTER, null_id=vocab[NULL_TOKEN], filler_id=vocab[ABSENT_TOKEN])
    return {name: compile_plan(t, tokenizer, canvas_length=canvas_length, strategy=strategy)
            for name, t in targets.items()}


def examples_fingerprint(tokenizer: Any, train_docs: Sequence[Any], held_out_docs: Sequence[Any], *,
                         n_pointers: int, seed: int, drafts: bool) -> str:
    """What built examples depend on: vocabulary, documents, pointer count, seed and whether drafts were made."""
    import hashlib

    h = hashlib.sha256()
    h.update(json.dumps(sorted(tokenizer.get_vocab().items())).encode())
    for docs in (train_docs, held_out_docs):
        h.update(json.dumps([[d.id, d.truth, len(d.words)] for d in docs], default=str).encode())
    h.update(f"{n_pointers}/{seed}/{drafts}/{EXAMPLES_FORMAT}".encode())
    return h.hexdigest()


def _examples(train_docs: Sequence[Any], held_out_docs: Sequence[Any], plans: dict[str, CanvasPlan], tokenizer: Any,
              settings: TrainSettings, n_pointers: int, cache: Path | None) -> tuple[list[Any], list[Any]]:
    """Training and held-out examples, from ``cache`` when it was built from the same inputs."""
    import pickle

    drafts = settings.draft_fraction > 0
    key = examples_fingerprint(tokenizer, train_docs, held_out_docs, n_pointers=n_pointers, seed=settings.seed,
                               drafts=drafts) if cache is not None else ""
    if cache is not None and cache.is_file():
        stored = pickle.loads(cache.read_bytes())
        if stored.get("fingerprint") == key:
            logger.info("examples from %s", cache)
            return stored["train"], stored["held_out"]
        logger.info("%s was built from other inputs: rebuilding", cache)
    draft_engine = None
    if drafts:
        from engine.registry import create_engine

        draft_engine = create_engine("baseline")
    train = examples_from(train_docs, plans, tokenizer, n_pointers=n_pointers, seed=settings.seed,
                          draft_engine=draft_engine)
    held = examples_from(held_out_docs, plans, tokenizer, n_pointers=n_pointers, seed=settings.seed + 1)
    if cache is not None:
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_bytes(pickle.dumps({"fingerprint": key, "train": train, "held_out": held}))
    return train, held


def fit(train_docs: Sequence[Any], held_out_docs: Sequence[Any], targets: dict[str, type], out: Path,
        settings: TrainSettings, *, n_pointers: int = 512, max_vocab_words: int = 4000,
        init_from: Path | None = None, examples_cache: Path | None = None) -> dict[str, Any]:
    """Train on ``train_docs`` and write the model to ``out/model``; returns the training summary.

    Docs are objects with ``id``, ``doc_type``, ``words`` and ``truth``. The tokenizer is built from the training
    documents' words only. Resumes from ``out/checkpoint`` when present.
    """
    random.seed(settings.seed)
    torch.manual_seed(settings.seed)
    out.mkdir(parents=True, exist_ok=True)
    checkpoint = out / "checkpoint"
    source = checkpoint if (checkpoint / "tokenizer.json").is_file() else init_from
    if source is not None and (source / "tokenizer.json").is_file():
        from transformers import PreTrainedTokenizerFast

        tokenizer = PreTrainedTokenizerFast.from_pretrained(str(source))
    else:
        tokenizer = build_tokenizer((w.text for d in train_docs for w in d.words),
                                    extra_tokens=schema_tokens(list(targets.values())),
                                    max_words=max_vocab_words, n_pointers=n_pointers)
    vocab = tokenizer.get_vocab()
    plans = plans_for(tokenizer, targets, settings.arch.canvas_length)
    t0 = time.perf_counter()
    train, held = _examples(train_docs, held_out_docs, plans, tokenizer, settings, n_pointers, examples_cache)
    logger.info("%d training and %d held-out examples built in %.1fs (vocabulary %d)", len(train), len(held),
                time.perf_counter() - t0, len(vocab))

    from engine.embedded.pointer_head import PointerDiffusionGemma

    first = vocab.get(pointer_token(0))
    if first is None or any(vocab.get(pointer_token(i)) != first + i for i in range(n_pointers)):
        raise ValueError("the pointer head needs the tokenizer's pointer tokens as one run of ids")
    config = build_config(settings.arch, len(vocab), pad_id=vocab["<pad>"], bos_id=vocab["<bos>"],
                          eos_id=vocab["<eos>"], boi_id=vocab["<boi>"], eoi_id=vocab["<eoi>"],
                          image_id=vocab["<image>"], pointer_first_id=first, pointer_count=n_pointers)
    if init_from is not None:
        # continue from an earlier run's weights (same tokenizer) with new settings
        model = PointerDiffusionGemma.from_pretrained(str(init_from))
    else:
        model = PointerDiffusionGemma(config)
    trainer = Trainer(model, tokenizer, train, held, settings, out)
    started = time.perf_counter()
    history = trainer.fit()
    seconds = time.perf_counter() - started
    final = out / "model"
    final.mkdir(parents=True, exist_ok=True)
    model.eval()
    model.save_pretrained(final)
    tokenizer.save_pretrained(final)
    params = sum(p.numel() for p in model.parameters())
    # a run continued from another model has also learnt that model's answers
    answers = answer_counts(train, tokenizer)
    earlier = init_from / "training.json" if init_from is not None else None
    if earlier is not None and earlier.is_file():
        for token, n in json.loads(earlier.read_text()).get(ANSWERS_KEY, {}).items():
            answers[token] = answers.get(token, 0) + int(n)
    summary = {
        "parameters": params,
        "vocabulary": len(vocab),
        "pointers": n_pointers,
        "train_documents": len(train_docs),
        "train_examples": len(train),
        "held_out_documents": len(held_out_docs),
        "steps": trainer.step,
        "train_seconds_this_run": round(seconds, 1),
        "init_from": str(init_from) if init_from else None,
        "device": str(trainer.device),
        "settings": settings.model_dump(mode="json"),
        "history": history,
        ANSWERS_KEY: dict(sorted(answers.items(), key=lambda kv: (-kv[1], kv[0]))),
    }
    (final / "training.json").write_text(json.dumps(summary, indent=2))
    return summary
