"""Parsing printed dates.

:func:`parse_date` reads a whole string as one date: ISO (``2024-03-05``, ``2024.03.05``), numeric day/month
orders with ``/``, ``.`` or ``-`` and two- or four-digit years, and month names in English, German, French, Dutch,
Spanish, Italian, Portuguese, Polish, Romanian and Hungarian (``3 Apr 2024``, ``April 3, 2024``, ``3. April 2024``,
``03-Apr-24``, ``1er juillet 2015``, ``3 de abril de 2024``, ``5 stycznia 2021``, ``14 martie 2026``, Hungarian's
year first ``2026. március 5.`` and ``2026. 03. 05.``), with an optional leading weekday.

Whether ``03/04/2024`` is the 3rd of April or March the 4th depends on the document: :func:`infer_date_order`
votes over all of a document's numeric dates (a first part above 12 means day first, a second part above 12 means
month first) and its answer is passed back as ``order``. A Swedish document's short dates put a two-digit year
first (``25-05-08``, :attr:`DateOrder.YMD`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from datetime import date
from enum import StrEnum

__all__ = ["RUN_STAMP", "DateOrder", "boxed_figures_order", "guess_date_order", "infer_date_order", "month_number",
           "parse_date"]


class DateOrder(StrEnum):
    """Order of day and month in a document's numeric dates."""

    DMY = "DMY"
    MDY = "MDY"
    #: a two-digit year first, then month and day, as Swedish documents write dates short ("25-05-08": 8 May 2025);
    #: other numeric dates of such a document are read day first
    YMD = "YMD"


_MONTHS: dict[int, tuple[str, ...]] = {
    1: ("january", "januar", "janvier", "januari", "enero", "gennaio", "janeiro", "styczen", "stycznia", "janner",
        "ianuarie"),
    2: ("february", "februar", "fevrier", "februari", "febrero", "febbraio", "fevereiro", "luty", "lutego",
        "februarie"),
    3: ("march", "marz", "maerz", "mars", "maart", "marzo", "marco", "marzec", "marca", "marts", "martie", "marcius"),
    4: ("april", "avril", "abril", "aprile", "kwiecien", "kwietnia", "aprilie", "aprilis"),
    5: ("may", "mai", "mei", "mayo", "maggio", "maio", "maj", "maja", "majus"),
    6: ("june", "juni", "juin", "junio", "giugno", "junho", "czerwiec", "czerwca", "iunie", "junius"),
    7: ("july", "juli", "juillet", "julio", "luglio", "julho", "lipiec", "lipca", "iulie", "julius"),
    8: ("august", "aout", "augustus", "agosto", "sierpien", "sierpnia", "augusti", "augusztus"),
    9: ("september", "septembre", "septiembre", "setiembre", "settembre", "setembro", "wrzesien", "wrzesnia",
        "septembrie", "szeptember"),
    10: ("october", "oktober", "octobre", "octubre", "ottobre", "outubro", "pazdziernik", "pazdziernika",
         "octombrie"),
    11: ("november", "novembre", "noviembre", "novembro", "listopad", "listopada", "noiembrie"),
    12: ("december", "dezember", "decembre", "diciembre", "dicembre", "dezembro", "grudzien", "grudnia", "desember",
         "decembrie"),
}
#: Finnish and Czech names, matched in full only (their prefixes would make "Mar" or "Cer" ambiguous)
_FULL_MONTHS: dict[int, tuple[str, ...]] = {
    1: ("tammikuu", "tammikuuta", "leden", "ledna"),
    2: ("helmikuu", "helmikuuta", "unor", "unora"),
    3: ("maaliskuu", "maaliskuuta", "brezen", "brezna"),
    4: ("huhtikuu", "huhtikuuta", "duben", "dubna"),
    5: ("toukokuu", "toukokuuta", "kveten", "kvetna"),
    6: ("kesakuu", "kesakuuta", "cerven", "cervna"),
    7: ("heinakuu", "heinakuuta", "cervenec", "cervence"),
    8: ("elokuu", "elokuuta", "srpen", "srpna"),
    9: ("syyskuu", "syyskuuta", "zari"),
    10: ("lokakuu", "lokakuuta", "rijen", "rijna"),
    11: ("marraskuu", "marraskuuta", "listopadu"),
    12: ("joulukuu", "joulukuuta", "prosinec", "prosince"),
}
_EXTRA_ABBREVIATIONS = {"mrt": 3, "sept": 9, "sbre": 9, "dbre": 12}
_WEEKDAYS = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun "
    "montag dienstag mittwoch donnerstag freitag samstag sonntag mo di mi do fr sa so "
    "lundi mardi mercredi jeudi vendredi samedi dimanche lun mar mer jeu ven sam dim "
    "maandag dinsdag woensdag donderdag vrijdag zaterdag zondag ma wo vr za zo "
    "lunes martes miercoles jueves viernes sabado domingo "
    "lunedi martedi mercoledi giovedi venerdi sabato domenica".split()
)
_FILLERS = frozenset({"de", "del", "of", "the", "den", "der", "le", "il"})
#: Polish months, abbreviated and in the genitive a date writes them in
_POLISH_MONTHS = frozenset(
    "sty lut mar kwi maj cze lip sie wrz paz lis gru stycznia lutego marca kwietnia maja czerwca lipca sierpnia "
    "wrzesnia pazdziernika listopada grudnia".split())


def _fold(text: str) -> str:
    """Lower case without accents (``März`` → ``marz``, ``Février`` → ``fevrier``)."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("ł", "l")


def _build_month_index() -> dict[str, int]:
    """Every full month name and every unambiguous prefix of three or more letters → month number."""
    candidates: dict[str, set[int]] = {}
    for num, names in _MONTHS.items():
        for name in names:
            for end in range(3, len(name) + 1):
                candidates.setdefault(name[:end], set()).add(num)
    index = {p: next(iter(nums)) for p, nums in candidates.items() if len(nums) == 1}
    for num, names in (*_MONTHS.items(), *_FULL_MONTHS.items()):
        for name in names:
            index[name] = num
    index.update(_EXTRA_ABBREVIATIONS)
    return index


_MONTH_INDEX = _build_month_index()


def month_number(token: str) -> int | None:
    """1–12 for a month name or abbreviation in any supported language (``"Mär."`` → 3), else None."""
    t = _fold(token).rstrip(".")
    if len(t) < 3 or not t.isalpha():
        return None
    return _MONTH_INDEX.get(t)


def _year(text: str) -> int | None:
    if len(text) == 4:
        y = int(text)
        return y if 1900 <= y <= 2100 else None
    if len(text) == 2:
        yy = int(text)
        # Two-digit years up to ten years ahead are this century (invoices); older ones the last (births).
        return 2000 + yy if yy <= date.today().year % 100 + 10 else 1900 + yy
    return None


def _make(y: int | None, m: int | None, d: int | None) -> date | None:
    if y is None or m is None or d is None:
        return None
    try:
        return date(y, m, d)
    except ValueError:
        return None


_ISO = re.compile(r"(\d{4})([-/.])(\d{1,2})\2(\d{1,2})"
                  r"(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?")  # optional time of day
#: Hungarian dates, year first with a stop after each part and a space after each stop ("2026. 03. 05.",
#: "2025.03. 14."; the last stop is stripped before)
_HUNGARIAN = re.compile(r"((?:19|20)\d{2})\.\s?(\d{1,2})\.\s?(\d{1,2})")
_NUMERIC = re.compile(r"(\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})")
#: a two-digit year first ("25-05-08", Hungarian "24.07.16."), read so only in a document that writes its dates so
#: (:attr:`DateOrder.YMD`)
_SHORT_YMD = re.compile(r"(\d{2})([-.])(\d{2})\2(\d{2})")
#: a dotted date one of whose stops OCR read as a comma ("18.08,1996", "18,08.1996"), its year in full
_STOP_AS_COMMA = re.compile(r"(\d{1,2})(?:\.(\d{1,2}),|,(\d{1,2})\.)((?:19|20)\d{2})")
#: a day, a month and a year in boxes of their own, read as words apart: "09 12 1968", "1968 12 09"
_BOXED = re.compile(r"(\d{2}) (\d{2}) ((?:19|20)\d{2})")
_BOXED_ISO = re.compile(r"((?:19|20)\d{2}) (\d{2}) (\d{2})")
_ORDINAL = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th|er|re|eme|e|o|º|°|\.)(?=\W|$)", re.IGNORECASE)
_TOKEN = re.compile(r"[^\W\d_]+\.?|\d+")
_SEPARATORS = re.compile(r"[\s,.\-/']*")


def _numeric(a: int, b: int, y: int | None, sep: str, order: DateOrder | None) -> date | None:
    if sep == ".":  # dotted dates are day first everywhere
        return _make(y, b, a) or _make(y, a, b)
    if order == DateOrder.MDY:
        return _make(y, a, b) or _make(y, b, a)
    return _make(y, b, a) or _make(y, a, b)


def _from_tokens(tokens: list[str], compact: bool) -> date | None:
    """Day, month name and year in any of the orders D M Y, M D Y, Y M D."""
    # a weekday before the date (Dutch writes "do 27 apr.", German "Do 27. Apr."); before a Polish month, "do" is
    # "until" ("Płatne do 27 sty 2022") and belongs to the label before it
    while len(tokens) > 3 and _fold(tokens[0]).rstrip(".") in _WEEKDAYS and not (
            tokens[0] == "do" and any(_fold(t).rstrip(".") in _POLISH_MONTHS for t in tokens[1:])):
        tokens = tokens[1:]
    tokens = tokens[:1] + [t for t in tokens[1:] if _fold(t) not in _FILLERS]
    if len(tokens) != 3:
        return None
    # a two-digit year only in compact forms ("03-Apr-24") or after day and month ("3 Apr 24")
    if len(tokens[2]) == 2 and not compact and not (tokens[0].isdigit() and month_number(tokens[1])):
        return None
    kinds = "".join("m" if month_number(t) else ("n" if t.isdigit() else "x") for t in tokens)
    if kinds == "nmn":
        first, mon, last = tokens
        if len(first) == 4:  # 2024-Apr-03
            return _make(_year(first), month_number(mon), int(last) if len(last) <= 2 else None)
        return _make(_year(last), month_number(mon), int(first) if len(first) <= 2 else None)
    if kinds == "mnn":
        mon, day, year = tokens
        return _make(_year(year), month_number(mon), int(day) if len(day) <= 2 else None)
    return None


#: a time of day run into the date before it without a space ("2026-10-20.19:00", "20/10/2026,19:00")
_GLUED_TIME = re.compile(r"(?<=\d)[T.,]\d{1,2}:\d{2}(?::\d{2})?$")


#: a word of letters with a 0 or a 1 among them, which may be a month name the OCR misread ("Ju1", "0ct", "N0v")
_OCR_MONTH = re.compile(r"\b(?=[A-Za-z]*[01])(?=[01]*[A-Za-z])[A-Za-z01]{3,9}\b\.?")


def _month_from_ocr(m: re.Match[str]) -> str:
    word = m.group(0)
    fixed = word.replace("1", "l").replace("0", "o")
    return fixed if month_number(fixed) and sum(c.isalpha() for c in word) >= 2 else word


def parse_date(text: str, *, order: DateOrder | str | None = None) -> date | None:
    """Read ``text`` as one date; None when it is not exactly a date.

    ``order`` (``"DMY"`` or ``"MDY"``, from :func:`infer_date_order`) decides ambiguous numeric dates such as
    ``03/04/2024``; without it they are read day first. A reading that gives an impossible date falls back to
    the other order.
    """
    t = " ".join(text.split()).strip(" ,;:()[]").rstrip(" ,;:)].")  # "(fällig am 10.05.2024).": a bracket and a stop
    if not t or len(t) > 40 or not any(c.isdigit() for c in t):
        return None
    t = _GLUED_TIME.sub("", t)  # "2026-10-20.19:00": a scan's OCR ran the time into the date
    order = DateOrder(order) if order else None
    if m := _ISO.fullmatch(t):
        return _make(int(m.group(1)), int(m.group(3)), int(m.group(4)))
    if m := _HUNGARIAN.fullmatch(t):
        return _make(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    if order == DateOrder.YMD and (m := _SHORT_YMD.fullmatch(t)):
        return _make(_year(m.group(1)), int(m.group(3)), int(m.group(4)))
    if m := _NUMERIC.fullmatch(t):
        return _numeric(int(m.group(1)), int(m.group(3)), _year(m.group(4)), m.group(2), order)
    if m := _STOP_AS_COMMA.fullmatch(t):
        return _numeric(int(m.group(1)), int(m.group(2) or m.group(3)), int(m.group(4)), ".", order)
    if m := _BOXED.fullmatch(t):
        return _numeric(int(m.group(1)), int(m.group(2)), int(m.group(3)), " ", order)
    if m := _BOXED_ISO.fullmatch(t):
        return _make(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    if not any(c.isalpha() for c in t):
        return None
    t = _ORDINAL.sub(r"\1", t)
    t = _OCR_MONTH.sub(_month_from_ocr, t)  # "05 Ju1 2026": the OCR read the l of "Jul" as a 1
    tokens = _TOKEN.findall(t)
    # Nothing but separators may sit between the tokens.
    if _SEPARATORS.fullmatch(_TOKEN.sub("", t)) is None or re.search(r"\s[-/]|[-/]\s", t):
        return None
    return _from_tokens(tokens, compact=not re.search(r"\s", t))


#: a date OCR read out of its boxes as figures with stray spaces ("1 7 12 1947", "06 072023", "2025 0403")
_BOXED_FIGURES = re.compile(r"\d{1,8}(?: \d{1,8}){0,7}")


def parse_boxed_figures(text: str, *, order: DateOrder | str | None = None) -> date | None:
    """Read eight figures written a figure a box, as a scan's OCR gives them in groups that need not follow the
    boxes' (``"1 7 12 1947"``, ``"06 072023"``), or six where a day and a month of one figure each left their
    second boxes empty (``"8 1 2 0 2 5"``), as one date: year first where they start with a year and read so,
    else day and month first in ``order`` (day first without it), the year last. None for anything else, and
    where a group of four figures is not where the year goes. Only for a value under a date's own label: a
    number of eight figures is no date elsewhere."""
    t = " ".join(text.split())
    if not _BOXED_FIGURES.fullmatch(t):
        return None
    figures = t.replace(" ", "")
    groups = t.split()
    if len(figures) == 6 and len(groups) >= 3 and len(groups[0]) == len(groups[1]) == 1:
        # a day and a month of one figure each, their second boxes left empty ("8 1 2 0 2 5": 8 January 2025)
        figures = f"0{groups[0]}0{groups[1]}{figures[2:]}"
        t = f"{figures[:2]} {figures[2:4]} {figures[4:]}"
    if len(figures) != 8:
        return None
    starts, pos = [], 0  # where each group of four figures starts among the eight
    for group in t.split():
        if len(group) == 4:
            starts.append(pos)
        pos += len(group)
    if figures[:2] in ("19", "20") and (not starts or starts[0] == 0):
        if (d := _make(int(figures[:4]), int(figures[4:6]), int(figures[6:]))) is not None:
            return d
    if starts and starts[-1] != 4:
        return None
    year = _year(figures[4:])
    a, b = int(figures[:2]), int(figures[2:4])
    return _make(year, a, b) or _make(year, b, a) if DateOrder(order or "DMY") == DateOrder.MDY else \
        _make(year, b, a) or _make(year, a, b)


def boxed_figures_order(texts: Iterable[str]) -> DateOrder | None:
    """Day first or month first for a form's dates written a figure a box, from those of its eight-figure runs
    (``"20082024"``) whose first or second pair is over 12: one form prints its boxes one way, whatever order its
    typed dates follow (a US form's ``08/29/2024`` beside boxes filled ``20 08 2024``). None when none decides or
    they disagree."""
    votes = set()
    for t in texts:
        figures = t.replace(" ", "")
        if len(figures) != 8 or not figures.isdigit() or not 1900 <= int(figures[4:]) <= 2099:
            continue
        a, b = int(figures[:2]), int(figures[2:4])
        if a > 12 >= b >= 1 and a <= 31:
            votes.add(DateOrder.DMY)
        elif b > 12 >= a >= 1 and b <= 31:
            votes.add(DateOrder.MDY)
    return votes.pop() if len(votes) == 1 else None


# "06/03/2022." ends a sentence
_VOTE = re.compile(r"(?<![\d.])(\d{1,2})\s?[-/.]\s?(\d{1,2})\s?[-/.]\s?(\d{2}|\d{4})(?!\d|\.\d)")


def infer_date_order(texts: Iterable[str]) -> DateOrder | None:
    """Day first or month first, from all date-like strings of a document; None when nothing decides.

    A numeric date whose first part exceeds 12 votes day first; one whose second part exceeds 12 votes month
    first. The majority wins.
    """
    dmy = mdy = 0
    for t in texts:
        for m in _VOTE.finditer(t):
            a, b = int(m.group(1)), int(m.group(2))
            if a > 12 >= b >= 1:
                dmy += 1
            elif b > 12 >= a >= 1 and b <= 31:
                mdy += 1
    if dmy == mdy:
        return None
    return DateOrder.DMY if dmy > mdy else DateOrder.MDY


# A US postal address ("Albany, NY 12202"), and a North American phone number ("(580) 791-2344",
# "+1 627 022 5675", "819.349.6021", "540-977-6333"): a weaker hint, as other countries write numbers so too
_US_ADDRESS = re.compile(r",\s?[A-Z]{2}\s\d{5}(?:-\d{4})?\b")
_US_PHONE = re.compile(r"\(\d{3}\)\s?\d{3}-\d{4}|\+1[\s-]\d{3}[\s-]\d{3}[\s-]\d{4}|"
                       r"(?<![\d.-])\d{3}([.-])\d{3}\1\d{4}(?![\d.-])")


# Addresses of English-speaking countries that write the day first: an Australian state and postcode ("Brisbane
# QLD 4000"), a British postcode ("London W1U 3BW"), Singapore's, an Irish Eircode ("D02 X285"), or the country named
_DAY_FIRST_ADDRESS = re.compile(r"\b(?:NSW|VIC|QLD|SA|WA|TAS|ACT|NT),?\s\d{4}\b|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b|"
                                r"\bSingapore\s\d{6}\b|\b(?:Australia|New Zealand|United Kingdom|Ireland)\b|"
                                r"\b(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s(?=\d*[AC-FHKNPRTV-Y])[0-9AC-FHKNPRTV-Y]{4}\b")
# a continental postcode and city ("69002 Lyon", "10115 Berlin"): a party abroad, so the address above decides nothing;
# not a number after its label ("Receipt No. 10505 Till 8")
_CONTINENTAL_ADDRESS = re.compile(r"(?<!No\. )(?<!Nr\. )(?<!No )(?<!Nr )(?<!N° )(?<!#)(?<!# )\b\d{5}\s[A-ZÀ-Ý][a-zà-ÿ]+")
#: a US sales tax or employer identification number ("EIN 59-9723313", or its nine figures run together): a US
#: document, whatever else it prints
_US_WORDS = re.compile(r"(?i:\bsales tax\b)|\bEIN\b[\s:#.]*\d{2}-?\d{7}\b")
_DOLLAR = re.compile(r"(?<![A-Za-z])\$\s?\d|(?<![A-Za-z])USD(?![A-Za-z])")
#: amounts in euro or pounds sterling: no country of the euro, nor Britain, writes the month first
_EURO = re.compile(r"[€£]|(?<![A-Za-z])(?:EUR|GBP)(?![A-Za-z])")
_VAT = re.compile(r"(?i)\bvat\b")


# Invoice and till words of languages that write the day first (German, Dutch, French, Spanish, Italian, Polish,
# Portuguese): the names of their taxes, totals, payments and thanks. Matched case-insensitively, whole words.
_DAY_FIRST_WORDS = re.compile(
    r"(?i)\b(?:rechnung\w*|datum|f[äa]llig\w*|factuur\w*|vervaldatum|facture|[ée]ch[ée]ance|fattura|scadenza|"
    r"factura|fecha|vencimiento|faktura|wystawienia|p[łl]atno[śs]ci|fatura|vencimento|"
    r"mwst|ust|tva|ttc|btw|iva|summe|kasse|r[üu]ckgeld|esp[èe]ces|kassa|totaal|contant|wisselgeld|totale|"
    r"contanti|scontrino|efectivo|got[óo]wka|reszta|suma|razem|paragon|merci|danke|bedankt|grazie|gracias|"
    r"dzi[ęe]kujemy|"
    # Romanian ("Factură", "Chitanță", "Data scadenței", amounts in lei)
    r"factur[ăa]|chitan[țţt][ăa]|scaden[țţt]\w*|lei|"
    # and the taxes, registrations and currencies of English-speaking countries that write the day first
    r"gst|abn|gstin|aud|nzd|gbp|inr)\b")


#: thanks in the languages of _DAY_FIRST_WORDS, and in English
_THANKS = frozenset("merci danke bedankt grazie gracias dziękujemy dziekujemy".split())
_THANK_YOU = re.compile(r"(?i)\bthank")


def _day_first_word(line: str) -> bool:
    """Whether ``line`` says a word of a language that writes the day first: not thanks said in several languages,
    English among them ("Thank you / Merci / Danke" closes a till receipt anywhere)."""
    thanked = _THANK_YOU.search(line) is not None
    return any(not (thanked and m.group(0).lower() in _THANKS) for m in _DAY_FIRST_WORDS.finditer(line))


#: the line an ERP program stamps on the listings it prints: a clock time with the program's or the print run's word
#: ("DATE PRINTED 29/01/24 11:49  PGM VF31", "SKREVET UT 23. juni 2026 17:44  PGM FAKT01", "RUN 08:30 JOB INV400")
RUN_STAMP = re.compile(r"(?i)(?=.*\b\d{1,2}:\d{2}\b).*\b(?:pgm|prog|program|programm|job|run|spool|printed|"
                       r"laufdatum|gedruckt|druckdatum|skrevet ut|utskrift\w*|imprim[ée]e?|stampato|impreso|"
                       r"wydrukowano|afgedrukt|tulostettu)\b")


#: words of Swedish invoices and till receipts that its Nordic neighbours write otherwise (Danish "fakturadato",
#: Norwegian "å betale", Danish and Norwegian "forfaldsdato"/"forfallsdato", Danish "tak"), and a Swedish VAT
#: number ("SE604451432801": twelve digits ending 01)
_SWEDISH_WORDS = re.compile(r"(?i)\b(?:att betala|fakturadatum|f[öo]rfallodatum|f[öo]rfallodag|\w*kvitto|"
                            r"betalningsvillkor|momsregistreringsnummer|leveransdatum|sek|tack|v[äa]lkommen|"
                            r"se\s?\d{10}01)\b")
#: a short date of a two-digit year, month and day within a line ("Förfallodatum: 25-07-07"), not part of a longer
#: number (a phone's "08-123 45 67" is no date)
_SHORT_YMD_IN = re.compile(r"(?<![\d-])\d{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?![\d-])")
#: words of Hungarian invoices and till receipts ("Nyugta", "Számla", "Adószám", "Összesen", "Fizetendő")
_HUNGARIAN_WORDS = re.compile(r"(?i)\b(?:nyugta|sz[áa]mla|ad[óo]sz[áa]m|[öo]sszesen|fizetend[őöo]|kelte|d[áa]tum|"
                              r"teljes[íi]t[ée]s\w*|huf)\b")
#: a Hungarian short date, a two-digit year first with a stop after each part ("24.07.16."): German and other
#: day-first dates have no stop after the year
_SHORT_YMD_DOTTED_IN = re.compile(r"(?<![\d.])\d{2}\.(?:0[1-9]|1[0-2])\.(?:0[1-9]|[12]\d|3[01])\.(?!\d)")


def guess_date_order(lines: Iterable[str]) -> DateOrder | None:
    """Year first for a Swedish document that writes its dates short ("25-05-08") or a Hungarian one that writes
    them with a stop after each part ("24.07.16."); else :func:`infer_date_order`
    over a document's lines; when its dates decide nothing, the reading under which they go forward in time
    (:func:`_chronological_order`); else the invoice words of a language that writes the day first mean day first,
    a US address, sales tax or EIN month first, dates with a named month written month first ("Jul 30, 1978")
    month first, then an address of Australia, Britain, Ireland, Singapore or New Zealand day first, amounts in
    euro or pounds day first (a phone number's format says less than the currency a document charges in), a North
    American phone number month first, and amounts in a bare "$" or "USD" on a document that names no VAT month
    first.
    None when nothing hints either way."""
    lines = list(lines)
    if any(_SWEDISH_WORDS.search(line) for line in lines) and any(
            _SHORT_YMD_IN.search(line) and not RUN_STAMP.search(line) for line in lines):
        return DateOrder.YMD  # a Swedish document's short dates: "Fakturadatum 25-05-08"
    if any(_HUNGARIAN_WORDS.search(line) for line in lines) and any(
            _SHORT_YMD_DOTTED_IN.search(line) for line in lines):
        return DateOrder.YMD  # a Hungarian till's short dates: "Dátum 24.07.16."
    order = infer_date_order(lines) or _chronological_order(lines)
    if order is None and any(_day_first_word(line) for line in lines):
        return DateOrder.DMY  # a document in a language that writes the day first, whoever it is sent to
    if order is None and any(_US_ADDRESS.search(line) or _US_WORDS.search(line) for line in lines):
        return DateOrder.MDY
    if order is None and (named := _named_month_order(lines)) is not None:
        return named  # the document writes its named dates month first ("Jul 30, 1978"): its numeric ones too
    if order is None and any(_DAY_FIRST_ADDRESS.search(line) for line in lines) and not any(
            _CONTINENTAL_ADDRESS.search(line) for line in lines):
        return DateOrder.DMY  # an Australian, British, Irish, Singaporean or New Zealand address, none abroad
    if order is None and any(_EURO.search(line) for line in lines):
        return DateOrder.DMY  # amounts in euro or pounds (an Irish invoice in English), and no US address
    if order is None and any(_US_PHONE.search(line) for line in lines):
        return DateOrder.MDY  # a North American phone number, and no address or currency that says otherwise
    if order is None and any(_DOLLAR.search(line) for line in lines) and not any(_VAT.search(line) for line in lines):
        return DateOrder.MDY  # amounts in a bare "$" or "USD" and no VAT: a US document, wherever its parties are
    return order


#: a date with its month named, which reads the same either way: "18 September 2025", "25 Feb 2025", "Feb 25, 2025"
_NAMED_MONTH = re.compile(r"\b(?:(\d{1,2})\.?\s+([^\W\d_]{3,}\.?)|([^\W\d_]{3,}\.?)\s+(\d{1,2}),?)\s+(\d{4})\b")


def _named_month_order(lines: list[str]) -> DateOrder | None:
    """Month first where the document writes its dates with a named month only the American way, month before
    day ("Jul 30, 1978", "March 5, 2026"); None otherwise (day before month is written in the US too)."""
    first = day = 0
    for line in lines:
        for m in _NAMED_MONTH.finditer(line):
            if m.group(3) and month_number(m.group(3)):
                first += 1
            elif m.group(2) and month_number(m.group(2)):
                day += 1
    return DateOrder.MDY if first and not day else None


def _chronological_order(lines: Iterable[str]) -> DateOrder | None:
    """The order under which a document's dates, in reading order, more often go forward in time (an invoice
    date printed before its due date, an order date before a delivery): ``03/04/2023`` then ``05/03/2023`` is
    March 4th then May 3rd, not April 3rd then March 5th; a date with its month named counts, the same under both
    readings (``11/01/2025``, then due ``25 Feb 2025``: January 11th). None when the readings agree or tie."""
    readings: dict[DateOrder, list[date]] = {DateOrder.DMY: [], DateOrder.MDY: []}
    for line in lines:
        if RUN_STAMP.search(line):
            continue  # the day a listing was printed, whenever that was ("STAMPATO IL 13 agosto 2024 06:30 PGM …")
        found: list[tuple[int, date, date]] = []  # (where, day-first reading, month-first reading)
        for m in _VOTE.finditer(line):
            if m.group(0).count(".") >= 2:
                continue  # dotted dates are day first everywhere
            a, b, y = int(m.group(1)), int(m.group(2)), _year(m.group(3))
            dmy, mdy = _make(y, b, a), _make(y, a, b)
            if dmy is not None and mdy is not None:
                found.append((m.start(), dmy, mdy))
        for m in _NAMED_MONTH.finditer(line):  # "18 September 2025", "Feb 25, 2025": the same either way
            day, month = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
            fixed = _make(int(m.group(5)), month_number(month), int(day))
            if fixed is not None:
                found.append((m.start(), fixed, fixed))
        for _, dmy, mdy in sorted(found, key=lambda f: f[0]):
            readings[DateOrder.DMY].append(dmy)
            readings[DateOrder.MDY].append(mdy)
    forward = {order: sum(x < y for x, y in zip(ds, ds[1:], strict=False)) for order, ds in readings.items()}
    if forward[DateOrder.DMY] == forward[DateOrder.MDY]:
        return None
    return max(forward, key=forward.__getitem__)
