"""The embedded model's architecture: a small DiffusionGemma built from config, and its schema vocabulary."""

from __future__ import annotations

import json
from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict

__all__ = ["EmbeddedArch", "build_config", "schema_tokens"]


class EmbeddedArch(BaseModel):
    """Size of the embedded model (all fields go into the saved config)."""

    model_config = ConfigDict(extra="forbid")

    hidden_size: int = 128
    layers: int = 4
    heads: int = 4
    kv_heads: int = 2
    experts: int = 4
    top_k_experts: int = 2
    canvas_length: int = 256
    max_positions: int = 8192
    #: plain RoPE with this base on every layer; None keeps Gemma 4's (global layers rotate a quarter of each head
    #: with base 1e6, too weak a position signal for a 32-dim head to tell a label's neighbour from its line)
    rope_theta: float | None = 10_000.0
    #: score pointer tokens against the prompt (engine/embedded/pointer_head.py) instead of the LM head's rows
    pointer_head: bool = True
    #: tokens before a pointer whose mean embedding joins its key (its words and the label before them)
    key_window: int = 12
    #: canvas tokens before a slot whose mean embedding joins its query (the skeleton's key name)
    query_window: int = 4


def build_config(arch: EmbeddedArch, vocab_size: int, *, pad_id: int, bos_id: int, eos_id: int,
                 boi_id: int, eoi_id: int, image_id: int, pointer_first_id: int | None = None,
                 pointer_count: int = 0) -> Any:
    """A ``DiffusionGemmaConfig`` for the embedded model (tiny vision tower: the model reads text only).

    With ``arch.pointer_head`` and pointer tokens (``pointer_first_id``, ``pointer_count``) the config carries
    ``pointer_head`` for :class:`~engine.embedded.pointer_head.PointerDiffusionGemma`.
    """
    from transformers import DiffusionGemmaConfig, DiffusionGemmaTextConfig, Gemma4VisionConfig

    head_dim = arch.hidden_size // arch.heads
    text = DiffusionGemmaTextConfig(
        vocab_size=vocab_size, hidden_size=arch.hidden_size, intermediate_size=2 * arch.hidden_size,
        num_hidden_layers=arch.layers, num_attention_heads=arch.heads, num_key_value_heads=arch.kv_heads,
        head_dim=head_dim, global_head_dim=head_dim, num_experts=arch.experts, top_k_experts=arch.top_k_experts,
        moe_intermediate_size=arch.hidden_size, max_position_embeddings=arch.max_positions,
        layer_types=["full_attention"] * arch.layers, pad_token_id=pad_id, bos_token_id=bos_id,
        eos_token_id=eos_id,
    )
    if arch.rope_theta is not None:
        rope = {"rope_type": "default", "rope_theta": float(arch.rope_theta)}
        text.rope_parameters = {"full_attention": dict(rope), "sliding_attention": dict(rope)}
    vision = Gemma4VisionConfig(hidden_size=16, intermediate_size=32, num_hidden_layers=1, num_attention_heads=1,
                                num_key_value_heads=1, head_dim=16, global_head_dim=16)
    config = DiffusionGemmaConfig(text_config=text, vision_config=vision, canvas_length=arch.canvas_length,
                                  boi_token_id=boi_id, eoi_token_id=eoi_id, image_token_id=image_id)
    if arch.pointer_head and pointer_first_id is not None and pointer_count > 0:
        config.pointer_head = {"first_id": int(pointer_first_id), "count": int(pointer_count),
                               "key_window": arch.key_window, "query_window": arch.query_window}
    return config


def schema_tokens(models: list[type[BaseModel]]) -> list[str]:
    """Words the canvas skeletons and enum members of ``models`` need in the vocabulary."""
    out: list[str] = []

    def walk(model: type[BaseModel]) -> None:
        for name, info in model.model_fields.items():
            out.append(json.dumps(name))
            out.append(name)
            for tp in _types(info.annotation):
                if isinstance(tp, type) and issubclass(tp, Enum):
                    out.extend(str(m.value) for m in tp)
                elif isinstance(tp, type) and issubclass(tp, BaseModel):
                    walk(tp)

    for m in models:
        walk(m)
    return out


def _types(annotation: Any) -> list[Any]:
    import typing

    args = typing.get_args(annotation)
    if not args:
        return [annotation]
    out: list[Any] = []
    for a in args:
        out.extend(_types(a))
    return out
