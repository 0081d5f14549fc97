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
from engine.embedded.data import examples_from
from engine.embedded.model import build_config, schema_tokens
from engine.embedded.tokenizer import ABSENT_TOKEN, NULL_TOKEN, build_tokenizer
from engine.embedded.train import Trainer, TrainSettings

__all__ = ["fit", "plans_for"]

logger = logging.getLogger(__name__)


def plans_for(tokenizer: Any, targets: dict[str, type], canvas_length: int) -> dict[str, CanvasPlan]:
    """POINTER plans of every document type for the embedded tokenizer."""
    vocab = tokenizer.get_vocab()
    strategy = Strategy(kind=SlotStrategy.POINTER, null_id=vocab[NULL_TOKEN], filler_id=vocab[ABSENT_TOKEN])
    return {name: compile_plan(t, tokenizer, canvas_length=canvas_length, strategy=strategy)
            for name, t in targets.items()}


def fit(train_docs: Sequence[Any], held_out_docs: Sequence[Any], targets: dict[str, type], out: Path,
        settings: TrainSettings, *, n_pointers: int = 512, max_vocab_words: int = 4000,
        init_from: Path | None = None) -> dict[str, Any]:
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
    draft_engine = None
    if settings.draft_fraction > 0:
        from engine.registry import create_engine

        draft_engine = create_engine("baseline")
    train = examples_from(train_docs, plans, tokenizer, n_pointers=n_pointers, seed=settings.seed,
                          draft_engine=draft_engine)
    held = examples_from(held_out_docs, plans, tokenizer, n_pointers=n_pointers, seed=settings.seed + 1)
    logger.info("%d training and %d held-out examples built in %.1fs (vocabulary %d)", len(train), len(held),
                time.perf_counter() - t0, len(vocab))

    from transformers import DiffusionGemmaForBlockDiffusion

    config = build_config(settings.arch, len(vocab), pad_id=vocab["<pad>"], bos_id=vocab["<bos>"],
                          eos_id=vocab["<eos>"], boi_id=vocab["<boi>"], eoi_id=vocab["<eoi>"],
                          image_id=vocab["<image>"])
    if init_from is not None:
        # continue from an earlier run's weights (same tokenizer) with new settings
        model = DiffusionGemmaForBlockDiffusion.from_pretrained(str(init_from))
    else:
        model = DiffusionGemmaForBlockDiffusion(config)
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
    }
    (final / "training.json").write_text(json.dumps(summary, indent=2))
    return summary
