"""A pointer head for the embedded DiffusionGemma: pointer logits scored against the document, not memorised.

With the plain LM head, the logit of pointer ``<pK>`` is the canvas state's dot product with one fixed embedding
row, so choosing a span means copying the identity ``K`` from the prompt through attention — a circuit a small
model trained on two CPU cores did not form (its loss did not change when the prompt was shuffled). This head
scores pointers as a pointer network does: the encoder's state at the position where ``<pK>`` stands in the prompt
(it has read the span's words and, the encoder being causal, the label before it) is the key, a projection of the
canvas state is the query, and their scaled dot product replaces the LM head's logit for ``<pK>``. The rest of the
vocabulary (skeleton, null, enum members) keeps the LM head, and the model stays a
:class:`~transformers.DiffusionGemmaForBlockDiffusion`: ``generate()``, the sampler, the logits processor,
self-conditioning and the KV cache work unchanged.

The keys ("pointer memory") are taken by a forward hook on the encoder when it encodes a prompt, and ride on the
KV cache object, so a continuation canvas (encoded later into the same cache) keeps the prompt's keys; only the
first occurrence of a pointer in the encoded sequence counts, since committed canvases repeat chosen pointers.
"""

from __future__ import annotations

import math
from typing import Any

import torch
from torch import nn
from transformers import DiffusionGemmaForBlockDiffusion
from transformers.models.diffusion_gemma.modeling_diffusion_gemma import DiffusionGemmaBlockDiffusionOutputWithPast

__all__ = ["MEMORY_ATTR", "PointerDiffusionGemma", "select_cache_rows"]

#: attribute of the KV cache object that carries the pointer memory (keys, present mask)
MEMORY_ATTR = "pointer_memory"


class PointerDiffusionGemma(DiffusionGemmaForBlockDiffusion):
    """DiffusionGemma with pointer logits computed against the prompt (``config.pointer_head`` switches it on).

    ``config.pointer_head`` is ``{"first_id": int, "count": int, "key_window": int, "query_window": int}``: the
    pointer tokens are the ids ``first_id .. first_id + count - 1``. A pointer's key is its encoder state plus the
    mean embedding of the ``key_window`` tokens before it (the span's words and the label before them); a slot's
    query is its canvas state plus the mean embedding of the ``query_window`` canvas tokens before it (the
    skeleton's key name). The windows are a direct, linear path from label words to field names, which a small
    model learns in hundreds of steps; the transformer states carry everything else (layout, neighbours, rows).
    Without ``pointer_head`` the model is exactly its parent class.
    """

    def __init__(self, config: Any) -> None:
        super().__init__(config)
        spec = getattr(config, "pointer_head", None)
        self.pointer_first: int | None = None
        self.pointer_count = 0
        if spec:
            hidden = int(config.get_text_config().hidden_size)
            self.pointer_first = int(spec["first_id"])
            self.pointer_count = int(spec["count"])
            self.key_window = int(spec.get("key_window", 0))
            self.query_window = int(spec.get("query_window", 0))
            self.pointer_query = nn.Linear(hidden, hidden, bias=False)
            self.pointer_key = nn.Linear(hidden, hidden, bias=False)
            self.pointer_query_context = nn.Linear(hidden, hidden, bias=False)
            self.pointer_key_context = nn.Linear(hidden, hidden, bias=False)
            self.pointer_scale = nn.Parameter(torch.tensor(1.0))
            # identity start: scores begin as plain dot products of canvas and span states (and of the windows),
            # so the gradient reaches encoder, decoder and embeddings from the first step; two small random maps
            # would start the bilinear form near zero, where it learns slowly
            with torch.no_grad():
                for layer in (self.pointer_query, self.pointer_key, self.pointer_query_context,
                              self.pointer_key_context):
                    layer.weight.copy_(torch.eye(hidden))
            self.model.encoder.register_forward_hook(self._remember_pointers, with_kwargs=True)

    # -- memory --------------------------------------------------------------------------------------------------
    def _remember_pointers(self, module: nn.Module, args: tuple, kwargs: dict, output: Any) -> None:
        """Encoder hook: store the keys of the pointers of a newly encoded prompt on the cache."""
        cache = getattr(output, "past_key_values", None)
        input_ids = kwargs.get("input_ids", args[0] if args else None)
        if cache is None or input_ids is None or getattr(cache, MEMORY_ATTR, None) is not None:
            return  # no cache to ride on, embeddings-only input, or a continuation: the prompt's keys stay
        setattr(cache, MEMORY_ATTR, self.pointer_memory(input_ids, output.last_hidden_state))

    def _window_mean(self, ids: torch.Tensor, window: int) -> torch.Tensor:
        """Per position, the mean input embedding of the ``window`` tokens before it (padding left out)."""
        embed = self.get_input_embeddings()
        valid = (ids != self.config.get_text_config().pad_token_id).unsqueeze(-1)
        emb = embed(ids) * valid
        zero = torch.zeros_like(emb[:, :1])
        csum = torch.cat([zero, emb.cumsum(dim=1)], dim=1)  # csum[i] = sum of emb[:i]
        ccount = torch.cat([zero[..., :1], valid.to(emb.dtype).cumsum(dim=1)], dim=1)
        length = ids.shape[1]
        end = torch.arange(length, device=ids.device)
        start = (end - window).clamp(min=0)
        total = csum[:, end] - csum[:, start]
        count = (ccount[:, end] - ccount[:, start]).clamp(min=1.0)
        return total / count

    def pointer_memory(self, input_ids: torch.Tensor,
                       hidden: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """(states, contexts (batch, count, hidden), present (batch, count)) of each pointer's first occurrence."""
        assert self.pointer_first is not None
        rel = input_ids - self.pointer_first
        is_pointer = (rel >= 0) & (rel < self.pointer_count)
        onehot = torch.nn.functional.one_hot(rel.clamp(0, self.pointer_count - 1), self.pointer_count)
        onehot = onehot * is_pointer.unsqueeze(-1)
        first = (onehot * (onehot.cumsum(dim=1) == 1)).to(hidden.dtype)  # (batch, length, count)
        states = torch.einsum("blp,blh->bph", first, hidden)
        contexts = torch.einsum("blp,blh->bph", first, self._window_mean(input_ids, self.key_window)) \
            if self.key_window else torch.zeros_like(states)
        return states, contexts, first.sum(dim=1) > 0

    # -- logits --------------------------------------------------------------------------------------------------
    def forward(self, input_ids: torch.LongTensor | None = None, attention_mask: Any = None,
                past_key_values: Any = None, position_ids: torch.LongTensor | None = None,
                decoder_input_ids: torch.LongTensor | None = None,
                self_conditioning_logits: torch.Tensor | None = None,
                self_conditioning_mask: torch.BoolTensor | None = None, decoder_attention_mask: Any = None,
                decoder_position_ids: torch.LongTensor | None = None, mm_encoder_outputs: Any = None,
                **kwargs: Any) -> DiffusionGemmaBlockDiffusionOutputWithPast:
        """The parent's forward (model, LM head, soft-capping), then pointer logits replace the pointer columns."""
        outputs = self.model(
            input_ids=input_ids, attention_mask=attention_mask, past_key_values=past_key_values,
            position_ids=position_ids, decoder_input_ids=decoder_input_ids,
            self_conditioning_logits=self_conditioning_logits, self_conditioning_mask=self_conditioning_mask,
            decoder_attention_mask=decoder_attention_mask, decoder_position_ids=decoder_position_ids,
            mm_encoder_outputs=mm_encoder_outputs, **kwargs,
        )
        hidden = outputs.last_hidden_state
        cap = self.final_logit_softcapping
        logits = torch.tanh(self.lm_head(hidden).float() / cap) * cap
        if self.pointer_first is not None:
            memory = getattr(outputs.past_key_values, MEMORY_ATTR, None)
            if memory is None or decoder_input_ids is None:
                raise ValueError("the pointer head needs the prompt encoded into the KV cache and a canvas")
            states, contexts, present = memory
            query = self.pointer_query(hidden)  # (batch, canvas, h)
            keys = self.pointer_key(states.to(query.dtype))  # (batch, count, h)
            if self.query_window:
                query = query + self.pointer_query_context(self._window_mean(decoder_input_ids, self.query_window))
            if self.key_window:
                keys = keys + self.pointer_key_context(contexts.to(query.dtype))
            scores = torch.einsum("bch,bph->bcp", query, keys) * (self.pointer_scale / math.sqrt(query.shape[-1]))
            scores = torch.tanh(scores.float() / cap) * cap
            scores = scores.masked_fill(~present.unsqueeze(1), -cap)
            logits = torch.cat([logits[..., :self.pointer_first], scores,
                                logits[..., self.pointer_first + self.pointer_count:]], dim=-1)
        return DiffusionGemmaBlockDiffusionOutputWithPast(
            logits=logits, hidden_states=outputs.hidden_states, attentions=outputs.attentions,
            past_key_values=outputs.past_key_values, encoder_last_hidden_state=outputs.encoder_last_hidden_state,
        )


def select_cache_rows(cache: Any, index: torch.Tensor) -> None:
    """``cache.batch_select_indices(index)``, keeping the pointer memory (if any) in step with the cache."""
    cache.batch_select_indices(index)
    memory = getattr(cache, MEMORY_ATTR, None)
    if memory is not None:
        setattr(cache, MEMORY_ATTR, tuple(t[index] for t in memory))
