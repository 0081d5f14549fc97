"""Reading order: from recognised words (in pixel or point coordinates) to the engine's :class:`Word` list.

Every text source hands over *line units*: words already known to share a line (a PyMuPDF text line, a
Tesseract text line, a RapidOCR box). Units are merged into page-wide lines by vertical overlap, so the two
columns of an invoice header read as one line each ("Bill to: …   Invoice no: …"); lines go top to bottom and
words left to right. Units that do not run left to right (vertical margin text) keep their own order and come
after the page's horizontal lines.
"""

from __future__ import annotations

import itertools
import math
import re
import statistics
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.base import Word
from engine.labels import COLUMN_CONCEPTS, label_score, label_tokens
from engine.numbers import parse_money
from engine.spandoc import concept_phrases

__all__ = ["LineUnit", "RawWord", "drop_leaders", "is_garbage", "join_split_cents", "order_lines", "split_bullets",
           "split_glued_codes", "split_glued_labels", "split_glued_word", "split_label_figure", "split_sum_label",
           "split_two_up", "strip_table_bars", "to_words"]

#: a unit joins the current line when they overlap vertically by this share of the smaller height
_OVERLAP = 0.5
#: a line of figures alone joins the words beside it when it shares this much of their height
_FIGURES_OVERLAP = 0.3
#: units of one row share this much of their height; the rows a unit is tried against, the latest first
_ROW_OVERLAP = 0.7
_ROW_LOOKBACK = 4
#: words at or above this confidence are kept whatever they contain
_GARBAGE_CONFIDENCE = 0.3


@dataclass(frozen=True, slots=True)
class RawWord:
    """A recognised word in the page's own coordinates (y downwards) with confidence 0..1."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    confidence: float = 1.0


@dataclass(slots=True)
class LineUnit:
    """Words the text source already put on one line, in their order. ``horizontal`` is False for rotated
    or vertical text; ``text`` is the line as the OCR engine spelt it, where its word boxes may cut it otherwise."""

    words: list[RawWord]
    horizontal: bool = True
    text: str | None = None

    @property
    def top(self) -> float:
        return min(w.y0 for w in self.words)

    @property
    def bottom(self) -> float:
        return max(w.y1 for w in self.words)


def is_garbage(text: str, confidence: float) -> bool:
    """True for words not worth keeping: empty, control characters only, or low confidence without a single
    letter or digit (OCR's reading of specks and rules)."""
    stripped = "".join(ch for ch in text if not unicodedata.category(ch).startswith(("C", "Z")))
    if not stripped:
        return True
    if confidence < _GARBAGE_CONFIDENCE and not any(ch.isalnum() for ch in stripped):
        return True
    return False


#: a label and its value OCR read as one word ("Rechnungs-Nr.:RE-2026-3878", "Datum:09.03.2026"): letters (no
#: digit) ending in a letter or a dot, the colon, then the value
_GLUED_LABEL = re.compile(r"([^\W\d_](?:[^\d:]*[^\W\d_])?\.?:)([^\s:/].*)")
_NOT_LABELS = frozenset({"http", "https", "ftp", "mailto", "file", "urn"})
#: a label word for "number" and the number, without the colon ("RechnungsnummerF835/2026", "InvoiceNo.4711")
_GLUED_NUMBER = re.compile(r"(?i)([^\W\d_]{3,}-?(?:nummer|number|numer|nr\.|no\.))([A-Z0-9#][\w\-/.]*)")
#: a document's title and its number OCR ran together ("FactuurINV-2026-3685", Polish "Faktura VATFV/558/02/2026"):
#: the number starts with a capital's prefix and has a figure after it
_GLUED_TITLE = re.compile(r"((?i:invoice|rechnung|facture|factura|fattura|factuur|faktura|fatura|vat))"
                          r"([A-Z]{1,4}[-/]?\d[\w\-/.]*)")
#: a number sign and the number OCR ran into it ("n.ºRE2024921", "Nr.12345", "N°FA-12"): the number has a figure
_GLUED_NUMBER_SIGN = re.compile(r"(?i)(n\.?\s?[º°o]\.?|nr\.|no\.)([A-Z0-9][\w\-/.]*)")
#: a tax's name and its rate ("TVA10", "MwSt19%", "IVA21,00%")
_GLUED_RATE = re.compile(r"(?i)(tva|vat|mwst\.?|ust\.?|iva|btw|moms|gst|hst|ptu|dph|alv)(\d{1,2}(?:[.,]\d{1,2})?\s?%?)")
#: two amounts of a table row OCR read as one word ("1.453,1736.329,25", "107.73107.73"): each with two decimals
_AMOUNT = r"\d{1,3}(?:\.\d{3})+,\d{2}|\d+,\d{2}|\d{1,3}(?:,\d{3})+\.\d{2}|\d+\.\d{2}"
_GLUED_AMOUNTS = re.compile(f"({_AMOUNT})({_AMOUNT})")
#: a label and an amount with its currency sign OCR read as one word ("DUE$120.77", "TOTAL€12,00"); letters that
#: are a dollar's own prefix ("US$", "NZ$") are no label
_GLUED_SIGN = re.compile(r"([^\W\d_]{2,}[.:]?)([$€£¥₹]\s?\d[\d.,']*)")
_DOLLAR_PREFIXES = frozenset({"US", "AU", "CA", "NZ", "HK", "MX", "SG"})
#: a quantity and the amount beside it, its currency sign between them ("12$848.98": a row's column gap lost)
_GLUED_QUANTITY = re.compile(r"(\d{1,4}(?:[.,]\d{1,3})?)([$€£¥₹]\d[\d.,']*)")
#: a word in lower case and the date or the amount after it, the space between them lost ("innen28.06.2025.",
#: "betal4702,30"); a reference in capitals or mixed case ("INV2025", "Box3693") is one word
#: a word for "date" a date's label ends with ("Belegdatum", "Invoice Date"), and a date written in figures
_DATE_WORD = re.compile(r"(?i)(?:datum|date|fecha|data|dato|päivä|paiva)$")
_GLUED_DATE = re.compile(r"\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})\.?")
_GLUED_FIGURE = re.compile(r"([^\W\d_]{3,})"
                           r"(\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})\.?|\d[\d.']*,\d{2}|\d[\d,']*\.\d{2})")
#: a street and its house number, or a house number and its street, the space lost ("Hafnerstrasse783",
#: "Kungsgatan12B", "655Kent", "81Clarke")
_GLUED_STREET = re.compile(r"(?i)([^\W\d_]{2,}(?:stra(?:ss|ß)e|strasse|straat|gasse|weg|allee|platz|laan|gatan|gade|"
                           r"vej|vägen|väg|veien|gata))(\d{1,5}[a-z]?)")
#: a Portuguese or Polish postcode and its town, the space lost ("6491-615Lourosa", "18-620Piła")
_GLUED_POSTCODE = re.compile(r"(\d{4}-\d{3}|\d{2}-\d{3})([A-ZÀ-ÖØ-ÞĀ-Ž][^\W\d_]{2,})")
#: a tick OCR ran into the option word before it ("Komunikacyjna✓ Mieszkaniowa": the tick is the next option's)
_GLUED_MARK = re.compile(r"([^\W\d_]{2,}[.,;]?)([✓✔✗✘√])")
_NUMBER_STREET = re.compile(r"(\d{1,5})([A-Z][a-zäöüßéèáíóúñ]{3,})")
#: a caption's last word and the value OCR ran into it over a stop or a comma it read from the field's frame
#: ("number,61", "person.Fiona", "claimant,OLIVER", "Versicherungsschein-Nr.,791.501.6562", "Betrag,1'459.94"): a word
#: ending in a small letter (its abbreviation's stop perhaps), then after a comma a figure or a capital, after a stop
#: a capital (a code's "Inv.2024-001" stays whole)
_GLUED_AFTER_STOP = re.compile(r"([^\W\d_][\w\-]*[^\W\d_]\.?)([.,])(\d[\w\-/.'’]*|[^\W\d_]{2,}[\w'’\-.]*)")
#: an amount with its cents and the word in lower case after it, the space lost ("$9,362.06by")
_FIGURE_GLUED = re.compile(r"([$€£]?\d[\d.,']*[.,]\d{2})([^\W\d_]{2,}\.?)")
#: what follows a time of day written with a dot ("10.30am", "14.30uhr")
_CLOCK_WORDS = frozenset({"am", "pm", "a.m", "p.m", "uhr", "hrs", "hr", "h"})
#: one amount whose separators OCR misread ("1.245.53" for 1.245,53): thousands groups, then two decimals
_ONE_AMOUNT = re.compile(r"\d{1,3}(?:[.,]\d{3})+[.,]\d{2}")


#: a dot or bullet set between the parts of a line ("Harbour Ltd · 4 Quay St · Cork") that OCR ran into a word
#: a bullet, or a bar between fields ("508/2023|Rechnungsdatum:", "|Fecha") with two characters or more beside it
_GLUED_BULLET = re.compile(r"([·•∙]|(?<=[^\s|]{2})\|(?=[^\s|]{2})|^\|(?=[^\s|]{3})|(?<=[^\s|]{3})\|$)")


def split_bullets(word: RawWord) -> list[RawWord]:
    """``word`` cut where OCR ran a separating dot, bullet or bar into it (``S.L.·``, ``·Ronda``, ``Ltd•Cork``,
    ``2025-6384|Fecha``): the parts and the bullet as words of their own, each with its share of the box by characters."""
    if len(word.text) < 2 or not _GLUED_BULLET.search(word.text):
        return [word]
    parts = [p for p in _GLUED_BULLET.split(word.text) if p]
    step = (word.x1 - word.x0) / len(word.text)
    out, pos = [], 0
    for part in parts:
        out.append(RawWord(part, word.x0 + pos * step, word.y0, word.x0 + (pos + len(part)) * step, word.y1,
                           word.confidence))
        pos += len(part)
    return out


def split_glued_word(word: RawWord) -> list[RawWord]:
    """``word`` as the two words OCR ran together, each with its share of the box by characters: a label and its
    value at a colon, a word for "number" and the number, a number sign and the number (``n.ºRE2024921``), two amounts with two decimals each written alike, a
    label and an amount with its currency sign, a quantity and an amount with its sign (``12$848.98``), a word
    in lower case and a date or an amount (``innen28.06.2025.``), a sum's label and its amount
    (``Total232.357,28``), an amount and a word in lower case
    (``$9,362.06by``), a tax's name and its rate (``TVA10``, ``MwSt19%``), or a street and its house number
    either way round (``Hafnerstrasse783``, ``655Kent``), a postcode and its town (``6491-615Lourosa``), a word
    and the tick after it (``Komunikacyjna✓``), a caption's word and its value over a stop or a comma
    (``number,61``, ``person.Fiona``);
    any other word as it is (a time ``12:30``, a URL ``https://…``, a ratio ``1:100``, one amount, also one whose
    separators OCR misread: ``1.245.53``)."""
    m = _GLUED_LABEL.fullmatch(word.text)
    if m is not None and m.group(1)[:-1].rstrip(".").casefold() in _NOT_LABELS:
        m = None
    if m is None and (m := _GLUED_NUMBER.fullmatch(word.text)) is not None and not (
            any(c.isdigit() for c in m.group(2)) and (m.group(2)[0].isupper() or m.group(2)[0] in "#0123456789")):
        m = None  # "Rechnungsnummerabc1": no number after the word
    if m is None and (m := _GLUED_NUMBER_SIGN.fullmatch(word.text)) is not None \
            and not any(c.isdigit() for c in m.group(2)):
        m = None  # "No.Name": no number after the sign
    if m is None and (m := _GLUED_AMOUNTS.fullmatch(word.text)) is not None and (
            m.group(1)[-3] != m.group(2)[-3] or _ONE_AMOUNT.fullmatch(word.text)):
        m = None  # "1,234.5612,00" (a decimal point, then a decimal comma) is no pair, "1.245.53" one amount
    if m is None and (m := _GLUED_SIGN.fullmatch(word.text)) is not None and m.group(1) in _DOLLAR_PREFIXES:
        m = None
    if m is None:
        m = _GLUED_QUANTITY.fullmatch(word.text) or _GLUED_RATE.fullmatch(word.text) \
            or _GLUED_STREET.fullmatch(word.text) or _NUMBER_STREET.fullmatch(word.text) \
            or _GLUED_MARK.fullmatch(word.text) or _GLUED_POSTCODE.fullmatch(word.text) \
            or _GLUED_TITLE.fullmatch(word.text)
    if m is None and (stop := _after_stop(word.text)) is not None:
        # (the comma is the field's frame OCR read: the caption goes without it)
        caption, mark, value = stop.groups()
        head, tail = _at_missing_space(word, caption + mark, value)
        if mark == ".":
            return [head, tail]
        step = (head.x1 - head.x0) / len(caption + mark)
        return [replace(head, text=caption, x1=head.x1 - step), tail]
    if m is None and (m := _GLUED_FIGURE.fullmatch(word.text)) is not None and not (
            split_label_figure(word.text) or _DATE_WORD.search(m.group(1)) and _GLUED_DATE.fullmatch(m.group(2))):
        m = None  # "Belegdatum23.08.2021": a date's label and the date; "Total232.357,28": a sum's; "Tel12.34": none
    if m is None and (m := _FIGURE_GLUED.fullmatch(word.text)) is not None and (
            not m.group(2).islower() or parse_money(word.text)[0] is not None
            or m.group(2).rstrip(".") in _CLOCK_WORDS):
        m = None  # an amount with its currency's letters ("12,50zł", "99,00kr"), a time ("10.30am"): one word
    if m is None:
        return [word]
    return _at_missing_space(word, m.group(1), m.group(2))


def _after_stop(text: str) -> re.Match[str] | None:
    """A caption's word and its value run together over a comma or a stop (:data:`_GLUED_AFTER_STOP`): after a
    comma a figure or a capital, after a stop a capital, in small letters before it."""
    m = _GLUED_AFTER_STOP.fullmatch(text)
    if m is None:
        return None
    caption, mark, value = m.groups()
    letters = [c for c in caption if c.isalpha()]
    if len(letters) < 3 or not letters[-1].islower() or mark == "." and caption.endswith("."):
        return None
    return m if value[0].isupper() or value[0].isdigit() and mark == "," else None


def _at_missing_space(word: RawWord, first: str, second: str) -> list[RawWord]:
    """``word`` as the two words ``first`` and ``second`` it ran together, each with its share of the box by
    characters, the space between them one character wide."""
    step = (word.x1 - word.x0) / (len(first) + 1 + len(second))
    return [replace(word, text=first, x1=word.x0 + len(first) * step),
            replace(word, text=second, x0=word.x1 - len(second) * step)]


def split_sum_label(text: str) -> tuple[str, str] | None:
    """A sum's label and its amount run into one word (``Total232.357,28``: a table's total cell set against its
    amount's, in a text layer or by OCR) as (label, amount); None for any other word."""
    m = _GLUED_FIGURE.fullmatch(text)
    if m is None or _GLUED_DATE.fullmatch(m.group(2)) or not _names_a_sum(m.group(1)):
        return None
    return m.group(1), m.group(2)


def split_label_figure(text: str) -> tuple[str, str] | None:
    """A label and the amount or date after it run into one word of a text layer, as (label, figure): a sum's label
    (:func:`split_sum_label`) or a word in lower case (``Total at betale1.403.703,04``: an amount too long for its
    cell printed right against its label's last word); None for any other word (``Tel12.34``, ``Art4711``)."""
    if (split := split_sum_label(text)) is not None:
        return split
    m = _GLUED_FIGURE.fullmatch(text)
    return (m.group(1), m.group(2)) if m is not None and m.group(1).islower() else None


def _names_a_sum(text: str) -> bool:
    """Whether ``text`` is a label of an invoice's sums by itself ("Total", "Subtotal", "Moms"): a table's total
    cell set against its amount's leaves no space between them in a text layer ("Total232.357,28")."""
    toks = label_tokens(text)
    return any(label_score(toks, concept_phrases(c), c) >= 1.0 for c in ("total", "subtotal", "tax"))


#: a word of letters with a zero among them and no other digit ("0rchard", "ESPRESS0", "C0LA")
_LETTER_ZERO = re.compile(r"(?=.*[^\W\d_].*[^\W\d_])[^\W\d_]*(?:0[^\W\d_]*)+")


#: three capitals with the middle one read as a zero, before a code's digits ("P0L/2024/…"; a Canadian postcode's
#: "K0A 1B0" has a space after it, and stays)
_PREFIX_ZERO = re.compile(r"[A-Z]0[A-Z]")


_CONSONANTS = re.compile(r"(?i)[b-df-hj-np-tv-xz]{5}")
#: a short word in lower case after a capital O read as a zero ("0ak Street", "0ld Road"); a unit after a zero
#: quantity ("0kg") is no such word
_ZERO_CAPITAL = re.compile(r"0[a-zß-öø-ÿ]{2}")
_ZERO_UNITS = frozenset({"kg", "km", "cm", "mm", "ml", "mg", "lb", "oz", "ft", "hr", "pcs", "min", "sec"})
#: initials with stops and a zero read for one of them ("V.0.F.", the Dutch "V.O.F."), two letters at least
_INITIALS_ZERO = re.compile(r"(?=(?:.*[A-Z]){2})(?:[A-Z0]\.){2,}[A-Z0]?")


def letter_zero(text: str) -> str:
    """``text`` with each zero that OCR read for the letter O in a word of letters ("5 0rchard Road", "C0LA", "0ak"),
    in initials ("V.0.F.") or in a code's prefix of three capitals ("P0L/2024/7157557") as the letter; codes and
    amounts, which hold other digits or separators, stay as they are."""
    if "0" in text and _INITIALS_ZERO.fullmatch(text.rstrip(",")):
        return text.replace("0", "O")
    parts = re.split(r"([\s,.;:()/&'-]+)", text)
    for k, part in enumerate(parts):
        if k == 0 and _PREFIX_ZERO.fullmatch(part) and re.match(r"[/-]\d", "".join(parts[1:3])):
            parts[k] = part.replace("0", "O")  # a code's prefix of three capitals: "P0L/2024/7157557"
            continue
        letters = [c for c in part if c.isalpha()]
        if _ZERO_CAPITAL.fullmatch(part) and part[1:] not in _ZERO_UNITS:
            parts[k] = "O" + part[1:]
            continue
        if len(letters) < 3 or not _LETTER_ZERO.fullmatch(part):
            continue
        upper = all(c.isupper() for c in letters)
        if not upper and (any(c.isupper() for c in letters[1:]) or "0" in part[1:]):
            continue  # mixed case ("Ab0Cd") or a zero inside a lower-case word: a code, not a misread
        fixed = part.replace("0", "O")  # a capital: in a word in capitals, or first in a lower-case one
        if _CONSONANTS.search(fixed):
            continue  # five consonants in a row: a code ("SDTBGC0O", a bank's), not a word
        parts[k] = fixed
    return "".join(parts)


#: an amount with two decimals whose zeros OCR read as the letter O ("EURO.00" for EUR0.00, "1O5.50", "£O.99"), or
#: as a C where a hand or a script font leaves the zero open ("4.586,CC"): an optional currency code or sign, then
#: digits and O's in an amount's shape with at least one real digit
_AMOUNT_WITH_O = re.compile(
    r"((?:[A-Z]{3})?[$€£¥₹]?)((?=[\dOC.,]*\d)[\dOC]{1,3}(?:[.,'][\dOC]{3})*[.,][\dOC]{2})")
#: a date whose zeros OCR read so ("C5/28/2025", "C8.09.2025"): five figures of it at least are figures
_DATE_WITH_O = re.compile(r"(?=(?:\D*\d){5})[\dOC]{1,2}([./-])[\dOC]{1,2}\1(?:[\dOC]{4}|[\dOC]{2})")


#: the letters OCR reads for a zero in figures
_LETTER_ZEROS = str.maketrans("OC", "00")
#: an amount whose decimal comma OCR read as a semicolon on a faxed or dotty page ("194;97", "1.245;50")
_AMOUNT_SEMICOLON = re.compile(r"([$€£]?\d{1,3}(?:[.' ]\d{3})*|\d+);(\d{2})")


def amount_zero(text: str) -> str:
    """``text`` with the letter O or C OCR read for a zero in an amount or a date as the zero ("EURO.00" →
    "EUR0.00", "C8.09.2025" → "08.09.2025"), and a semicolon read for an amount's decimal comma as the comma
    ("194;97" → "194,97"); any other word as it is (codes such as ``CO2`` or ``O.K.`` have no amount's shape)."""
    if m := _AMOUNT_SEMICOLON.fullmatch(text):
        return f"{m.group(1)},{m.group(2)}"
    m = _AMOUNT_WITH_O.fullmatch(text)
    if m is not None and m.group(2) != (zeros := m.group(2).translate(_LETTER_ZEROS)):
        return m.group(1) + zeros
    if _DATE_WITH_O.fullmatch(text):
        return text.translate(_LETTER_ZEROS)
    return text


_STATE_ZERO = re.compile(r"0[A-Z]|[A-Z]0")
_POSTCODE_AFTER_STATE = re.compile(r"\d{5}(?:-\d{4})?|[A-Z]\d[A-Z]")


def state_zero(words: Sequence[RawWord]) -> list[RawWord]:
    """``words`` with a state's or province's code OCR read with a zero for its O, between the city and the ZIP or
    postal code ("Portland, 0R 97205", "Toronto, 0N M5V 2T6"), as the letters."""
    out = list(words)
    for k in range(1, len(out) - 1):
        w = out[k]
        if (_STATE_ZERO.fullmatch(w.text) and out[k - 1].text.endswith(",")
                and _POSTCODE_AFTER_STATE.fullmatch(out[k + 1].text)):
            out[k] = replace(w, text=w.text.replace("0", "O"))
    return out


#: a sum's label run into the thousands of its amount, the rest set apart by a thousands space ("moms288" | "482,47")
_LABEL_THOUSANDS = re.compile(r"([^\W\d_]{3,})(\d{1,3})")
_THOUSANDS_REST = re.compile(r"\d{3}(?:[.,']\d{3})*[.,]\d{2}")


def split_sum_thousands(words: Sequence[RawWord]) -> list[RawWord]:
    """``words`` with a sum's label that OCR ran into the thousands of its amount split off them, where the
    amount's rest follows as a word of its own ("Summa exkl. moms288 482,47" → "moms", "288"), as
    :func:`split_sum_label` splits a label run into a whole amount."""
    out: list[RawWord] = []
    for k, w in enumerate(words):
        m = _LABEL_THOUSANDS.fullmatch(w.text)
        if m and k + 1 < len(words) and _THOUSANDS_REST.fullmatch(words[k + 1].text) and _names_a_sum(m.group(1)):
            out += _at_missing_space(w, m.group(1), m.group(2))
        else:
            out.append(w)
    return out


#: a British postcode's outward code whose area's O OCR read as a zero ("Y035", "P012", "0X4"): only the areas
#: that hold an O (CO, PO, SO, YO; OL, OX), before the district's one or two figures
_UK_AREA_ZERO = re.compile(r"([CPSY])0(\d{1,2}[A-Z]?)|0([LX]\d{1,2}[A-Z]?)")
#: a British postcode's inward code ("2EW")
_UK_INWARD = re.compile(r"\d[A-Z]{2},?")


def postcode_zero(words: Sequence[RawWord]) -> list[RawWord]:
    """``words`` with a British postcode's area read with a zero for its O before the inward code ("York Y035
    2EW" → "YO35 2EW", "0X4 1AB" → "OX4 1AB")."""
    out = list(words)
    for k in range(len(out) - 1):
        if _UK_INWARD.fullmatch(out[k + 1].text) and (m := _UK_AREA_ZERO.fullmatch(out[k].text)):
            fixed = f"{m.group(1)}O{m.group(2)}" if m.group(1) else f"O{m.group(3)}"
            out[k] = replace(out[k], text=fixed)
    return out


#: an Italian legal form whose "l" OCR read as a capital I or a one ("S.r.I.", "s.r.1")
_SRL_MISREAD = re.compile(r"([Ss]\.\s?[Rr]\.\s?)[I1|](\.?(?:\s?[Ss]\.)?,?)")  # "S.r.I.s." too
#: the "o.o." of the Polish "Sp. z o.o." with a zero OCR read for an o ("Sp. z 0.0.", "Sp. z o.0.")
_OO_MISREAD = re.compile(r"[o0O]\.\s?[o0O]\.?,?")
#: the German legal form OCR cut in two at its change of case ("Gm bH", "G mbH")
_GMBH_PARTS = frozenset({("Gm", "bH"), ("G", "mbH"), ("Gmb", "H")})


def legal_form_words(words: Sequence[RawWord]) -> list[RawWord]:
    """``words`` with the legal forms OCR misread in a company's name as printed: "S.r.I." → "S.r.l.",
    "Sp. z 0.0." → "Sp. z o.o.", "Gm bH" → "GmbH" (two words on one line, close together)."""
    out: list[RawWord] = []
    for w in words:
        if m := _SRL_MISREAD.fullmatch(w.text):
            w = replace(w, text=m.group(1) + ("l" if m.group(1)[2:3].islower() else "L") + m.group(2))
        prev = out[-1] if out else None
        if (prev is not None and prev.text in ("z", "Z") and len(out) >= 2
                and out[-2].text.rstrip(".").lower() == "sp" and "0" in w.text and _OO_MISREAD.fullmatch(w.text)):
            o = "O" if prev.text == "Z" else "o"  # "SP. Z 0.O." in capitals
            w = replace(w, text=w.text.replace("0", o).replace("O", o))
        if (prev is not None and (prev.text, w.text.rstrip(",")) in _GMBH_PARTS
                and w.x0 - prev.x1 < (w.y1 - w.y0)):
            out[-1] = replace(prev, text=prev.text + w.text, x1=w.x1)
            continue
        out.append(w)
    return out


#: letters only Turkish and Azeri write beside a dotless ı; the languages read here have none of them
_TURKISH = frozenset("ğĞşŞİ")


def dotless_i(text: str) -> str:
    """``text`` with each dotless ``ı`` that OCR read for an ``i`` ("Usługı doradcze", "ulıca") made an ``i``; a
    word with other Turkish letters keeps it."""
    if "ı" not in text or not _TURKISH.isdisjoint(text):
        return text
    return text.replace("ı", "i")


#: a dash or minus OCR read between two letters or figures of one word: a hyphen ("Meyer-sur–Pichon", "TN–2420")
_DASH_IN_WORD = re.compile(r"(?<=[^\W_])[\u2013\u2014\u2212](?=[^\W_])")
#: a tilde OCR read between two figures: a hyphen ("8000~132")
_TILDE_IN_FIGURES = re.compile(r"(?<=\d)~(?=\d)")


#: a date with its parts set apart by stops, slashes or dashes ("30/05/2025", "1.2.24")
_FRAME_DATE = re.compile(r"\d{1,2}[./-]\d{1,2}[./-]\d{2,4}")
#: ... a postcode's four or five figures, or a capitalised word
_FRAME_AFTER_STOP = re.compile(r"\d{4,5}|[^\W\d_a-z][^\W\d_A-Z]+[\w'’\-.,]*")


def frame_stop(text: str) -> str:
    """``text`` without a comma OCR read from a field's frame before its value (",Solène", ",173"): no word starts
    with a comma, but an amount's cents OCR split off at it (",50", which :func:`join_split_cents` joins again); nor
    a stop before a date (".30/05/2025"), a postcode (".3600") or a capitalised word (".Claudia"). A stop before
    anything else stays (".50", ".NET")."""
    if len(text) >= 2 and text[0] == "," and text[1].isalnum() and not _CENTS_PART.fullmatch(text):
        return text[1:]
    if text[:1] == "." and (_FRAME_DATE.fullmatch(text[1:]) or _FRAME_AFTER_STOP.fullmatch(text[1:])):
        return text[1:]
    return text


def dash_hyphen(text: str) -> str:
    """``text`` with a dash inside a word of letters, or of letters and figures, read as the hyphen it is: OCR takes
    a hyphen set wide (or the minus glyph some fonts print for it) for an en dash, and a compound name or place, or
    a code, is written with a hyphen ("TN–2420" → "TN-2420"), as is a number of three parts ("55–821572–55"). Figures
    in two parts keep their dash (a range "10–20"). A tilde between figures is a hyphen OCR read wavy in a scan's
    stroke font ("8000~132", a Portuguese postcode)."""
    text = _TILDE_IN_FIGURES.sub("-", text)
    if any(c.isalpha() for c in text) or len(_DASH_IN_WORD.findall(text)) >= 2:
        return _DASH_IN_WORD.sub("-", text)
    return text


def repair_ocr_words(words: Sequence[RawWord]) -> list[RawWord]:
    """The words of one OCR'd line unit as printed: words run together split (:func:`split_bullets`,
    :func:`split_glued_word`), a dotless ı read for an i made an i (:func:`dotless_i`), zeros read for the letter O
    in words (:func:`letter_zero`) and in state codes (:func:`state_zero`) made letters, O's read for zeros in
    amounts (:func:`amount_zero`) made zeros and semicolons read for decimal commas made commas, legal forms misread in
    names (:func:`legal_form_words`) as printed,
    a dash between two letters a hyphen (:func:`dash_hyphen`), a litre's ``l`` read as a capital I after its
    figure made the ``l`` again (:func:`litre_l`), a British postcode's O read as a zero made the O
    (:func:`postcode_zero`), a sum's label run into its amount's thousands split off (:func:`split_sum_thousands`),
    a Polish street's "ul." read as "u1." made "ul." (:func:`street_ul`), a comma or stop read from a field's frame
    before its value dropped (:func:`frame_stop`)."""
    parts = [replace(part, text=dash_hyphen(amount_zero(letter_zero(dotless_i(frame_stop(part.text))))))
             for w in words for piece in split_bullets(w) for part in split_glued_word(piece)]
    return street_ul(litre_l(legal_form_words(postcode_zero(state_zero(split_sum_thousands(parts))))))


#: Polish "ul." (ulica, street) as OCR misreads its ``l``: a one or a capital I ("u1. Lipowa 67", "uI. Długa")
_UL_MISREAD = re.compile(r"([uU])[1I]\.")


def street_ul(words: Sequence[RawWord]) -> list[RawWord]:
    """``words`` with Polish "ul." made again where OCR read its ``l`` as a one or a capital I ("u1. Lipowa 67"):
    such a word before a name in capitals is a street's, and no word of any language read here."""
    out = list(words)
    for k in range(len(out) - 1):
        if (m := _UL_MISREAD.fullmatch(out[k].text)) and out[k + 1].text[:1].isupper():
            out[k] = replace(out[k], text=m.group(1) + "l.")
    return out


#: an amount's whole part, its thousands grouped or not ("109", "1.245", "12,345")
_WHOLE_PART = re.compile(r"[$€£]?\d{1,3}(?:[.,']\d{3})*|\d+")
#: an amount's cents after their decimal point or comma (".22", ",50"), or its thousands after the Swiss
#: apostrophe, cents perhaps after them ("'924.99", "'578")
_CENTS_PART = re.compile(r"[.,]\d{2}|['’]\d{3}(?:['’]\d{3})*(?:[.,]\d{2})?")
#: the figures before such thousands: one to three, no group of their own
_LEADING_GROUP = re.compile(r"[$€£]?\d{1,3}")


def join_split_cents(words: Sequence[RawWord]) -> list[RawWord]:
    """A line's ``words`` with an amount OCR split at its decimal point ("109" | ".22": a dot-matrix print's dot read
    in a box of its own) or at a Swiss thousands apostrophe ("18" | "'924.99") joined again: a whole number right
    against cents after their point or comma, or against its thousands, closer than a fifth of the line's height
    (a space between them stays: "12 .50" is no amount OCR split)."""
    out: list[RawWord] = []
    for w in words:
        prev = out[-1] if out else None
        if (prev is not None and _CENTS_PART.fullmatch(w.text)
                and (_WHOLE_PART if w.text[0] in ".," else _LEADING_GROUP).fullmatch(prev.text)
                and w.x0 - prev.x1 <= 0.2 * (w.y1 - w.y0)):
            out[-1] = replace(prev, text=prev.text + w.text, x1=w.x1, y0=min(prev.y0, w.y0), y1=max(prev.y1, w.y1))
        else:
            out.append(w)
    return out


#: a number a volume in litres is written with ("10", "12,5")
_VOLUME = re.compile(r"\d+(?:[.,]\d+)?")
#: a volume a litre's ``1`` may follow: a few figures, perhaps with decimals ("10", "12,5"; not "2024")
_LITRES = re.compile(r"\d{1,3}(?:[.,]\d{1,2})?")
#: such a volume with the litre's ``l`` read as a capital I against it ("20I", "1,5I")
_LITRES_I = re.compile(r"(\d{1,3}(?:[.,]\d{1,2})?)I")


def _before_volume(words: Sequence[RawWord]) -> bool:
    """Whether the words that end just before a volume name what it is of: a word of letters ("hvid" 10), or a pack's
    count times ("6 x" 1,5) or a share in percent ("35 %" 1) after a word's figure."""
    last = words[-1].text
    if sum(c.isalpha() for c in last) >= 2 and not any(c.isdigit() for c in last):
        return True
    return last in ("x", "×", "%") and len(words) >= 3 and words[-2].text.isdigit() \
        and any(c.isalpha() for c in words[-3].text)


#: a litre's ``l`` read as a capital I, alone or in a rate ("I/h" for litres an hour, "I/min")
_LITRE_I = re.compile(r"I(?:/[a-z]{1,3})?[.,]?")


def litre_l(words: Sequence[RawWord]) -> list[RawWord]:
    """``words`` with a capital ``I`` alone after a number made the litre's ``l`` OCR took it for ("Muurverf wit 10 I",
    "Beltéri falfesték 10 I", a filter's "600 I/h"): no word is a lone capital I after a figure, nor closes one ("20I"
    after a word is "20 l"). A ``1`` or ``i`` is the litre's too where it closes the words after a volume that follows a
    word ("Vægmaling hvid 10 1", "Farba 12,5 i") or a pack's count or a share ("6 x 1,5 1", "Slagroom 35 % 1 1") and
    stands no farther from the volume than the words before stand apart: a count of one in a column of its own ("Monitor
    27" | "1") stands off, and a figure between figures ("10 1 2024") has none of them. After a pack's count times a
    volume with decimals, a ``1`` or ``i`` before a word is the litre's wherever it stands ("6 x 1.0 1 glass")."""
    out = list(words)
    for k in range(1, len(out)):
        if _LITRE_I.fullmatch(out[k].text) and _VOLUME.fullmatch(out[k - 1].text):
            out[k] = replace(out[k], text="l" + out[k].text[1:])
    if len(out) >= 2 and (m := _LITRES_I.fullmatch(out[-1].text)) and _before_volume(out[:-1]):
        out[-1:] = _at_missing_space(out[-1], m.group(1), "l")
    if len(out) >= 3 and out[-1].text in ("1", "i") and _LITRES.fullmatch(out[-2].text) and _before_volume(out[:-2]):
        spaces = [b.x0 - a.x1 for a, b in itertools.pairwise(out[:-1])]
        if out[-1].x0 - out[-2].x1 <= max(spaces) + 0.1 * (out[-1].y1 - out[-1].y0):
            out[-1] = replace(out[-1], text="l")
    # ... and inside the words, after a pack's count times its volume with decimals, before a word of letters
    # ("Apple spritzer 6 x 1.0 1 glass"): no count follows such a volume (one after a whole figure may be a count:
    # "Schraube 3 x 20 1 Stk")
    for k in range(4, len(out) - 1):
        volume = out[k - 1].text
        if out[k].text in ("1", "i") and any(c in volume for c in ".,") \
                and _LITRES.fullmatch(volume) and out[k - 2].text in ("x", "×") \
                and out[k - 3].text.isdigit() and sum(c.isalpha() for c in out[k + 1].text) >= 2 \
                and any(c.isalpha() for c in out[k - 4].text):
            spaces = [b.x0 - a.x1 for a, b in itertools.pairwise(out[k - 4:k])]
            if out[k].x0 - out[k - 1].x1 <= max(spaces) + 0.1 * (out[k].y1 - out[k].y0):
                out[k] = replace(out[k], text="l")
    return out


#: words that name a document or a record and take a number after them ("Invoice #1001", "PO #4471")
_NUMBERED = frozenset("invoice inv receipt order po bill quote quotation estimate statement ticket rechnung "
                      "facture factura fattura factuur faktura fatura".split())
#: words for "number": a label that has one ("N° de facture: #MUM_WF…") leaves the sign to the number
_NUMBER_WORDS = frozenset("no n° nº nr number num numero número nummer numer #".split())
_SIGNED_NUMBER = re.compile(r"#(?=[A-Za-z0-9])[\w\-/.]*\d[\w\-/.]*")


def split_number_sign(line: Sequence[RawWord]) -> list[RawWord]:
    """``line`` with the number sign printed on a document's number after the word naming it ("Invoice #1001")
    as a word of its own, so that the label reads "Invoice #" and the number is ``1001``. A sign after a label
    closed by a colon or one that says "number" already ("Invoice Number #BLR_WFLD2015…", "N° de facture:
    #MUM_WF…") is part of the number, and stays."""
    out: list[RawWord] = []
    for word in line:
        if (out and _SIGNED_NUMBER.fullmatch(word.text) and out[-1].text.casefold().strip(".") in _NUMBERED
                and not {w.text.casefold().strip(".:") for w in out[-3:]} & _NUMBER_WORDS):
            cut = word.x0 + (word.x1 - word.x0) / len(word.text)
            out += [replace(word, text="#", x1=cut), replace(word, text=word.text[1:], x0=cut)]
        else:
            out.append(word)
    return out


#: an article's code and the description after it, the gap between their cells lost ("SKU73117Portes",
#: "A-44197Serviços", "82551Tinteiro"): capitals and a separator at most before three digits or more, then a word
#: in capitals and small letters
_GLUED_CODE = re.compile(r"([A-Z]{0,4}[-/.]?\d{3,})([A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]{2,}\S*)")


def split_glued_codes(line: Sequence[RawWord]) -> list[RawWord]:
    """``line`` with each word that a table's article code and its description make, their cells set edge to edge
    (a text layer gives no space between them, OCR reads none), split in two, each with its share of the box by
    characters: ``SKU73117Portes`` is the code ``SKU73117`` and the word ``Portes``."""
    out: list[RawWord] = []
    for word in line:
        m = _GLUED_CODE.fullmatch(word.text)
        if m is None:
            out.append(word)
            continue
        step = (word.x1 - word.x0) / len(word.text)
        x = word.x0 + len(m.group(1)) * step
        out += [replace(word, text=m.group(1), x1=x), replace(word, text=m.group(2), x0=x)]
    return out


def _column_of(text: str, exact: bool = False) -> str | None:
    """The line-item column a header label names (exactly, with ``exact``), if any."""
    toks = label_tokens(text)
    for concept in COLUMN_CONCEPTS:
        score = label_score(toks, concept_phrases(concept), concept)
        if score >= (1.0 if exact else 0.8):
            return concept
    return None


def _names_tax(text: str) -> bool:
    """Whether ``text`` is a tax's name alone, which heads a column of rates ("MwSt.", "VAT", "IVA")."""
    return label_score(label_tokens(text), concept_phrases("tax"), "tax") >= 1.0 and len(label_tokens(text)) == 1


#: a column label's qualifier in brackets run into the next label ("(EUR)Montant")
_QUALIFIER_THEN_LABEL = re.compile(r"(\([^()\s]{1,6}\))([A-ZÀ-Ý][^\W\d_]{2,}\.?)")


def split_glued_labels(line: Sequence[RawWord]) -> list[RawWord]:
    """``line`` with each word that OCR or a text layer ran two column labels of a table header into split in
    two, each with its share of the box by characters ("DESCRIPCIÓN UNIDADESPRECIO UNITARIO TOTAL", "Popis
    PočetCena za jednotku"): the word names no column, its head names one exactly and its tail, alone or with the
    next words, names another (or the tax rate's column: "E-PreisMwSt."); another word of the line names a column
    too. A word in capitals is cut anywhere, any other only where a capital follows a small letter or a dot. A
    label's qualifier in brackets run into the next label ("(EUR)Montant") is cut after its bracket."""
    out = list(line)
    for k, word in enumerate(line):
        text = word.text
        if (m := _QUALIFIER_THEN_LABEL.fullmatch(text)) is not None:
            rest = [m.group(2), *(w.text for w in line[k + 1:k + 3])]
            if any(_column_of(" ".join(rest[:n])) is not None for n in range(1, len(rest) + 1)) \
                    and any(_column_of(w.text) for i, w in enumerate(line) if i != k):
                at = out.index(word)  # "Prix unitaire HT (EUR)Montant HT (EUR)": the unit's bracket ends a label
                out[at:at + 1] = _at_missing_space(word, m.group(1), m.group(2))
            continue
        if len(text) < 6 or not text.replace(".", "").replace("-", "").isalpha() or _column_of(text) is not None:
            continue
        if text.isupper():
            cuts = list(range(3, len(text) - 2))
        else:  # after an abbreviation's dot too ("Cant.P. unitario")
            cuts = [c for c in range(2, len(text) - 1) if text[c].isupper()
                    and ((text[c - 1].islower() and c < len(text) - 2) or text[c - 1] == ".")]
        for cut in cuts:
            head = _column_of(text[:cut], exact=True)
            rest = [text[cut:], *(w.text for w in line[k + 1:k + 3])]
            if head is None or not (any((c := _column_of(" ".join(rest[:n]))) is not None and c != head
                                        for n in range(1, len(rest) + 1)) or _names_tax(text[cut:])):
                continue
            if not any(_column_of(w.text) for i, w in enumerate(line) if i != k):
                return out  # no header line
            step = (word.x1 - word.x0) / len(text)
            x = word.x0 + cut * step
            at = out.index(word)
            out[at:at + 1] = [replace(word, text=text[:cut], x1=x), replace(word, text=text[cut:], x0=x)]
            break
    return out


#: a dot leader run into a word ("TOTALE.........84,94", "..$28,498.49", "date.....10"): three or more dots,
#: ellipses or middle dots (commas among them where OCR read a dot as one)
_LEADER = re.compile(r"[.…·][.,…·]{2,}")
#: a word that is nothing but leader dots
_DOTS = re.compile(r"[.,…·∙]+")


#: a character a comb field or a letter-spaced heading sets in a cell of its own: a letter, a figure, or a mark
#: inside a value (a date's slash, a street's comma, an amount's point)
_CELL_CHARS = re.compile(r"[^\W_]|[/\-.,'−]")
#: the fewest such characters in a row read as one spaced-out value
_SPACED_RUN = 4


def _spaced_runs(line: Sequence[RawWord]) -> list[tuple[int, int]]:
    """``(start, end)`` of each run of four or more one-character words side by side, three of them letters or
    figures. A multiplication's sign between figures ends a run: "8 x 1 l" is a pack's size, not a word."""
    runs: list[tuple[int, int]] = []
    k = 0
    while k < len(line):
        end = k
        while end < len(line) and len(line[end].text) == 1 and _CELL_CHARS.fullmatch(line[end].text) and not (
                line[end].text in "x×" and end > k and line[end - 1].text.isdigit()
                and end + 1 < len(line) and line[end + 1].text[:1].isdigit()):
            end += 1
        if end - k >= _SPACED_RUN and sum(w.text.isalnum() for w in line[k:end]) >= 3:
            runs.append((k, end))
        k = max(end, k + 1)
    return runs


def _spread(values: Sequence[float]) -> float:
    """How uneven the smaller half of ``values`` is (its range over its median): small for a regular pitch."""
    low = sorted(values)[: max(2, (len(values) + 1) // 2)]
    mid = statistics.median(low)
    return (low[-1] - low[0]) / mid if mid > 0 else math.inf


def join_spaced_letters(line: Sequence[RawWord]) -> list[RawWord]:
    """``line`` with values set one character a cell read as words: a comb field's boxes (``A l f r e d   d u``)
    and a letter-spaced heading (``I N V O I C E``), which a text layer and OCR give as one-character words.
    Four or more such words at a regular pitch are joined; a wider step (an empty cell, the gap between a date's
    day, month and year boxes, a space between tracked words) starts a new word. The pitch is the characters'
    centres where those are even (cells of one width), else the gaps between them (tracking added to each glyph's
    own width). A pitch over two and a half character heights is no spacing (single figures in a table's columns
    stay apart), and a step over two and a half pitches ends the run."""
    runs = _spaced_runs(line)
    if not runs:
        return list(line)
    out: list[RawWord] = list(line[: runs[0][0]])
    for n, (start, end) in enumerate(runs):
        chars = line[start:end]
        height = statistics.median(w.y1 - w.y0 for w in chars)
        centres = [(b.x0 + b.x1 - a.x0 - a.x1) / 2 for a, b in itertools.pairwise(chars)]
        gaps = [b.x0 - a.x1 for a, b in itertools.pairwise(chars)]
        by_centre = _spread(centres) <= _spread(gaps)
        pitch = sorted(centres)[len(centres) // 4]
        gap = sorted(gaps)[len(gaps) // 4]
        groups: list[list[RawWord]] = [[chars[0]]]
        part = [0]  # each group's part of the run: a step too wide for spacing ends one
        for k, word in enumerate(chars[1:]):
            if pitch > 2.5 * height or centres[k] > 2.6 * pitch or centres[k] <= 0:
                groups += [[], [], [word]]  # the run ends: what follows stands apart
                part += [part[-1], part[-1], part[-1] + 1]
                continue
            # (glyphs that touch have no space between them, however far apart a wide capital sets their centres:
            # "Duero" set a glyph a word, as a legacy ERP prints it)
            wide = centres[k] > 1.4 * pitch and gaps[k] > 0.05 * height if by_centre else gaps[k] > gap + 0.35 * height
            if wide:
                groups += [[], []]  # an empty cell or a space: a new word
                part += [part[-1], part[-1]]
            groups[-1].append(word)
        # a part is spaced out where it holds four characters or more, three of them in one word: "x 3 m" before
        # an item's quantity "2" far right of it is three words of a description
        size = Counter(p for g, p in zip(groups, part, strict=True) for _ in g)
        spaced = {p for g, p in zip(groups, part, strict=True) if len(g) >= _SPACED_RUN - 1 and size[p] >= _SPACED_RUN}
        for k, group in enumerate(groups):
            if not group:
                continue
            if part[k] not in spaced:
                out.extend(group)
                continue
            # the word's box reaches over the empty cell after it, up to a space before the next word: an empty
            # cell reads as the space it stands for, not as the gap between two columns
            after = groups[k + 2][0].x0 if k + 2 < len(groups) and groups[k + 2] else None
            x1 = max(group[-1].x1, after - 0.3 * height) if after is not None else group[-1].x1
            out.append(RawWord("".join(w.text for w in group), group[0].x0, min(w.y0 for w in group), x1,
                               max(w.y1 for w in group), min(w.confidence for w in group)))
        out.extend(line[end: runs[n + 1][0] if n + 1 < len(runs) else len(line)])
    return out


def drop_leaders(line: Sequence[RawWord]) -> list[RawWord]:
    """``line`` without its dot leaders (``Subtotal ........ 70,86``, ``Datum . . . 22.03.2026``), which a text
    layer and OCR give as runs of dots inside a word or as words of dots. A word is cut where a run of three or
    more dots stands in it, its parts keeping their share of the box by characters; a word of dots goes when it
    has two or more of them, stands next to another such word, or is a lone ``.`` between two words. A lone
    bullet (``Ltd · Cork``) stays: it separates the parts of an address. What OCR leaves of a leader at a word's
    ends goes too: dots before a figure with cents (``..3,41``) or an identifier (``..CU-17801``), or before an
    amount's first group whose thousands follow as a word (``.2 593,44``), two dots or more after a word
    (``Espresso..``)."""
    cut: list[RawWord] = []
    for word in line:
        text = word.text
        if not _LEADER.search(text) or _DOTS.fullmatch(text):
            cut.append(word)
            continue
        step = (word.x1 - word.x0) / len(text)
        pos = 0
        for m in _LEADER.finditer(text):
            if m.start() > pos:
                cut.append(replace(word, text=text[pos:m.start()], x0=word.x0 + pos * step,
                                   x1=word.x0 + m.start() * step))
            pos = m.end()
        if pos < len(text):
            cut.append(replace(word, text=text[pos:], x0=word.x0 + pos * step))
    dotty = [bool(_DOTS.fullmatch(w.text)) for w in cut]
    out: list[RawWord] = []
    dropped = False
    for k, word in enumerate(cut):
        if dotty[k]:
            beside = (k > 0 and dotty[k - 1]) or (k + 1 < len(cut) and dotty[k + 1])
            between = word.text == "." and 0 < k < len(cut) - 1
            if beside or between or len(word.text) >= 2:
                dropped = True
                continue
        nxt = cut[k + 1].text if k + 1 < len(cut) else ""
        out.append(_trim_leader_ends(word, after_leader=dropped or bool(
            _THOUSANDS_HEAD.fullmatch(word.text) and _THOUSANDS_TAIL.fullmatch(nxt))))
        dropped = False
    return out


#: what OCR leaves of a leader at a word's ends: dots before a figure with cents (".241,13", "..3,41"), two dots
#: or more after a word ("Espresso..")
_LEADING_DOTS = re.compile(r"[.\u2026\u00b7]+(?=[$€£¥₹]?\d[\d.,' ]*[.,]\d{2}(?!\d)"
                           # ... or before an identifier a leader leads to ("..CU-17801", ".4500650435")
                           r"|[A-Z]{1,4}-\d|\d{5,}$)")
#: a leader's last dot on an amount's first group, its thousands apart in a word of their own (".2" "593,44")
_THOUSANDS_HEAD = re.compile(r"[.\u00b7]{1,3}\d{1,3}")
_THOUSANDS_TAIL = re.compile(r"\d{3}[.,]\d{2}")
_TRAILING_DOTS = re.compile(r"(?<=[^\W\d_])[.\u2026\u00b7]{2,}$")
_LEADER_END = re.compile(r"[.\u00b7]+")


def _trim_leader_ends(word: RawWord, *, after_leader: bool) -> RawWord:
    """``word`` without a leader's remains at its ends; right after a leader, any dots it starts with (its last
    dot run into the value: ``. . . .$197.91``)."""
    step = (word.x1 - word.x0) / len(word.text)
    m = _LEADER_END.match(word.text) if after_leader else _LEADING_DOTS.match(word.text)
    if m and m.end() < len(word.text):
        word = replace(word, text=word.text[m.end():], x0=word.x0 + m.end() * step)
    if m := _TRAILING_DOTS.search(word.text):
        word = replace(word, text=word.text[:m.start()], x1=word.x0 + m.start() * step)
    return word


def _overlap(a0: float, a1: float, b0: float, b1: float) -> float:
    return min(a1, b1) - max(a0, b0)


def _share(a: LineUnit, b: LineUnit) -> float:
    """How much two units overlap vertically, as a share of the smaller one's height."""
    shared = _overlap(a.top, a.bottom, b.top, b.bottom)
    return shared / max(1e-9, min(a.bottom - a.top, b.bottom - b.top)) if shared > 0 else 0.0


def _collides(unit: LineUnit, line: Sequence[LineUnit]) -> bool:
    """Whether a unit stands over or under a word of ``line``: two lines, not one."""
    x0, x1 = min(w.x0 for w in unit.words), max(w.x1 for w in unit.words)
    return any(_overlap(x0, x1, w.x0, w.x1) > 0 for u in line for w in u.words)


def _stacked(unit: LineUnit, line: Sequence[LineUnit]) -> bool:
    """Whether a word of ``unit`` stands under or over a word of ``line`` it shares less than half its height with
    (:data:`_OVERLAP`): a text line set close under another, not part of it (an article's code in a smaller
    type right under its item's name, "Art. 453-80" under "Software licence annual", both beside the row's figures
    set between them, which join the two into one line's band)."""
    def shared(a: RawWord, b: RawWord) -> float:
        return max(0.0, _overlap(a.y0, a.y1, b.y0, b.y1)) / max(1e-9, min(a.y1 - a.y0, b.y1 - b.y0))

    return any(_overlap(a.x0, a.x1, b.x0, b.x1) > 0 and shared(a, b) < _OVERLAP
               for u in line for a in unit.words for b in u.words)


def _centre_order(units: Sequence[LineUnit]) -> list[LineUnit]:
    return sorted(units, key=lambda u: ((u.top + u.bottom) / 2, min(w.x0 for w in u.words)))


def _rows(units: Sequence[LineUnit]) -> list[LineUnit]:
    """``units`` (in centre order) with the units of one row joined first: a unit that shares most of its height
    (:data:`_ROW_OVERLAP`) with the unit that opened one of the last few rows, is about as high (:func:`_alike`),
    and stands over or under no word of it, is on that row. A side column's label set between two table rows (a sidebar beside the line items) then
    no longer splits a row between two lines: ordered by their centres alone, the row's figures joined the label
    above and its description the label below."""
    rows: list[list[LineUnit]] = []
    for unit in units:
        for row in reversed(rows[-_ROW_LOOKBACK:]):
            if _share(unit, row[0]) >= _ROW_OVERLAP and _alike(unit, row[0]) and not _collides(unit, row):
                row.append(unit)
                break
        else:
            rows.append([unit])
    return [row[0] if len(row) == 1 else _Row([w for u in row for w in u.words], band=_core(row)) for row in rows]


def _alike(a: LineUnit, b: LineUnit) -> bool:
    """Whether two units are about as high as each other, their shared height half the higher one's at least: a
    picture's text box reaching over two lines (a signature read as ``ww``) is no cell of a row."""
    return _overlap(a.top, a.bottom, b.top, b.bottom) >= 0.5 * max(a.bottom - a.top, b.bottom - b.top)


def _core(row: list[LineUnit]) -> tuple[float, float]:
    """The band of a row's least high unit: a tall heading on the row, or a cell whose box OCR drew taller, does
    not make the row reach into the line above or below."""
    low = min(row, key=lambda u: u.bottom - u.top)
    return low.top, low.bottom


@dataclass
class _Row(LineUnit):
    """The units of one row as one unit, as high as its least high unit (:func:`_core`)."""

    band: tuple[float, float] = (0.0, 0.0)

    @property
    def top(self) -> float:
        return self.band[0]

    @property
    def bottom(self) -> float:
        return self.band[1]


#: a sheet printed two pages up: where the gutter between them may be (share of the sheet's width), how wide it is
#: at least, and how much of the words and of the sheet's height each page holds at least
_GUTTER_SPAN, _MIN_GUTTER = (0.35, 0.65), 0.012
_MIN_HALF_WORDS, _MIN_HALF_HEIGHT = 0.25, 0.5


def split_two_up(units: Sequence[LineUnit], width: float, height: float) -> list[list[LineUnit]]:
    """A landscape sheet printed two pages up (a listing's ``enscript -2r``, a PDF printed "2 pages per sheet") as
    its two pages, left and right: a gutter no word crosses runs down the middle of the sheet, and each side holds
    a quarter of the words or more, from top to bottom of half the sheet or more. Read as one page, each line of
    the left page ran on into the line of the right page beside it. Any other page is one page as it is."""
    words = [w for u in units for w in u.words]
    if width <= 1.2 * height or len(words) < 20:
        return [list(units)]
    lo, hi = _GUTTER_SPAN[0] * width, _GUTTER_SPAN[1] * width
    edges = sorted((max(lo, w.x0), min(hi, w.x1)) for w in words if w.x1 > lo and w.x0 < hi)
    gaps, reach = [], lo
    for x0, x1 in edges:
        if x0 - reach >= _MIN_GUTTER * width:
            gaps.append((reach, x0))
        reach = max(reach, x1)
    if hi - reach >= _MIN_GUTTER * width:
        gaps.append((reach, hi))
    if not gaps:
        return [list(units)]
    a, b = max(gaps, key=lambda g: g[1] - g[0])
    cut = (a + b) / 2
    left = [w for w in words if w.x1 <= cut]
    right = [w for w in words if w.x0 >= cut]
    for side in (left, right):
        if len(side) < _MIN_HALF_WORDS * len(words) \
                or max(w.y1 for w in side) - min(w.y0 for w in side) < _MIN_HALF_HEIGHT * height:
            return [list(units)]
    if _header_across(words, cut):
        return [list(units)]
    halves: list[list[LineUnit]] = [[], []]
    for u in units:
        for k, part in enumerate(([w for w in u.words if w.x1 <= cut], [w for w in u.words if w.x0 >= cut])):
            if part:
                halves[k].append(LineUnit(part, u.horizontal, u.text if len(part) == len(u.words) else None))
    return halves


_FIGURE_COLUMNS = frozenset({"quantity", "unit_price", "amount"})


def _header_across(words: Sequence[RawWord], cut: float) -> bool:
    """Whether a table's header row runs across ``cut``: the description's label left of it and figures' labels
    right of it, none named on both sides, on one line (a landscape invoice whose descriptions end short of the
    sheet's middle), where a sheet printed two pages up has each page's header whole on its own side."""
    for word in words:
        row = [w for w in words if _overlap(w.y0, w.y1, word.y0, word.y1) >= 0.5 * (word.y1 - word.y0)]
        if word is not min(row, key=lambda w: w.x0):
            continue  # each row once, from its first word
        row.sort(key=lambda w: w.x0)
        names = [(w, c) for k, w in enumerate(row) for text in (w.text, " ".join(x.text for x in row[k:k + 2]))
                 if (c := _column_of(text))]
        left = {c for w, c in names if w.x1 <= cut}
        right = {c for w, c in names if w.x0 >= cut}
        if "description" in left and right and right <= _FIGURE_COLUMNS and not left & right:
            return True
    return False


#: characters OCR reads a typed table's bar as, glued to the value beside it
_BAR_LIKE = frozenset("|¦lI1!ij↓[]")
_BARS = frozenset("|¦")
#: bars alone or glued on that many lines make a column of bars (one of them alone)
_MIN_BARS = 3


def strip_table_bars(lines: Sequence[Sequence[RawWord]], *, read: bool = True) -> list[list[RawWord]]:
    """``lines`` without the bars of a table typed with ``|`` between its columns that OCR ran into the values beside
    them, reading each as a figure or a letter (``118,90 |`` as ``118,901``, ``| Arbeidsloon`` as ``jArbeidsloon``).
    A bar's column is a place where a bar read alone and bars alone or such end characters on
    three lines or more (between them, or two lines from them at most); an end character of a word there, on such a
    line, goes. Where the words come from a text
    layer (``read`` false), only a bar itself glued to a word goes: a text layer misreads no bar, and a fixed-width
    listing sets a word's last letter under a bar of the lines above."""
    heights = [w.y1 - w.y0 for line in lines for w in line]
    if not heights:
        return [list(line) for line in lines]
    tol = 0.3 * statistics.median(heights)
    like = _BAR_LIKE if read else _BARS

    def ends(w: RawWord) -> list[float]:  # where a word's bar-like end characters stand
        if len(w.text) < 2 or w.text in _BARS:
            return []
        cw = (w.x1 - w.x0) / len(w.text)
        return ([w.x1 - cw / 2] if w.text[-1] in like else []) + ([w.x0 + cw / 2] if w.text[0] in like else [])

    alone = [((w.x0 + w.x1) / 2, k) for k, line in enumerate(lines) for w in line if w.text in _BARS]
    glued = [(x, k) for k, line in enumerate(lines) for w in line for x in ends(w)]
    columns: list[tuple[float, int, int]] = []  # a bar column's place and its first and last line with a bar alone
    for x, _ in alone:
        if any(abs(c[0] - x) <= tol for c in columns):
            continue
        mine = [a for a in alone if abs(a[0] - x) <= tol]
        rows = {k for _, k in mine}
        # the end characters there, on the lines between and on lines next to them (a first row above the first
        # bar read alone), two lines apart at most
        near = sorted({k for g, k in glued if abs(g - x) <= tol})
        grown = True
        while grown:
            grown = False
            for k in near:
                if k not in rows and (min(rows) <= k <= max(rows) or min(abs(k - r) for r in rows) <= 2):
                    rows.add(k)
                    grown = True
        if len(rows) >= _MIN_BARS:
            columns.append((statistics.median(a[0] for a in mine), min(rows), max(rows)))
    if not columns:
        return [list(line) for line in lines]

    def at_bar(x: float, k: int) -> bool:
        return any(abs(x - c) <= tol and lo <= k <= hi for c, lo, hi in columns)

    out: list[list[RawWord]] = []
    for k, line in enumerate(lines):
        words: list[RawWord] = []
        for w in line:
            text, x0, x1 = w.text, w.x0, w.x1
            if ends(w):
                cw = (w.x1 - w.x0) / len(w.text)
                if text[-1] in like and at_bar(x1 - cw / 2, k) and any(c.isalnum() for c in text[:-1]):
                    text, x1 = text[:-1], x1 - cw
                if len(text) >= 2 and text[0] in like and at_bar(x0 + cw / 2, k) \
                        and any(c.isalnum() for c in text[1:]):
                    text, x0 = text[1:], x0 + cw
            words.append(w if text == w.text else replace(w, text=text, x0=x0, x1=x1))
        out.append(words)
    return out


def order_lines(units: Sequence[LineUnit]) -> list[list[RawWord]]:
    """Page-wide lines in reading order: top to bottom, each left to right. The units of one row are joined
    first (:func:`_rows`), then rows that overlap make one line."""
    units = [part for u in units for part in _unstacked(u)]
    horizontal = _centre_order(_rows(_centre_order([u for u in units if u.words and u.horizontal])))
    others = [u for u in units if u.words and not u.horizontal]

    lines: list[list[LineUnit]] = []
    # each line is compared with the unit that opened it, not with a band that grows as units join:
    # a growing band lets a tall heading chain two text lines together
    for unit in horizontal:
        if lines and _share(unit, lines[-1][0]) >= _OVERLAP and not _stacked(unit, lines[-1]):
            lines[-1].append(unit)
        else:
            lines.append([unit])
    # a unit that overlaps the first unit of the line before or after more than its own line's, and stands over
    # no word of it, goes there: a table row's amount whose box sits a little higher than the row's other boxes,
    # beside a side column's line it joined first
    for k, line in enumerate(lines):
        for unit in list(line[1:]):
            own = _share(unit, line[0])
            for j in (k - 1, k + 1):
                if 0 <= j < len(lines) and _share(unit, lines[j][0]) > own and not _collides(unit, lines[j]):
                    line.remove(unit)
                    lines[j].append(unit)
                    break
    lines = _figures_to_their_row(lines)
    ordered = [sorted((w for u in line for w in u.words), key=lambda w: (w.x0, w.y0)) for line in lines if line]
    ordered.extend(list(u.words) for u in others)
    return ordered


def _unstacked(unit: LineUnit) -> list[LineUnit]:
    """``unit``, or where it is no vertical text but words of two rows one above the other that the text detector
    boxed together (a column's ``1`` over the next row's ``5``: the box is taller than wide, so it was read
    turned), each word as a horizontal unit of its own: words set upright (as wide as half their height at
    least), each over the next, with little overlap of their heights."""
    words = sorted(unit.words, key=lambda w: w.y0)
    if len(words) < 2 or any(w.x1 - w.x0 < 0.5 * (w.y1 - w.y0) for w in words):
        return [unit]
    for a, b in zip(words, words[1:], strict=False):
        if b.y0 < a.y1 - 0.2 * min(a.y1 - a.y0, b.y1 - b.y0):
            return [unit]  # side by side on one line: a line's words
        if min(a.x1, b.x1) - max(a.x0, b.x0) < 0.5 * min(a.x1 - a.x0, b.x1 - b.x0):
            return [unit]  # not one over the other
    return [LineUnit([w]) for w in words]


def _is_figure(word: RawWord) -> bool:
    return any(ch.isdigit() for ch in word.text) and not any(ch.isalpha() for ch in word.text)


def _figures_to_their_row(lines: list[list[LineUnit]]) -> list[list[LineUnit]]:
    """A line of figures alone (a row's quantity, price and amount) that shares a good part of its height
    (:data:`_FIGURES_OVERLAP`) with the words beside it on the line above or below, and stands over or under none
    of them, joins that line: a table that sets its figures at the top of their cells and its description lower
    (`1  4 738,00  4 738,00` half a line above `Produktfotografering`) reads as one row. The neighbour must hold
    words, not figures alone: two rows of figures stay apart."""
    def band(line: list[LineUnit]) -> LineUnit:
        return LineUnit([w for u in line for w in u.words])

    def figures_only(line: list[LineUnit]) -> bool:
        return all(_is_figure(w) or not any(ch.isalnum() for ch in w.text) for u in line for w in u.words) \
            and any(_is_figure(w) for u in line for w in u.words)

    for k, line in enumerate(lines):
        if not line or not figures_only(line):
            continue
        unit = band(line)
        best, best_share = None, _FIGURES_OVERLAP
        for j in (k - 1, k + 1):
            if 0 <= j < len(lines) and lines[j] and not figures_only(lines[j]) \
                    and not _collides(unit, lines[j]) and (share := _share(unit, band(lines[j]))) >= best_share:
                best, best_share = j, share
        if best is not None:
            lines[best].extend(line)
            lines[k] = []
    return [line for line in lines if line]


def to_words(
    lines: Sequence[Sequence[RawWord]], *, page: int, width: float, height: float, first_line: int
) -> list[Word]:
    """Engine words for one page: boxes normalised by the page size and clamped to 0..1, document-wide line
    numbers starting at ``first_line`` (empty lines are not numbered)."""
    words: list[Word] = []
    line_no = first_line
    w = float(width) or 1.0
    h = float(height) or 1.0

    def clamp(v: float) -> float:
        return min(1.0, max(0.0, v))

    for line in lines:
        if not line:
            continue
        for raw in line:
            words.append(
                Word(
                    text=raw.text,
                    page=page,
                    line=line_no,
                    bbox=(clamp(raw.x0 / w), clamp(raw.y0 / h), clamp(raw.x1 / w), clamp(raw.y1 / h)),
                    confidence=clamp(raw.confidence),
                )
            )
        line_no += 1
    return words
