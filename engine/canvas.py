"""The JSON canvas: a document-type schema compiled into pinned skeleton tokens and constrained value slots.

Four steps, shared by every backend (transformers, vLLM, the embedded model):

1. :func:`compile_plan` — once per schema, tokenizer, canvas length and strategy: skeleton token ids, slots with
   kind, width and nullability, list row templates (:mod:`engine.canvas_plan`).
2. :func:`first_layout` / :func:`next_layout` — which units go on which canvas; lists continue on the next canvas
   while their rows keep coming back present (:mod:`engine.canvas_layout`).
3. :func:`bind` — per request and canvas: the starting canvas and the allowed ids of every position
   (:mod:`engine.canvas_binding`).
4. :func:`decode` — filled canvases back to a JSON-ready dict and per-slot results (:mod:`engine.canvas_decode`);
   :func:`encode_values` is its inverse.

Example::

    plan = compile_plan(Invoice, tokenizer, canvas_length=256)
    layout, canvases = first_layout(plan), []
    while layout is not None:
        constraint = bind(plan, layout, request=request)
        ids = run_model(constraint)                       # the backend's job
        canvases.append(ids)
        layout = next_layout(plan, layout, ids)
    data, fields = decode(plan, canvases)
"""

from engine.canvas_binding import CanvasConstraint, PointerIds, bind, extractive_ids, force
from engine.canvas_decode import DecodeIssue, PointerResolver, decode, decode_slot
from engine.canvas_layout import (
    CanvasLayout,
    CanvasValueError,
    Cursor,
    PlacedRow,
    PlacedSlot,
    encode_values,
    first_layout,
    layouts_for,
    next_layout,
    slot_is_null,
)
from engine.canvas_plan import (
    CanvasPlan,
    ListSpec,
    Slot,
    SlotKind,
    SlotStrategy,
    Strategy,
    TextMode,
    Unit,
    compile_plan,
)
from engine.canvas_vocab import CanvasTokenizer, HFCanvasTokenizer, VocabIndex, as_canvas_tokenizer, vocab_index

__all__ = [
    "CanvasConstraint",
    "CanvasLayout",
    "CanvasPlan",
    "CanvasTokenizer",
    "CanvasValueError",
    "Cursor",
    "DecodeIssue",
    "HFCanvasTokenizer",
    "ListSpec",
    "PlacedRow",
    "PlacedSlot",
    "PointerIds",
    "PointerResolver",
    "Slot",
    "SlotKind",
    "SlotStrategy",
    "Strategy",
    "TextMode",
    "Unit",
    "VocabIndex",
    "as_canvas_tokenizer",
    "bind",
    "compile_plan",
    "decode",
    "decode_slot",
    "encode_values",
    "extractive_ids",
    "first_layout",
    "force",
    "layouts_for",
    "next_layout",
    "slot_is_null",
    "vocab_index",
]
