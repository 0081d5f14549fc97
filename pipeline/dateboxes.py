"""Dates written in boxes: a form's day, month and year each in a box of its own under a small caption
(``DD  MM  YYYY``, ``TT  MM  JJJJ``, ``JJ  MM  AAAA``). A text layer and OCR give the three numbers as words
apart (``09  12  1968``) that no date reading takes for one date, and whether they go day or month first is
said only by the captions. A run of numbers under such captions becomes one word holding the date in ISO form,
its box over the three, so the engine reads one date and grounding finds it where it was written.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from datetime import date

from engine.dates import parse_date
from pipeline.layout import RawWord

__all__ = ["join_date_boxes"]

_DAY = frozenset("dd tt gg jj dia día day tag jour giorno dag dzien dzień".split())
_MONTH = frozenset("mm mes mois month monat mese maand miesiac miesiąc".split())
_YEAR = frozenset("yyyy yy jjjj aaaa aa rrrr rr jahr year année annee año ano anno jaar rok".split())
#: one caption word naming all three parts: "DD/MM/YYYY", "JJ.MM.AAAA", "(MM-DD-YYYY)"
_ONE_CAPTION = re.compile(r"([a-zñí]{1,4})[./\-]([a-zñí]{1,4})[./\-]([a-zñí]{1,4})")
#: how far under its captions (in the numbers' heights, from the captions' foot) a row of boxes may stand
_BELOW = 2.5


def _role(token: str, others: Sequence[str]) -> str | None:
    if token == "jj":  # French day, German two-figure year: the other captions tell
        return "year" if any(o in ("tt", "dd") for o in others) else "day"
    if token in _DAY:
        return "day"
    if token in _MONTH:
        return "month"
    if token in _YEAR:
        return "year"
    return None


def _captions(line: Sequence[RawWord]) -> list[tuple[str, float, float]] | None:
    """``(role, x0, x1)`` of a line's date-part captions in order, when it names a day, a month and a year;
    else None."""
    tokens = [w.text.strip("()[]:").lower() for w in line]
    for k, tok in enumerate(tokens):  # one word for all three
        if (m := _ONE_CAPTION.fullmatch(tok)) and (roles := [_role(p, m.groups()) for p in m.groups()]) \
                and sorted(r or "" for r in roles) == ["day", "month", "year"]:
            w = line[k]
            third = (w.x1 - w.x0) / 3
            return [(str(r), w.x0 + i * third, w.x0 + (i + 1) * third) for i, r in enumerate(roles)]
    found = [(r, w.x0, w.x1) for w, tok in zip(line, tokens) if (r := _role(tok, tokens))]
    if sorted(r for r, _, _ in found) != ["day", "month", "year"]:
        return None
    return found


def _number_under(row: Sequence[RawWord], x0: float, x1: float, used: set[int], reach: float) -> int | None:
    """The index of the one number in ``row`` nearest the caption ``x0..x1`` and within ``reach`` of it."""
    best: tuple[float, int] | None = None
    for i, w in enumerate(row):
        if i in used or not w.text.isdigit():
            continue
        centre = (w.x0 + w.x1) / 2
        distance = max(x0 - centre, centre - x1, 0.0)
        if distance <= reach and (best is None or distance < best[0]):
            best = (distance, i)
    return None if best is None else best[1]


def _date_of(parts: dict[str, str]) -> date | None:
    """The date the captions' parts make, strictly in their roles (a two-figure year in this century up to 49)."""
    day, month, year = parts["day"], parts["month"], parts["year"]
    if len(day) > 2 or len(month) > 2 or len(year) not in (2, 4):
        return None
    y = int(year) if len(year) == 4 else 2000 + int(year) if int(year) < 50 else 1900 + int(year)
    return parse_date(f"{y:04d}-{month}-{day}")


def join_date_boxes(lines: Sequence[Sequence[RawWord]]) -> list[list[RawWord]]:
    """``lines`` (one page, in reading order) with each day, month and year written in boxes under their
    captions joined into one word ``YYYY-MM-DD``. The numbers may stand on the next line or two (with the field's
    label beside them); each is the number nearest its caption, within two and a half of its heights (a caption stands at its box's
    edge, the number in its middle). Where no caption
    was read (a scan's OCR garbles small print), three boxes side by side, two figures, two figures and a year
    (``05  09  1965``), become one word ``05/09/1965`` for the document's date order to read. Anything that is no
    valid date stays as it was."""
    out = [list(line) for line in lines]
    for k, line in enumerate(out):
        caps = _captions(line)
        if caps is None:
            continue
        bottom = max(w.y1 for w in line)
        for j in range(k + 1, min(k + 3, len(out))):
            row = out[j]
            numbers = [w.y1 - w.y0 for w in row if w.text.isdigit()]
            if not numbers:
                continue  # the field's label, set between the captions and the boxes
            if min(w.y0 for w in row) - bottom > _BELOW * max(numbers):
                break
            used: set[int] = set()
            picks: dict[str, int] = {}
            for role, x0, x1 in caps:
                if (i := _number_under(row, x0, x1, used, 2.5 * max(numbers))) is None:
                    break
                used.add(i)
                picks[role] = i
            if len(picks) != 3 or (when := _date_of({r: row[i].text for r, i in picks.items()})) is None:
                continue
            boxes = [row[i] for i in sorted(picks.values())]
            joined = RawWord(when.isoformat(), boxes[0].x0, min(w.y0 for w in boxes), boxes[-1].x1,
                             max(w.y1 for w in boxes), min(w.confidence for w in boxes))
            first = min(picks.values())
            out[j] = [joined if i == first else w for i, w in enumerate(row) if i not in picks.values() or i == first]
            break
    return [_join_uncaptioned(line) for line in out]


def _join_uncaptioned(line: list[RawWord]) -> list[RawWord]:
    out: list[RawWord] = []
    k = 0
    while k < len(line):
        run = line[k:k + 3]
        if len(run) == 3 and _BOXES.fullmatch(" ".join(w.text for w in run)) and _boxed(run):
            text = "/".join(w.text for w in run)
            if parse_date(text) is not None:  # a date read day or month first
                out.append(RawWord(text, run[0].x0, min(w.y0 for w in run), run[-1].x1,
                                   max(w.y1 for w in run), min(w.confidence for w in run)))
                k += 3
                continue
        out.append(line[k])
        k += 1
    return out


#: a day and a month of two figures and a year of this century or the last, each a word of its own
_BOXES = re.compile(r"\d{2} \d{2} (?:19|20)\d{2}")


def _boxed(run: Sequence[RawWord]) -> bool:
    """Three words apart as boxes are: each gap wider than a space (a third of their height) and narrower than
    three and a half heights, the two gaps alike."""
    height = max(w.y1 - w.y0 for w in run)
    gaps = [b.x0 - a.x1 for a, b in itertools.pairwise(run)]
    return all(0.33 * height <= g <= 3.5 * height for g in gaps) and max(gaps) <= 2 * min(gaps)
