"""Tables the document prints but the extraction left empty: a review reason, so that no rows are lost silently.

An invoice whose item table the engine could not read (an unusual header, a scan that split the columns) still
adds up when subtotal, tax and total are read, so no business rule would notice the missing rows. Here each
list-of-rows field of the document type (``line_items``) that comes out empty is checked against the words: a
line that reads as its header — labels of at least two of the row model's fields, one of them a number column
("Description … Qty … Amount"), and no amount of its own — means a table is printed, and the record gets
``table.not_read`` (stage ``validate``): a person adds the rows or confirms there are none.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from functools import lru_cache
from itertools import groupby

from engine.base import Word
from engine.labels import Phrase, label_phrases, label_score
from pipeline.grounding import LeafKind, leaf_kinds, number_candidates
from pipeline.models import ErrorItem
from schemas import DocumentSchema

__all__ = ["HEADER_SCORE", "check_tables", "table_fields"]

#: a header word run must match a column label at least this well (engine.labels.label_score)
HEADER_SCORE = 0.7
_RUN = 3  # words per label run ("Prix unitaire HT")


@lru_cache(maxsize=64)
def table_fields(model: type[DocumentSchema]) -> dict[str, tuple[tuple[str, tuple[Phrase, ...], bool], ...]]:
    """List-of-rows fields of ``model``: per field, its row model's columns as (name, label phrases, numeric)."""
    out: dict[str, list[tuple[str, tuple[Phrase, ...], bool]]] = {}
    for path, kind in leaf_kinds(model).items():
        field, sep, column = path.partition("[].")
        if not sep or "." in column or "[]" in column:
            continue  # not a scalar column of a top-level table
        _, phrases = label_phrases(column, parent=field)
        out.setdefault(field, []).append((column, tuple(phrases), kind is LeafKind.NUMBER))
    return {field: tuple(columns) for field, columns in out.items()}


def _header_columns(line: Sequence[Word], columns: Sequence[tuple[str, tuple[Phrase, ...], bool]]) -> set[str]:
    """The columns whose labels a line holds (each label on words of its own)."""
    scored = []
    for a in range(len(line)):
        for b in range(a + 1, min(a + _RUN, len(line)) + 1):
            text = " ".join(w.text for w in line[a:b])
            for name, phrases, _ in columns:
                score = label_score(text, list(phrases))
                if score >= HEADER_SCORE:
                    scored.append((score, b - a, name, a, b))
    scored.sort(key=lambda t: (-t[0], -t[1]))
    taken: dict[str, tuple[int, int]] = {}
    for _, _, name, a, b in scored:
        if name not in taken and all(b <= lo or a >= hi for lo, hi in taken.values()):
            taken[name] = (a, b)
    return set(taken)


def check_tables(data: dict[str, typing.Any] | None, model: type[DocumentSchema] | None,
                 words: Sequence[Word]) -> list[ErrorItem]:
    """``table.not_read`` for each list-of-rows field left empty while the words print its header."""
    if not data or model is None:
        return []
    errors = []
    for field, columns in table_fields(model).items():
        if data.get(field):
            continue
        numeric = {name for name, _, is_number in columns if is_number}
        for _, group in groupby(words, key=lambda w: (w.page, w.line)):
            line = list(group)
            if any(number_candidates(w.text) and any(c in w.text for c in ".,") for w in line):
                continue  # a line with amounts is a row or a total, not a header
            found = _header_columns(line, columns)
            if len(found) >= 2 and found & numeric and found - numeric:
                header = " ".join(w.text for w in line)
                errors.append(ErrorItem(
                    stage="validate", code="table.not_read", field=field,
                    message=f"{field}: the document prints a table ({header!r:.80}, page {line[0].page + 1}) "
                            "but no rows were read; add them or confirm there are none"))
                break
    return errors
