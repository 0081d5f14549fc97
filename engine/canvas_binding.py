"""Bind a canvas layout to one request: the starting canvas and the allowed token ids of every position.

Pinned positions (skeleton, unused tail) allow exactly their token. Slot positions allow the set their slot
names: static sets compiled into the plan, ``*text`` resolved per request (any clean token, or in EXTRACTIVE mode
only tokens that occur in the document), ``*pointer`` resolved by the backend's ``pointer_ids(slot, request)``.
The result, a :class:`CanvasConstraint`, is what every backend sends: the transformers backend turns it into a
logits processor, the vLLM backend into ``diffusion_seed_canvas``/``diffusion_pinned``/``diffusion_constrained``.
"""

from __future__ import annotations

import dataclasses
import logging
import random
import re
from collections.abc import Callable, Sequence
from typing import Any

from engine.canvas_layout import CanvasLayout, PlacedSlot
from engine.canvas_plan import CanvasPlan, TextMode

__all__ = ["CanvasConstraint", "PointerIds", "bind", "extractive_ids", "force"]

logger = logging.getLogger(__name__)

#: ``pointer_ids(slot, request) -> ids``: the candidate ids of a POINTER slot for one request.
PointerIds = Callable[[PlacedSlot, Any], Sequence[int]]

_WORD = re.compile(r"\S+")


@dataclasses.dataclass(frozen=True)
class CanvasConstraint:
    """Starting canvas and per-position allowed ids for one canvas of one request.

    ``allowed[i]`` is a frozenset shared between positions (and requests) that allow the same ids, so a backend
    can build one mask per distinct set. ``pinned[i]`` tells whether position ``i`` is skeleton.
    """

    layout: CanvasLayout
    seed: tuple[int, ...]
    allowed: tuple[frozenset[int], ...]
    pinned: tuple[bool, ...]

    @property
    def pinned_positions(self) -> list[int]:
        return [i for i, p in enumerate(self.pinned) if p]

    @property
    def constrained_positions(self) -> list[int]:
        """Slot positions (everything not pinned)."""
        return [i for i, p in enumerate(self.pinned) if not p]

    def allowed_lists(self) -> list[list[int]]:
        """Sorted allowed ids per position (pinned positions: their one id); for HTTP backends."""
        return [sorted(a) for a in self.allowed]


def extractive_ids(plan: CanvasPlan, text: str) -> frozenset[int]:
    """Clean text tokens that occur in ``text``: its tokenization, and each word's tokenization on its own (a value
    is tokenized alone in its slot, without the space before it)."""
    tok = plan.tokenizer
    ids = set(tok.encode(text))
    for word in set(_WORD.findall(text)):
        ids.update(tok.encode(word))
    return frozenset(ids) & plan.vocab.text


def bind(plan: CanvasPlan, layout: CanvasLayout, *, request: Any = None, text: str | None = None,
         pointer_ids: PointerIds | None = None, text_mode: TextMode | None = None,
         seed_fill: str = "random", rng: random.Random | None = None,
         _cache: dict[Any, frozenset[int]] | None = None) -> CanvasConstraint:
    """The :class:`CanvasConstraint` of ``layout`` for one request.

    ``text`` is the document text for EXTRACTIVE slots (defaults to ``request.text``); ``text_mode`` overrides the
    plan's default mode for slots without a hint; ``pointer_ids`` is required for POINTER plans. ``seed_fill`` is
    what slot positions start as: ``"random"`` (uniform ids, as the sampler re-noises) or ``"filler"``. Pass the
    same ``_cache`` dict for all canvases of a request to resolve its per-request sets once.
    """
    cache: dict[Any, frozenset[int]] = _cache if _cache is not None else {}
    rng = rng or random.Random(0)
    filler = plan.filler_id
    vocab_size = plan.tokenizer.vocab_size
    if text is None and request is not None:
        text = getattr(request, "text", None)

    def text_set(name: str, slot_mode: TextMode | None) -> frozenset[int]:
        # An explicit field hint wins over the request's mode, which wins over the plan's default.
        mode = slot_mode or text_mode or plan.strategy.text_mode
        key = ("text", name, mode)
        if key not in cache:
            base = plan.vocab.text
            if mode is TextMode.EXTRACTIVE:
                found = extractive_ids(plan, text or "")
                if found:
                    base = found
                else:
                    logger.warning("extractive slot with an empty document: allowing any text token")
            cache[key] = base if name == "*text-first" else base | {filler}
        return cache[key]

    allowed: list[frozenset[int]] = []
    pinned: list[bool] = []
    for tok in layout.template:
        if tok is None:
            allowed.append(frozenset())
            pinned.append(False)
        else:
            s = cache.get(("pin", tok))
            if s is None:
                s = cache[("pin", tok)] = frozenset({tok})
            allowed.append(s)
            pinned.append(True)
    for placed in layout.slots:
        slot = placed.slot
        for offset, name in enumerate(slot.allowed):
            if name in ("*text", "*text-first"):
                ids = text_set(name, slot.text_mode)
            elif name == "*pointer":
                if pointer_ids is None:
                    raise ValueError("a POINTER plan needs pointer_ids to bind a request")
                ids = frozenset(int(i) for i in pointer_ids(placed, request))
                if slot.nullable and plan.null_id is not None:
                    ids = ids | {plan.null_id}
                if not ids:
                    logger.warning("slot %s has no pointer candidates: only null is allowed", placed.path)
                    ids = frozenset({plan.null_id if plan.null_id is not None else filler})
            else:
                ids = plan.sets[name]
            allowed[placed.start + offset] = ids
    seed: list[int] = []
    for tok, ids in zip(layout.template, allowed, strict=True):
        if tok is not None:
            seed.append(tok)
        elif seed_fill == "filler":
            seed.append(filler if filler in ids else min(ids))
        else:
            seed.append(rng.randrange(vocab_size))
    return CanvasConstraint(layout=layout, seed=tuple(seed), allowed=tuple(allowed), pinned=tuple(pinned))


def force(constraint: CanvasConstraint, ids: Sequence[int]) -> CanvasConstraint:
    """The same canvas with every slot position allowed only ``ids[i]`` (an oracle: the right answer forced), for
    tests, benchmarks of the mechanism, and teacher forcing."""
    if len(ids) != len(constraint.allowed):
        raise ValueError(f"{len(ids)} ids for a canvas of {len(constraint.allowed)}")
    singles: dict[int, frozenset[int]] = {}
    allowed = tuple(a if pinned else singles.setdefault(int(t), frozenset({int(t)}))
                    for a, pinned, t in zip(constraint.allowed, constraint.pinned, ids, strict=True))
    return dataclasses.replace(constraint, allowed=allowed)
