"""Torch side of the canvas: a DiffusionGemma logits processor that enforces :class:`CanvasConstraint` and keeps
per-position statistics for confidence.

``DiffusionGemmaForBlockDiffusion.generate`` calls each processor as ``(input_ids, scores, cur_step)`` with
``scores`` of shape (batch, canvas, vocab); the signature must be exactly that. The processor sets every
disallowed id to ``-inf`` (pinned positions keep one id, so their entropy is zero and the sampler accepts them at
once), then records, at temperature 1 over the allowed ids, the arg-max token, its probability and the entropy
of every position. Temperature scaling, applied by ``generate`` after us, keeps the arg-max, so the record of the
step at which a row stopped describes the canvas ``generate`` returns for it.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping, Sequence

import torch
from transformers import LogitsProcessor

from engine.canvas_binding import CanvasConstraint

__all__ = ["CanvasLogitsProcessor", "StepRecord", "allowed_masks"]

logger = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class StepRecord:
    """Per-position statistics of one denoising step, on the CPU, each (batch, canvas)."""

    argmax: torch.Tensor
    prob: torch.Tensor
    entropy: torch.Tensor
    #: per row: watched position -> {token id: log-probability} (choice slots, for joint rescoring)
    choices: tuple[dict[int, dict[int, float]], ...] = ()
    #: probability of the arg-max token under the model's own scores, before any prior bonus (equal to ``prob``
    #: where a row has no prior): how much the model itself believes a value its draft prior holds
    own: torch.Tensor | None = None


def allowed_masks(constraints: Sequence[CanvasConstraint], vocab_size: int,
                  device: torch.device | str) -> tuple[torch.Tensor, torch.Tensor]:
    """(table, index): ``table[s]`` is a (vocab,) bool mask of the s-th distinct allowed set, ``index[b, i]`` the set
    of position ``i`` in row ``b``. Distinct sets are few (skeleton tokens, a handful of slot classes), so the masks
    stay small even for a 262k vocabulary."""
    sets: dict[int, int] = {}
    table_rows: list[frozenset[int]] = []
    index = torch.empty((len(constraints), len(constraints[0].allowed)), dtype=torch.long)
    for b, constraint in enumerate(constraints):
        for i, allowed in enumerate(constraint.allowed):
            key = id(allowed)
            s = sets.get(key)
            if s is None:
                s = sets[key] = len(table_rows)
                table_rows.append(allowed)
            index[b, i] = s
    table = torch.zeros((len(table_rows), vocab_size), dtype=torch.bool)
    for s, allowed in enumerate(table_rows):
        ids = torch.tensor([i for i in allowed if i < vocab_size], dtype=torch.long)
        if ids.numel() == 0:
            raise ValueError("a canvas position allows no token the model has")
        table[s, ids] = True
    return table.to(device), index.to(device)


class CanvasLogitsProcessor(LogitsProcessor):
    """Pins skeleton positions and restricts slots to their allowed ids; records statistics per step."""

    def __init__(self, constraints: Sequence[CanvasConstraint], vocab_size: int, device: torch.device | str, *,
                 record: bool = True, watch: Sequence[Sequence[int]] | None = None,
                 prior: Sequence[Mapping[int, tuple[int, float]]] | None = None) -> None:
        """``watch[b]`` lists positions of row ``b`` whose log-probabilities over their allowed ids are recorded
        (enum and bool slots, rescored jointly when decoding). ``prior[b]`` maps positions of row ``b`` to a token
        and a log-odds bonus added to its logit at every step (a draft answer the model must outweigh to change)."""
        self.constraints = list(constraints)
        self.prior: list[tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None] = []
        for b in range(len(self.constraints)):
            row_prior = prior[b] if prior is not None and b < len(prior) else {}
            if not row_prior:
                self.prior.append(None)
                continue
            positions = sorted(row_prior)
            self.prior.append((torch.tensor(positions, dtype=torch.long, device=device),
                               torch.tensor([row_prior[p][0] for p in positions], dtype=torch.long, device=device),
                               torch.tensor([row_prior[p][1] for p in positions], dtype=torch.float32,
                                            device=device)))
        self.table, self.index = allowed_masks(self.constraints, vocab_size, device)
        self.record = record
        self.steps: list[StepRecord] = []
        self.watch: list[dict[int, torch.Tensor]] = []
        for b, constraint in enumerate(self.constraints):
            positions = watch[b] if watch is not None and b < len(watch) else ()
            self.watch.append({p: torch.tensor(sorted(constraint.allowed[p]), dtype=torch.long, device=device)
                               for p in positions})

    def __call__(self, input_ids: torch.LongTensor, scores: torch.Tensor, cur_step: int) -> torch.Tensor:
        if scores.dim() != 3 or scores.shape[0] != self.index.shape[0] or scores.shape[1] != self.index.shape[1]:
            raise ValueError(f"scores of shape {tuple(scores.shape)} do not match {len(self.constraints)} canvases "
                             f"of {self.index.shape[1]}")
        records = []
        choices: list[dict[int, dict[int, float]]] = []
        for b in range(scores.shape[0]):  # one row at a time: a (canvas, vocab) mask, not (batch, canvas, vocab)
            allowed = self.table[self.index[b]]
            if allowed.shape[-1] < scores.shape[-1]:
                allowed = torch.nn.functional.pad(allowed, (0, scores.shape[-1] - allowed.shape[-1]), value=False)
            row = scores[b].masked_fill(~allowed, float("-inf"))
            own_logp = torch.log_softmax(row.float(), dim=-1) if self.record and self.prior[b] is not None else None
            if self.prior[b] is not None:
                positions, tokens, bonus = self.prior[b]
                row[positions, tokens] += bonus.to(row.dtype)
            scores[b] = row
            if self.record:
                logp = torch.log_softmax(row.float(), dim=-1)
                top, arg = logp.max(dim=-1)
                p = logp.exp()
                entropy = -(p * logp.masked_fill(~allowed, 0.0)).sum(-1)
                own = top.exp() if own_logp is None else own_logp.gather(-1, arg[:, None])[:, 0].exp()
                records.append((arg, top.exp(), entropy, own))
                choices.append({p: dict(zip(ids.tolist(), logp[p, ids].tolist(), strict=True))
                                for p, ids in self.watch[b].items()})
        if self.record:
            self.steps.append(StepRecord(
                argmax=torch.stack([r[0] for r in records]).cpu(),
                prob=torch.stack([r[1] for r in records]).cpu(),
                entropy=torch.stack([r[2] for r in records]).cpu(),
                choices=tuple(choices),
                own=torch.stack([r[3] for r in records]).cpu(),
            ))
        return scores

    def final_record(self, row: int, steps: int, canvas: torch.Tensor) -> StepRecord | None:
        """The record of row ``row`` at its last step (``steps`` denoising steps), checked against the returned
        ``canvas``; falls back to the latest step whose arg-max matches."""
        if not self.steps:
            return None
        candidates = [min(max(steps, 1), len(self.steps)) - 1, *range(len(self.steps) - 1, -1, -1)]
        canvas = canvas.cpu()
        for k in candidates:
            rec = self.steps[k]
            if torch.equal(rec.argmax[row], canvas):
                return self._row(rec, row)
        logger.debug("no recorded step matches the returned canvas of row %d", row)
        return self._row(self.steps[-1], row)

    @staticmethod
    def _row(rec: StepRecord, row: int) -> StepRecord:
        return StepRecord(rec.argmax[row], rec.prob[row], rec.entropy[row],
                          (rec.choices[row],) if rec.choices else (), rec.own[row] if rec.own is not None else None)
