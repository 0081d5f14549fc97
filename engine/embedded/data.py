"""Training examples for the embedded model: a document's prompt and the canvases that write its truth.

An example is built exactly as the engine builds a request at run time (same spans, prompt, plan, binding), with
the targets written by :func:`engine.canvas.encode_values` through pointers to the spans that hold each value.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import BaseModel

from engine.base import Word
from engine.canvas import CanvasConstraint, CanvasPlan, bind, encode_values, layouts_for
from engine.canvas_layout import CanvasValueError
from engine.embedded.pointers import SlotPointers
from engine.embedded.prompt import PointerPrompt, build_prompt
from engine.embedded.tokenizer import is_pointer_token

__all__ = ["ANSWERS_KEY", "Example", "answer_counts", "encode_prompt", "make_example"]

logger = logging.getLogger(__name__)

#: bumped when examples are built differently (2: no text slot points at a field's caption)
EXAMPLES_FORMAT = 2


#: the key of ``training.json`` (beside the weights) that counts each answer token the model was trained to write
ANSWERS_KEY = "answers"


def encode_prompt(tokenizer: Any, prompt: PointerPrompt) -> list[int]:
    """Token ids of a prompt (BOS first), the same at training and at run time."""
    return [int(tokenizer.bos_token_id)] + tokenizer(prompt.text, add_special_tokens=False)["input_ids"]


@dataclasses.dataclass
class Example:
    """One document: prompt ids, target canvases, and per canvas the binding and the positions to learn."""

    id: str
    prompt: list[int]
    canvases: list[list[int]]
    constraints: list[CanvasConstraint]
    #: per canvas: slot positions with a learnable target
    targets: list[list[int]]
    #: per canvas: a draft answer (the baseline engine's) written on the same layout, or None
    drafts: list[list[int] | None] = dataclasses.field(default_factory=list)


def make_example(doc_id: str, words: Sequence[Word], truth: dict[str, Any], plan: CanvasPlan, tokenizer: Any,
                 vocab: dict[str, int], *, n_pointers: int, rng: random.Random,
                 draft: dict[str, Any] | None = None, captions: Iterable[frozenset[int]] = ()) -> Example | None:
    """Build the example of one document, or None when its truth cannot be written (logged). ``captions``: the
    word sets of the document's field labels, which no text slot may point at (as at run time)."""
    prompt = build_prompt(words, vocab, n_pointers=n_pointers)
    captions = frozenset(captions)
    pointers = SlotPointers(plan, prompt, vocab, captions=captions)
    try:
        canvases = encode_values(plan, truth, pointer_of=pointers.pointer_of)
    except CanvasValueError as exc:
        logger.debug("%s: %s", doc_id, exc)
        return None
    layouts, _ = layouts_for(plan, canvases)
    constraints: list[CanvasConstraint] = []
    targets: list[list[int]] = []
    cache: dict[Any, frozenset[int]] = {}
    for k, layout in enumerate(layouts):
        constraint = bind(plan, layout, pointer_ids=pointers.ids_for, rng=rng, _cache=cache)
        constraints.append(constraint)
        positions = [p for p in constraint.constrained_positions if (k, p) not in pointers.unreachable]
        # a target outside its allowed set (a value the binding cannot offer) is not learnable either
        positions = [p for p in positions if canvases[k][p] in constraint.allowed[p]]
        targets.append(positions)
    drafts: list[list[int] | None] = [None] * len(canvases)
    if draft:
        try:
            draft_canvases = encode_values(plan, draft,
                                           pointer_of=SlotPointers(plan, prompt, vocab, captions=captions).pointer_of)
        except (CanvasValueError, ValueError, TypeError):
            draft_canvases = []
        draft_layouts, _ = layouts_for(plan, draft_canvases) if draft_canvases else ([], True)
        for k, layout in enumerate(layouts):
            if k < len(draft_layouts) and draft_layouts[k].template == layout.template:
                drafts[k] = draft_canvases[k]
    return Example(doc_id, encode_prompt(tokenizer, prompt), canvases, constraints, targets, drafts)


def answer_counts(examples: Iterable[Example], tokenizer: Any) -> dict[str, int]:
    """How often each token other than a pointer (an enum member, ``true``, ``<null>``) is a learnt target of the
    examples: a member the model was never trained to write has a probability that says nothing about it."""
    names = {i: t for t, i in tokenizer.get_vocab().items()}
    counts: dict[str, int] = {}
    for ex in examples:
        for canvas, positions in zip(ex.canvases, ex.targets, strict=True):
            for p in positions:
                token = names.get(canvas[p], "")
                if not is_pointer_token(token):
                    counts[token] = counts.get(token, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def examples_from(docs: Iterable[BaseModel], plans: dict[str, CanvasPlan], tokenizer: Any, *, n_pointers: int,
                  seed: int, draft_engine: Any = None) -> list[Example]:
    """Examples of corpus documents (``docgen.corpus.CorpusDoc``-shaped: id, doc_type, words, truth)."""
    from engine.base import EngineRequest
    from engine.baseline import BaselineEngine

    rules = draft_engine if isinstance(draft_engine, BaselineEngine) else BaselineEngine(BaselineEngine.Options())
    rng = random.Random(seed)
    vocab = tokenizer.get_vocab()
    out: list[Example] = []
    skipped = 0
    for doc in docs:
        plan = plans.get(doc.doc_type)  # type: ignore[attr-defined]
        if plan is None:
            skipped += 1
            continue
        request = EngineRequest(id=doc.id, words=doc.words, target=plan.target)  # type: ignore[attr-defined]
        answer, captions = rules.read(request, captions=True)
        if draft_engine is not None and draft_engine is not rules:
            [answer] = draft_engine.extract_batch([request])
        draft = answer.data if draft_engine is not None else None
        ex = make_example(doc.id, doc.words, doc.truth, plan, tokenizer, vocab,  # type: ignore[attr-defined]
                          n_pointers=n_pointers, rng=rng, draft=draft, captions=captions)
        if ex is None:
            skipped += 1
        else:
            out.append(ex)
    if skipped:
        logger.info("%d documents skipped (no plan or unwritable truth)", skipped)
    return out
