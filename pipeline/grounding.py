"""Grounding: find each extracted value in the document's words, giving its page and bounding box.

A value is *grounded* when the words it came from can be pointed at. Engines that know their source words
(``FieldResult.word_indices``) are grounded by construction; for the rest the value is searched for:

- amounts and quantities are compared as numbers, whatever the locale writes them as (``1,234.56``,
  ``1.234,56``, ``1 234,56``, ``1'234.56``, ``$12``, ``12,00 €``, ``(12.00)``);
- dates are compared as dates, whatever the format (``2024-03-05``, ``05.03.2024``, ``3/5/24``,
  ``5 March 2024``, ``Mar 5, 2024``; day/month order is ambiguous, so both readings count);
- text is compared on letters and digits only (case, accents, punctuation and spacing ignored), exactly first,
  then with a fuzzy match that tolerates OCR slips;
- choices (enum members such as a currency code or a claim type) and booleans are usually inferred rather than
  copied, so they are located when possible but never required.

The normalisers here are deliberately small and local; they accept more than they should rather than less,
since a false "not found" sends a good document to review while a false match only misplaces a box.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from difflib import SequenceMatcher
from enum import Enum, StrEnum
from types import NoneType, UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from engine.base import FieldResult, Word
from engine.dates import DateOrder, parse_date
from engine.numbers import detect_currency, parse_amount

__all__ = [
    "REQUIRED_KINDS",
    "Grounding",
    "GroundingIndex",
    "LeafKind",
    "date_candidates",
    "flatten",
    "generic_path",
    "ground_fields",
    "leaf_kinds",
    "number_candidates",
    "normalise_text",
    "text_tokens",
]


class LeafKind(StrEnum):
    """What kind of scalar a schema field holds; decides how the value is searched for."""

    TEXT = "text"
    NUMBER = "number"
    DATE = "date"
    CHOICE = "choice"
    BOOL = "bool"


#: kinds whose values are copied from the document and must be found in it
REQUIRED_KINDS = frozenset({LeafKind.TEXT, LeafKind.NUMBER, LeafKind.DATE})


@dataclass(frozen=True)
class Grounding:
    """Where a value was found: the words (indices into the document's words), their page and union bbox."""

    path: str
    word_indices: tuple[int, ...]
    page: int
    bbox: tuple[float, float, float, float]
    method: str
    score: float = 1.0


# --------------------------------------------------------------------------------------------- schema walk


def _unwrap(annotation: Any) -> list[Any]:
    """The concrete alternatives of an annotation (Optional / Union / Annotated removed)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _unwrap(get_args(annotation)[0])
    if origin in (Union, UnionType):
        out: list[Any] = []
        for arg in get_args(annotation):
            if arg is not NoneType:
                out.extend(_unwrap(arg))
        return out
    return [annotation]


def _kind_of(annotation: Any, prefix: str, out: dict[str, LeafKind]) -> None:
    for alt in _unwrap(annotation):
        origin = get_origin(alt)
        if origin in (list, tuple, set, frozenset):
            args = [a for a in get_args(alt) if a is not Ellipsis]
            if args:
                _kind_of(args[0], f"{prefix}[]", out)
            continue
        if origin is Literal:
            out.setdefault(prefix, LeafKind.CHOICE)
            continue
        if isinstance(alt, type):
            if issubclass(alt, BaseModel):
                for name, info in alt.model_fields.items():
                    _kind_of(info.annotation, f"{prefix}.{name}" if prefix else name, out)
                continue
            if issubclass(alt, bool):
                out.setdefault(prefix, LeafKind.BOOL)
            elif issubclass(alt, Enum):
                out.setdefault(prefix, LeafKind.CHOICE)
            elif issubclass(alt, date):
                out.setdefault(prefix, LeafKind.DATE)
            elif issubclass(alt, (Decimal, int, float)):
                out.setdefault(prefix, LeafKind.NUMBER)
            elif issubclass(alt, str):
                out.setdefault(prefix, LeafKind.TEXT)


def leaf_kinds(model: type[BaseModel]) -> dict[str, LeafKind]:
    """Map of generic leaf paths (``line_items[].amount``) to their :class:`LeafKind`, from the model's hints."""
    out: dict[str, LeafKind] = {}
    _kind_of(model, "", out)
    return out


_INDEX = re.compile(r"\[\d+\]")


def generic_path(path: str) -> str:
    """``line_items[3].amount`` → ``line_items[].amount``."""
    return _INDEX.sub("[]", path)


def flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    """Non-null scalar leaves of JSON-like ``data`` by dotted path with list indices."""
    out: dict[str, Any] = {}
    if isinstance(data, dict):
        for key, value in data.items():
            out.update(flatten(value, f"{prefix}.{key}" if prefix else str(key)))
    elif isinstance(data, (list, tuple)):
        for i, value in enumerate(data):
            out.update(flatten(value, f"{prefix}[{i}]"))
    elif data is not None and prefix:
        out[prefix] = data
    return out


# ------------------------------------------------------------------------------------------- normalisers


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def normalise_text(text: str) -> str:
    """Letters and digits only, accents removed, case folded: ``"Café-Müller GmbH."`` → ``"cafemullergmbh"``."""
    return re.sub(r"[\W_]+", "", _fold(text))


def text_tokens(text: str) -> list[str]:
    """The runs of letters and digits of ``text``, folded: ``"Invoice#INV-12"`` → ``["invoice", "inv", "12"]``."""
    return re.findall(r"[^\W_]+", _fold(text))


def number_candidates(text: str) -> set[Decimal]:
    """Every number ``text`` can mean in any locale (:func:`engine.numbers.parse_amount` under each reading of
    an ambiguous separator): ``"1,234"`` gives 1234 and 1.234; empty when ``text`` is not an amount."""
    if not any(ch.isdigit() for ch in text):
        return set()
    seps: tuple[str | None, ...] = (None, ",", ".") if ("," in text or "." in text) else (None,)
    out: set[Decimal] = set()
    for sep in seps:
        value = parse_amount(text, decimal_sep=sep)
        if value is not None:
            out.add(value)
    return out


def to_decimal(value: Any) -> Decimal | None:
    """A value from engine data (number or string) as a Decimal, or None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, Decimal)):
        return Decimal(value)
    if isinstance(value, float):
        return Decimal(str(value))
    if isinstance(value, str):
        try:
            return Decimal(value.strip())
        except InvalidOperation:
            return parse_amount(value)
    return None


_AFTER_LABEL = re.compile(r"[^\W\d]{2,}[.:](\d.*)")


def date_candidates(text: str) -> set[date]:
    """Every date ``text`` can mean (:func:`engine.dates.parse_date` under each order of day, month and year):
    ``"03/04/2024"`` gives 3 April and 4 March; empty when ``text`` is not a date."""
    if not any(ch.isdigit() for ch in text):
        return set()
    out: set[date] = set()
    for order in (None, *DateOrder):
        value = parse_date(text, order=order)
        if value is not None:
            out.add(value)
    if not out and (m := _AFTER_LABEL.match(text)):  # "Date:10/22/2026": the OCR lost the space after the colon
        return date_candidates(m.group(1))
    return out


def to_date(value: Any) -> date | None:
    """A value from engine data (ISO string or date) as a date, or None."""
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip()[:10])
        except ValueError:
            return parse_date(value)
    return None


# ------------------------------------------------------------------------------------------------ index


@dataclass
class GroundingIndex:
    """The document's words prepared for lookups: numbers and dates of every short window, a text stream."""

    words: list[Word]
    #: words a date may span ("30 de junio de 2024"); numbers span at most three ("1 234,56 €")
    max_window: int = 6
    _numbers: dict[Decimal, list[tuple[int, int]]] = field(default_factory=dict, init=False)
    _dates: dict[date, list[tuple[int, int]]] = field(default_factory=dict, init=False)
    _stream: str = field(default="", init=False)
    _norm: list[str] = field(default_factory=list, init=False)
    #: stream offset where a letter/digit run starts (or ends) -> index of its word
    _token_starts: dict[int, int] = field(default_factory=dict, init=False)
    _token_ends: dict[int, int] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        pos = 0
        parts: list[str] = []
        for i, w in enumerate(self.words):
            tokens = text_tokens(w.text)
            self._norm.append("".join(tokens))
            for tok in tokens:
                self._token_starts.setdefault(pos, i)
                pos += len(tok)
                self._token_ends[pos] = i
                parts.append(tok)
        self._stream = "".join(parts)
        n = len(self.words)
        for i in range(n):
            text = ""
            for j in range(i, min(n, i + self.max_window)):
                w = self.words[j]
                if j > i and (w.page, w.line) != (self.words[i].page, self.words[i].line):
                    break
                text = w.text if j == i else f"{text} {w.text}"
                span = (i, j + 1)
                if j - i < 3:
                    for num in number_candidates(text):
                        self._numbers.setdefault(num, []).append(span)
                for d in date_candidates(text):
                    self._dates.setdefault(d, []).append(span)

    # -- lookups -----------------------------------------------------------------------------------------

    def _grounding(self, path: str, span: tuple[int, int], method: str, score: float = 1.0) -> Grounding:
        indices = [i for i in range(*span) if 0 <= i < len(self.words)]
        return self.from_indices(path, indices, method, score)  # type: ignore[return-value]

    def from_indices(self, path: str, indices: list[int], method: str = "engine",
                     score: float = 1.0) -> Grounding | None:
        """A grounding from word indices (those on the first word's page); None when none is valid."""
        valid = [i for i in indices if 0 <= i < len(self.words)]
        if not valid:
            return None
        page = self.words[valid[0]].page
        on_page = [i for i in valid if self.words[i].page == page]
        boxes = [self.words[i].bbox for i in on_page]
        bbox = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                max(b[3] for b in boxes))
        return Grounding(path=path, word_indices=tuple(on_page), page=page, bbox=bbox, method=method,
                         score=score)

    @staticmethod
    def _best(spans: list[tuple[int, int]]) -> tuple[int, int]:
        return min(spans, key=lambda s: (s[1] - s[0], s[0]))

    def find_number(self, path: str, value: Decimal) -> Grounding | None:
        spans = self._numbers.get(value)
        return self._grounding(path, self._best(spans), "number") if spans else None

    def find_date(self, path: str, value: date) -> Grounding | None:
        spans = self._dates.get(value)
        return self._grounding(path, self._best(spans), "date") if spans else None

    def find_text(self, path: str, value: str, min_ratio: float = 0.85) -> Grounding | None:
        """Exact match on the normalised stream, starting and ending where runs of letters and digits do (so
        ``12345`` is found in ``Invoice#12345`` but ``VF3684`` is not in ``VF36841586``), else the best fuzzy
        window of whole words."""
        target = normalise_text(value)
        if not target:
            return None
        pos = self._stream.find(target)
        while pos != -1:
            end = pos + len(target)
            if pos in self._token_starts and end in self._token_ends:
                return self._grounding(path, (self._token_starts[pos], self._token_ends[end] + 1), "exact")
            pos = self._stream.find(target, pos + 1)
        if len(target) < 5:
            return None
        best: tuple[float, int, int] | None = None
        matcher = SequenceMatcher(autojunk=False)
        matcher.set_seq2(target)
        n = len(self.words)
        for i in range(n):
            if not self._norm[i]:
                continue
            acc = ""
            for j in range(i, n):
                acc += self._norm[j]
                if len(acc) < len(target) * 0.75:
                    continue
                matcher.set_seq1(acc)
                if matcher.real_quick_ratio() >= min_ratio and matcher.quick_ratio() >= min_ratio:
                    ratio = matcher.ratio()
                    if ratio >= min_ratio and (best is None or ratio > best[0]):
                        best = (ratio, i, j + 1)
                if len(acc) > len(target) * 1.25:
                    break
        if best is None:
            return None
        return self._grounding(path, (best[1], best[2]), "fuzzy", round(best[0], 3))

    def find_choice(self, path: str, value: str) -> Grounding | None:
        """A choice (enum member) as its own text, or a currency code by any of its symbols."""
        if len(normalise_text(value)) >= 2:
            found = self.find_text(path, value, min_ratio=1.0)
            if found:
                return found
        code = value.strip().upper()
        if len(code) == 3:
            for i, w in enumerate(self.words):
                if detect_currency(w.text, strict=True) == code:
                    return self._grounding(path, (i, i + 1), "symbol")
        return None

    def confirms(self, indices: list[int], value: Any, kind: LeafKind | None) -> bool:
        """Whether the words at ``indices`` (an engine's pointer) really hold ``value``: a copied value must be
        there whole — a truncated or altered copy is not grounded by pointing at the right word."""
        valid = [i for i in indices if 0 <= i < len(self.words)]
        if not valid:
            return False
        if isinstance(value, bool) or kind in (LeafKind.BOOL, LeafKind.CHOICE):
            return True  # inferred from the page (a tick, a symbol), not copied
        texts = [self.words[i].text for i in sorted(set(valid))]
        if kind is LeafKind.NUMBER or (kind is None and isinstance(value, (int, float, Decimal))):
            number = to_decimal(value)
            if number is not None and any(number in number_candidates(" ".join(texts[a:b]))
                                          for a in range(len(texts)) for b in range(a + 1, min(len(texts), a + 3) + 1)):
                return True
            if number is not None and _sum_of(texts, number):
                return True
        if kind is LeafKind.DATE:  # as long as a date may run ("1 de noviembre de 2025", wrapped in its cell too)
            d = to_date(value)
            if d is not None and any(d in date_candidates(" ".join(texts[a:b])) for a in range(len(texts))
                                     for b in range(a + 1, min(len(texts), a + self.max_window) + 1)):
                return True
        target = text_tokens(str(value))
        if not target:
            return False
        span = text_tokens(" ".join(texts))
        n = len(target)
        if any(span[i:i + n] == target for i in range(len(span) - n + 1)):
            return True
        joined, want = "".join(span), "".join(target)
        return len(want) >= 5 and SequenceMatcher(None, want, joined, autojunk=False).ratio() >= 0.85

    def locate(self, path: str, value: Any, kind: LeafKind | None) -> Grounding | None:
        """Find ``value`` (a leaf of engine data at ``path``) by its kind; kind None means guess from value."""
        if isinstance(value, bool) or kind is LeafKind.BOOL:
            return None
        if kind is LeafKind.CHOICE:
            return self.find_choice(path, str(value))
        if kind is LeafKind.NUMBER or (kind is None and isinstance(value, (int, float, Decimal))):
            number = to_decimal(value)
            if number is not None:
                found = self.find_number(path, number)
                if found:
                    return found
            return self.find_text(path, str(value)) if isinstance(value, str) else None
        if kind is LeafKind.DATE:
            d = to_date(value)
            if d is not None:
                found = self.find_date(path, d)
                if found:
                    return found
            return self.find_text(path, str(value)) if isinstance(value, str) else None
        text = str(value)
        found = self.find_text(path, text)
        if found or kind is LeafKind.TEXT:
            return found
        d = to_date(text)
        if d is not None:
            return self.find_date(path, d)
        number = to_decimal(text)
        return self.find_number(path, number) if number is not None else None


def _sum_of(texts: list[str], number: Decimal) -> bool:
    """Whether ``number`` is the sum of the amounts the words hold (a tax printed per rate, summed by the engine):
    two to four amounts, each of one to three words ("11 640,01 €" and "2 729,57 €" grouped by spaces), each read
    one way or another; words without a digit (a currency sign) between them are left out."""
    figures = [t for t in texts if any(c.isdigit() for c in t)]

    def splits(i: int) -> Iterator[list[list[Decimal]]]:
        if i == len(figures):
            yield []
            return
        for j in range(i + 1, min(len(figures), i + 3) + 1):
            readings = number_candidates(" ".join(figures[i:j]))
            if readings and len(readings) <= 2:
                for rest in splits(j):
                    yield [sorted(readings), *rest]

    return any(2 <= len(parts) <= 4 and number in {sum(combo, Decimal(0)) for combo in itertools.product(*parts)}
               for parts in itertools.islice(splits(0), 64))


def ground_fields(
    data: dict[str, Any],
    model: type[BaseModel] | None,
    words: list[Word],
    engine_fields: dict[str, FieldResult] | None = None,
    index: GroundingIndex | None = None,
) -> tuple[dict[str, Grounding | None], dict[str, LeafKind | None]]:
    """Ground every non-null scalar of ``data``: a map path → :class:`Grounding` (None when not found), and
    path → :class:`LeafKind` (None when the model does not know the path)."""
    kinds = leaf_kinds(model) if model is not None else {}
    index = index or GroundingIndex(words)
    engine_fields = engine_fields or {}
    found: dict[str, Grounding | None] = {}
    path_kinds: dict[str, LeafKind | None] = {}
    for path, value in flatten(data).items():
        kind = kinds.get(generic_path(path))
        path_kinds[path] = kind
        fr = engine_fields.get(path)
        grounding = None
        if fr is not None and fr.word_indices and index.confirms(fr.word_indices, value, kind):
            grounding = index.from_indices(path, fr.word_indices, "engine")
        if grounding is None:
            grounding = index.locate(path, value, kind)
        found[path] = grounding
    return found, path_kinds
