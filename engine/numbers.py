"""Parsing printed amounts and currencies.

Amounts come in every local format: ``1,234.56``, ``1.234,56``, ``1 234,56``, ``1'234.56``, Indian
``1,23,456.00``, negatives as ``-12.00``, ``(12.00)`` or ``12.00-``, whole units as ``12,-``, with a currency symbol
or code on either side (``€ 1.234,56``, ``1.234,56 EUR``, ``USD 12``). :func:`parse_amount` turns such a string into
a :class:`~decimal.Decimal`; :func:`parse_money` also returns the ISO 4217 code it saw; :func:`detect_currency`
maps a symbol or code to its ISO code.

A lone separator followed by exactly three digits (``1.500``, ``1,500``) is ambiguous. It is read as a thousands
separator unless ``decimal_sep`` says the document writes decimals with that very character (see
:func:`infer_decimal_separator`, which votes over the unambiguous amounts of a document).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal, InvalidOperation

from schemas.currency import CurrencyCode

__all__ = [
    "CURRENCY_CODES",
    "detect_currency",
    "infer_decimal_separator",
    "is_product",
    "parse_amount",
    "parse_money",
    "parse_percent",
]

CURRENCY_CODES: frozenset[str] = frozenset(c.value for c in CurrencyCode)

# Symbols and local abbreviations → ISO code. Multi-character keys are matched before their prefixes.
_SYMBOLS: dict[str, str] = {
    "US$": "USD", "U$S": "USD", "A$": "AUD", "AU$": "AUD", "C$": "CAD", "CA$": "CAD", "NZ$": "NZD",
    "HK$": "HKD", "S$": "SGD", "R$": "BRL", "MX$": "MXN",
    "$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "₽": "RUB", "₺": "TRY", "₩": "KRW",
    "₪": "ILS", "₫": "VND", "₱": "PHP", "₴": "UAH", "₦": "NGN", "฿": "THB",
    "zł": "PLN", "zl": "PLN", "zt": "PLN", "zi": "PLN", "zk": "PLN", "Kč": "CZK", "Rs": "INR", "Rs.": "INR",
    "Rp": "IDR", "Fr.": "CHF", "SFr.": "CHF", "R": "ZAR",
    # the Romanian leu ("1.234,56 lei") and the Hungarian forint ("1 234,56 Ft")
    "lei": "RON", "Lei": "RON", "LEI": "RON", "Ft": "HUF", "Ft.": "HUF",
    # the Turkish lira ("1.234,50 TL")
    "TL": "TRY",
    # the Nordic crown: Swedish until the document says which (see engine.rules.currency)
    "kr": "SEK", "kr.": "SEK", "Kr": "SEK", "Kr.": "SEK",
    "Euro": "EUR", "Euros": "EUR", "EURO": "EUR", "EUROS": "EUR", "euro": "EUR", "euros": "EUR",
    "Dollars": "USD", "dollars": "USD", "Dollar": "USD",
}
_SYMBOL_KEYS = sorted(_SYMBOLS, key=len, reverse=True)
# Codes and word-like symbols must stand alone; pure symbols may touch the digits.
_CURRENCY_ALT = "|".join(re.escape(k) for k in sorted(set(_SYMBOL_KEYS) | CURRENCY_CODES, key=len, reverse=True))

_SPACES = "\u00a0\u2009\u202f\u2007 "
_MINUS = "-\u2212\u2013\u2012"
_NUM_BODY = re.compile(r"^\d[\d.,'’" + _SPACES + r"]*$")
_PERCENT = re.compile(r"^([+\-\u2212]?\d+(?:[.,]\d+)?)\s?%$")


# Abbreviations that are ordinary words too: a currency only when glued or next to an amount. "zt", "zi", "zk" are
# how OCR reads the "zł" of a scan.
_WORDLIKE = frozenset({"R", "Rs", "Rs.", "Rp", "Fr.", "SFr.", "zl", "zt", "zi", "zk", "Euro", "Euros", "EURO", "EUROS",
                       "euro", "euros", "Dollars", "dollars", "Dollar", "kr", "kr.", "Kr", "Kr.",
                       # "lei" is Italian for "she", "Ft" is feet ("FT", a Portuguese invoice series, is no forint)
                       "lei", "Lei", "LEI", "Ft", "Ft.", "TL"})


_CENTS = re.compile(r"\d[.,]\d{2}$")
#: markers that are a currency only before an amount with cents, never alone: the rand's "R"
_CENTS_ONLY = frozenset({"R"})


def detect_currency(text: str, *, strict: bool = False) -> str | None:
    """The ISO 4217 code for a currency symbol, code or local abbreviation (``"€"`` → ``"EUR"``), else None.

    Accepts the marker alone or glued to a number (``"$4.11"``, ``"29.99€"``); three-letter codes must be upper
    case and known to ISO 4217. With ``strict``, a lone marker that is also an ordinary word (``"Rs"``,
    ``"euro"``, ``"Fr."``) does not count.
    """
    t = text.strip().strip(":;,()[]")
    if not t:
        return None
    if t in CURRENCY_CODES:
        return t
    if t in _SYMBOLS:
        return None if (strict and t in _WORDLIKE) or t in _CENTS_ONLY else _SYMBOLS[t]
    amount, code = parse_money(t)
    return code if amount is not None else None


_PREFIX = re.compile(r"^(" + _CURRENCY_ALT + r")")
_SUFFIX = re.compile(r"(" + _CURRENCY_ALT + r")$")


def _split_currency(text: str) -> tuple[str, str | None, str | None]:
    """Strip one currency marker from either end; return the rest, the ISO code and the marker as printed."""
    t = text.strip()
    m = _PREFIX.match(t)
    # A code or word glued to letters is part of a word ("EURO" is not "EUR" + "O").
    if m and not (m.group(1)[-1].isalpha() and t[m.end():m.end() + 1].isalpha()):
        key = m.group(1)
        return t[m.end():].strip(), _SYMBOLS.get(key, key), key
    m = _SUFFIX.search(t)
    if m and not (m.group(1)[0].isalpha() and t[m.start() - 1:m.start()].isalpha()):
        key = m.group(1)
        return t[: m.start()].strip(), _SYMBOLS.get(key, key), key
    return t, None, None


def _group_ok(int_part: str, sep: str) -> bool:
    """Whether ``int_part`` is digits correctly grouped by ``sep`` (western 3-3-3 or Indian 2-2-3)."""
    groups = int_part.split(sep)
    if len(groups) == 1:
        return groups[0].isdigit()
    if not all(g.isdigit() for g in groups) or not 1 <= len(groups[0]) <= 3:
        return False
    if all(len(g) == 3 for g in groups[1:]):
        return True
    # Indian lakh/crore grouping: 1,23,45,678
    return len(groups[-1]) == 3 and all(len(g) == 2 for g in groups[1:-1])


def _parse_body(body: str, decimal_sep: str | None) -> Decimal | None:
    """Digits with separators (no sign, no currency) to a Decimal, or None when malformed."""
    body = body.replace("\u2019", "'")
    spacers = {c for c in body if c in _SPACES or c == "'"}
    if len(spacers) > 1:
        return None
    if spacers:  # spaces and apostrophes only ever group digits: 1 234,56 / 1'234.56
        g = spacers.pop()
        last_sep = max(body.rfind("."), body.rfind(","))
        int_part, dec = (body[:last_sep], body[last_sep + 1:]) if last_sep > body.rfind(g) else (body, "")
        if "." in int_part or "," in int_part or (dec and not dec.isdigit()) or not _group_ok(int_part, g):
            return None
        return _to_decimal(int_part.replace(g, ""), dec)
    has_dot, has_comma = "." in body, "," in body
    if has_dot and has_comma:
        dec_sep = "." if body.rfind(".") > body.rfind(",") else ","
        grp = "," if dec_sep == "." else "."
        int_part, _, dec = body.rpartition(dec_sep)
        if dec_sep in int_part or not dec.isdigit() or not _group_ok(int_part, grp):
            return None
        return _to_decimal(int_part.replace(grp, ""), dec)
    if not has_dot and not has_comma:
        return _to_decimal(body, "") if body.isdigit() else None
    sep = "." if has_dot else ","
    parts = body.split(sep)
    if len(parts) > 2:  # several of one separator: grouping only (1.234.567)
        if _group_ok(body, sep):
            return _to_decimal(body.replace(sep, ""), "")
        if len(parts[-1]) == 2 and _group_ok(sep.join(parts[:-1]), sep):
            # a scan's OCR read the decimal separator as the grouping one ("1.467.44" for "1,467.44"): thousands
            # groups, then cents
            return _to_decimal("".join(parts[:-1]), parts[-1])
        return None
    int_part, dec = parts
    if not int_part.isdigit() or not dec.isdigit():
        return None
    if len(dec) == 3 and int_part != "0" and len(int_part) <= 3 and decimal_sep != sep:
        return _to_decimal(int_part + dec, "")  # 1.500 / 1,500 read as thousands
    return _to_decimal(int_part, dec)


def _to_decimal(int_part: str, dec: str) -> Decimal | None:
    try:
        return Decimal(f"{int_part}.{dec}" if dec else int_part)
    except InvalidOperation:
        return None


#: an amount with cents and a stop after them, its whole part three figures or more (a day and month, "12.05.",
#: have two; a year and month, "2024.05.", is none either)
_SPECK_BEFORE_CODE = re.compile(r"\d{1,3}[.,]\d{2}[.,]")
_STOP_AFTER_CENTS = re.compile(r"(?!(?:19|20)\d\d\.\d\d\.$)(?:\d{3,}|\d{1,3}(?:['’ .,]\d{3})+)[.,]\d{2}[.,]$")


#: a crown's "kr" whose "r" a scan's OCR lost, glued to the cents ("7308.14k"); not a thousands "k" ("12.5k")
_CROWN_STUB = re.compile(r"\d[.,]\d{2}k$")


def parse_money(text: str, *, decimal_sep: str | None = None) -> tuple[Decimal | None, str | None]:
    """Parse a printed amount with an optional currency marker: ``"€ 1.234,56"`` → ``(Decimal("1234.56"), "EUR")``.

    Returns ``(None, None)`` when the text is not an amount. ``decimal_sep`` (``"."`` or ``","``) settles a
    lone separator followed by three digits; without it that separator groups thousands.
    """
    t = text.strip().replace("\u2032", "’")  # a prime OCR reads for a Swiss apostrophe ("1′168.90")
    if not t or len(t) > 40:
        return None, None
    if _CROWN_STUB.search(t):
        t = t[:-1] + " kr"
    negative = False
    if t.startswith("(") and t.endswith(")"):
        negative, t = True, t[1:-1].strip()
    t, currency, marker = _split_currency(t)
    if t.startswith("(") and t.endswith(")"):
        negative, t = True, t[1:-1].strip()
    if t[:1] in _MINUS:
        negative, t = not negative, t[1:].strip()
    elif t[:1] == "+":
        t = t[1:].strip()
    if currency is None:  # "-€ 12" / "- 12 EUR": the sign may sit outside the currency marker
        t, currency, marker = _split_currency(t)
    elif (both := _split_currency(t))[1] is not None and _same_currency(currency, marker, both[1], both[2]):
        # the code on one side and the symbol on the other ("DKK 29.091,21 kr.", "€ 12,00 EUR"): the code names it
        t, currency = both[0], currency if len(marker or "") == 3 and marker == currency else both[1]
    if t[-1:] in _MINUS and len(t) > 1:
        if t[-2:-1] in ",.":  # 12,- / 12.– : whole units
            t = t[:-2]
        else:
            negative, t = True, t[:-1].strip()
    if t.endswith((",--", ".--")):
        t = t[:-3]
    if t[:1] in _MINUS and not negative:  # "€ -9,32"
        negative, t = True, t[1:].strip()
    if _STOP_AFTER_CENTS.match(t) or marker is not None and len(marker) == 3 and marker.isalpha() \
            and text.rstrip().endswith(marker) and _SPECK_BEFORE_CODE.fullmatch(t):
        # a stop after the cents, a sentence's or a scan's speck ("1'118.70."; not "12.05.", a date), or a speck
        # between the cents and the currency's code after them ("10.93.EUR")
        t = t[:-1]
    if not t or not _NUM_BODY.match(t) or t[-1] in ".,'’":
        return None, None
    if marker in _CENTS_ONLY and not _CENTS.search(t):
        return None, None  # the rand's bare "R" only before cents ("R 1 234,56"), not an identifier's "R1234"
    value = _parse_body(t, decimal_sep)
    if value is None:
        return None, None
    return (-value if negative else value), currency


#: the crowns, whose "kr" says no more than that
_CROWNS = frozenset({"SEK", "DKK", "NOK", "ISK"})


def _same_currency(code: str, marker: str | None, other: str, other_marker: str | None) -> bool:
    """Whether two currency markers of one amount name the same currency (a Nordic "kr" agrees with any crown)."""
    if code == other:
        return True
    crown = {code, other} <= _CROWNS
    return crown and any(m is not None and m.rstrip(".").lower() == "kr" for m in (marker, other_marker))


def parse_amount(text: str, *, decimal_sep: str | None = None) -> Decimal | None:
    """Parse a printed amount to a Decimal, ignoring any currency marker; None when it is not one."""
    return parse_money(text, decimal_sep=decimal_sep)[0]


def is_product(quantity: Decimal, price: Decimal, amount: Decimal, share: Decimal = Decimal("0.005")) -> bool:
    """Whether ``amount`` is ``quantity`` × ``price``, to the cent or ``share`` of the amount (rounded prices)."""
    return abs(quantity * price - amount) <= max(Decimal("0.01"), abs(amount) * share)


def parse_percent(text: str) -> Decimal | None:
    """``"21%"``, ``"15.00 %"``, ``"0,2%"`` → the number before the percent sign."""
    m = _PERCENT.match(text.strip())
    if not m:
        return None
    return Decimal(m.group(1).replace(",", ".").replace("\u2212", "-"))


_UNAMBIGUOUS_DOT = re.compile(r"(?:^|[^\d.,])\d{1,3}(?:,\d{3})*\.\d{1,2}(?![\d.,])|\d\.\d{1,2}(?![\d.,])")
_UNAMBIGUOUS_COMMA = re.compile(r"(?:^|[^\d.,])\d{1,3}(?:\.\d{3})*,\d{1,2}(?![\d.,])|\d,\d{1,2}(?![\d.,])")


#: currencies whose amounts are printed in whole units: no minor unit (ISO 4217 exponent 0), or one long out of
#: use on paper (the forint's fillér, the rupiah's sen)
WHOLE_UNIT_CURRENCIES = frozenset(
    "BIF CLP DJF GNF HUF IDR ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF".split())
#: an amount with cents: a point or comma and two figures at the end of the number
_CENTS = re.compile(r"\d[.,]\d{2}(?![\d.,])")


def writes_whole_amounts(texts: Iterable[str]) -> bool:
    """Whether a document's amounts are whole: a currency printed in whole units is named (``Ft``, ``HUF``,
    ``¥``), or the document speaks Hungarian (two words of a Hungarian till receipt or invoice: ``Összesen``,
    ``Készpénz``, ``Visszajáró``, ...; the forint is printed in whole units and often not named on a till's
    receipt), and no number has cents. Its thousands are then often set apart by a space alone (``3 040``), with
    no decimals to tell an amount from a row of figures."""
    texts = list(texts)
    if any(_CENTS.search(t) and not re.search(r"\d[./-]\d{1,2}[./-]\d", t) for t in texts):  # dates have no cents
        return False  # most documents: decided by a pattern, without parsing any word as money
    return any(detect_currency(t) in WHOLE_UNIT_CURRENCIES for t in texts) \
        or len({t.lower().strip(".,:;") for t in texts} & _HUNGARIAN_MONEY_WORDS) >= 2


#: words of a Hungarian receipt's or invoice's money: total, to pay, cash, change, VAT, net, gross, receipt, invoice
_HUNGARIAN_MONEY_WORDS = frozenset("összesen fizetendő készpénz visszajáró áfa nettó bruttó nyugta nyugtaszám "
                                   "számla végösszeg".split())


def infer_decimal_separator(texts: Iterable[str]) -> str | None:
    """Vote over a document's tokens for its decimal separator: ``"."``, ``","`` or None when undecided.

    Only amounts whose last separator is followed by one or two digits vote (``12.50``, ``1.234,56``), since
    those cannot be thousands groups.
    """
    dots = commas = 0
    for t in texts:
        if re.search(r"\d[./-]\d{1,2}[./-]\d", t):  # dates vote for nothing
            continue
        dots += len(_UNAMBIGUOUS_DOT.findall(t))
        commas += len(_UNAMBIGUOUS_COMMA.findall(t))
    if dots == commas:
        return None
    return "." if dots > commas else ","
