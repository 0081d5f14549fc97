"""Autoregressive decoding of the same canvases with the same DiffusionGemma weights.

The shipped class exposes no autoregressive mode, but its encoder is a causal Gemma 4 stack with a KV cache and
the language-model head is tied to the embeddings, so next-token logits are ``softcap(lm_head(encoder(x)))``. This
module fills a canvas plan left to right, greedily, under the same constraints as the diffusion path: skeleton
tokens are forced (runs of forced tokens go through the encoder in one forward pass), slot tokens are the arg-max
over their allowed ids, and once a SPELLED slot emits its filler the rest of the slot is filler. A list row whose
slots all come back null ends the list, and the rest of that canvas is forced null without forward passes.

It is the comparison for the benchmark (forward passes per document against the canvas) and a fallback route
(engine option ``decoding="autoregressive"``).
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

import torch

from engine.canvas_binding import CanvasConstraint
from engine.canvas_layout import CanvasLayout, first_layout, next_layout, slot_is_null
from engine.canvas_plan import CanvasPlan

__all__ = ["ARResult", "AutoregressiveDecoder"]

logger = logging.getLogger(__name__)

ConstraintFor = Callable[[CanvasLayout], CanvasConstraint]


@dataclasses.dataclass
class ARResult:
    """Canvases filled left to right, with per-position probabilities and the count of encoder forward passes."""

    canvases: list[list[int]]
    probs: list[list[float]]
    forward_passes: int
    generated_tokens: int
    complete: bool
    seconds: float


class AutoregressiveDecoder:
    """Greedy constrained decoding with ``model.model.encoder`` and the tied ``lm_head``."""

    def __init__(self, model: Any) -> None:
        self.model = model
        self.encoder = model.model.encoder
        self.softcap = getattr(model, "final_logit_softcapping", None)

    def _logits(self, hidden: torch.Tensor) -> torch.Tensor:
        logits = self.model.lm_head(hidden).float()
        if self.softcap:
            logits = torch.tanh(logits / self.softcap) * self.softcap
        return logits

    def _prefill(self, prompt: Mapping[str, torch.Tensor], cache: Any) -> torch.Tensor:
        ids = prompt["input_ids"]
        mask = prompt.get("attention_mask")
        if mask is None:
            mask = torch.ones_like(ids)
        positions = torch.arange(ids.shape[1], device=ids.device).unsqueeze(0)
        dummy = torch.empty((ids.shape[0], ids.shape[1], 0), dtype=self.model.dtype, device=ids.device)
        # The same mask generate() builds (bidirectional inside image blocks), which the encoder's own forward drops.
        mapping = self.encoder.create_masks_for_generate(
            config=self.model.config, inputs_embeds=dummy, attention_mask=mask.bool(), past_key_values=cache,
            position_ids=positions, mm_token_type_ids=prompt.get("mm_token_type_ids"))
        extra = {k: prompt[k] for k in ("pixel_values", "image_position_ids") if prompt.get(k) is not None}
        out = self.encoder(input_ids=ids, attention_mask=mapping, past_key_values=cache, position_ids=positions,
                           use_cache=True, **extra)
        return self._logits(out.last_hidden_state[:, -1])

    def _feed(self, tokens: list[int], cache: Any, cur_len: int, device: torch.device) -> torch.Tensor:
        ids = torch.tensor([tokens], dtype=torch.long, device=device)
        positions = torch.arange(cur_len, cur_len + len(tokens), device=device).unsqueeze(0)
        mask = torch.ones((1, cur_len + len(tokens)), dtype=torch.long, device=device)
        out = self.encoder(input_ids=ids, attention_mask=mask, past_key_values=cache, position_ids=positions,
                           use_cache=True)
        return self._logits(out.last_hidden_state[:, -1])

    @torch.no_grad()
    def decode(self, prompt: Mapping[str, torch.Tensor], plan: CanvasPlan, constraint_for: ConstraintFor, *,
               max_canvases: int = 16) -> ARResult:
        """Fill canvases for one request (``prompt`` tensors with batch size 1)."""
        from transformers import DynamicCache

        start = time.perf_counter()
        device = prompt["input_ids"].device
        cache = DynamicCache(config=self.model.config.get_text_config(decoder=True))
        logits = self._prefill(prompt, cache)
        passes = 1
        cur_len = int(prompt["input_ids"].shape[1])
        pending: list[int] = []
        canvases: list[list[int]] = []
        probs: list[list[float]] = []
        generated = 0
        null_token = plan.null_id if plan.pointer else plan.filler_id
        layout: CanvasLayout | None = first_layout(plan)
        while layout is not None and len(canvases) < max_canvases:
            constraint = constraint_for(layout)
            slot_at: dict[int, int] = {}
            for k, placed in enumerate(layout.slots):
                for pos in placed.positions:
                    slot_at[pos] = k
            row_of_slot = {i: row for row in layout.rows for i in row.slots}
            forced: dict[int, int] = {}
            ids: list[int] = []
            pr: list[float] = []
            for pos in range(plan.canvas_length):
                if constraint.pinned[pos] or pos in forced:
                    tok = constraint.seed[pos] if constraint.pinned[pos] else forced[pos]
                    ids.append(tok)
                    pr.append(1.0)
                    pending.append(tok)
                    continue
                if pending:
                    logits = self._feed(pending, cache, cur_len, device)
                    passes += 1
                    cur_len += len(pending)
                    pending = []
                allowed = constraint.allowed[pos]
                index = torch.tensor(sorted(allowed), dtype=torch.long, device=logits.device)
                logp = torch.log_softmax(logits[0, index], dim=-1)
                best = int(torch.argmax(logp))
                tok = int(index[best])
                ids.append(tok)
                pr.append(float(logp[best].exp()))
                pending.append(tok)
                generated += 1
                k = slot_at[pos]
                placed = layout.slots[k]
                if not plan.pointer and tok == plan.filler_id:
                    for rest in range(pos + 1, placed.end):  # a value ends at its first filler
                        if plan.filler_id in constraint.allowed[rest]:
                            forced[rest] = plan.filler_id
                if pos == placed.end - 1 or all(p in forced for p in range(pos + 1, placed.end)):
                    row = row_of_slot.get(k)
                    if row is not None and row.slots[-1] == k:
                        slots = [layout.slots[i] for i in row.slots]
                        done = ids + [forced.get(p, -1) for p in range(len(ids), placed.end)]
                        if all(slot_is_null(plan, s.slot, done[s.start:s.end]) for s in slots):
                            # The list has ended: whatever follows on this canvas is not read.
                            for p in range(placed.end, plan.canvas_length):
                                if not constraint.pinned[p]:
                                    forced[p] = null_token if null_token in constraint.allowed[p] else min(
                                        constraint.allowed[p])
            canvases.append(ids)
            probs.append(pr)
            layout = next_layout(plan, layout, ids)
        return ARResult(canvases=canvases, probs=probs, forward_passes=passes, generated_tokens=generated,
                        complete=layout is None, seconds=time.perf_counter() - start)
