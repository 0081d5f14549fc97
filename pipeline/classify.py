"""Document type: given (``--doc-type`` / ``schemas.doc_type``) or guessed from the words.

The guess adds two kinds of evidence per registered type:

- **keywords** — each type lists ``keywords`` (a ClassVar on its model): whole-word phrases, case and accents
  ignored; a phrase of n words counts n; repeats count up to three times; and ``keyword_patterns``, regular
  expressions for marks no keyword spells (a masked card number), each match worth its points, three at most;
- **field labels** — the share of the type's distinctive fields whose printed labels (the multilingual lexicon
  of :mod:`engine.labels`, or phrases made from the field names, so user types get it for free) occur in the
  document. Only labels no other registered type has count (an invoice number, a policy number — not a total
  or a date). Times :data:`LABEL_WEIGHT`.

A weak or ambiguous guess is still used — the document goes on to extraction — but carries a review reason
(``classify.low_confidence``), so a person confirms the type.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field

from engine.base import Word
from engine.labels import label_phrases, label_tokens
from pipeline.errors import ClassifyError
from pipeline.grounding import leaf_kinds
from pipeline.models import ErrorItem
from schemas import DocumentSchema, get_schema, list_schemas

__all__ = ["LABEL_WEIGHT", "MIN_MARGIN", "MIN_SCORE", "Classification", "classify_words", "keyword_scores",
           "label_coverage"]

logger = logging.getLogger(__name__)

#: below this keyword score the guess goes to review
MIN_SCORE = 2.0
#: the best type must hold at least this share of the two best scores
MIN_MARGIN = 0.6
#: weight of the field-label coverage (0..1) against keyword points
LABEL_WEIGHT = 4.0
_MAX_REPEATS = 3
_MAX_PHRASE = 5


class Classification(BaseModel):
    """The document type chosen for a document, and how sure the choice is."""

    model_config = ConfigDict(frozen=True)

    doc_type: str
    forced: bool = False
    score: float = 0.0
    confidence: float = 1.0
    scores: dict[str, float] = Field(default_factory=dict)
    reason: ErrorItem | None = None

    @property
    def schema_model(self) -> type[DocumentSchema]:
        """The registered model of ``doc_type``."""
        return get_schema(self.doc_type)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=128)
def _keyword_tokens(model: type[DocumentSchema]) -> tuple[tuple[str, ...], ...]:
    """The type's keywords as folded word tuples (``"Ticket de caisse"`` → ``("ticket", "de", "caisse")``)."""
    return tuple(t for t in (tuple(re.findall(r"\w+", _fold(k))) for k in model.keywords) if t)


@lru_cache(maxsize=128)
def _patterns(model: type[DocumentSchema]) -> tuple[tuple[re.Pattern[str], float], ...]:
    return tuple((re.compile(p), float(points)) for p, points in model.keyword_patterns)


def keyword_scores(text: str, schemas: list[type[DocumentSchema]] | None = None) -> dict[str, float]:
    """Keyword score of ``text`` for every registered type (or ``schemas``)."""
    # (a number a scan's OCR ran into its word is apart from it: "Bon7342", "Kassa4")
    folded = " " + " ".join(re.findall(r"[^\W\d_]+|\d+", _fold(text))) + " "
    scores: dict[str, float] = {}
    for model in schemas if schemas is not None else list_schemas():
        score = 0.0
        for tokens in _keyword_tokens(model):
            hits = folded.count(f" {' '.join(tokens)} ")
            score += min(hits, _MAX_REPEATS) * len(tokens)
        for pattern, points in _patterns(model):
            score += min(len(pattern.findall(text)), _MAX_REPEATS) * points
        scores[model.doc_type] = score
    return scores


@lru_cache(maxsize=128)
def _field_labels(model: type[DocumentSchema]) -> dict[str, frozenset[tuple[str, ...]]]:
    """Label phrases (token tuples) per field of ``model``, keyed by the lexicon concept or the field path.

    Phrases of one- or two-letter words only ("No", "Nr") name nothing in particular and are left out."""
    out: dict[str, set[tuple[str, ...]]] = {}
    for path in leaf_kinds(model):
        parts = path.replace("[]", "").split(".")
        name, parent = parts[-1], parts[-2] if len(parts) > 1 else None
        concept, phrases = label_phrases(name, parent=parent)
        tokens = {p.tokens for p in phrases if p.tokens and p.weight >= 0.5 and len(p.tokens) <= _MAX_PHRASE
                  and any(len(t) > 2 for t in p.tokens)}
        if tokens:
            out.setdefault(concept or path, set()).update(tokens)
    return {k: frozenset(v) for k, v in out.items()}


def label_coverage(text: str, schemas: list[type[DocumentSchema]] | None = None) -> dict[str, float]:
    """Share (0..1) of each type's distinctive field labels that occur in ``text``."""
    schemas = schemas if schemas is not None else list_schemas()
    tokens = label_tokens(text)
    grams = {tuple(tokens[i:i + n]) for n in range(1, _MAX_PHRASE + 1) for i in range(len(tokens) - n + 1)}
    per_type = {m.doc_type: _field_labels(m) for m in schemas}
    everywhere: dict[str, frozenset[tuple[str, ...]]] = {
        t: frozenset().union(*labels.values()) for t, labels in per_type.items()}
    out: dict[str, float] = {}
    keywords = {m.doc_type: set(_keyword_tokens(m)) for m in schemas}
    for doc_type, labels in per_type.items():
        # only phrases no other type uses tell types apart (a total or a date is on every kind of document), and
        # none that holds another type's keyword (a "receipt no." is no invoice number label)
        others = frozenset().union(*(v for t, v in everywhere.items() if t != doc_type))
        foreign = set().union(*(v for t, v in keywords.items() if t != doc_type))
        own = [{p for p in phrases - others if not _holds_any(p, foreign)} for phrases in labels.values()]
        own = [phrases for phrases in own if phrases]
        out[doc_type] = sum(1 for phrases in own if phrases & grams) / len(own) if own else 0.0
    return out


def _holds_any(phrase: tuple[str, ...], keywords: set[tuple[str, ...]]) -> bool:
    """Whether ``phrase`` holds one of ``keywords`` as a run of its tokens."""
    return any(phrase[i:i + len(k)] == k for k in keywords for i in range(len(phrase) - len(k) + 1))


#: an amount with cents; not a date's day and month ("26.08.2025")
_MONEY = re.compile(r"\d[.,]\d{2}(?!\d|[.,]\d)")


def _outside_item_rows(words: list[Word]) -> list[Word]:
    """The words not on an item row (a line with two amounts or more: its price and its amount), whose
    description says what was sold, not what the document is ("Catering for 20 guests", "Cash register")."""
    amounts: dict[tuple[int, int], int] = {}
    for w in words:
        amounts[(w.page, w.line)] = amounts.get((w.page, w.line), 0) + len(_MONEY.findall(w.text))
    return [w for w in words if amounts[(w.page, w.line)] < 2]


def classify_words(words: list[Word], doc_type: str | None = None) -> Classification:
    """The type of a document from its words, or ``doc_type`` when given.

    Raises :class:`~pipeline.errors.ClassifyError` when ``doc_type`` is unknown or no type is registered.
    """
    if doc_type:
        try:
            get_schema(doc_type)
        except KeyError as exc:
            raise ClassifyError(str(exc)) from exc
        return Classification(doc_type=doc_type, forced=True)
    schemas = list_schemas()
    if not schemas:
        raise ClassifyError("no document type is registered")
    if len(schemas) == 1:
        return Classification(doc_type=schemas[0].doc_type, confidence=1.0)
    text = " ".join(w.text for w in words)
    keywords = keyword_scores(" ".join(w.text for w in _outside_item_rows(words)), schemas)
    coverage = label_coverage(text, schemas)
    scores = {t: round(keywords[t] + LABEL_WEIGHT * coverage[t], 2) for t in keywords}
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
    (best, best_score), (_, second_score) = ranked[0], ranked[1]
    total = best_score + second_score
    confidence = best_score / total if total else 0.0
    reason = None
    if best_score < MIN_SCORE or confidence < MIN_MARGIN:
        shown = ", ".join(f"{name} {score:g}" for name, score in ranked[:3])
        reason = ErrorItem(
            stage="classify", code="classify.low_confidence",
            message=f"document type guessed as {best!r} with little evidence (scores: {shown}); "
                    "confirm the type or pass --doc-type",
        )
        logger.debug("weak classification: %s", shown)
    return Classification(doc_type=best, score=best_score, confidence=round(confidence, 3), scores=scores,
                          reason=reason)
