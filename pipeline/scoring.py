"""Field-level scoring of extracted data against known values: precision, recall, F1, exact match, calibration.

Values are compared by meaning: numbers as decimals, dates as dates, text case- and space-insensitively and with a
typeset apostrophe or quote the same as a typed one (TeX prints ``L'art`` as ``L’art``). List
rows (line items) are aligned in order (the alignment that matches the most row fields, so one missing or extra row
does not shift every row after it), each row field counting as a field of its own (``line_items.amount``); the
fields of a predicted row aligned with none are false positives, those of a true row aligned with none false
negatives.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from pydantic import BaseModel, Field

__all__ = ["Calibration", "FieldCounts", "Scoreboard", "same_value"]

_SPACE = re.compile(r"\s+")
#: typeset apostrophes and quotes → typed ones
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u201c": '"', "\u201d": '"', "\u201e": '"'})


def _norm_text(v: Any) -> str:
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", str(v)).translate(_QUOTES)).strip().casefold()


def same_value(pred: Any, truth: Any) -> bool:
    """Whether two JSON values mean the same (numbers numerically, dates as dates, text loosely)."""
    if pred is None or truth is None:
        return pred is None and truth is None
    if isinstance(truth, bool) or isinstance(pred, bool):
        return str(pred).lower() == str(truth).lower()
    try:
        return Decimal(str(pred)) == Decimal(str(truth))
    except (InvalidOperation, ValueError):
        pass
    for a, b in ((pred, truth),):
        try:
            return dt.date.fromisoformat(str(a)) == dt.date.fromisoformat(str(b))
        except ValueError:
            pass
    return _norm_text(pred) == _norm_text(truth)


class FieldCounts(BaseModel):
    tp: int = 0
    fp: int = 0
    fn: int = 0

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def add(self, pred: Any, truth: Any) -> bool:
        """Count one comparison; returns whether the prediction is right."""
        right = same_value(pred, truth)
        if right:
            if truth is not None:
                self.tp += 1
            return True
        if pred is not None:
            self.fp += 1
        if truth is not None:
            self.fn += 1
        return False


#: confidence bins; 0.4 is the pipeline's default review threshold (``validation.min_confidence``)
_EDGES = (0.0, 0.4, 0.5, 0.8, 0.9, 0.95, 1.0001)


class Calibration(BaseModel):
    """Accuracy of predicted (non-null) fields by confidence bin."""

    edges: tuple[float, ...] = _EDGES
    right: list[int] = Field(default_factory=lambda: [0] * (len(_EDGES) - 1))
    total: list[int] = Field(default_factory=lambda: [0] * (len(_EDGES) - 1))

    def add(self, confidence: float, right: bool) -> None:
        for i in range(len(self.edges) - 1):
            if self.edges[i] <= confidence < self.edges[i + 1]:
                self.total[i] += 1
                self.right[i] += int(right)
                return

    def rows(self) -> list[dict[str, Any]]:
        last = len(self.total) - 1
        return [{"bin": f"[{self.edges[i]:.2f}, {min(1.0, self.edges[i + 1]):.2f}{']' if i == last else ')'}",
                 "fields": self.total[i],
                 "accuracy": round(self.right[i] / self.total[i], 4) if self.total[i] else None}
                for i in range(len(self.total))]

    def triage(self, threshold: float) -> dict[str, int]:
        """What a review threshold on confidence does to these fields: right values it sends to review, wrong
        values it catches, wrong values it lets through (counted by bin, so ``threshold`` must be a bin edge)."""
        below = [i for i in range(len(self.total)) if self.edges[i + 1] <= threshold]
        above = [i for i in range(len(self.total)) if self.edges[i] >= threshold]
        if len(below) + len(above) != len(self.total):
            raise ValueError(f"{threshold} is not a bin edge of {self.edges}")
        return {"right_sent_to_review": sum(self.right[i] for i in below),
                "wrong_caught": sum(self.total[i] - self.right[i] for i in below),
                "wrong_let_through": sum(self.total[i] - self.right[i] for i in above)}

    def accuracy_at_least(self, threshold: float) -> tuple[int, float | None]:
        right = total = 0
        for i in range(len(self.total)):
            if self.edges[i] >= threshold:
                right += self.right[i]
                total += self.total[i]
        return total, (right / total if total else None)


def _matches(p: Any, t: Any, partial: bool) -> int:
    """How many fields two rows share (0 for rows that are no objects and differ)."""
    if not isinstance(p, dict) or not isinstance(t, dict):
        return int(p is not None and same_value(p, t))
    keys = set(t) if partial else set(p) | set(t)
    return sum(1 for k in keys if t.get(k) is not None and same_value(p.get(k), t.get(k)))


def _align(pred: list[Any], truth: list[Any], partial: bool) -> list[tuple[int | None, int | None]]:
    """Order-preserving pairs of predicted and true rows that match the most fields (a row paired with nothing
    gets None), in reading order."""
    n, m = len(pred), len(truth)
    weight = [[_matches(p, t, partial) for t in truth] for p in pred]
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            w = weight[i][j]
            best[i][j] = max(best[i + 1][j], best[i][j + 1], best[i + 1][j + 1] + w if w else -1)
    out: list[tuple[int | None, int | None]] = []
    i = j = 0
    while i < n and j < m:
        w = weight[i][j]
        if w and best[i][j] == best[i + 1][j + 1] + w:
            out.append((i, j))
            i, j = i + 1, j + 1
        elif best[i][j] == best[i + 1][j]:
            out.append((i, None))
            i += 1
        else:
            out.append((None, j))
            j += 1
    out += [(k, None) for k in range(i, n)] + [(None, k) for k in range(j, m)]
    return out


class Scoreboard(BaseModel):
    """Accumulates scores over documents for one engine."""

    fields: dict[str, FieldCounts] = Field(default_factory=lambda: defaultdict(FieldCounts))
    calibration: Calibration = Field(default_factory=Calibration)
    documents: int = 0
    exact: int = 0
    failed: int = 0

    def add(self, pred: Mapping[str, Any] | None, truth: Mapping[str, Any],
            confidences: Mapping[str, float] | None = None, *, keys: Iterable[str] | None = None,
            partial: bool = False) -> bool:
        """Score one document. ``keys`` limits the comparison to some fields and ``partial`` compares only the
        row fields the truth gives (real documents whose truth lists some of their values)."""
        self.documents += 1
        if pred is None:
            self.failed += 1
            pred = {}
        conf = confidences or {}
        all_right = True
        for key in (keys if keys is not None else truth.keys()):
            t = truth.get(key)
            p = pred.get(key)
            if isinstance(t, list) or isinstance(p, list):
                all_right &= self._rows(key, p or [], t or [], conf, partial)
            elif isinstance(t, dict) or isinstance(p, dict):
                for sub in set((t or {}).keys()) | set((p or {}).keys()):
                    path = f"{key}.{sub}"
                    all_right &= self._one(path, path, (p or {}).get(sub), (t or {}).get(sub), conf)
            else:
                all_right &= self._one(key, key, p, t, conf)
        self.exact += int(all_right)
        return all_right

    def _one(self, name: str, path: str, p: Any, t: Any, conf: Mapping[str, float]) -> bool:
        right = self.fields[name].add(p, t)
        if p is not None and path in conf:
            self.calibration.add(float(conf[path]), right)
        return right

    def _rows(self, key: str, pred: list[Any], truth: list[Any], conf: Mapping[str, float],
              partial: bool = False) -> bool:
        ok = len(pred) == len(truth)
        # partial truth: a predicted row is compared on the fields the true rows give
        given = set().union(*(t.keys() for t in truth if isinstance(t, dict)))
        for i, j in _align(pred, truth, partial):
            p = pred[i] if i is not None else {}
            t = truth[j] if j is not None else {}
            n = i if i is not None else j
            if not isinstance(p, dict) or not isinstance(t, dict):
                ok &= self._one(key, f"{key}[{n}]", p or None, t or None, conf)
                continue
            for sub in ((set(t) or given) if partial else set(p) | set(t)):
                ok &= self._one(f"{key}.{sub}", f"{key}[{n}].{sub}", p.get(sub), t.get(sub), conf)
        return ok

    def summary(self) -> dict[str, Any]:
        rows = {name: {"precision": round(c.precision, 4), "recall": round(c.recall, 4), "f1": round(c.f1, 4),
                       "tp": c.tp, "fp": c.fp, "fn": c.fn} for name, c in sorted(self.fields.items())}
        line = FieldCounts()
        head = FieldCounts()
        for name, c in self.fields.items():
            target = line if "." in name and name.split(".")[0].endswith("items") else head
            target.tp += c.tp
            target.fp += c.fp
            target.fn += c.fn
        n, acc = self.calibration.accuracy_at_least(0.95)
        return {"documents": self.documents, "failed": self.failed,
                "exact_match": round(self.exact / self.documents, 4) if self.documents else None,
                "header_f1": round(head.f1, 4), "line_items_f1": round(line.f1, 4) if line.tp + line.fn else None,
                "fields": rows, "calibration": self.calibration.rows(),
                "confident_fields": n, "confident_accuracy": None if acc is None else round(acc, 4),
                "review_below_0.4": self.calibration.triage(0.4)}
