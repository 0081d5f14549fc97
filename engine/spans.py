"""Candidate spans: a document's words cut into typed, non-overlapping pieces a value can point at.

Every word belongs to exactly one span (but fill-in underscores, dot leaders and table rules read back as ``_``,
``...`` or ``|``: they belong to none, and are trimmed off the words they stick to, see :func:`word_text`), and
spans come in reading order (page, line, left to right). A line is
first cut into *cells* at horizontal gaps wider than ``gap_factor`` times the line's median character width (table
columns, label/value pairs set apart). Inside a cell:

* words ending in ``:`` close a LABEL span (``Invoice No:``, ``Datum:``, ``Montant du prélèvement :``); a number
  marker at the start of a cell (``No.``, ``Nr``, ``#``, ``n°``, or a document title word such as ``Invoice``)
  closes one too when an identifier or integer follows it;
* dates (one word or several: ``3 Apr 2024``, ``August 3 , 2014``), check boxes (``[X]``, ``☐``, ``☒Travel``, a
  lone ``X`` before an option) and identifiers glued to a label or marker (``n°562044387``,
  ``Datum:05.03.2024``) become spans wherever they sit;
* the value right after a label becomes its own span when it is typed (date, amount, identifier, number);
* amounts (with their currency: ``€ 399,00``, ``29.99 €``), percentages and currency codes are peeled off the
  ends of what remains, and once one has been peeled, the integers, codes and quantities (``1 PCS``) next to it;
* what is left is one TEXT span, so a description or a company name in one cell stays whole
  (``Nintendo 3DS XL Wit + Blauw``, ``Amazon Web Services, Inc.``, ``Kupferrohr 15 mm - ref. 3677``).

In a table row (a line of several cells with an amount) a leading number or article code is split from the text
after it (``2 Frais de port``, ``OMQ050 Cloud storage``), and in rows of three cells or more a colon inside a
description does not make a label (``Licence: Pro edition``).

A span may have several kinds: a bare ``42183017`` is INTEGER, IDENTIFIER and AMOUNT; ``€3.50`` is AMOUNT and
CURRENCY; ``1 PCS`` is QUANTITY and AMOUNT. :func:`value_of` gives the normalised JSON value of a span read as one
kind; :func:`group_cells` regroups spans by cell (a text value spread over several spans of one cell, such as a
description with a colon, is the join of its cell).
"""

from __future__ import annotations

import datetime as _dt
import itertools
import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from engine.base import SIGNATURE_MARK, Word
from engine.dates import DateOrder, guess_date_order, parse_date
from engine.labels import concept_of, label_strength, reads_as_label
from engine.numbers import (
    detect_currency,
    infer_decimal_separator,
    parse_money,
    parse_percent,
    writes_whole_amounts,
)

__all__ = ["Span", "SpanKind", "find_spans", "group_cells", "identifier_field", "join_lines", "join_spread_amounts",
           "join_wrapped_years", "lift_wrapped_colons", "narrowed", "reads_as_identifier", "unframe_lines", "unit_word",
           "value_of", "word_text"]


class SpanKind(StrEnum):
    """What a span can be read as."""

    TEXT = "text"
    LABEL = "label"
    DATE = "date"
    AMOUNT = "amount"
    INTEGER = "integer"
    IDENTIFIER = "identifier"
    CURRENCY = "currency"
    PERCENT = "percent"
    QUANTITY = "quantity"
    CHECKBOX = "checkbox"


class Span(BaseModel):
    """A run of words of one line read as one value (or one label).

    ``word_indices`` point into the word list given to :func:`find_spans`; ``cell`` numbers the gap-delimited
    cells of the document (spans of one cell share it). The typed attributes are set for the matching kinds.
    """

    model_config = ConfigDict(frozen=True)

    index: int
    word_indices: list[int]
    text: str
    kinds: frozenset[SpanKind]
    page: int
    line: int
    cell: int
    bbox: tuple[float, float, float, float]
    date: _dt.date | None = None
    amount: Decimal | None = None
    currency: str | None = None
    identifier: str | None = None
    percent: Decimal | None = None
    unit: str | None = None
    checked: bool | None = None

    def has(self, kind: SpanKind) -> bool:
        """Whether the span can be read as ``kind``."""
        return kind in self.kinds


# Words that close a label when an identifier or a number follows them.
_MARKERS = frozenset(
    "no no. nr nr. n° nº n. n.º n.° # num num. núm. nummer number numer numéro numero número nro nro. ref ref. réf. "
    "invoice rechnung factuur facture faktura faktury fattura factura receipt bill quittung beleg order bestellung "
    "commande bestelling zamówienie pedido ordine documento document doc. dokument dokumentu "
    "č. č čís. číslo fatura "  # Czech: "Faktura č. 2025-178"; "Número da fatura 2026567"
    "factură număr számla számlaszám sorszám "  # Romanian and Hungarian: "Számla SZ-2026-03378"
    "lasku".split()  # Finnish: "Lasku 180480"
)
#: the little words a label's markers are joined by ("N° de facture", "Número de factura", "Number of invoice")
_MARKER_JOINS = frozenset("de du di del of da do".split())
# A compound that ends in a word for "number" closes a label the same way ("Factuurnummer R890342").
_COMPOUND_MARKER = re.compile(r"(?i)[a-zäöüßéè]{3,}-?(?:nummer|numer|number|numero|nr\.?)")  # "LASKUNUMERO"
#: an abbreviated word and a number marker written as one: "Inv.No.", "Rg.-Nr.", "Re.Nr", "Inv.#"
_ABBREVIATED_MARKER = re.compile(r"(?i)[^\W\d_]{2,5}\.-?(?:no|nr|n[°º]|#)\.?")
_TAX_WORDS = frozenset("vat tva iva gst btw mwst ust tax".split())
_GLUED_MARKER = re.compile(r"(?i)(?:n[°º]|no\.|nr\.)\s*([A-Za-z0-9][\w\-/.]*)")
# OCR runs words together: "NºFactura" (a marker and a title word), "Factura2022-0705" (a title word and its number)
_MARKER_PAIR = re.compile(r"(?i)(?:n[°º]|no\.?|nr\.?)([^\W\d_]{3,})")
_GLUED_TITLE = re.compile(r"(?i)(?:invoice|rechnung|factuur|facture|faktura|fattura|factura)(\d[\w\-/.]*)")
_SERIES = re.compile(r"[A-Z]{1,4}")
_SERIES_NUMBER = re.compile(r"(?=.*\d)[A-Z0-9]*[/-][A-Z0-9/-]*\d")  # "2024/118", "A-0042", "2024-A/7"
_NOT_SERIES = frozenset({"VAT", "TVA", "IVA", "BTW", "GST", "NIF", "CIF", "ABN", "NIP", "TEL", "FAX", "PO", "REF",
                         "ID", "NO", "NR", "KW", "CW", "WK"})
_GLUED_LABEL = re.compile(r"([^\d:]{2,}):\s*(\S.*)")
#: a caption run into its value with neither space nor colon, the value's capitals after the caption's small
#: letters ("VersicherungsscheinnummerLUG324986C": a caption overflowing its cell into the value's)
_GLUED_CAPTION = re.compile(r"([^\W\d_]*[^\W\d_A-Z]{4})([A-Z0-9][A-Z0-9\-/.]*\d[A-Z0-9\-/.]*)")
_IDENT = re.compile(r"#?[A-Za-z0-9][\w\-/.#]*")
_TIME = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?")
#: a date and the time after it read as one word ("16/08/202408:59", "2024-08-1608:59:01")
_DATE_TIME_GLUED = re.compile(r"(\d{1,2}[./-]\d{1,2}[./-]\d{4}|\d{4}-\d{2}-\d{2})((?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?)")
#: digits in groups of three under one separator, twice or more and with no decimals ("239.280.611", "930'504'532"):
#: a whole amount in thousands or a policy or account number printed in groups
_DOTTED_ID = re.compile(r"\d{1,3}(?P<sep>[.,'])\d{3}(?:(?P=sep)\d{3})+")
#: a number with five decimals or more: a code in two parts (a policy's "47.316550"), not an amount
_DECIMAL_CODE = re.compile(r"\d{1,4}[.,]\d{5,}")
#: (OCR reads a printed tick as the root sign "√", a cross in a round box as the circled times "⊗")
_BOX_CHECKED = frozenset({"[x]", "[X]", "(x)", "(X)", "☒", "☑", "✓", "✔", "✗", "✘", "✕", "✖", "■", "[✓]", "[✔]",
                          "⊠", "⊗", "√"})
_BOX_EMPTY = frozenset({"[ ]", "[]", "( )", "()", "☐", "□", "❏", "❐", "❑", "❒", "[_]"})
#: a radio button printed as a glyph, as web forms print an option list: on ("◉", "⦿", "●"), off ("○", "◯")
_RADIO_ON, _RADIO_OFF = "◉⦿●", "○◯"
_BOX_CHECKED |= frozenset(_RADIO_ON)
_BOX_EMPTY |= frozenset(_RADIO_OFF)
#: an empty box glyph with a tick or cross glyph printed over it ("□✓"): a ticked box
_EMPTY_GLYPHS, _MARK_GLYPHS = "☐□❏❐❑❒", "✓✔✗✘✕✖"
_BOX_CHECKED |= frozenset(b + m for b in _EMPTY_GLYPHS for m in _MARK_GLYPHS)
#: units of a physical measure (a volume, a mass, a length, an area) that an item's name may state ("magnum 1.5 l")
_MEASURES = frozenset("kg g mg t l ltr lt ml cl m m2 m² m3 m³ km cm mm lb lbs oz ft sqft".split())
# Units of measure that may follow a quantity ("1 PCS", "15.00 g", "2 Std."): the measures and these.
_UNITS = _MEASURES | frozenset(
    "pcs pc pce pces piece pieces stk stk. stück st st. szt szt. ea each unit units u un. uds uds. ud ud. pz pz. "
    "kpl kpl. ks ks. db db. "
    "h hr hrs hour hours std std. stunden uur heure heures ore hod hod. min mins day days tag tage dag dagen "
    "jour jours giorni dias month months mo mon monat monate maand maanden mois mese mesi "
    "kwh "
    # Polish and Swedish hours, Spanish hours, running metres (German, Swedish), square metres (Italian, Swedish),
    # Dutch pieces, German pieces, Italian "each"
    "godz godz. tim horas lfm lfm. lfdm lpm mq kvm stuks stck stck. cad cad. "
    # Turkish hours and pieces; a caterer's covers (French, German, Italian, Spanish, Nordic, guests)
    "saat adet couverts couvert gedecke coperti cubiertos kuvert kuverter pax".split()
)


def measure_word(text: str) -> bool:
    """Whether a word is a unit of a physical measure ("l", "ml", "kg"), no count of pieces or time."""
    return text.lower() in _MEASURES


def unit_word(text: str) -> bool:
    """Whether a word is a unit of measure a quantity may be followed by ("Stk.", "lfm", "h")."""
    return text.lower() in _UNITS


_GLUED_QUANTITY = re.compile(r"(?i)(\d+(?:[.,]\d+)?)(" + "|".join(re.escape(u) for u in sorted(_UNITS, key=len,
                                                                                               reverse=True)) + ")")
_CODE = re.compile(r"\[([^\]\s]+)\]|\*([^*\s]+)\*")  # [FURN_7777], *987123*: product codes
#: a count times a price in one cell: "1 × 135,20", "1× 43,02", "3 ×15,76"
_TIMES_PRICE = re.compile(r"(?P<count>\d+(?:[.,]\d+)?)\s?[×xX]\s?(?P<price>\S.*)")
#: a count written with a multiplication sign, as a whole cell: "× 2", "x3", "2×" (web shops' order lines)
_TIMES = re.compile(r"[×xX]\s?(\d+(?:[.,]\d+)?)|(\d+(?:[.,]\d+)?)\s?[×xX]")
_SKU = re.compile(r"(?=.*\d)[A-Z0-9][A-Z0-9\-_/.]{3,}")  # an article code: upper case and digits
_GROUP = re.compile(r"[\d.,]+")
#: a whole number in thousands set apart by spaces
_THOUSANDS = re.compile(r"\d{1,3}(?: \d{3})+")
_NUMBER_KINDS = frozenset({SpanKind.INTEGER, SpanKind.AMOUNT, SpanKind.QUANTITY})
_MAX_DATE_WORDS = 6
_MAX_LABEL_WORDS = 5
#: ... and a form's question, its colon after the question mark ("Un procès-verbal de police a-t-il été établi ?:")
_MAX_QUESTION_WORDS = 10
_GLUED_BOX = re.compile(rf"(\[[xX✓✔ ]?\]|[{_EMPTY_GLYPHS}][{_MARK_GLYPHS}]|[☒☑☐✓✔✗✘■□⊠⊗❏√{_RADIO_ON}{_RADIO_OFF}])"
                        r"\s*(\w.*)")


@dataclass
class _Unit:
    """One or more adjacent words of a cell read as one token."""

    start: int  # positions in the cell
    end: int
    kinds: set[SpanKind] = field(default_factory=set)
    strong: bool = False  # splits text wherever it sits
    peel: bool = False  # typed value peeled from the ends of text
    label_end: bool = False
    marker: bool = False
    values: dict[str, object] = field(default_factory=dict)

    @property
    def typed(self) -> bool:
        return bool(self.kinds - {SpanKind.TEXT, SpanKind.LABEL})


class _Classifier:
    """Reads words and word windows as typed units, with the document's date order and decimal separator."""

    def __init__(self, date_order: DateOrder | None, decimal_sep: str | None, whole: bool = False) -> None:
        """``whole``: the document prints whole amounts (:func:`~engine.numbers.writes_whole_amounts`)."""
        self.order = date_order
        self.dec = decimal_sep
        self.whole = whole

    def word(self, text: str) -> _Unit:
        u = _Unit(0, 1)
        t = text.strip()
        low = t.lower()
        if t in _BOX_CHECKED or t in _BOX_EMPTY:
            u.kinds, u.strong, u.values = {SpanKind.CHECKBOX}, True, {"checked": t in _BOX_CHECKED}
            return u
        if m := _GLUED_BOX.fullmatch(t):  # "☒Travel", "[X]Yes": the box and its option in one word
            box = m.group(1).replace(" ", "")
            u.kinds, u.strong, u.values = {SpanKind.CHECKBOX}, True, {"checked": box in _BOX_CHECKED}
            return u
        if (t.endswith((":", "：")) and not _TIME.fullmatch(t[:-1])) or t in (":", "："):  # "Date:", "19%:"
            u.kinds, u.label_end = {SpanKind.LABEL}, True
            if t.rstrip(":： ").endswith(("?", "？")):
                u.values["question"] = True
            return u
        if low in _MARKERS or _COMPOUND_MARKER.fullmatch(t) or _ABBREVIATED_MARKER.fullmatch(t) or (
                (pair := _MARKER_PAIR.fullmatch(t)) and pair.group(1).lower() in _MARKERS):
            u.kinds, u.marker = {SpanKind.TEXT}, True
            return u
        if (title := _GLUED_TITLE.fullmatch(t)) and _IDENT.fullmatch(title.group(1)):
            u.kinds, u.values = {SpanKind.IDENTIFIER}, {"identifier": title.group(1)}
            return u
        caption = _GLUED_CAPTION.fullmatch(t)
        if caption is not None and not reads_as_label(caption.group(1)):
            caption = None
        if caption is None and self._typed(t, u):
            return u
        m = _GLUED_MARKER.fullmatch(t) or _GLUED_LABEL.fullmatch(t) or caption
        if m and any(c.isdigit() for c in m.group(m.lastindex or 1)):
            inner = m.group(m.lastindex or 1)
            if self._typed(inner, u) or _IDENT.fullmatch(inner):
                u.kinds |= {SpanKind.IDENTIFIER}
                u.values.setdefault("identifier", inner)
                u.strong, u.peel = True, False
                return u
        u.kinds = {SpanKind.TEXT}
        return u

    def _typed(self, t: str, u: _Unit) -> bool:
        """Fill ``u`` when ``t`` alone is a date, amount, percentage, currency or identifier."""
        d = parse_date(t, order=self.order)
        if d is None and (glued := _DATE_TIME_GLUED.fullmatch(t)):  # "16/08/202408:59": OCR lost the space
            d = parse_date(glued.group(1), order=self.order)
        if d is not None:
            u.kinds, u.strong, u.values = {SpanKind.DATE}, True, {"date": d}
            return True
        amount, currency = parse_money(t, decimal_sep=self.dec)
        if amount is not None:
            u.kinds = {SpanKind.AMOUNT}
            u.values = {"amount": amount}
            digits = t.lstrip("+-")
            if digits.isdigit():
                u.kinds.add(SpanKind.INTEGER)
                if len(digits) >= 3:
                    u.kinds.add(SpanKind.IDENTIFIER)
                    u.values["identifier"] = t
            else:
                u.peel = True
                if not currency and (_DOTTED_ID.fullmatch(digits) or _DECIMAL_CODE.fullmatch(digits)):
                    # "239.280.611": a number in groups, or a code; "47.316550": no amount has six decimals
                    u.kinds.add(SpanKind.IDENTIFIER)
                    u.values["identifier"] = t
            if currency:
                u.kinds.add(SpanKind.CURRENCY)
                u.values["currency"] = currency
                u.peel = True
            return True
        pct = parse_percent(t)
        if pct is not None:
            u.kinds, u.peel, u.values = {SpanKind.PERCENT}, True, {"percent": pct}
            return True
        code = detect_currency(t, strict=True)
        if code is not None:
            u.kinds, u.values = {SpanKind.CURRENCY}, {"currency": code}
            return True
        m = _GLUED_QUANTITY.fullmatch(t)
        if m and (qty := parse_money(m.group(1), decimal_sep=self.dec)[0]) is not None:
            u.kinds = {SpanKind.QUANTITY, SpanKind.AMOUNT}
            u.values = {"amount": qty, "unit": m.group(2)}
            return True
        if m := _CODE.fullmatch(t):  # a bracketed code leads a description: peel it off
            u.kinds, u.peel, u.values = {SpanKind.IDENTIFIER}, True, {"identifier": m.group(1) or m.group(2)}
            return True
        core = t.strip("()[]*")
        if core[-1:] in (".", ",", ";") and core[-2:-1].isalnum():  # "S-2854-67.": the sentence's stop
            core = core[:-1]
        if core and _IDENT.fullmatch(core) and any(c.isdigit() for c in core) and len(core) >= 2:
            u.kinds, u.values = {SpanKind.IDENTIFIER}, {"identifier": core}
            if _SKU.fullmatch(core):
                u.values["sku"] = True
            return True
        return False

    def window(self, texts: Sequence[str], tight: Sequence[bool], before: str = "") -> _Unit | None:
        """A multi-word unit starting at ``texts[0]``: the longest date, amount with currency, space-grouped
        number (only across tight gaps: ``tight[k]`` is the gap after ``texts[k]``), percentage or check box.
        None when only a single word fits. ``before``: the word before ``texts[0]`` in its cell, if any."""
        first = texts[0]
        if any(c.isdigit() for c in first) or first[:1].isalpha():
            for k in range(min(_MAX_DATE_WORDS, len(texts)), 1, -1):
                d = parse_date(" ".join(texts[:k]), order=self.order)
                if d is not None:
                    return _Unit(0, k, {SpanKind.DATE}, strong=True, values={"date": d})
        if (len(texts) >= 2 and tight[0] and _OPEN_DECIMALS.fullmatch(first) and re.fullmatch(r"\d{2}", texts[1])
                and (self.dec is None or first.endswith(self.dec))):
            # OCR's space after a decimal comma: "338, 68 €"
            for k in (3, 2):
                amount, currency = parse_money(" ".join([first + texts[1], *texts[2:k]]), decimal_sep=self.dec)
                if amount is not None and (k == 2 or currency):
                    return _amount_unit(k, amount, currency)
        if (len(texts) >= 3 and all(tight[:2]) and detect_currency(first, strict=True) is not None
                and first.isalpha() and first.isupper() and all(_ID_GROUP.fullmatch(x) for x in texts[1:3])
                and max(len(texts[1]), len(texts[2])) >= 4):
            # a currency's code heading figures in groups no amount is written in: an identifier ("MVR 9892 9406")
            k = 3
            while k < len(texts) and tight[k - 1] and _ID_GROUP.fullmatch(texts[k]):
                k += 1
            return _Unit(0, k, {SpanKind.IDENTIFIER}, values={"identifier": " ".join(texts[:k])})
        if len(texts) >= 2 and tight[0] and _ID_HEAD.fullmatch(first) and detect_currency(first, strict=True) is None:
            # a reference printed in groups after its letters: "HM-26 735 36", "KV 943.469.219"
            k = 1
            while k < len(texts) and tight[k - 1] and (_ID_GROUP.fullmatch(texts[k]) or _DOTTED_ID.fullmatch(texts[k])):
                k += 1
            if (k - 1 >= 2 and any(c.isdigit() for c in first)) or (k == 2 and _DOTTED_ID.fullmatch(texts[1])):
                return _Unit(0, k, {SpanKind.IDENTIFIER}, values={"identifier": " ".join(texts[:k])})
        for k in range(min(4, len(texts)), 1, -1):
            amount, currency = parse_money(" ".join(texts[:k]), decimal_sep=self.dec)
            # without a currency, only digit groups across tight gaps with decimals: "1 234,56" (a unit price
            # to four places, "16 560,0045"); or, where the document prints whole amounts, thousands alone: "3 040"
            if amount is None or (currency is None and not (
                    all(tight[:k - 1]) and all(_GROUP.fullmatch(x) for x in texts[1:k])
                    and (re.search(r"[.,](?:\d{1,2}|\d{4})$", texts[k - 1])
                         or (self.whole and _THOUSANDS.fullmatch(" ".join(texts[:k])))))):
                continue
            if k == 2 and currency and texts[0].isdigit() and len(texts) > 2 and detect_currency(texts[1]) \
                    and re.search(r"\d[.,]\d{1,2}$", texts[2]):
                continue  # a count, then a price with its code first: "12 CHF 1'664.09" is 12 and CHF 1'664.09
            return _amount_unit(k, amount, currency)
        if len(texts) >= 2 and texts[1].lower() in _UNITS and not texts[0].startswith(("-", "+")):
            qty = parse_money(texts[0], decimal_sep=self.dec)[0]
            if qty is not None and parse_money(texts[0])[1] is None:
                kinds = {SpanKind.QUANTITY, SpanKind.AMOUNT}
                return _Unit(0, 2, kinds, values={"amount": qty, "unit": texts[1]})
        if len(texts) >= 2 and texts[1] in ("%", "%:", "%)", "%):") and (texts[0][:1] == "(") == (")" in texts[1]):
            pct = parse_percent(texts[0].lstrip("(") + "%")
            if pct is not None:  # "19 %" / "TVA 0 %:" / "TVA (21 %):" (the colon closes a label)
                return _Unit(0, 2, {SpanKind.PERCENT}, peel=True, values={"percent": pct},
                             label_end=texts[1].endswith(":"))
        if (len(texts) >= 2 and _SERIES.fullmatch(first) and first.lower() not in _MARKERS
                and first not in _NOT_SERIES and _SERIES_NUMBER.fullmatch(texts[1]) and detect_currency(first) is None
                and parse_date(texts[1], order=self.order) is None):
            # a document series and its number: "FT 2024/118", "FR A-0042" (Portuguese and Spanish invoices)
            return _Unit(0, 2, {SpanKind.IDENTIFIER}, values={"identifier": f"{first} {texts[1]}"})
        if (first == "X" or (first == "x" and not any(c.isdigit() for c in before))) and len(texts) >= 2 \
                and texts[1][:1].isupper() and texts[1].isalpha():
            # "X Automobile"; OCR reads a cross in a cell as a small "x" too ("x Motor vehicle"), where no count
            # comes before it ("2 x Coffee")
            return _Unit(0, 1, {SpanKind.CHECKBOX}, strong=True, values={"checked": True})
        for k in (3, 2):
            box = "".join(texts[:k])
            if len(texts) >= k and (box in _BOX_CHECKED or box in _BOX_EMPTY):
                return _Unit(0, k, {SpanKind.CHECKBOX}, strong=True, values={"checked": box in _BOX_CHECKED})
        return None


def _amount_unit(k: int, amount: Decimal, currency: str | None) -> _Unit:
    """A unit of ``k`` words read as an amount, with its currency where one is printed."""
    u = _Unit(0, k, {SpanKind.AMOUNT}, peel=True, values={"amount": amount})
    if currency:
        u.kinds.add(SpanKind.CURRENCY)
        u.values["currency"] = currency
    return u


#: a figure that ends on its decimal mark, its cents OCR set apart ("338," "68")
_OPEN_DECIMALS = re.compile(r"\d{1,3}(?:[.' ]?\d{3})*[.,]")


def _char_width(words: Sequence[Word]) -> float:
    widths = [(w.bbox[2] - w.bbox[0]) / len(w.text) for w in words if len(w.text) >= 2]
    if not widths:
        widths = [(w.bbox[2] - w.bbox[0]) / max(1, len(w.text)) for w in words]
    return statistics.median(widths) if widths else 0.0


#: TeX (and a typist on a typewriter) sets a sentence's wider space after a full stop: up to this many characters,
#: no cell ends after a day's ordinal before its month ("27. September 2024") or a short abbreviation before a
#: figure ("No. 19"); a table's header ("Nr." "Aant.") keeps its columns
_SENTENCE_SPACE = 2.6
_DAY_ORDINAL = re.compile(r"\d{1,2}\.")
_ABBREVIATION = re.compile(r"[^\W\d_]{1,4}\.")


def _sentence_spaced(prev: str, cur: str) -> bool:
    return bool((_DAY_ORDINAL.fullmatch(prev) and cur[:1].isalpha())
                or (_ABBREVIATION.fullmatch(prev) and cur[:1].isdigit()))


def _cells(line: list[int], words: Sequence[Word], gap_factor: float, bars: Sequence[float] = ()
           ) -> list[tuple[list[int], list[bool]]]:
    """Cut a line (word indices sorted left to right) at gaps wider than ``gap_factor`` characters, at the bars
    standing alone between its words (their centres, ``bars``) and around a mark of handwriting (a smudge the
    signature finder took for one between a caption and its value: "Dirección ✍ Paseo San Vicente, 65"); return
    each cell with, per word but the last, whether the gap after it is tight (at most one character of the line or
    of the two words)."""
    cw = _char_width([words[i] for i in line])
    out: list[tuple[list[int], list[bool]]] = [([line[0]], [])]
    for prev, cur in zip(line, line[1:], strict=False):
        gap = words[cur].bbox[0] - words[prev].bbox[2]
        if any(words[prev].bbox[2] <= x <= words[cur].bbox[0] for x in bars) \
                or SIGNATURE_MARK in (words[prev].text, words[cur].text):
            out.append(([cur], []))  # a bar between them; handwriting is no part of a printed value either
            continue
        widths = (_char_width([words[prev]]), _char_width([words[cur]]))
        # two words of a larger type than the line's (a name beside a small sender line) are measured by their own
        # characters, so that the space of a large name is no cell break
        factor = gap_factor
        if _sentence_spaced(words[prev].text, words[cur].text):
            factor = max(factor, _SENTENCE_SPACE)
        if cw > 0 and gap > factor * max(cw, min(widths)):
            out.append(([cur], []))
        else:
            out[-1][0].append(cur)
            # at most one character of either word: a space, or the figure space of "7 678,99" (one digit wide);
            # after a short digit group half a character more, as OCR boxes a narrow "1" tighter than its advance
            # (a sign before it too: "-7 049,59")
            own = max(widths)
            slack = 1.5 if re.fullmatch(r"[-−–]?\d{1,3}", words[prev].text) else 1.05
            out[-1][1].append(gap <= max(cw, own) * slack or cw == 0)
    return out


def _colon_to_label(cells: list[tuple[list[int], list[bool]]], words: Sequence[Word]
                    ) -> list[tuple[list[int], list[bool]]]:
    """A colon that begins a cell, standing in a column of colons between labels and values ("DUE DATE    : 19 Jan
    2024", as line printers and fixed-width reports align them), joins the label before it."""
    out: list[tuple[list[int], list[bool]]] = []
    for cell, tight in cells:
        if out and words[cell[0]].text in (":", "："):
            out[-1] = (out[-1][0] + cell[:1], out[-1][1] + [False])
            cell, tight = cell[1:], tight[1:]
        if cell:
            out.append((cell, tight))
    return out


_AMOUNT_TEXT = re.compile(r"(?<![\d.,])\d{1,3}(?:[.,' ]?\d{3})*[.,]\d{2}(?![\d.,])")


_Cells = list[tuple[list[int], list[bool]]]

#: a year of four figures
_YEAR = re.compile(r"(?:19|20)\d{2}")
#: a date's day, month and year, each a word of its own ("5.", "5.", "2024")
_SPACED_DATE = (re.compile(r"(?:0?[1-9]|[12]\d|3[01])\."), re.compile(r"(?:0?[1-9]|1[0-2])\."), _YEAR)


def _join_spaced_dates(cells: _Cells, words: Sequence[Word]) -> _Cells:
    """A date written day, month and year each with its stop and padded apart ("5.   5.   2024", as a fixed-width
    Czech or Slovak till prints it) is one cell: three one-word cells, no more than four characters apart."""
    out: _Cells = []
    k = 0
    while k < len(cells):
        trio = cells[k:k + 3]
        if len(trio) == 3 and all(len(c) == 1 for c, _ in trio) \
                and all(p.fullmatch(words[c[0]].text) for p, (c, _) in zip(_SPACED_DATE, trio, strict=True)):
            idx = [c[0] for c, _ in trio]
            cw = _char_width([words[i] for i in idx])
            if all(words[b].bbox[0] - words[a].bbox[2] <= 4 * cw for a, b in zip(idx, idx[1:], strict=False)):
                out.append((idx, [True, True]))
                k += 3
                continue
        out.append(cells[k])
        k += 1
    return out


def _aligned_with(other: _Cells, words: Sequence[Word], cw: float) -> Callable[[int], bool]:
    """Whether a word starts where one of ``other``'s cells starts (within a third of a character)."""
    starts = [words[cell[0]].bbox[0] for cell, _ in other]
    return lambda i: any(abs(words[i].bbox[0] - x) <= 0.35 * cw for x in starts)


def _cut_before(cells: _Cells, cut: Callable[[list[int], int], bool]) -> _Cells:
    """``cells`` cut before each word ``k`` of a cell for which ``cut(cell, k)`` holds."""
    out: _Cells = []
    for cell, tight in cells:
        first = 0
        for k in range(1, len(cell)):
            if cut(cell, k):
                out.append((cell[first:k], tight[first:k - 1]))
                first = k
        out.append((cell[first:], tight[first:]))
    return out


def _gap(words: Sequence[Word], cell: list[int], k: int) -> float:
    return words[cell[k]].bbox[0] - words[cell[k - 1]].bbox[2]


def _split_at_columns(cells: _Cells, below: _Cells, words: Sequence[Word]) -> _Cells:
    """A row of labels set close together ("Rechnungsnummer Rechnungsdatum Zahlbar bis") over a row of values in
    cells of their own: the labels are cut where the value cells below start, so that each label sits over its
    value. Only a line without digits is cut, and only where at least two of its words start at a value cell's
    left edge (a column grid, not a chance alignment), with a gap wider than a space. A header over a row with
    an amount is left whole: a table's labels run over several words ("Unit Price", "Nr Opis")."""
    if len(below) < 2 or any(ch.isdigit() for cell, _ in cells for i in cell for ch in words[i].text):
        return cells
    if any(_AMOUNT_TEXT.search(words[i].text) for cell, _ in below for i in cell):
        return cells
    cw = _char_width([words[i] for cell, _ in cells for i in cell])
    aligned = _aligned_with(below, words, cw)
    if sum(aligned(i) for cell, _ in cells for i in cell) < 2:
        return cells
    # a cut needs a gap wider than a space: labels set apart, not the words of one name (in a monospaced text
    # layer a space is one character wide, so one character is not enough)
    return _cut_before(cells, lambda cell, k: aligned(cell[k]) and _gap(words, cell, k) >= 1.25 * cw)


def _split_on_grid(cells: _Cells, neighbours: list[_Cells], words: Sequence[Word]) -> _Cells:
    """A table whose cells are padded too little to be cut by the gap alone ("BHP-88213-04  Type of claim" in the
    row of a four-column form): a cell is also cut before a word that starts a cell of the line above or below,
    where the line sits on that grid (at least three of its words start where the neighbour's cells start), the
    gap is clearly wider than the line's spaces, and the word starts with a letter (a label, never the next group
    of a number). As for label rows, lines of amounts and lines over or under them are left alone: a table's
    header and rows keep their cells ("N° Description" over "1  Annual maintenance …  4 206,95")."""
    if any(_AMOUNT_TEXT.search(words[i].text) for cell, _ in cells for i in cell):
        return cells
    cw = _char_width([words[i] for cell, _ in cells for i in cell])
    gaps = sorted(_gap(words, cell, k) for cell, _ in cells for k in range(1, len(cell)))
    if cw <= 0 or not gaps:
        return cells
    space = max(gaps[(len(gaps) - 1) // 2], 0.3 * cw)
    out = cells
    for other in neighbours:
        if len(other) < 3 or any(_AMOUNT_TEXT.search(words[i].text) for cell, _ in other for i in cell):
            continue
        aligned = _aligned_with(other, words, cw)
        if sum(aligned(i) for cell, _ in out for i in cell) < 3:
            continue
        out = _cut_before(out, lambda cell, k, aligned=aligned: aligned(cell[k])
                          and words[cell[k]].text[:1].isalpha() and _gap(words, cell, k) >= 1.3 * max(
                              space, _cell_space(words, cell, k)))
    return out


def _cell_space(words: Sequence[Word], cell: list[int], k: int) -> float:
    """The narrowest gap of ``cell`` other than the one before its word ``k`` (0.0 where there is none). A value
    set in a larger type than its line's caption ("Street and house no.  83 Albion Road") is spaced wider than the
    caption: a gap no wider than its own spaces is no column break, though the next line's cells line up with it."""
    return min((_gap(words, cell, j) for j in range(1, len(cell)) if j != k), default=0.0)


def _split_at_value_column(cells: _Cells, nearby: list[_Cells], words: Sequence[Word]) -> _Cells:
    """A two-column form table whose label column is just as wide as its longest label: that label runs into its
    value with no more than a space between them ("Full name of policyholder Olivia Bennett", the other rows'
    values in cells of their own). A line of one cell is cut once, before its first word that starts where a cell
    (other than a line's first) starts on at least three of the nearby lines (the value column), set apart by more
    than the line's spaces, and only after words that read as a label (no digits). Table rows (two amounts or
    more) are left alone."""
    if len(cells) != 1:
        return cells
    (cell, _), = cells
    line = [words[i] for i in cell]
    cw = _char_width(line)
    if cw <= 0 or sum(bool(_AMOUNT_TEXT.search(w.text)) for w in line) >= 2:
        return cells
    columns = [[words[c[0]].bbox[0] for c, _ in other[1:]] for other in nearby]

    def value_column(i: int, near: float = 0.5) -> bool:
        x = words[i].bbox[0]
        return sum(any(abs(x - c) <= near * cw for c in xs) for xs in columns) >= 3

    # the gap before the value is wider than the line's spaces (a large name's words over values are one span);
    # a word that starts right on the value column (a scan's boxes make gaps uneven) needs only half a space
    gaps = sorted(_gap(words, cell, j) for j in range(1, len(cell)))
    wide = max(1.3 * gaps[(len(gaps) - 1) // 2] if len(gaps) >= 3 else 0.8 * cw, 0.3 * cw)

    def on_column(j: int) -> bool:
        """Word ``j`` half a space or more after the label, within a quarter of a character of the value column,
        and not reading on as the label: "Net Amount £44,876.98", whose "Amount" starts over a column of prices,
        reads as a label at least as well as "Net" and is not cut."""
        if _gap(words, cell, j) < 0.5 * cw or not value_column(cell[j], 0.25):
            return False
        label = " ".join(w.text for w in line[:j])
        return label_strength(f"{label} {line[j].text}") < label_strength(label)

    k = next((j for j in range(1, len(cell)) if words[cell[j]].text[:1].isalnum() and value_column(cell[j])
              and (_gap(words, cell, j) >= wide or on_column(j))), None)
    label = " ".join(w.text for w in line[:k]) if k is not None else ""
    # a label has no digits ("June 26, 2026" is no label and its year)
    if not label or any(ch.isdigit() for ch in label) or not reads_as_label(label):
        return cells
    return _cut_before(cells, lambda _, j: j == k)


#: a value typed in a larger type than its caption, run into it: at least this many times the caption's height
_LARGER_TYPE = 1.2


def _split_at_larger_type(cells: _Cells, words: Sequence[Word]) -> _Cells:
    """A form's caption in small type with its value in a larger one right after it, in the next box, no wider a
    gap between them than a space or two ("Postal code 27601", "State/Province NC"): each cell cut once, before
    the first word at least :data:`_LARGER_TYPE` times as tall as every word before it, where those read as a
    label (no digits, three letters or more) and the value stands half a space or more from it."""
    def cut(cell: list[int], k: int) -> bool:
        before = [words[i] for i in cell[:k]]
        high = max(w.bbox[3] - w.bbox[1] for w in before)
        if high <= 0 or k != next((j for j in range(1, len(cell)) if words[cell[j]].bbox[3] - words[cell[j]].bbox[1]
                      >= _LARGER_TYPE * high), None):
            return False
        label = " ".join(w.text for w in before)
        # a letterhead's monogram beside its name in larger type ("ÅN  Åkesson Nordström") is no caption
        return (not any(ch.isdigit() for ch in label) and sum(ch.isalpha() for ch in label) >= 3
                and reads_as_label(label)
                and _gap(words, cell, k) >= 0.5 * _char_width(before))

    def after_name(cell: list[int], k: int) -> bool:
        # ... and a caption in a smaller type right after a name in large type, farther from it than the name's words
        # are from each other ("Usługi Geodezyjne GEO-PLAN Tomasz Zieliński" | "Zlecenie 654539")
        before = [words[i] for i in cell[:k]]
        if len(before) < 2 or any(words[i].bbox[3] - words[i].bbox[1] < _LARGER_TYPE * (
                words[cell[k]].bbox[3] - words[cell[k]].bbox[1]) for i in cell[:k]):
            return False
        spaces = [b.bbox[0] - a.bbox[2] for a, b in zip(before, before[1:], strict=False)]
        return _gap(words, cell, k) >= max(1.5 * max(spaces), 0.5 * _char_width(before))

    return _cut_before(_cut_before(cells, cut), after_name)


def _units(texts: list[str], tight: list[bool], clf: _Classifier) -> list[_Unit]:
    out: list[_Unit] = []
    pos = 0
    while pos < len(texts):
        u = clf.window(texts[pos:pos + _MAX_DATE_WORDS], tight[pos:pos + _MAX_DATE_WORDS],
                       texts[pos - 1] if pos else "")
        if u is None:
            u = clf.word(texts[pos])
        u.start, u.end = pos + u.start, pos + u.end
        out.append(u)
        pos = u.end
    # a marker near the start of a cell closes a label when an identifier or a number follows it
    # ("Invoice No. 123", "Rechnung Nr 5"); further in, it belongs to a description ("Pipe 15 mm - ref. 36")
    since = 0  # units since the cell start or the last label
    for k, (a, b) in enumerate(zip(out, out[1:], strict=False)):
        if a.marker and b.end - b.start == 1 and texts[b.start].lower().strip(".") in _TAX_WORDS:
            b.marker = True  # "FAKTURA VAT BUP238853", "TAX INVOICE" : the title goes on to the number
        # a label of three words before its number reads as a label outright ("Credit note no. 5", "Tax invoice
        # no. 7"), where three words ending on a marker could be a description's ("Steel pipe no. 4")
        if a.marker and (SpanKind.IDENTIFIER in b.kinds or SpanKind.INTEGER in b.kinds) and not b.strong and (
                since <= 1 or (since == 2 and label_strength(" ".join(texts[out[k - 2].start:a.end])) >= 0.9)):
            a.label_end, a.kinds = True, {SpanKind.LABEL}
        # ... as does a marker, a little word and the noun it numbers at a cell's start ("N° de contrat KV-320")
        elif (k == 2 and out[0].marker and out[1].end - out[1].start == 1 and texts[out[1].start].lower() in
              _MARKER_JOINS and a.end - a.start == 1 and texts[a.start].isalpha() and not b.strong
              and (SpanKind.IDENTIFIER in b.kinds or SpanKind.INTEGER in b.kinds)):
            a.label_end, a.kinds = True, {SpanKind.LABEL}
        # two markers joined by a little word are one label ("N° de facture F-123", "Número de factura …")
        joined = (k > 0 and out[k - 1].marker and b.marker and a.end - a.start == 1
                  and texts[a.start].lower() in _MARKER_JOINS)
        since = 0 if a.label_end else since if (a.marker and b.marker) or joined else since + 1
    # a Turkish street's "No:" before its house number ("Bağdat Cad. No: 57", "Gül Sok. No: 3") is the street's, no
    # label of a number
    for a, b in zip(out, out[1:], strict=False):
        if _TURKISH_STREET.fullmatch(texts[a.end - 1]) and (texts[b.start].lower().rstrip(":.") == "no"
                                                             or _HOUSE_NO.fullmatch(texts[b.start])):
            b.label_end, b.marker, b.kinds, b.strong = False, False, {SpanKind.TEXT}, False
    return out


#: the word a Turkish street's name ends on before its number: an avenue, a street, a boulevard, a quarter
_TURKISH_STREET = re.compile(r"(?i)cad\.?|cd\.|caddesi|sok\.?|sk\.|soka[ğg][ıi]|sokak|bulvar[ıi]|blv\.|bulv\.|"
                             r"mah\.|mahallesi")
#: ... and its "No:" glued to the house number ("Sok. No:8", "Cad. No.12/3")
_HOUSE_NO = re.compile(r"(?i)no[:.]\d+[a-z]?(?:/\d+)?")


def _times_count(texts: list[str], tight: list[bool], clf: _Classifier) -> list[_Unit] | None:
    """A cell that is a count with a multiplication sign ("× 2", "x3", "2×") as one quantity unit; or that is, or
    ends on, a count times a price ("1 × 135,20", "Ceramic mug 350 ml 1 × 8 398,00", as a web shop's label sets an
    order line) as a quantity unit and the price's after the description's units; else None."""
    for k in range(len(texts) - 1):
        if texts[k][:1].isdigit() and (texts[k][-1] in "×xX" or texts[k + 1][:1] in "×xX") \
                and (got := _count_times_price(texts[k:], tight[k:], clf, after_text=k > 0)) is not None:
            if k == 0:
                return got
            for u in got:
                u.start, u.end = u.start + k, u.end + k
            return [*_units(texts[:k], tight[:k], clf), *got]
    if len(texts) > 2 or not (m := _TIMES.fullmatch(" ".join(texts))):
        return None
    qty = parse_money(m.group(1) or m.group(2), decimal_sep=clf.dec)[0]
    if qty is None:
        return None
    return [_Unit(0, len(texts), {SpanKind.QUANTITY, SpanKind.AMOUNT}, values={"amount": qty, "unit": "×"})]


def _count_times_price(texts: list[str], tight: list[bool], clf: _Classifier, after_text: bool) -> list[_Unit] | None:
    """``texts`` as a count times a price ("1 × 135,20", "1× 43,02", "3 ×15,76"): the count's unit and the price's,
    else None. ``after_text``: after a description in its cell, where only a price with cents is one ("… 3 x 1,5"
    is a cable's cores and section)."""
    if not (m := _TIMES_PRICE.fullmatch(" ".join(texts))):
        return None
    n = 2 if texts[1] in ("×", "x", "X") else 1  # the words the count takes: "1 ×" | "1×" | "3" (of "3" "×15,76")
    rest = [texts[n][1:] if n == 1 and texts[1][:1] in "×xX" else texts[n], *texts[n + 1:]]
    qty = parse_money(m["count"], decimal_sep=clf.dec)
    price = _units(rest, tight[n:], clf)
    if qty[0] is None or qty[1] is not None or len(price) != 1 or SpanKind.AMOUNT not in price[0].kinds \
            or SpanKind.DATE in price[0].kinds:
        return None
    if after_text and (SpanKind.QUANTITY in price[0].kinds or not re.search(r"\d[.,]\d\d$", rest[-1])):
        return None
    price[0].start, price[0].end = n, len(texts)
    return [_Unit(0, n, {SpanKind.QUANTITY, SpanKind.AMOUNT}, values={"amount": qty[0], "unit": "×"}), *price]


def _segment(units: list[_Unit], after_label: bool, lead_number: bool = False, in_row: bool = False
             ) -> list[tuple[list[_Unit], set[SpanKind]]]:
    """Group the units between labels into spans: (units, kinds). With ``lead_number`` (a cell of a table
    row), a number in front of a text is split off: "2 Frais de port" is a quantity and a description. Outside
    table rows, digit groups that make up a whole value ("17 761 987 0", a phone number) are one identifier."""
    if not units:
        return []
    if lead_number and len(units) > 1 and (
            units[0].kinds & _NUMBER_KINDS or units[0].values.get("sku")) \
            and not units[1].kinds & _NUMBER_KINDS and not units[1].strong:
        return [([units[0]], set(units[0].kinds))] + _segment(units[1:], False)
    if len(units) >= (2 if after_label else 3) and not in_row and all(_digit_group(u) for u in units) \
            and any(len(u.values.get("identifier") or "") >= 3 for u in units):
        return [(units, {SpanKind.IDENTIFIER})]  # "17 761 987 0", "+49 6051 916 44 10": one number
    if after_label and units[0].typed:
        return [([units[0]], set(units[0].kinds))] + _segment(units[1:], False)
    for i, u in enumerate(units):
        if u.strong:
            return _segment(units[:i], False) + [([u], set(u.kinds))] + _segment(units[i + 1:], False)
    if all(u.typed for u in units):
        return [([u], set(u.kinds)) for u in units]
    head: list[tuple[list[_Unit], set[SpanKind]]] = []
    tail: list[tuple[list[_Unit], set[SpanKind]]] = []
    lo, hi = 0, len(units)
    peeled = False
    while hi > lo and (units[hi - 1].peel or (units[hi - 1].typed and (peeled or units[hi - 1].kinds
                                                                        == {SpanKind.CURRENCY}))):
        peeled = peeled or units[hi - 1].peel
        hi -= 1
        tail.insert(0, ([units[hi]], set(units[hi].kinds)))
    peeled = False
    while lo < hi and (units[lo].peel or (peeled and units[lo].typed)):
        peeled = True
        head.append(([units[lo]], set(units[lo].kinds)))
        lo += 1
    middle = [(units[lo:hi], {SpanKind.TEXT})] if hi > lo else []
    return head + middle + tail


def _digit_group(u: _Unit) -> bool:
    """A bare group of digits (an integer unit of one word)."""
    return u.end - u.start == 1 and SpanKind.INTEGER in u.kinds and SpanKind.CURRENCY not in u.kinds


def _label_word(u: _Unit) -> bool:
    """Whether a unit can be part of a label: words, and rates such as the 20 % of "TVA 20 % :"."""
    return not u.typed or u.kinds == {SpanKind.PERCENT}


def _in_brackets(units: list[_Unit], texts: list[str]) -> None:
    """A figure inside a bracket opened on words in a table row's description cell ("Toner cartridge, high yield
    (approx. 9,000" over "pages)") made text of the description: no figure of the row, though the bracket closes on
    the line under it. A bracket opened on figures alone ("(3 976,28") leaves them as they are."""
    depth, worded = 0, False
    for u in units:
        if depth > 0 and worded and u.peel:
            u.kinds, u.peel, u.strong, u.values = {SpanKind.TEXT}, False, False, {}
        for t in texts[u.start:u.end]:
            if "(" in t:
                depth, worded = depth + t.count("("), any(c.isalpha() for c in t.split("(", 1)[1])
            elif depth > 0 and any(c.isalpha() for c in t):
                worded = True
            depth = max(0, depth - t.count(")"))


def _cell_spans(units: list[_Unit], row_like: bool, table_row: bool = False
                ) -> list[tuple[list[_Unit], set[SpanKind]]]:
    """The spans of one cell. In a table row (``table_row``), a colon followed by words belongs to the
    description ("Licence: Pro edition, per seat"), not to a label."""
    if table_row:
        for u, nxt in zip(units, units[1:], strict=False):
            if u.label_end and not nxt.typed and not nxt.label_end and u.kinds == {SpanKind.LABEL}:
                u.label_end, u.kinds = False, {SpanKind.TEXT}
    out: list[tuple[list[_Unit], set[SpanKind]]] = []
    prev_end = -1  # last unit already assigned
    prev_label = False
    for e, u in enumerate(units):
        if not u.label_end:
            continue
        j = e
        # After a label, untyped words before the next colon are that label's value; the next label is the
        # colon word alone. Otherwise the label takes the untyped words before its colon.
        between = units[prev_end + 1:e]
        if not (prev_label and all(not x.typed for x in between)):
            most = _MAX_QUESTION_WORDS if u.values.get("question") else _MAX_LABEL_WORDS
            while j - 1 > prev_end and _label_word(units[j - 1]) and e - j + 1 < most:
                j -= 1
        elif dots := [k for k, x in enumerate(between) if x.values.get("separator")]:
            # ... up to a dot that sets the next field apart: the label starts there ("Sposób płatności: przelew •
            # Termin płatności: 2025-11-03")
            j = max(prev_end + 1 + dots[-1], e - _MAX_LABEL_WORDS)
        out += _segment(units[prev_end + 1:j], prev_label, row_like and prev_end < 0, row_like)
        out.append((units[j:e + 1], {SpanKind.LABEL}))
        prev_end, prev_label = e, True
    out += _segment(units[prev_end + 1:], prev_label, row_like and prev_end < 0, row_like)
    # "Invoice No :" directly followed by "#": one label
    merged: list[tuple[list[_Unit], set[SpanKind]]] = []
    for group in out:
        if merged and group[1] == {SpanKind.LABEL} and merged[-1][1] == {SpanKind.LABEL}:
            merged[-1] = (merged[-1][0] + group[0], {SpanKind.LABEL})
        else:
            merged.append(group)
    return merged


#: a table's or a field row's bar, printed as a character of its own
_BARS = frozenset("| │ ¦ ┃".split())
#: a dot standing alone between two fields as their separator ("przelew • Termin płatności: 2025-11-03")
_SEPARATOR_DOTS = frozenset("• · ∙ ●".split())


def word_text(text: str) -> str:
    """A word as spans read it: without the fill-in underscores and table bars an OCR or a text layer glues to it
    ("_HLT-1668740", "| Laura"); empty for a word that is nothing else (``___``, ``....``, ``|``)."""
    text = text.strip("_|") if text[:1] in "_|" or text[-1:] in "_|" else text
    return "" if not text.strip("._|…") else text


def _line_indices(words: Sequence[Word]) -> dict[tuple[int, int], list[int]]:
    """The indices of ``words`` by (page, line), left to right; words blanked by an earlier step left out."""
    by_line: dict[tuple[int, int], list[int]] = {}
    for i, w in enumerate(words):
        if w.text:
            by_line.setdefault((w.page, w.line), []).append(i)
    for idx in by_line.values():
        idx.sort(key=lambda i: words[i].bbox[0])
    return by_line


def join_wrapped_years(words: Sequence[Word]) -> list[Word]:
    """A date written out in a narrow cell wraps its year onto the next line ("1 de diciembre de" over "2023",
    "December 1," over "2024"): a year alone on a line, starting under the first word of two to four that end the
    line above and read as a date with it but not without it, is moved up after them. Word indices stay as they are."""
    by_line = _line_indices(words)
    out = list(words)
    for (page, line), idx in by_line.items():
        for pos, i in enumerate(idx):
            year = words[i]
            if not _YEAR.fullmatch(year.text):
                continue
            cw = (year.bbox[2] - year.bbox[0]) / 4
            height = year.bbox[3] - year.bbox[1]
            if any(abs(words[j].bbox[0] - year.bbox[2]) < 3 * cw or abs(year.bbox[0] - words[j].bbox[2]) < 3 * cw
                   for j in idx[max(0, pos - 1):pos + 2] if j != i):
                continue  # not alone: a value's part, a cell's other words
            above = [k for k in by_line.get((page, line - 1), [])
                     if 0 < year.bbox[1] - words[k].bbox[1] <= 2.0 * height]
            for n in (4, 3, 2):
                run = above[-n:]
                if len(run) < n or abs(words[run[0]].bbox[0] - year.bbox[0]) > 1.5 * cw:
                    continue
                if len(above) > n and words[run[0]].bbox[0] - words[above[-n - 1]].bbox[2] < 1.5 * cw:
                    continue  # the run starts inside a cell, not at its start
                text = " ".join(words[k].text for k in run)
                if parse_date(text) is None and parse_date(f"{text} {year.text}") is not None:
                    last = words[run[-1]]
                    x0 = last.bbox[2] + cw
                    out[i] = year.model_copy(update={"line": last.line, "bbox": (
                        x0, last.bbox[1], x0 + year.bbox[2] - year.bbox[0], last.bbox[3])})
                    break
    return out


#: a run of ornaments framing a line's text ("*** Regent Picturehouse Kiosk ***", "== Bäckerei Korn ==", "» Café «")
_ORNAMENT = re.compile(r"[*=~#•]{2,}|[*~•»«]|<{2,}|>{2,}")
#: a word of ornaments alone
_ORNAMENT_WORD = re.compile(r"[*=~#•»«<>]+")
#: the ornament closing a line that one opens it: the same run, or its mirror
_MIRRORED = str.maketrans("»«<>", "«»><")


def unframe_lines(words: Sequence[Word]) -> list[Word]:
    """A line framed by ornaments, the same run of stars, equals signs, tildes or hashes (or a guillemet and its
    mirror) before and after its words ("*** Regent Picturehouse Kiosk ***", as a till prints its shop's name):
    the ornaments are blanked, as printed alone or glued to the first and last words. Dashes and underscores, which
    rule off a table's sections ("--- Non Food ---"), are left as they are. Word indices stay as they are."""
    out = list(words)
    for every in _line_indices(words).values():
        # (the signature finder's mark over a run of stars a scan shows as ink, not as text, is the run's)
        idx = [i for i in every if words[i].text != SIGNATURE_MARK]
        if not idx:
            continue
        first, last = words[idx[0]].text, words[idx[-1]].text
        # the runs of ornament words at each end (OCR may cut a run: "***" read as "**" and "*")
        lead = next((k for k, i in enumerate(idx) if not _ORNAMENT_WORD.fullmatch(words[i].text)), len(idx))
        trail = next((k for k, i in enumerate(reversed(idx)) if not _ORNAMENT_WORD.fullmatch(words[i].text)), 0)
        opening = "".join(words[i].text for i in idx[:lead])
        closing = "".join(words[i].text for i in idx[len(idx) - trail:])
        if lead and trail and lead + trail < len(idx) and _ORNAMENT.fullmatch(opening) \
                and _ORNAMENT.fullmatch(closing) and closing == opening.translate(_MIRRORED)[::-1] \
                and any(c.isalpha() for i in idx[lead:len(idx) - trail] for c in words[i].text):
            ends = [words[i] for i in (*idx[:lead], *idx[len(idx) - trail:])]
            for i in every:
                if i in idx[:lead] or i in idx[len(idx) - trail:] or words[i].text == SIGNATURE_MARK and any(
                        words[i].bbox[0] < e.bbox[2] and e.bbox[0] < words[i].bbox[2] for e in ends):
                    out[i] = words[i].model_copy(update={"text": ""})
            continue
        head = re.match(r"([*=~#]{2,})(?=[^\W\d_])", first)
        tail = re.search(r"(?<=[^\W\d_])([*=~#]{2,})$", last)
        if head and tail and head.group(1) == tail.group(1):
            out[idx[0]] = words[idx[0]].model_copy(update={"text": first[head.end():]})
            out[idx[-1]] = out[idx[-1]].model_copy(update={"text": out[idx[-1]].text[:tail.start()]})
    return out


def lift_wrapped_colons(words: Sequence[Word]) -> list[Word]:
    """A caption whose narrow cell wrapped its colon to the start of the next line, where the value stands right of
    the colon ("Versicherungsschein-Nr." over ":  668-9827270"): the caption is read on the value's line, its colon
    put back at its end. Only a caption alone on its line, ending before the value starts, is moved so. Word
    indices stay as they are."""
    by_line = _line_indices(words)
    out = list(words)
    for (page, line), idx in by_line.items():
        above = by_line.get((page, line - 1), [])
        if words[idx[0]].text != ":" or len(idx) < 2 or not above:
            continue
        colon, value = words[idx[0]], words[idx[1]]
        caption = words[above[-1]]
        height = colon.bbox[3] - colon.bbox[1]
        if caption.text.endswith(":") or not (caption.text[-1:].isalpha() or caption.text[-1:] == ".") \
                or abs(words[above[0]].bbox[0] - colon.bbox[0]) > height or caption.bbox[2] >= value.bbox[0] \
                or colon.bbox[1] - caption.bbox[3] > height:
            continue
        for i in above:
            w = words[i]
            out[i] = w.model_copy(update={"line": line, "bbox": (w.bbox[0], colon.bbox[1], w.bbox[2], colon.bbox[3]),
                                          "text": w.text + (":" if i == above[-1] else "")})
        out[idx[0]] = colon.model_copy(update={"text": ""})
    return out


#: a piece of an amount a scan's OCR cut apart: figures with their separators, or a separator alone
_SPREAD_PIECE = re.compile(r"[\d.,']*\d[\d.,']*|[.,]")
#: an amount with its cents, whole in one word ("150.51", "1.332,21")
_CENTS_AMOUNT = re.compile(r"[-+]?\d{1,3}(?:[.,' ]?\d{3})*[.,]\d{2}")


def join_spread_amounts(words: Sequence[Word]) -> list[Word]:
    """An amount printed double width on a till roll comes back from OCR in pieces ("TOTAL 15 0 51",
    "SUMA PLN 2 06 0 9", "TOTAL 1. 332 , 21"), an ink mark sometimes read between them: the run of two or more such
    pieces that ends a line (a currency after it at most), whose figures, joined, are exactly those of an amount with
    cents printed whole elsewhere in the document (the VAT table's gross, the card slip's "150.51"), is that amount.
    Its first word takes the amount's text and the run's box; the others are emptied, so word indices stay as they
    are. Figures grouped by thousands ("1 050") are one amount already, pieces more than two of their characters
    apart (a count and a price in their columns) are none cut apart, and a run inside a line's words ("6 x 1.0 1
    glass", a pack's size) is no total: all are left alone."""
    whole: dict[str, str] = {}
    for w in words:
        if _CENTS_AMOUNT.fullmatch(w.text):
            whole.setdefault(re.sub(r"\D", "", w.text), w.text)
    if not whole:
        return list(words)
    out = list(words)
    for idx in _line_indices(words).values():
        run = _pieces_ending(idx, words)
        kept = [words[i] for i in run if words[i].text != SIGNATURE_MARK]
        if len(kept) < 2 or _THOUSANDS_RUN.fullmatch(" ".join(w.text for w in kept)) or any(
                b.bbox[0] - a.bbox[2] > 2 * (a.bbox[2] - a.bbox[0]) / len(a.text) for a, b in itertools.pairwise(kept)):
            continue
        digits = "".join(c for w in kept for c in w.text if c.isdigit())
        if len(digits) < 3 or (text := whole.get(digits)) is None:
            continue
        first = words[run[0]]
        out[run[0]] = first.model_copy(update={"text": text, "bbox": (
            first.bbox[0], first.bbox[1], max(words[i].bbox[2] for i in run), first.bbox[3])})
        for i in run[1:]:
            out[i] = words[i].model_copy(update={"text": ""})
    return out


def _pieces_ending(line: list[int], words: Sequence[Word]) -> list[int]:
    """The words that end a line (``line``: word indices, left to right), a currency after them at most, that are
    pieces of figures (:data:`_SPREAD_PIECE`, two with figures at least) or ink marks between them."""
    end = len(line)
    while end and detect_currency(text := words[line[end - 1]].text) and not any(c.isdigit() for c in text):
        end -= 1
    start = end
    while start and (_SPREAD_PIECE.fullmatch(text := words[line[start - 1]].text) or text == SIGNATURE_MARK):
        start -= 1
    run = line[start:end]
    while run and words[run[0]].text == SIGNATURE_MARK:
        run = run[1:]
    while run and words[run[-1]].text == SIGNATURE_MARK:
        run = run[:-1]
    return run if sum(any(c.isdigit() for c in words[i].text) for i in run) >= 2 else []


#: figures grouped by thousands with spaces, cents or not ("1 050", "12 345,60"): one amount, not pieces of one
_THOUSANDS_RUN = re.compile(r"[-+]?\d{1,3}(?: \d{3})+(?:[.,]\d{1,2})?")


def find_spans(words: Sequence[Word], *, date_order: DateOrder | str | None = None,
               decimal_sep: str | None = None, gap_factor: float = 2.0) -> list[Span]:
    """Partition ``words`` into reading-ordered, non-overlapping typed spans (see the module docstring).

    ``date_order`` (``"DMY"``/``"MDY"``) and ``decimal_sep`` (``"."``/``","``) default to what the document's
    own dates and amounts suggest.
    """
    if not words:
        return []
    # a bar standing alone between two fields ("Belegdatum 23.08.2021 | Beleg-Nr. RE-175422 | Zahlbar bis …") ends
    # a cell, however close the words around it
    bars: dict[tuple[int, int], list[float]] = {}
    for w in words:
        text = w.text.strip()
        if text in _BARS:
            bars.setdefault((w.page, w.line), []).append((w.bbox[0] + w.bbox[2]) / 2)
        elif len(text) >= 2 and any(c.isalnum() for c in text) and w.confidence >= 1.0:
            # ... or, in a text layer, glued to a word's end ("|Qte|  |Prix"; OCR reads a box's side so too)
            bars.setdefault((w.page, w.line), []).extend(
                [w.bbox[0]] * (text[0] in _BARS) + [w.bbox[2]] * (text[-1] in _BARS))
    words = [w if (t := word_text(w.text)) == w.text else w.model_copy(update={"text": t}) for w in words]
    texts = [w.text for w in words]
    lines: dict[tuple[int, int], list[int]] = {}
    for i, w in enumerate(words):
        if w.text:
            lines.setdefault((w.page, w.line), []).append(i)
    order = DateOrder(date_order) if date_order else guess_date_order(
        " ".join(words[i].text for i in sorted(idx, key=lambda i: words[i].bbox[0])) for idx in lines.values())
    dec = decimal_sep or infer_decimal_separator(texts)
    clf = _Classifier(order, dec, writes_whole_amounts(texts))
    spans: list[Span] = []
    cell_no = 0
    keys = sorted(lines)
    all_cells = {key: _cells(sorted(lines[key], key=lambda i: (words[i].bbox[0], i)), words, gap_factor,
                             bars.get(key, []))
                 for key in keys}
    grid = {key: _split_on_grid(all_cells[key], [all_cells[k] for k in (above, below) if k and k[0] == key[0]], words)
            for above, key, below in zip([None, *keys[:-1]], keys, [*keys[1:], None], strict=True)}
    for k, (key, below) in enumerate(zip(keys, keys[1:], strict=False)):
        if key[0] == below[0]:
            cells_below = all_cells[below]
            # a block beside the values (the addressee's name on the left) can stand between labels and values
            if len(cells_below) < 2 and k + 2 < len(keys) and keys[k + 2][0] == key[0]:
                cells_below = sorted(cells_below + all_cells[keys[k + 2]], key=lambda c: words[c[0][0]].bbox[0])
            grid[key] = _split_at_columns(grid[key], cells_below, words)
    for k, key in enumerate(keys):
        nearby = [grid[o] for o in keys[max(0, k - 5):k + 6] if o != key and o[0] == key[0]]
        grid[key] = _split_at_larger_type(_split_at_value_column(grid[key], nearby, words), words)
    all_cells = {key: _join_spaced_dates(_colon_to_label(cells, words), words) for key, cells in grid.items()}
    for key in keys:
        cells = all_cells[key]
        units = [_times_count(texts := [words[i].text for i in cell], tight, clf) or _units(texts, tight, clf)
                 for cell, tight in cells]
        for c, (cell, _) in enumerate(cells[:-1]):  # a box drawn as a frame: only its "X" is in the text layer
            if [words[i].text for i in cell] in (["X"], ["x"]) and words[cells[c + 1][0][0]].text[:1].isalpha():
                units[c] = [_Unit(0, 1, {SpanKind.CHECKBOX}, strong=True, values={"checked": True})]
        # a table row: several cells, one of them an amount with decimals or a currency
        row_like = len(cells) >= 2 and any(u.peel and SpanKind.AMOUNT in u.kinds for us in units for u in us)
        table_row = row_like and len(cells) >= 3
        for c, (cell, _) in enumerate(cells[:-1] if table_row else []):
            _in_brackets(units[c], [words[i].text for i in cell])
        for (cell, _), cell_units in zip(cells, units, strict=True):
            for u in cell_units:  # a dot standing alone between two fields
                if u.end - u.start == 1 and words[cell[u.start]].text in _SEPARATOR_DOTS:
                    u.values["separator"] = True
            for group, kinds in _cell_spans(cell_units, row_like, table_row):
                idx = [cell[p] for u in group for p in range(u.start, u.end)]
                spans.append(_make_span(len(spans), idx, group, kinds, words, cell_no))
            cell_no += 1
    return spans


def _make_span(index: int, idx: list[int], units: list[_Unit], kinds: set[SpanKind], words: Sequence[Word],
               cell: int) -> Span:
    ws = [words[i] for i in idx]
    values: dict[str, object] = dict(units[0].values) if len(units) == 1 and kinds != {SpanKind.TEXT} else {}
    values.pop("sku", None)
    if len(units) > 1 and kinds == {SpanKind.IDENTIFIER}:
        values["identifier"] = " ".join(w.text for w in ws)
    return Span(
        index=index,
        word_indices=idx,
        text=" ".join(w.text for w in ws),
        kinds=frozenset(kinds),
        page=ws[0].page,
        line=ws[0].line,
        cell=cell,
        bbox=_words_bbox(ws),
        **values,
    )


def _words_bbox(ws: Sequence[Word]) -> tuple[float, float, float, float]:
    return (min(w.bbox[0] for w in ws), min(w.bbox[1] for w in ws),
            max(w.bbox[2] for w in ws), max(w.bbox[3] for w in ws))


def narrowed(span: Span, idx: list[int], words: Sequence[Word], **update: object) -> Span:
    """``span`` cut down to its words ``idx`` (their text and box), with ``update``'s fields set too."""
    ws = [words[i] for i in idx]
    return span.model_copy(update={"word_indices": idx, "text": " ".join(w.text for w in ws),
                                   "bbox": _words_bbox(ws), **update})


def group_cells(spans: Sequence[Span]) -> list[list[Span]]:
    """Spans grouped by cell, in reading order (a cell's text is the join of its spans' texts)."""
    out: list[list[Span]] = []
    for s in spans:
        if out and out[-1][0].cell == s.cell:
            out[-1].append(s)
        else:
            out.append([s])
    return out


# words a line may end before with a hyphen that stands for a compound's left-out part ("Material- und Lohnkosten")
_SUSPENDED = frozenset("und oder bzw sowie and or en of et ou e o y i oraz lub".split())


def join_lines(spans: Sequence[Span]) -> str:
    """The text of spans read in order, one space apart, except where a line ends on a word's hyphen and the
    next line goes on with the word: a compound a table cell wrapped at its hyphen ("needs-" over "based", or over
    "-based" where the hyphen is repeated on the next line) is one word again ("needs-based")."""
    out = ""
    for prev, span in zip([None, *spans], spans, strict=False):
        text = span.text
        wrapped = prev is not None and (prev.page, prev.line) != (span.page, span.line) \
            and re.search(r"\w-$", prev.text) is not None
        if wrapped and re.match(r"-\w", text):
            text = text[1:]  # the hyphen repeated at the next line's start, as Spanish or Czech set it
        glued = wrapped and text[:1].isalnum() and text.split()[0].casefold() not in _SUSPENDED
        out += text if prev is None or glued else " " + text
    return out


#: the words of a field name that make it an identifier's ("invoice_number", "policy_no", "customer_id")
_ID_WORDS = frozenset("number no nr id code ref reference iban vat policy account".split())
#: a group of figures of an identifier printed in groups
_ID_GROUP = re.compile(r"\d{2,}")
#: a reference's letters, or letters and a first group of figures, before groups of figures ("HM-26", "KV")
_ID_HEAD = re.compile(r"[A-Z]{1,4}(?:-\d{2,})?")
#: an identifier printed in groups, letters first ("AMA 5520 1187", "POL 88-2211"): a text span, but a number
_GROUPED_ID = re.compile(r"[A-Z]{1,4}(?:[ -]?\d{2,}){1,4}(?:[ /-]\d+)*")


def identifier_field(name: str) -> bool:
    """Whether a schema field holds an identifier (a number, a code, a reference), by its name; a postal code and
    a city are parts of an address, not identifiers."""
    return bool(set(name.lower().split("_")) & _ID_WORDS) and concept_of(name) not in ("postal_code", "city")


def reads_as_identifier(span: Span) -> bool:
    """Whether a span can be an identifier field's value: an identifier or a whole number, or letters and digit
    groups ("AMA 5520 1187"); never an address line, a name or an amount with cents."""
    return bool(span.kinds & {SpanKind.IDENTIFIER, SpanKind.INTEGER}) or bool(_GROUPED_ID.fullmatch(span.text))


def value_of(span: Span, kind: SpanKind | str) -> str | None:
    """The normalised JSON value of ``span`` read as ``kind``: ISO date, plain decimal string, integer string,
    identifier, ISO currency code, ``"true"``/``"false"`` for a check box, or the text (a label without its
    colon). None when the span cannot be read as that kind."""
    kind = SpanKind(kind)
    if kind not in span.kinds:
        return None
    match kind:
        case SpanKind.DATE:
            return span.date.isoformat() if span.date else None
        case SpanKind.AMOUNT:
            return format(span.amount, "f") if span.amount is not None else None
        case SpanKind.INTEGER:
            return str(int(span.amount)) if span.amount is not None else None
        case SpanKind.IDENTIFIER:
            return span.identifier or span.text
        case SpanKind.CURRENCY:
            return span.currency
        case SpanKind.QUANTITY:
            return format(span.amount, "f") if span.amount is not None else None
        case SpanKind.PERCENT:
            return format(span.percent, "f") if span.percent is not None else None
        case SpanKind.CHECKBOX:
            return None if span.checked is None else str(span.checked).lower()
        case SpanKind.LABEL:
            return span.text.rstrip(" :：")
        case _:
            return span.text
