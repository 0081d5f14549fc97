"""Training the embedded model: the discrete-diffusion denoising loss, written against DiffusionGemma's forward.

The shipped ``generate()`` has no training loss, so this module writes one that mirrors inference:

* the prompt (and, for a continuation canvas, the committed canvases before it) goes through the encoder into the
  KV cache; the canvas goes through the decoder, exactly as :meth:`generate` calls them (left padding, the decoder
  masked off the padded cache entries);
* the canvas starts from the target with its skeleton intact (at run time the logits processor pins it) and a
  random fraction of its value slots replaced by uniform random tokens — the sampler's re-noising;
* with probability ``self_conditioning``, a first no-grad pass produces logits that, masked to the allowed ids and
  temperature-scaled as the logits processor and the sampler's schedule do (``sc_temperature``), condition the
  second pass (the self-conditioning signal ``generate`` feeds from the previous step);
* the loss is cross-entropy over the slot positions, over the allowed ids of each position only.

Checkpoints (model, tokenizer, optimiser, scheduler, step, RNG states) are written every ``checkpoint_every``
steps to ``OUT/checkpoint``; a rerun with the same ``OUT`` resumes from there. Runs on CUDA when present.
"""

from __future__ import annotations

import json
import logging
import math
import random
import time
from pathlib import Path
from typing import Any

import torch
from pydantic import BaseModel, ConfigDict, Field

from engine.embedded.data import Example
from engine.embedded.model import EmbeddedArch
from engine.logits import allowed_masks

__all__ = ["TrainSettings", "Trainer"]

logger = logging.getLogger(__name__)


class TrainSettings(BaseModel):
    """Hyper-parameters of a training run (saved with the checkpoint and in the model card)."""

    model_config = ConfigDict(extra="forbid")

    steps: int = 3000
    batch_size: int = 8
    lr: float = 2e-3
    warmup: int = 100
    weight_decay: float = 0.01
    seed: int = 0
    self_conditioning: float = 0.35
    #: range of the temperatures that scale self-conditioning logits (the engine samples at 0.05–0.1)
    sc_temperature: tuple[float, float] = (0.05, 0.1)
    noise_min: float = 0.05
    #: share of training canvases that start from the draft answer (the baseline's) instead of pure noise
    draft_fraction: float = 0.5
    #: share of a draft's value slots replaced by a plausible wrong value before re-noising: another slot's draft
    #: token where this slot allows it (a date read for the wrong date field, the subtotal for the total), else
    #: another allowed token of the slot (a span of the same kind, or null). The baseline's drafts of the
    #: training documents are nearly always right, so without this the model learns that an allowed draft
    #: token is the answer and keeps the draft even where the rules misread the document.
    draft_swap: float = 0.0
    checkpoint_every: int = 200
    eval_every: int = 200
    max_prompt_tokens: int = 4096
    arch: EmbeddedArch = Field(default_factory=EmbeddedArch)
    threads: int | None = None


class Trainer:
    """Owns the model, optimiser and data of one run."""

    def __init__(self, model: Any, tokenizer: Any, train: list[Example], held_out: list[Example],
                 settings: TrainSettings, out: Path) -> None:
        self.model = model
        self.tokenizer = tokenizer
        self.train_set = train
        self.held_out = held_out
        self.s = settings
        self.out = out
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.model.to(self.device).train()
        self.vocab_size = int(model.config.get_text_config().vocab_size)
        self.pad_id = int(tokenizer.pad_token_id)
        self.optim = torch.optim.AdamW(model.parameters(), lr=settings.lr, weight_decay=settings.weight_decay,
                                       betas=(0.9, 0.98))
        self.sched = torch.optim.lr_scheduler.LambdaLR(self.optim, self._lr_factor)
        self.step = 0
        self.rng = random.Random(settings.seed)
        self.gen = torch.Generator().manual_seed(settings.seed)
        self.history: list[dict[str, float]] = []
        # (example, canvas) pairs: every canvas of every document is a training item
        self.items = [(e, k) for e in train for k in range(len(e.canvases)) if e.targets[k]]

    def _lr_factor(self, step: int) -> float:
        if step < self.s.warmup:
            return (step + 1) / self.s.warmup
        progress = (step - self.s.warmup) / max(1, self.s.steps - self.s.warmup)
        return 0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * min(1.0, progress)))

    # -- batches ------------------------------------------------------------------------------------------------
    def batch(self, items: list[tuple[Example, int]], *, noise: float | None = None) -> dict[str, torch.Tensor]:
        """Tensors for a list of (example, canvas index); ``noise`` fixes the re-noised fraction (evaluation)."""
        prefixes = []
        for ex, k in items:
            ids = list(ex.prompt)
            for c in ex.canvases[:k]:
                ids.extend(c)
            prefixes.append(ids[-self.s.max_prompt_tokens:] if len(ids) > self.s.max_prompt_tokens else ids)
        width = max(len(p) for p in prefixes)
        b = len(items)
        input_ids = torch.full((b, width), self.pad_id, dtype=torch.long)
        mask = torch.zeros((b, width), dtype=torch.bool)
        for i, p in enumerate(prefixes):
            input_ids[i, width - len(p):] = torch.tensor(p)
            mask[i, width - len(p):] = True
        constraints = [ex.constraints[k] for ex, k in items]
        table, index = allowed_masks(constraints, self.vocab_size, "cpu")
        allowed = table[index]  # (b, canvas, vocab)
        target = torch.tensor([ex.canvases[k] for ex, k in items], dtype=torch.long)
        learn = torch.zeros_like(target, dtype=torch.bool)
        slots = torch.zeros_like(target, dtype=torch.bool)
        for i, (ex, k) in enumerate(items):
            learn[i, ex.targets[k]] = True
            slots[i, constraints[i].constrained_positions] = True
        # the sampler re-noises slots with uniform ids over the whole vocabulary
        rate = torch.full((b, 1), noise) if noise is not None else \
            self.s.noise_min + (1 - self.s.noise_min) * torch.rand((b, 1), generator=self.gen)
        start = target.clone()
        if noise is None:
            # from a draft: the draft's tokens on the slots, lightly re-noised, as the engine's starting canvas
            for i, (ex, k) in enumerate(items):
                drafts = getattr(ex, "drafts", None)
                if drafts and k < len(drafts) and drafts[k] is not None and \
                        float(torch.rand((), generator=self.gen)) < self.s.draft_fraction:
                    start[i] = torch.where(slots[i], torch.tensor(drafts[k]), target[i])
                    if self.s.draft_swap > 0:
                        start[i] = self._swap_draft(start[i], slots[i], allowed[i])
                    rate[i] = 0.3 * float(torch.rand((), generator=self.gen))
        flip = (torch.rand(target.shape, generator=self.gen) < rate) & slots
        random_ids = torch.randint(0, self.vocab_size, target.shape, generator=self.gen)
        canvas = torch.where(flip, random_ids, start)
        return {"input_ids": input_ids, "mask": mask, "canvas": canvas, "target": target, "learn": learn,
                "allowed": allowed}

    def _swap_draft(self, canvas: torch.Tensor, slots: torch.Tensor, allowed: torch.Tensor) -> torch.Tensor:
        """``canvas`` with ``draft_swap`` of its slots given a plausible wrong value (see :class:`TrainSettings`)."""
        positions = torch.nonzero(slots & (torch.rand(slots.shape, generator=self.gen) < self.s.draft_swap))
        if not len(positions):
            return canvas
        out = canvas.clone()
        slot_tokens = canvas[slots].tolist()
        for p in positions.flatten().tolist():
            ok = allowed[p].clone()
            ok[canvas[p]] = False
            others = [t for t in slot_tokens if ok[t]]
            if others and float(torch.rand((), generator=self.gen)) < 0.5:
                out[p] = others[int(torch.randint(len(others), (1,), generator=self.gen))]
            elif ok.any():
                out[p] = int(torch.multinomial(ok.float(), 1, generator=self.gen))
        return out

    def _forward(self, t: dict[str, torch.Tensor], sc_logits: torch.Tensor | None = None,
                 sc_mask: torch.Tensor | None = None) -> torch.Tensor:
        d = self.device
        canvas_len = t["canvas"].shape[1]
        dec_mask = torch.cat([t["mask"], torch.ones((t["mask"].shape[0], canvas_len), dtype=torch.bool)], dim=1)
        out = self.model(input_ids=t["input_ids"].to(d), attention_mask=t["mask"].to(d),
                         decoder_input_ids=t["canvas"].to(d), decoder_attention_mask=dec_mask.to(d),
                         self_conditioning_logits=sc_logits, self_conditioning_mask=sc_mask, use_cache=True)
        return out.logits

    def loss(self, t: dict[str, torch.Tensor]) -> tuple[torch.Tensor, dict[str, float]]:
        d = self.device
        allowed = t["allowed"].to(d)
        sc_logits = sc_mask = None
        b = t["canvas"].shape[0]
        use_sc = torch.rand((b,), generator=self.gen) < self.s.self_conditioning
        if use_sc.any():
            with torch.no_grad():
                first = self._forward(t)
                lo, hi = self.s.sc_temperature
                temperature = lo + (hi - lo) * torch.rand((b, 1, 1), generator=self.gen).to(d)
                sc_logits = (first.masked_fill(~allowed, float("-inf")) / temperature).detach()
            sc_mask = use_sc.to(d)
        logits = self._forward(t, sc_logits, sc_mask).masked_fill(~allowed, float("-inf"))
        learn = t["learn"].to(d)
        target = t["target"].to(d)
        picked = logits[learn]
        loss = torch.nn.functional.cross_entropy(picked, target[learn])
        with torch.no_grad():
            acc = (picked.argmax(-1) == target[learn]).float().mean().item()
        return loss, {"loss": loss.item(), "acc": acc}

    # -- loop ---------------------------------------------------------------------------------------------------
    def fit(self) -> list[dict[str, float]]:
        if self.s.threads:
            torch.set_num_threads(self.s.threads)
        self._resume()
        started = time.perf_counter()
        while self.step < self.s.steps:
            items = [self.items[self.rng.randrange(len(self.items))] for _ in range(self.s.batch_size)]
            t = self.batch(items)
            loss, stats = self.loss(t)
            self.optim.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            self.optim.step()
            self.sched.step()
            self.step += 1
            if self.step % 20 == 0 or self.step == 1:
                rate = self.step / max(1e-6, time.perf_counter() - started)
                logger.info("step %d/%d loss %.4f acc %.3f lr %.2e (%.2f steps/s)", self.step, self.s.steps,
                            stats["loss"], stats["acc"], self.sched.get_last_lr()[0], rate)
            if self.step % self.s.eval_every == 0 or self.step == self.s.steps:
                ev = self.evaluate()
                self.history.append({"step": self.step, **stats, **ev})
                logger.info("eval step %d: %s", self.step, ev)
            if self.step % self.s.checkpoint_every == 0 or self.step == self.s.steps:
                self.save_checkpoint()
        return self.history

    @torch.no_grad()
    def evaluate(self, max_items: int = 64) -> dict[str, float]:
        """Slot accuracy on held-out canvases from a fully re-noised canvas (one step) and half re-noised."""
        if not self.held_out:
            return {}
        self.model.eval()
        items = [(e, k) for e in self.held_out for k in range(len(e.canvases)) if e.targets[k]][:max_items]
        out: dict[str, float] = {}
        for noise in (1.0, 0.5):
            right = total = 0
            for i in range(0, len(items), self.s.batch_size):
                t = self.batch(items[i:i + self.s.batch_size], noise=noise)
                logits = self._forward(t).masked_fill(~t["allowed"].to(self.device), float("-inf"))
                learn = t["learn"].to(self.device)
                right += int((logits.argmax(-1)[learn] == t["target"].to(self.device)[learn]).sum())
                total += int(learn.sum())
            out[f"held_out_acc@{noise}"] = right / max(1, total)
        self.model.train()
        return out

    # -- checkpoints --------------------------------------------------------------------------------------------
    @property
    def checkpoint_dir(self) -> Path:
        return self.out / "checkpoint"

    def save_checkpoint(self) -> None:
        ck = self.checkpoint_dir
        ck.mkdir(parents=True, exist_ok=True)
        self.model.save_pretrained(ck)
        self.tokenizer.save_pretrained(ck)
        torch.save({"optim": self.optim.state_dict(), "sched": self.sched.state_dict(), "step": self.step,
                    "rng": self.rng.getstate(), "gen": self.gen.get_state(), "history": self.history},
                   ck / "trainer_state.pt")
        (ck / "train_settings.json").write_text(self.s.model_dump_json(indent=2))
        logger.info("checkpoint at step %d in %s", self.step, ck)

    def _resume(self) -> None:
        state_file = self.checkpoint_dir / "trainer_state.pt"
        if not state_file.is_file():
            return
        from safetensors.torch import load_file

        weights = self.checkpoint_dir / "model.safetensors"
        if weights.is_file():
            missing, unexpected = self.model.load_state_dict(load_file(str(weights)), strict=False)
            logger.debug("resume: missing %s unexpected %s", missing[:3], unexpected[:3])
        state = torch.load(state_file, weights_only=False)
        self.optim.load_state_dict(state["optim"])
        self.sched.load_state_dict(state["sched"])
        self.step = int(state["step"])
        self.rng.setstate(state["rng"])
        self.gen.set_state(state["gen"])
        self.history = list(state.get("history", []))
        logger.info("resumed from step %d", self.step)


def save_history(history: list[dict[str, float]], path: Path) -> None:
    path.write_text(json.dumps(history, indent=2))
