"""What the canvas compiler needs from a tokenizer, and the character classes of its vocabulary.

The canvas is compiled against token ids, so every backend hands the compiler a :class:`CanvasTokenizer`: a local
Hugging Face tokenizer (wrapped by :func:`as_canvas_tokenizer`), or a remote one a backend implements itself (the
vLLM backend can answer ``encode``/``decode`` from the server). :class:`VocabIndex` sorts the vocabulary into the
classes slots are restricted to (digits, number pieces, clean text pieces), once per tokenizer.
"""

from __future__ import annotations

import functools
import logging
import re
import weakref
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

__all__ = ["CanvasTokenizer", "HFCanvasTokenizer", "VocabIndex", "as_canvas_tokenizer", "vocab_index"]

logger = logging.getLogger(__name__)

_DIGITS = re.compile(r"[0-9]+")
_NUMBER_FIRST = re.compile(r"-?[0-9]*")
_NUMBER_REST = re.compile(r"[0-9.]+")
_DATE_CHARS = re.compile(r"[0-9-]+")


@runtime_checkable
class CanvasTokenizer(Protocol):
    """The tokenizer operations the canvas needs. Ids are the model's ids; no special tokens are added."""

    @property
    def vocab_size(self) -> int:
        """Number of ids the tokenizer can produce (the model's vocabulary may be larger, padded)."""

    @property
    def pad_id(self) -> int | None:
        """The padding token, used for unused canvas positions and as the default end-of-value filler."""

    @property
    def special_ids(self) -> frozenset[int]:
        """Ids that are never legal inside a value (control, image, turn tokens...)."""

    def encode(self, text: str) -> list[int]:
        """Token ids of ``text`` without special tokens."""

    def decode(self, ids: Sequence[int]) -> str:
        """Text of ``ids`` (special tokens kept, no clean-up of spaces)."""

    def token_texts(self) -> Sequence[str]:
        """The decoded text of every id on its own, index = id."""


class HFCanvasTokenizer:
    """A :class:`CanvasTokenizer` over a Hugging Face ``PreTrainedTokenizerBase``."""

    def __init__(self, tokenizer: Any) -> None:
        self.hf = tokenizer

    @property
    def vocab_size(self) -> int:
        return len(self.hf)

    @property
    def pad_id(self) -> int | None:
        return self.hf.pad_token_id

    @functools.cached_property
    def special_ids(self) -> frozenset[int]:
        ids = set(self.hf.all_special_ids)
        # Added tokens flagged special (image, turn markers) are not always in all_special_ids.
        for idx, tok in getattr(self.hf, "added_tokens_decoder", {}).items():
            if getattr(tok, "special", False):
                ids.add(int(idx))
        return frozenset(i for i in ids if i is not None and i >= 0)

    def encode(self, text: str) -> list[int]:
        return list(self.hf.encode(text, add_special_tokens=False))

    def decode(self, ids: Sequence[int]) -> str:
        return self.hf.decode(list(ids), skip_special_tokens=False, clean_up_tokenization_spaces=False)

    def token_texts(self) -> Sequence[str]:
        return self._texts

    @functools.cached_property
    def _texts(self) -> tuple[str, ...]:
        return tuple(self.hf.batch_decode([[i] for i in range(len(self.hf))], skip_special_tokens=False,
                                          clean_up_tokenization_spaces=False))


class VocabIndex:
    """The vocabulary sorted into the classes that value slots are restricted to.

    All sets exclude special ids and tokens that decode to nothing. ``single(c)`` is the id of the token that is
    the character ``c`` alone, when the tokenizer writes it with one token.
    """

    def __init__(self, tokenizer: CanvasTokenizer) -> None:
        texts = tokenizer.token_texts()
        special = tokenizer.special_ids
        digits: set[int] = set()
        number_first: set[int] = set()
        number_rest: set[int] = set()
        date_chars: set[int] = set()
        text: set[int] = set()
        for i, t in enumerate(texts):
            if i in special or not t:
                continue
            # A quote, backslash or control character would break the JSON string around the value.
            if not ('"' in t or "\\" in t or any(ord(c) < 32 or ord(c) == 127 for c in t)):
                text.add(i)
            if _DIGITS.fullmatch(t):
                digits.add(i)
            if _NUMBER_FIRST.fullmatch(t):
                number_first.add(i)
            if _NUMBER_REST.fullmatch(t):
                number_rest.add(i)
            if _DATE_CHARS.fullmatch(t):
                date_chars.add(i)
        self.digits = frozenset(digits)
        self.number_first = frozenset(number_first)
        self.number_rest = frozenset(number_rest)
        self.integer_first = self.number_first
        self.integer_rest = self.digits
        self.date_chars = frozenset(date_chars)
        self.text = frozenset(text)
        self._single: dict[str, int | None] = {}
        self._tokenizer = tokenizer
        logger.debug("vocab index: %d text, %d digit, %d number tokens", len(text), len(digits), len(number_rest))

    def single(self, char: str) -> int | None:
        """The id the tokenizer writes ``char`` with when it is one token (byte-fallback twins that also decode to
        ``char`` are not it), else None."""
        if char not in self._single:
            ids = self._tokenizer.encode(char)
            self._single[char] = ids[0] if len(ids) == 1 else None
        return self._single[char]

    def digit_ids(self, chars: str = "0123456789") -> frozenset[int] | None:
        """Ids of the single-digit tokens for ``chars``; None unless every one exists."""
        ids = [self.single(c) for c in chars]
        if any(i is None for i in ids):
            return None
        return frozenset(i for i in ids if i is not None)

    @functools.cached_property
    def splits_dates(self) -> bool:
        """Whether an ISO date tokenizes to ten single-character tokens (digits split, '-' alone), so a date slot
        can constrain every position (Gemma's tokenizer splits digits)."""
        probe = "2019-12-31"
        ids = self._tokenizer.encode(probe)
        return len(ids) == len(probe) and all(self.single(c) == i for c, i in zip(probe, ids, strict=True))


_ADAPTERS: weakref.WeakKeyDictionary[Any, HFCanvasTokenizer] = weakref.WeakKeyDictionary()
_INDEXES: weakref.WeakKeyDictionary[Any, VocabIndex] = weakref.WeakKeyDictionary()


def as_canvas_tokenizer(tokenizer: Any) -> CanvasTokenizer:
    """Wrap a Hugging Face tokenizer (one adapter per tokenizer), or return a :class:`CanvasTokenizer` as is."""
    if isinstance(tokenizer, HFCanvasTokenizer):
        return tokenizer
    if hasattr(tokenizer, "all_special_ids") and hasattr(tokenizer, "batch_decode"):
        adapter = _ADAPTERS.get(tokenizer)
        if adapter is None:
            adapter = _ADAPTERS[tokenizer] = HFCanvasTokenizer(tokenizer)
        return adapter
    if isinstance(tokenizer, CanvasTokenizer):
        return tokenizer
    raise TypeError(f"cannot use {type(tokenizer).__name__} as a canvas tokenizer")


def vocab_index(tokenizer: CanvasTokenizer) -> VocabIndex:
    """The :class:`VocabIndex` of ``tokenizer``, built once (sorting a 262k vocabulary takes about a second)."""
    try:
        index = _INDEXES.get(tokenizer)
    except TypeError:  # neither hashable nor weak-referenceable: build each time
        return VocabIndex(tokenizer)
    if index is None:
        index = VocabIndex(tokenizer)
        try:
            _INDEXES[tokenizer] = index
        except TypeError:
            pass
    return index
