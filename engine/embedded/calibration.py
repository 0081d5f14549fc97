"""Confidence calibration for the embedded model: a monotone map from the model's probability to P(right).

A slot's raw confidence is the probability the model gave its chosen token. How often such a value is right
depends on more than that number, above all on whether the model kept the baseline's draft or overrode it, so the
map is fitted per group ("agree", "differ", "no_draft") by isotonic regression (pool-adjacent-violators) on fields
of documents the model was not trained on, with add-one smoothing per block so that a small block never claims
certainty. Fields with enough samples get maps of their own ("agree:vendor_name"): a kept draft of an issuer's name
is right less often than a kept draft of a total.

The same fitting chooses the engine's draft prior (the log-odds bonus of the baseline draft's token): one for the
whole model, and one per field where the fitting documents show another serves that field better (a field the
model reads worse than the rules gets a prior so high that the draft stands). The fitted map and priors ship next
to the weights as ``calibration.json``; ``extract train calibrate`` writes it.
"""

from __future__ import annotations

import bisect
import json
import logging
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

__all__ = ["CALIBRATION_FILE", "DRAFT_CODES", "MIN_GROUP_SAMPLES", "ConfidenceMap", "draft_group", "field_f1",
           "field_key", "fit_calibration", "fit_isotonic", "lower_bound", "set_value_at", "value_at"]

CALIBRATION_FILE = "calibration.json"

logger = logging.getLogger(__name__)


#: how a field's ``signals["draft"]`` encodes its calibration group (kept the draft, replaced it, had none, kept
#: a draft value no pointer can write: the baseline's own value, filled a value the draft left null)
DRAFT_CODES = {"agree": 1.0, "differ": 0.0, "no_draft": -1.0, "rules": 2.0, "filled": 3.0}
_GROUPS = {code: group for group, code in DRAFT_CODES.items()}


def draft_group(signals: Mapping[str, float]) -> str:
    """The calibration group of a field from its signals."""
    return _GROUPS.get(signals.get("draft", -1.0), "no_draft")


def field_key(path: str) -> str:
    """A field path without list indices (``line_items[3].amount`` → ``line_items.amount``)."""
    return re.sub(r"\[\d+\]", "", path)


def fit_isotonic(pairs: Iterable[tuple[float, bool]]) -> list[tuple[float, float, int]]:
    """Blocks ``(upper raw confidence, smoothed accuracy, fields)`` of a non-decreasing step function."""
    tied: dict[float, list[float]] = {}
    for x, y in pairs:
        cell = tied.setdefault(float(x), [0.0, 0.0])
        cell[0] += 1.0 if y else 0.0
        cell[1] += 1.0
    blocks: list[list[float]] = []  # [upper x, right, count]; equal raw values always share a block
    for x in sorted(tied):
        blocks.append([x, *tied[x]])
        # pool adjacent violators (compare smoothed means, the values the map will return)
        while len(blocks) > 1 and _mean(blocks[-2]) >= _mean(blocks[-1]):
            last = blocks.pop()
            blocks[-1] = [last[0], blocks[-1][1] + last[1], blocks[-1][2] + last[2]]
    return [(b[0], round(_mean(b), 4), int(b[2])) for b in blocks]


def _mean(block: Sequence[float]) -> float:
    return (block[1] + 1.0) / (block[2] + 2.0)


#: a group with fewer fitting fields than this gets no step function: one block at a cautious accuracy (below)
MIN_GROUP_SAMPLES = 10
#: the decisions where the model departs from the rules' draft: overruling a value, filling a gap
_DEPARTURES = ("differ", "filled")


def lower_bound(right: int, n: int, q: float = 0.05) -> float:
    """The ``q``-quantile of an accuracy's posterior, Beta(right + 1, n - right + 1) (a uniform prior): the accuracy
    it is at least with probability 1 - ``q``. Two right of two give 0.37, ten of ten 0.76, none seen 0.05."""
    def cdf(x: float) -> float:  # P(Beta ≤ x) = P(Binomial(n + 1, x) ≥ right + 1)
        return sum(math.comb(n + 1, j) * x ** j * (1 - x) ** (n + 1 - j) for j in range(right + 1, n + 2))

    lo, hi = 0.0, 1.0
    for _ in range(40):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if cdf(mid) < q else (lo, mid)
    return round(lo, 4)


class ConfidenceMap(BaseModel):
    """Per group, a non-decreasing step function over raw confidence (see :func:`fit_isotonic`)."""

    groups: dict[str, list[tuple[float, float, int]]] = Field(default_factory=dict)
    fitted_on: str = ""
    #: the embedded engine's ``draft_prior`` chosen with this calibration (log-odds bonus of the draft's token)
    draft_prior: float = 0.0
    #: field accuracy on the fitting documents for each draft prior tried
    draft_prior_search: dict[str, float] = Field(default_factory=dict)
    #: fields (by :func:`field_key`) whose own draft prior differs from ``draft_prior``
    field_priors: dict[str, float] = Field(default_factory=dict)
    #: fields whose prior for a null draft (the rules found nothing) differs from their draft prior
    field_fill_priors: dict[str, float] = Field(default_factory=dict)

    @classmethod
    def fit(cls, samples: Iterable[tuple[str, float, bool]], *, fitted_on: str = "",
            min_field_samples: int = 40) -> ConfidenceMap:
        """Fit from ``(group, raw, right)`` samples; a group may be ``"agree:vendor_name"`` (group and field
        key), which also counts for its plain group, and gets a map of its own from ``min_field_samples``. A plain
        group seen fewer than :data:`MIN_GROUP_SAMPLES` times, or never (overruling the draft, filling a gap), is
        one block at :func:`lower_bound` of its accuracy: a model that overrules the rules on a layout the fitting
        documents hardly showed is checked by a person, not trusted on two lucky documents."""
        by_group: dict[str, list[tuple[float, bool]]] = {g: [] for g in _DEPARTURES}
        for group, raw, right in samples:
            plain = group.split(":", 1)[0]
            by_group.setdefault(plain, []).append((raw, right))
            if plain != group:
                by_group.setdefault(group, []).append((raw, right))
        groups = {}
        for g, pairs in sorted(by_group.items()):
            if ":" in g and len(pairs) < min_field_samples:
                continue  # the plain group's map serves the field
            if len(pairs) < MIN_GROUP_SAMPLES:  # too few to map: how right it is at least, not on average
                groups[g] = [(1.0, lower_bound(sum(r for _, r in pairs), len(pairs)), len(pairs))]
            else:
                groups[g] = fit_isotonic(pairs)
        return cls(groups=groups, fitted_on=fitted_on)

    def prior_for(self, key: str) -> float:
        """The draft prior of a field (by :func:`field_key`)."""
        return self.field_priors.get(key, self.draft_prior)

    def apply(self, raw: float, group: str, key: str | None = None) -> float:
        """Calibrated confidence (the field's own map when it has one); a group never seen in fitting keeps the
        raw value."""
        steps = self.groups.get(f"{group}:{key}") if key else None
        steps = steps or self.groups.get(group)
        if not steps:
            return raw
        uppers = [s[0] for s in steps]
        i = bisect.bisect_left(uppers, raw)
        return steps[min(i, len(steps) - 1)][1]

    def save(self, folder: Path) -> Path:
        path = folder / CALIBRATION_FILE
        path.write_text(self.model_dump_json(indent=1))
        return path

    @classmethod
    def load(cls, folder: Path) -> ConfidenceMap | None:
        path = folder / CALIBRATION_FILE
        if not path.is_file():
            return None
        return cls.model_validate(json.loads(path.read_text()))


def value_at(data: Mapping[str, Any], path: str) -> Any:
    """The value at a field path such as ``line_items[2].amount`` or ``address.city`` (None when absent)."""
    current: Any = data
    for part in _path_keys(path):
        if isinstance(current, Mapping):
            current = current.get(str(part))
        elif isinstance(current, list) and isinstance(part, int):
            current = current[part] if part < len(current) else None
        else:
            return None
        if current is None:
            return None
    return current


def _path_keys(path: str) -> list[str | int]:
    return [int(p) if p.isdigit() else p for p in path.replace("]", "").replace("[", ".").split(".")]


def set_value_at(data: dict[str, Any], path: str, value: Any) -> bool:
    """Write ``value`` at a field path into decoded data, making an absent nested object; False where the path
    does not exist (a list row the data does not have)."""
    keys = _path_keys(path)
    current: Any = data
    for key, nxt in zip(keys, keys[1:], strict=False):
        if isinstance(key, int):
            if not isinstance(current, list) or key >= len(current):
                return False
            current = current[key]
            continue
        if not isinstance(current, dict):
            return False
        if current.get(key) is None and isinstance(nxt, str):
            current[key] = {}
        current = current.get(key)
    if not isinstance(current, dict) or isinstance(keys[-1], int):
        return False
    current[keys[-1]] = value
    return True


def calibration_samples(results: Iterable[Any], truths: Iterable[Mapping[str, Any]]) -> list[tuple[str, float, bool]]:
    """``(group, raw confidence, right)`` for every non-null field of engine results with their truths."""
    from pipeline.scoring import same_value

    out: list[tuple[str, float, bool]] = []
    for result, truth in zip(results, truths, strict=True):
        for path, field in result.fields.items():
            if field.value is None or field.signals is None:
                continue
            right = same_value(field.value, value_at(truth, path))
            out.append((f"{draft_group(field.signals)}:{field_key(path)}", float(field.signals["model"]), right))
    return out


def _run(model_dir: Path, docs: Sequence[Any], draft_prior: float, batch_size: int,
         field_priors: Mapping[str, float] | None = None, fill_priors: Mapping[str, float] | None = None
         ) -> list[Any]:
    from engine.base import EngineRequest
    from engine.registry import create_engine
    from schemas import get_schema

    engine = create_engine("embedded", {"model": str(model_dir), "calibrate": False, "draft_prior": draft_prior,
                                        "field_draft_priors": dict(field_priors or {}),
                                        "field_fill_priors": dict(fill_priors or {})})
    results: list[Any] = []
    try:
        for i in range(0, len(docs), batch_size):
            chunk = docs[i:i + batch_size]
            results.extend(engine.extract_batch([EngineRequest(id=d.id, words=d.words, target=get_schema(d.doc_type))
                                                 for d in chunk]))
    finally:
        engine.close()
    return results


def _drafts(docs: Sequence[Any]) -> list[dict[str, Any] | None]:
    """The rules engine's answers: the drafts the embedded engine starts from."""
    from engine.base import EngineRequest
    from engine.baseline import BaselineEngine
    from schemas import get_schema

    rules = BaselineEngine(BaselineEngine.Options())
    return [a.data for a in rules.extract_batch([EngineRequest(id=d.id, words=d.words, target=get_schema(d.doc_type))
                                                 for d in docs])]


def _counts(results: Sequence[Any], docs: Sequence[Any]) -> dict[str, tuple[int, int, int]]:
    """(tp, fp, fn) per field key over the documents."""
    from pipeline.scoring import Scoreboard

    board = Scoreboard()
    for result, doc in zip(results, docs, strict=True):
        board.add(result.data, doc.truth)
    return {k: (c.tp, c.fp, c.fn) for k, c in board.fields.items()}


def _header(data: Mapping[str, Any] | None, prefix: str = "") -> dict[str, Any]:
    """Header values by path, null ones included (nested models flattened, lists left out)."""
    out: dict[str, Any] = {}
    for k, v in (data or {}).items():
        if isinstance(v, Mapping):
            out.update(_header(v, f"{prefix}{k}."))
        elif not isinstance(v, list):
            out[prefix + k] = v
    return out


def _fill_errors(results: Sequence[Any], docs: Sequence[Any], drafts: Sequence[Mapping[str, Any] | None]
                 ) -> dict[str, int]:
    """Wrong-value units (false positives plus false negatives) per header field, over the documents whose draft
    left that field null."""
    from pipeline.scoring import FieldCounts

    counts: dict[str, FieldCounts] = {}
    for result, doc, draft in zip(results, docs, drafts, strict=True):
        pred, truth, rules = _header(result.data), _header(doc.truth), _header(draft)
        for path in set(truth) | set(pred):
            if rules.get(path) is None:
                counts.setdefault(path, FieldCounts()).add(pred.get(path), truth.get(path))
    return {path: c.fp + c.fn for path, c in counts.items()}


def _f1(tp: int, fp: int, fn: int) -> float:
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def field_f1(results: Sequence[Any], docs: Sequence[Any]) -> float:
    """Micro F1 over every field of every document (header fields and line-item cells alike)."""
    counts = _counts(results, docs).values()
    return _f1(*(sum(c[i] for c in counts) for i in range(3)))


def _largest_within(errors: Mapping[float, int], units: int) -> float:
    """The largest prior whose error count is fewer than ``units`` above the best one's."""
    fewest = min(errors.values())
    return max(p for p, e in errors.items() if e - fewest < units)


def fit_calibration(model_dir: Path, docs: Sequence[Any], *, batch_size: int = 4, fitted_on: str = "",
                    draft_priors: Sequence[float] = (0.0, 1.0, 2.0, 3.0, 5.0, 8.0, 30.0),
                    min_field_support: int = 10, min_field_gain: int = 2) -> ConfidenceMap:
    """Choose the draft priors on corpus documents, then fit the :class:`ConfidenceMap` of the model's raw
    confidences at those priors.

    The model-wide prior is the one with the best micro field F1; it serves fields the documents hold too few
    true values of (``min_field_support``). Every other field gets the largest prior that loses fewer than
    ``min_field_gain`` wrong values to the field's best: where the model does not clearly read a field better
    than the draft, the draft stands (30), so that a handful of lucky documents do not hand a field to the model.

    A header field the rules left null is a different decision (filling a gap, not overruling a value), so it
    gets a prior of its own, counted over the documents where the draft is null: the fill prior (the bonus of
    null), the largest that leaves fewer than ``min_field_gain`` more values missing or wrong than the best; the
    field's draft prior is then counted over the other documents.
    """
    drafts = _drafts(docs)
    runs: dict[float, dict[str, tuple[int, int, int]]] = {}
    fills: dict[float, dict[str, int]] = {}
    search: dict[str, float] = {}
    for prior in draft_priors:
        results = _run(model_dir, docs, prior, batch_size)
        runs[prior], fills[prior] = _counts(results, docs), _fill_errors(results, docs, drafts)
        score = _f1(*(sum(c[i] for c in runs[prior].values()) for i in range(3)))
        search[str(prior)] = round(score, 4)
        logger.info("draft prior %.1f: field F1 %.4f", prior, score)
    prior = max(draft_priors, key=lambda p: (search[str(p)], -p))
    field_priors: dict[str, float] = {}
    fill_priors: dict[str, float] = {}
    for key, (tp, _, fn) in runs[prior].items():
        if tp + fn < min_field_support:
            continue
        filled = {p: fills[p].get(key, 0) for p in draft_priors}
        errors = {p: sum(runs[p].get(key, (0, 0, 0))[1:]) - filled[p] for p in draft_priors}  # drafts not null
        # a wrong value overruling a right one costs two units (one fp, one fn); a gap filled rightly saves one
        own, fill = _largest_within(errors, 2 * min_field_gain), _largest_within(filled, min_field_gain)
        if own != prior:
            field_priors[key] = own
        if fill != own and key in fills[prior]:
            fill_priors[key] = fill
        logger.info("field %s: draft prior %.1f (errors %s), fill prior %.1f (errors %s)", key, own, errors, fill,
                    filled)
    results = _run(model_dir, docs, prior, batch_size, field_priors, fill_priors)
    cmap = ConfidenceMap.fit(calibration_samples(results, [d.truth for d in docs]), fitted_on=fitted_on)
    return cmap.model_copy(update={"draft_prior": prior, "draft_prior_search": search, "field_priors": field_priors,
                                   "field_fill_priors": fill_priors})
