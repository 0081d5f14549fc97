"""Small DiffusionGemma models built from a config, with a small tokenizer and image processor.

Gemma's own tokenizer and weights cannot be downloaded on our machines, so tests and the CPU benchmark build
everything here from scratch: a byte-level BPE tokenizer of a few hundred ids (digits split like Gemma's, the
special tokens the model and the chat template need, JSON keys of the registered schemas learned as merges), a
Gemma 4 image processor with small patches, and a randomly initialised ``DiffusionGemmaForBlockDiffusion`` with a
tiny vision tower. :func:`gemma4_26b_a4b_config` gives the real 26B-A4B architecture for the GPU benchmark.

Nothing here is a toy code path: the engine loads a saved tiny bundle through the same ``from_pretrained`` code
as a real checkpoint.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from pathlib import Path
from typing import Any

__all__ = [
    "CHAT_TEMPLATE",
    "SPECIAL_TOKENS",
    "TinyBundle",
    "build_tiny",
    "build_tiny_image_processor",
    "build_tiny_model",
    "build_tiny_tokenizer",
    "gemma4_26b_a4b_config",
    "tiny_config",
]

logger = logging.getLogger(__name__)

#: Special tokens in id order (pad=0, eos=1, bos=2 as in Gemma).
SPECIAL_TOKENS = (
    "<pad>", "<eos>", "<bos>", "<unk>", "<mask>",
    "<start_of_turn>", "<end_of_turn>",
    "<start_of_image>", "<end_of_image>", "<image_soft_token>",
    "<start_of_audio>", "<end_of_audio>", "<audio_soft_token>", "<|video|>",
)

#: A Gemma-style chat template: images first, then the text of each user turn.
CHAT_TEMPLATE = (
    "{{ bos_token }}{% for m in messages %}<start_of_turn>{{ 'model' if m['role'] == 'assistant' else m['role'] }}\n"
    "{% if m['content'] is string %}{{ m['content'] }}{% else %}{% for c in m['content'] %}"
    "{% if c['type'] == 'image' %}<image_soft_token>{% elif c['type'] == 'text' %}{{ c['text'] }}{% endif %}"
    "{% endfor %}{% endif %}<end_of_turn>\n{% endfor %}{% if add_generation_prompt %}<start_of_turn>model\n{% endif %}"
)

_WORDS = (
    "Invoice invoice INVOICE Receipt receipt Total total TOTAL Subtotal subtotal Tax tax VAT Date date Due due "
    "Amount amount Qty qty Quantity Price price Unit unit Description description Item item Items Number No "
    "Bill To From Ship Customer Vendor Supplier Company Ltd Inc GmbH LLC Street St Road Ave City Payment Terms "
    "Net Balance Paid Cash Card Change Thank you Claim Policy Name Address Phone Email Signed signed Signature "
    "Yes No true false null EUR USD GBP CHF the and of for to in on at with by per Service Services Hours "
    "Consulting Support Software License Product Delivery Shipping Discount Order Reference Account Bank IBAN"
).split()


def _schema_corpus() -> list[str]:
    """JSON renderings of the registered schemas' keys, so the tokenizer learns them as few tokens."""
    out: list[str] = []
    try:
        import schemas
    except ImportError:  # pragma: no cover - schemas ships with the package
        return out
    for model in schemas.list_schemas():
        keys: list[str] = []

        def walk(m: Any, acc: list[str]) -> None:
            for name, info in m.model_fields.items():
                acc.append(name)
                ann = info.annotation
                for cand in (ann, *getattr(ann, "__args__", ())):
                    for inner in (cand, *getattr(cand, "__args__", ())):
                        if isinstance(inner, type) and hasattr(inner, "model_fields"):
                            walk(inner, acc)

        walk(model, keys)
        for k in keys:
            out.extend([f'{{"{k}":"', f',"{k}":"', f',"{k}":', f'"{k}":[', f'"{k}":{{'])
    return out


def build_tiny_tokenizer(vocab_size: int = 512, extra_corpus: tuple[str, ...] = ()) -> Any:
    """A byte-level BPE tokenizer (digits split one per token) wrapped as a ``PreTrainedTokenizerFast``."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tk = Tokenizer(models.BPE(unk_token="<unk>"))
    tk.pre_tokenizer = pre_tokenizers.Sequence([pre_tokenizers.Digits(individual_digits=True),
                                                pre_tokenizers.ByteLevel(add_prefix_space=False)])
    tk.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=vocab_size, special_tokens=list(SPECIAL_TOKENS), show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), min_frequency=2)
    corpus = _schema_corpus() * 3 + [" ".join(_WORDS)] * 3 + [f" {w}" for w in _WORDS] * 2 + list(extra_corpus)
    corpus += ['{"', '":"', '","', '":', ',"', '"}', '}]', '":[{"', '},{"', "null", "true", "false"] * 4
    tk.train_from_iterator(corpus, trainer)
    tok = PreTrainedTokenizerFast(
        tokenizer_object=tk, pad_token="<pad>", eos_token="<eos>", bos_token="<bos>", unk_token="<unk>",
        mask_token="<mask>",
        extra_special_tokens={
            "image_token": "<image_soft_token>", "boi_token": "<start_of_image>", "eoi_token": "<end_of_image>",
            "audio_token": "<audio_soft_token>", "boa_token": "<start_of_audio>", "eoa_token": "<end_of_audio>",
            "sot_token": "<start_of_turn>", "eot_token": "<end_of_turn>", "video_token": "<|video|>",
        },
        padding_side="left",
    )
    tok.chat_template = CHAT_TEMPLATE
    return tok


def build_tiny_image_processor(max_soft_tokens: int = 70) -> Any:
    """Gemma 4's image processor with 4-pixel patches pooled 2x2 (70 soft tokens for a page)."""
    from transformers.models.gemma4.image_processing_pil_gemma4 import Gemma4ImageProcessorPil

    return Gemma4ImageProcessorPil(patch_size=4, max_soft_tokens=max_soft_tokens, pooling_kernel_size=2)


def tiny_config(tokenizer: Any, *, canvas_length: int = 128, hidden_size: int = 64, num_layers: int = 2,
                num_experts: int = 4, intermediate_size: int | None = None) -> Any:
    """A small ``DiffusionGemmaConfig`` for ``tokenizer`` (pitfalls from DESIGN.md handled: global_head_dim,
    num_experts, and a tiny vision tower always)."""
    from transformers import DiffusionGemmaConfig, DiffusionGemmaTextConfig, Gemma4VisionConfig

    vocab = -(-len(tokenizer) // 64) * 64
    heads = 2
    head_dim = hidden_size // heads
    layer_types = ["sliding_attention"] * (num_layers - 1) + ["full_attention"]
    text = DiffusionGemmaTextConfig(
        vocab_size=vocab, hidden_size=hidden_size, intermediate_size=intermediate_size or 2 * hidden_size,
        num_hidden_layers=num_layers, num_attention_heads=heads, num_key_value_heads=1, head_dim=head_dim,
        global_head_dim=head_dim, num_experts=num_experts, top_k_experts=2, moe_intermediate_size=hidden_size,
        sliding_window=256, layer_types=layer_types, max_position_embeddings=8192,
        pad_token_id=tokenizer.pad_token_id, eos_token_id=tokenizer.eos_token_id,
        bos_token_id=tokenizer.bos_token_id, use_bidirectional_attention="vision",
    )
    vision = Gemma4VisionConfig(hidden_size=32, intermediate_size=64, num_hidden_layers=1, num_attention_heads=2,
                                num_key_value_heads=2, head_dim=16, patch_size=4, pooling_kernel_size=2,
                                position_embedding_size=256)
    return DiffusionGemmaConfig(
        text_config=text, vision_config=vision, canvas_length=canvas_length,
        boi_token_id=tokenizer.convert_tokens_to_ids("<start_of_image>"),
        eoi_token_id=tokenizer.convert_tokens_to_ids("<end_of_image>"),
        image_token_id=tokenizer.convert_tokens_to_ids("<image_soft_token>"),
    )


def gemma4_26b_a4b_config(*, canvas_length: int = 256) -> Any:
    """The architecture of ``google/diffusiongemma-26B-A4B-it`` (Gemma 4 26B-A4B: 30 layers, hidden 2816, 16 heads,
    8 KV heads of 256 on sliding layers and 2 of 512 on global ones, 128 experts top-8 of 704, dense MLP 2112,
    window 1024, 262,144-token vocabulary; a 27-layer 1152-wide vision tower). For benchmarks with random weights."""
    from transformers import DiffusionGemmaConfig, DiffusionGemmaTextConfig, Gemma4VisionConfig

    layer_types = (["sliding_attention"] * 5 + ["full_attention"]) * 5
    text = DiffusionGemmaTextConfig(
        vocab_size=262_144, hidden_size=2816, intermediate_size=2112, num_hidden_layers=30, num_attention_heads=16,
        num_key_value_heads=8, head_dim=256, global_head_dim=512, num_global_key_value_heads=2,
        num_experts=128, top_k_experts=8, moe_intermediate_size=704, sliding_window=1024,
        max_position_embeddings=262_144, layer_types=layer_types, hidden_activation="gelu_pytorch_tanh",
        final_logit_softcapping=30.0, use_bidirectional_attention="vision",
        rope_parameters={
            "full_attention": {"rope_type": "proportional", "partial_rotary_factor": 0.25, "rope_theta": 1_000_000.0},
            "sliding_attention": {"rope_type": "default", "rope_theta": 10_000.0},
        },
        pad_token_id=0, eos_token_id=[1, 106], bos_token_id=2,
    )
    vision = Gemma4VisionConfig(hidden_size=1152, intermediate_size=4304, num_hidden_layers=27,
                                num_attention_heads=16, num_key_value_heads=16, head_dim=72, patch_size=16,
                                pooling_kernel_size=3)
    return DiffusionGemmaConfig(text_config=text, vision_config=vision, canvas_length=canvas_length,
                                boi_token_id=255_999, eoi_token_id=258_882, image_token_id=258_880)


def build_tiny_model(config: Any, *, seed: int = 0) -> Any:
    """A randomly initialised ``DiffusionGemmaForBlockDiffusion`` (eval mode) for ``config``."""
    import torch
    from transformers import DiffusionGemmaForBlockDiffusion

    torch.manual_seed(seed)
    return DiffusionGemmaForBlockDiffusion(config).eval()


@dataclasses.dataclass
class TinyBundle:
    """A model with its tokenizer and image processor."""

    model: Any
    tokenizer: Any
    image_processor: Any

    def save(self, path: str | Path) -> Path:
        """Save as a checkpoint directory ``from_pretrained`` reads (config, weights, tokenizer, processor)."""
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        self.model.save_pretrained(path)
        self.tokenizer.save_pretrained(path)
        self.image_processor.save_pretrained(path)
        (path / "docextract_tiny.json").write_text(json.dumps({"note": "random weights, for tests"}))
        return path


def build_tiny(*, canvas_length: int = 128, seed: int = 0, hidden_size: int = 64, num_layers: int = 2,
               vocab_size: int = 512) -> TinyBundle:
    """Tokenizer, image processor and random model in one call (about a second on a CPU)."""
    tok = build_tiny_tokenizer(vocab_size=vocab_size)
    config = tiny_config(tok, canvas_length=canvas_length, hidden_size=hidden_size, num_layers=num_layers)
    return TinyBundle(build_tiny_model(config, seed=seed), tok, build_tiny_image_processor())
