"""The embedded model's prompt: the document as a token stream where every candidate span carries a pointer.

Line by line, each span of the document is written as ``<x..> [<big>] word word ... <pK>``: its horizontal
position bucket, a mark when it is printed large, its words, then its pointer token (normalised, or a shape token
when the vocabulary lacks them). A value slot of the canvas is filled by choosing one pointer;
:class:`PointerPrompt` maps the pointer back to its span.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from engine.base import Word
from engine.embedded.tokenizer import (
    BIG_TOKEN,
    NL_TOKEN,
    PAGE_TOKEN,
    normalize_word,
    pointer_token,
    shape_token,
    x_token,
)
from engine.spandoc import read_spans
from engine.spans import Span

__all__ = ["PointerPrompt", "build_prompt"]


class PointerPrompt(BaseModel):
    """A document rendered for the embedded model."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    tokens: list[str]
    #: pointer number → span (only spans that got a pointer)
    spans: dict[int, Span]
    #: spans left without a pointer because the document has more than the model can name
    unpointed: int = 0

    @property
    def text(self) -> str:
        return " ".join(self.tokens)


def _word_token(word: str, vocab: dict[str, int]) -> str:
    norm = normalize_word(word)
    if norm in vocab:
        return norm
    # a trailing colon is split off by the tokenizer; keep the label word if it is known
    if norm.endswith(":") and norm[:-1] in vocab:
        return norm[:-1] + " :"
    return shape_token(word)


def build_prompt(
    words: Sequence[Word],
    vocab: dict[str, int],
    *,
    n_pointers: int,
    spans: list[Span] | None = None,
    max_words_per_span: int = 6,
) -> PointerPrompt:
    """Lay out ``words`` with one pointer per span; spans beyond ``n_pointers`` are written without one."""
    if spans is None:
        spans = read_spans(list(words))  # the spans the rules read: a wrapped date is one pointer
    tokens: list[str] = []
    pointed: dict[int, Span] = {}
    last_line: tuple[int, int] | None = None
    unpointed = 0
    heights = sorted(w.bbox[3] - w.bbox[1] for w in words if w.bbox[3] > w.bbox[1])
    body = heights[len(heights) // 2] if heights else 0.0
    for span in spans:
        key = (span.page, span.line)
        if last_line is None or key != last_line:
            if last_line is not None and span.page != last_line[0]:
                tokens.append(PAGE_TOKEN)
            tokens.append(NL_TOKEN)
            last_line = key
        tokens.append(x_token(span.bbox[0]))
        if body > 0 and max(words[i].bbox[3] - words[i].bbox[1] for i in span.word_indices) > 1.3 * body:
            tokens.append(BIG_TOKEN)
        span_words = [words[i].text for i in span.word_indices]
        if len(span_words) > max_words_per_span:
            # long text spans: keep head and tail, the middle rarely decides what the span is
            half = max_words_per_span // 2
            span_words = span_words[:half] + span_words[-half:]
        for w in span_words:
            tokens.extend(_word_token(w, vocab).split(" "))
        # The pointer follows its span: the encoder is causal, so the pointer's state has read both the span's
        # words and what precedes them (its label), which is what a slot needs to choose it.
        if len(pointed) < n_pointers:
            p = len(pointed)
            pointed[p] = span
            tokens.append(pointer_token(p))
        else:
            unpointed += 1
    return PointerPrompt(tokens=tokens, spans=pointed, unpointed=unpointed)
