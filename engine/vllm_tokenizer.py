"""The served model's tokenizer, on a machine that has no model files.

The canvas compiler needs the model's own token ids (a skeleton tokenized with another tokenizer is noise to
the model) through the small :class:`engine.canvas_vocab.CanvasTokenizer` interface. With ``tokenizer_path`` the
tokenizer is loaded locally (``AutoTokenizer`` from a directory, no network) and wrapped by
:func:`engine.canvas_vocab.as_canvas_tokenizer`; otherwise :class:`RemoteTokenizer` implements the interface over
vLLM's ``/tokenize`` and ``/detokenize`` and caches every answer.

The one expensive call is :meth:`RemoteTokenizer.token_texts` (the text of every id, which the compiler sorts
into digit, number and text classes once per engine): ids are detokenized in chunks of a few thousand, separated
by a marker string, and a chunk whose text does not split back into one piece per id is bisected down to single
ids, so the result equals per-id detokenization at a few dozen round trips instead of a quarter million.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.errors import EngineError, ModelLoadError
from engine.vllm_client import VLLMClient, VLLMRequestError

__all__ = ["RemoteTokenizer", "load_tokenizer"]

logger = logging.getLogger(__name__)

#: DiffusionGemma's (Gemma 4's) vocabulary size; ids past the tokenizer's real end decode to "" and are skipped
DEFAULT_VOCAB_SIZE = 262144
_SPECIAL_NAMES = {
    "pad": ("<pad>",),
    "eos": ("<eos>", "</s>", "<|endoftext|>"),
    "bos": ("<bos>", "<s>"),
    "unk": ("<unk>",),
    "mask": ("<mask>",),
}
# Control tokens by their look (``<eos>``, ``<turn|>``, ``<|channel>``, ``<start_of_image>``, ``<unused12>``):
# the server does not say which ids are special, and none of these is legal inside a value.
_CONTROL_TEXT = re.compile(r"<\|?[A-Za-z_][A-Za-z0-9_]*\|?>|\[multimodal\]")
# marker strings tried, in order, to separate ids in one /detokenize call (plain ASCII: no byte-fallback pieces)
_SEPARATORS = ("\n@@|@@\n", "\n#%%#\n", "|~~|~~|")


class RemoteTokenizer:
    """A :class:`~engine.canvas_vocab.CanvasTokenizer` answered by the vLLM server (thread-safe, cached)."""

    def __init__(
        self,
        client: VLLMClient,
        model: str,
        *,
        vocab_size: int = DEFAULT_VOCAB_SIZE,
        chunk_size: int = 2048,
        cache_size: int = 65536,
    ) -> None:
        self.client = client
        self.model = model
        self._vocab_size = vocab_size
        self.chunk_size = chunk_size
        self._lock = threading.Lock()
        self._encode_cached = lru_cache(maxsize=cache_size)(self._encode_remote)
        self._decode_cached = lru_cache(maxsize=cache_size)(self._decode_remote)
        self._specials: dict[str, int | None] = {}
        self._texts: tuple[str, ...] | None = None
        self._end: int | None = None
        self.round_trips = 0

    # -------------------------------------------------------------- remote calls

    def _encode_remote(self, text: str) -> tuple[int, ...]:
        self.round_trips += 1
        return tuple(self.client.tokenize(self.model, text, add_special_tokens=False))

    def _decode_remote(self, ids: tuple[int, ...]) -> str:
        self.round_trips += 1
        return self.client.detokenize(self.model, list(ids))

    # -------------------------------------------------------------- CanvasTokenizer

    @property
    def vocab_size(self) -> int:
        """``vocab_size`` as configured, or the server's real end once :meth:`token_texts` has found it."""
        return self._end if self._end is not None else self._vocab_size

    @property
    def pad_id(self) -> int | None:
        return self._special("pad")

    @property
    def eos_id(self) -> int | None:
        return self._special("eos")

    @property
    def special_ids(self) -> frozenset[int]:
        named = {i for k in _SPECIAL_NAMES if (i := self._special(k)) is not None}
        if self._texts is not None:
            named |= {i for i, t in enumerate(self._texts) if _CONTROL_TEXT.fullmatch(t)}
        return frozenset(named)

    def encode(self, text: str, add_special_tokens: bool = False) -> list[int]:
        """Token ids of ``text`` without special tokens added (control tokens written in the text map to their
        ids, as in Hugging Face tokenizers)."""
        if add_special_tokens:
            return list(self.client.tokenize(self.model, text, add_special_tokens=True))
        return list(self._encode_cached(text))

    def decode(self, ids: Sequence[int]) -> str:
        """Text of ``ids``, special tokens kept."""
        seq = tuple(int(i) for i in ids)
        return self._decode_cached(seq) if seq else ""

    def token_texts(self) -> Sequence[str]:
        """The text of every id on its own, index = id (fetched once, in chunks; see the module docstring)."""
        with self._lock:
            if self._texts is None:
                self._texts = tuple(self._fetch_all_texts())
            return self._texts

    # -------------------------------------------------------------- helpers

    def _special(self, key: str) -> int | None:
        with self._lock:
            if key not in self._specials:
                found = None
                for name in _SPECIAL_NAMES[key]:
                    ids = self.encode(name)
                    if len(ids) == 1:
                        found = ids[0]
                        break
                self._specials[key] = found
            return self._specials[key]

    def _separator(self) -> tuple[str, list[int]]:
        for sep in _SEPARATORS:
            ids = self.encode(sep)
            if ids and self.decode(ids) == sep:
                return sep, ids
        raise EngineError("no separator string round-trips through the server's tokenizer",
                          hint="pass engine option tokenizer_path")

    def _valid(self, token_id: int) -> bool:
        try:
            self._decode_remote((token_id,))
            return True
        except VLLMRequestError:
            return False

    def _vocab_end(self) -> int:
        """The number of ids the server accepts, at most ``vocab_size`` (a binary search when it rejects the
        last one, so a smaller vocabulary costs a few probes, not a rejected chunk per 2048 ids)."""
        n = self._vocab_size
        if self._valid(n - 1):
            return n
        lo, hi = 0, n - 1  # lo accepted (id 0 always exists), hi rejected
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self._valid(mid):
                lo = mid
            else:
                hi = mid
        logger.warning("the server's tokenizer has %d ids, fewer than vocab_size=%d", hi, n)
        return hi

    def _fetch_all_texts(self) -> list[str]:
        sep, sep_ids = self._separator()
        n = self._end = self._vocab_end()
        starts = range(0, n, self.chunk_size)
        workers = max(1, min(self.client.capacity, 8))
        logger.info("fetching the texts of %d token ids from the server (%d chunks)", n, len(starts))
        with ThreadPoolExecutor(workers) as pool:
            parts = pool.map(lambda s: self._texts_of(list(range(s, min(n, s + self.chunk_size))), sep, sep_ids),
                             starts)
            texts = [t for part in parts for t in part]
        texts += [""] * (self._vocab_size - n)  # past the end: never allowed in a slot
        logger.info("token texts fetched in %d round trips", self.round_trips)
        return texts

    def _texts_of(self, ids: list[int], sep: str, sep_ids: list[int]) -> list[str]:
        if len(ids) == 1:
            try:
                return [self._decode_remote((ids[0],))]
            except VLLMRequestError:
                return [""]  # past the end of the vocabulary
        body: list[int] = list(sep_ids)
        for i in ids:
            body += [i, *sep_ids]
        try:
            self.round_trips += 1
            text = self.client.detokenize(self.model, body)
        except VLLMRequestError:
            text = None  # an id out of range somewhere in the chunk
        if text is not None and text.startswith(sep) and text.endswith(sep):
            pieces = text[len(sep):-len(sep)].split(sep)
            if len(pieces) == len(ids):
                return pieces
        mid = len(ids) // 2
        return self._texts_of(ids[:mid], sep, sep_ids) + self._texts_of(ids[mid:], sep, sep_ids)

    def cache_info(self) -> dict[str, Any]:
        """Hits and misses of the encode/decode caches."""
        return {"encode": self._encode_cached.cache_info()._asdict(),
                "decode": self._decode_cached.cache_info()._asdict(),
                "round_trips": self.round_trips}


def load_tokenizer(path: str | Path | None, client: VLLMClient, model: str, *,
                   vocab_size: int = DEFAULT_VOCAB_SIZE) -> Any:
    """A canvas tokenizer: the local tokenizer at ``path`` when given (no network), else a
    :class:`RemoteTokenizer` over the server."""
    if path is None:
        return RemoteTokenizer(client, model, vocab_size=vocab_size)
    from transformers import AutoTokenizer

    from engine.canvas_vocab import as_canvas_tokenizer

    try:
        tok = AutoTokenizer.from_pretrained(str(path), local_files_only=True)
    except (OSError, ValueError) as exc:
        raise ModelLoadError(
            f"cannot load the tokenizer from {path}: {exc}",
            hint="point tokenizer_path at a directory with tokenizer.json / tokenizer_config.json, "
            "or leave it unset to use the server's /tokenize",
        ) from exc
    logger.info("tokenizer loaded from %s (%d ids)", path, len(tok))
    return as_canvas_tokenizer(tok)
