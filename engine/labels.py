"""Multilingual label lexicons and label matching for rule-based extraction.

A *concept* (invoice number, invoice date, total, a line-item column, ...) is a list of label phrases in several
languages (English, German, Dutch, French, Polish, Spanish, Italian, Portuguese) with weights, plus words that
rule a label out. :func:`label_phrases` gives the phrases for any schema field: those of the concept its name maps
to, and phrases made from the field name itself (``police_report_filed`` → "police report filed", "police
report"), its title and ``json_schema_extra={"labels": [...]}``. :func:`label_score` says how well a printed label
matches. Labels are compared as token lists: lower case, no accents, digits dropped, and the many spellings of
"number" (``No.``, ``Nr``, ``#``, ``N°``, ``Nummer``, ``numéro``) folded into one token.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

__all__ = ["COLUMN_CONCEPTS", "NUMBER_COMPOUND", "RUN_TOGETHER", "WITNESS_WORDS", "Phrase", "concept_of",
           "known_label_words", "label_phrases", "label_score", "label_tokens", "one_slip_from", "peril_words",
           "reads_as_label", "normalise", "ruled_out", "value_words"]


@dataclass(frozen=True)
class Phrase:
    """A label phrase (tokens) and how much a match says about the field (0..1)."""

    tokens: tuple[str, ...]
    weight: float = 1.0


_NUMBER_WORDS = {w: "no" for w in "n nr n° nº # number nummer numero numer num nro núm "
                                   # Romanian "număr", Hungarian "szám", "száma", "sorszám" (serial number)
                                   "numar numarul szam szama sorszam sorszama".split()}


#: letters that have no accent to drop: their plain spelling
#: (and the dotless ı a scan's OCR reads for an i: "Termin płatnoścı")
_LETTERS = str.maketrans({"ß": "ss", "ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "ð": "d", "þ": "th",
                          "ı": "i"})


def normalise(text: str) -> str:
    """Lower case without accents; ``ß`` → ``ss``, ``ł`` → ``l``, ``ø`` → ``o``, ``æ`` → ``ae``, ``ı`` → ``i``."""
    decomposed = unicodedata.normalize("NFKD", text.lower().translate(_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# Articles and prepositions inside labels ("Numéro de facture", "Date of issue") carry nothing.
_FILLERS = frozenset("de du des d of the la le l di del della dell van der den het el da dei "
                     "and et und en y e i".split())  # and the conjunctions: "Nom et prénom", "Postcode and town"


#: where OCR ran two words together, told by the capital of the second ("SalesTax", "EinzelpreisGesamtpreis";
#: not "MwSt.")
RUN_TOGETHER = re.compile(r"(?<=[a-zà-ÿ]{2})(?=[A-Z][a-zà-ÿ]{2})"
                          # ... and a caption run into a code of capitals and figures ("nummerLUG324986C")
                          r"|(?<=[a-zà-ÿ]{4})(?=[A-Z0-9][A-Z0-9\-/.]*\d)")
#: Czech "č." (číslo), "No." after a word: "Faktura č.", "Objednávka čís."
#: a multiplication sign touching a word's letters, an x as OCR reads it ("Ta×", "×fer")
_TIMES_IN_WORD = re.compile(r"(?<=[^\W\d_])×|×(?=[^\W\d_])")
_CZECH_NO = re.compile(r"(?i)(?<!\w)(?:č|čís)\.?(?!\w)")


#: the amount a tax rate is charged on, printed inside its label ("IVA 22% su 79,72:", "MwSt. 19% auf 1.234,56 EUR"):
#: the preposition and the amount are no words of the label
#: how a form asks a date to be written, after its caption ("Geboortedatum (DD MM JJJJ)", "geb. am (TT.MM.JJJJ)")
_DATE_HINT = re.compile(r"(?i)\(?(?<!\w)(?:dd|tt|jj|gg|d)[\s./-]*mm[\s./-]*"
                        r"(?:yyyy|jjjj|aaaa|rrrr|yy|jj|aa|rr)(?!\w)\)?")
_RATE_BASE = re.compile(r"(?i)(?<!\w)(?:on|of|su|sur|auf|über|uber|van|op|over|od|from|sobre|sobre el|de|di|na|za|"
                        r"p[aå]|(?:zo|ze|z)\s+z[aá]kladu)"
                        r"\s*(?:[€$£]|eur|chf|usd|gbp)?\s*\d[\d.,' \u00a0]*[.,]\d{2}(?!\d)"
                        r"(?:\s*(?:€|eur|chf|usd|gbp|pln|zł|kr|sek|nok|dkk|czk|kč|ron|lei|huf|ft|\$|£)(?!\w))?")

#: an amount in brackets inside a label, the base a rate is charged on ("TVA 20 % (Base HT 2 593,44)", "IVA 22 %
#: (Imponibile 4.755,38)", "DPH 21 % (Základ daně 35 602,23)"): no words of the label
_BRACKETED_AMOUNT = re.compile(r"\([^()]*\d[.,]\d{2}(?!\d)[^()]*\)")
#: the code of the business term an e-invoice's visualisation prints after each label ("Rechnungsnummer (BT-1):",
#: "Gesamtbetrag mit USt. (BT-112):", "S – Satz 19 % (BT-118/119)", "(BG-25)"): no word of the label
TERM_CODE = re.compile(r"(?i)\(?(?<!\w)(?:bt|bg)-\d{1,3}(?:/\d{1,3})*(?!\w)\)?")  # (numbered up to BT-165)


#: an abbreviation with a stop after each of its two letters or more ("H.T.", "I.V.A.", "N.I.F.")
_DOTTED_LETTERS = re.compile(r"(?<![a-z0-9.])(?:[a-z]\.)+[a-z](?![a-z0-9])\.?")


#: the short words of a label that a scan's OCR runs into the word after them ("ofbirth", "delsiniestro")
_GLUED_FILLERS = ("of", "de", "du", "des", "del", "della", "da", "di", "van", "der")


def label_tokens(text: str) -> tuple[str, ...]:
    """The comparable tokens of a printed label (``"Rechnungs-Nr.:"`` → ``("rechnungs", "no")``)."""
    # words OCR ran together keep their capitals ("SalesTax" → "Sales Tax"); º before NFKD turns it into "o"
    text = RUN_TOGETHER.sub(" ", _RATE_BASE.sub(" ", _DATE_HINT.sub(" ", TERM_CODE.sub(" ", _BRACKETED_AMOUNT.sub(
        " ", text.replace("º", "°"))))))
    text = _CZECH_NO.sub(" no ", text)
    # Dutch "vóór" (before, stressed by its accents; "voor", unaccented, is only "for"): by then, as "uiterlijk"
    # ("Te betalen" over the amount, "vóór 20 december 2023" under it)
    text = re.sub(r"(?i)(?<!\w)vóór(?!\w)", " uiterlijk ", text)
    text = _TIMES_IN_WORD.sub("x", text)  # a scan's x read as a multiplication sign: "Sales Ta×"
    t = re.sub(r"(?<=[a-z])['’]s\b", "", normalise(text)).replace("n°", " n° ")  # "Insured's name"
    t = re.sub(r"\bnee\s+le\b", "ne le", t)  # "Née le" (born on), not the Dutch "Nee" (no)
    # an abbreviation of two letters or more, a stop after each: one word ("H.T." → "ht", "I.V.A." → "iva")
    t = _DOTTED_LETTERS.sub(lambda m: " " + m.group(0).replace(".", "") + " ", t)
    toks = _join_split_words(re.findall(r"[a-z0-9]+|#|°", t))
    capitals = not any(c.islower() for c in text)  # where no capital parts two words OCR ran together
    out: list[str] = []
    for i, tok in enumerate(toks):
        if tok == "°":
            if out and out[-1] == "n":
                out[-1] = "no"
            continue
        if tok == "n" and i + 1 < len(toks) and toks[i + 1] == "°":
            out.append("n")
            continue
        if tok.isdigit() or tok in _FILLERS:
            continue
        parts = _split_compound(tok)
        if parts == (tok,) and tok not in _VOCAB and tok not in _SYNONYMS and (
                rest := next((tok[len(f):] for f in _GLUED_FILLERS if tok.startswith(f)
                              and len(tok) - len(f) >= 4 and tok[len(f):] in _VOCAB), None)):
            parts = _split_compound(rest)  # a filler OCR ran into the next word: "Date ofbirth", "Date ofincident"
        elif parts == (tok,) and capitals and tok not in _VOCAB and tok not in _VALUE_SYNONYMS and \
                (glued := _glued_pair(tok)) is not None:
            parts = glued
        elif len(parts) == 1 and parts[0] not in _VOCAB and (near := _fuzzy(parts[0])) != parts[0]:
            parts = _split_compound(near)  # a slip in a word read as it is or by its stem ("Einzeipreis")
        out.extend(parts)
    for i in range(len(out) - 1):  # a word's last letter with a comma below lost on a scan, Romanian ț or ș, where
        # the word and the next start a label ("Pre unitar": "Preț unitar")
        if out[i] not in _VOCAB and len(out[i]) >= 3 and \
                (v := next((out[i] + c for c in "ts" if (out[i] + c, out[i + 1]) in _PHRASE_STARTS), None)):
            out[i] = v
    for i, tok in enumerate(out):  # a short word with one slip, where it and a word beside it make two words of a
        # label ("Ful name", "Date of binth"); a longer word's slips are read by _fuzzy alone
        if 3 <= len(tok) <= 5 and tok.isalpha() and tok not in _WORDS and tok not in _NUMBER_WORDS:
            near = [v for v in _SHORT_WORDS if v[0] == tok[0] and _one_edit(tok, v)
                    and ((i > 0 and (out[i - 1], v) in _PHRASE_PAIRS)
                         or (i + 1 < len(out) and (v, out[i + 1]) in _PHRASE_PAIRS))]
            if len(near) == 1:
                out[i] = near[0]
    return tuple(out)


def _join_split_words(toks: list[str]) -> list[str]:
    """Tokens with a word OCR broke in two read whole: two pieces that make a known label word where the second
    is none ("AM OUNT DUE" → amount due; "am" of "Fällig am" stays a word of its own); a short word whose last
    letter a plotter's stroke font set apart ("Or t") is one too."""
    out: list[str] = []
    for tok in toks:
        letter = len(tok) == 1 and tok not in "aeiouy" and bool(out) and out[-1] + tok in _WORDS
        if out and tok.isalpha() and out[-1].isalpha() and tok not in _NUMBER_WORDS and tok not in _FILLERS and (
                letter or tok not in _VOCAB and out[-1] + tok in _VOCAB and len(out[-1] + tok) >= 5):
            out[-1] += tok
        else:
            out.append(tok)
    return out


# The words of all known label phrases, once they are built: a longer word one OCR slip away from one of them
# ("zaptaty" for "zaplaty", "Cenajedn") reads as that word.
_VOCAB: frozenset[str] = frozenset()
_WORDS: frozenset[str] = frozenset()
_VOCAB_ORDER: tuple[str, ...] = ()
_PHRASE_STARTS: frozenset[tuple[str, ...]] = frozenset()  # the first two words of each label phrase
_PHRASE_PAIRS: frozenset[tuple[str, ...]] = frozenset()  # each two words in a row of a label phrase
_SHORT_WORDS: tuple[str, ...] = ()  # the label words of two to six letters


@functools.lru_cache(maxsize=8192)
def _glued_pair(tok: str) -> tuple[str, ...] | None:
    """Two label words a scan's OCR ran together in a label printed in capitals, where no capital parts them
    ("TOTALTTC" → total, ttc; "TOTALHT" → total, ht, not the Nordic "totalt"): a word of four letters or more and
    one of two or more, both known (a word of an option's value, "automobile", stays whole)."""
    for k in range(4, len(tok) - 1):
        if tok[:k] in _VOCAB and tok[k:] in _VOCAB:
            return (*_split_compound(tok[:k]), *_split_compound(tok[k:]))
    return None


#: words of forms one letter from a label word, which are no slip of it: Swedish "Försäkran" (a declaration), not
#: "Försäkrad" (the insured); German "Versicherer" (the insurer, the other party's among them), not "Versicherter";
#: German "Schadenort" (where the loss happened), not "Schadenart" (its kind)
_NO_SLIPS = frozenset({"forsakran", "versicherer", "schadenort", "schadensort", "unfallort"})


@functools.lru_cache(maxsize=8192)
def _fuzzy(tok: str) -> str:
    if tok in _VOCAB or tok in _SYNONYMS or tok in _NUMBER_WORDS or tok in _NO_SLIPS:
        return tok
    if len(tok) >= 3 and tok[0] in "l1" and ("i" + tok[1:] in _VOCAB or "i" + tok[1:] in _SYNONYMS):
        return "i" + tok[1:]  # a capital I read as l: "llość", "lnvoice", "lmporte"
    if len(tok) >= 4:  # an i read as l inside a word: "Type of clalm"
        for k in (k for k, c in enumerate(tok) if c == "l" and k):
            if (v := tok[:k] + "i" + tok[k + 1:]) in _VOCAB or v in _SYNONYMS:
                return v
    if len(tok) >= 3 and tok[0] == "9" and "q" + tok[1:] in _VOCAB:
        return "q" + tok[1:]  # a Q read as 9 on a scan: "9ty", "9te"
    if len(tok) >= 6 and tok[0] in "ld" and tok[1:] in _VOCAB:
        return tok[1:]  # an elided article whose apostrophe OCR lost: "Nom de lassuré", "Date dachat"
    if len(tok) < 6:
        return tok
    for k in (k for k, c in enumerate(tok) if c == "m"):  # "rn" read as one m: "Factuumummer"
        if (v := tok[:k] + "rn" + tok[k + 1:]) in _VOCAB:
            return v
    for k in (k for k in range(len(tok) - 1) if tok[k:k + 2] in ("nn", "rn")):  # an m read as two letters:
        v = tok[:k] + "m" + tok[k + 2:]  # "Geburtsdatunn", "Daturn"; a compound whose head is known counts
        if v in _VOCAB or _split_compound(v) != (v,) and all(p in _VOCAB for p in _split_compound(v)):
            return v
    # in a fixed order: the first of two near words must not depend on hash seeds; a letter misread before one
    # lost or added ("Invoico" is "invoice", not the cut "invoic")
    for same in (True, False):
        for v in _VOCAB_ORDER:  # OCR slips inside a word, not at its start: "Keller" is a name, not "seller"
            if (len(v) == len(tok)) == same and abs(len(v) - len(tok)) <= 1 and len(v) >= 6 and v[0] == tok[0] \
                    and _one_edit(tok, v):
                return v
    return tok


def _one_edit(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by exactly one substitution, insertion or deletion."""
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i + (len(a) == len(b)):] == b[i + 1:] if i < len(b) else False


#: a compound this long or longer may end in its head cut short (three letters of it at least)
_CUT_COMPOUND = 14
# Heads of German/Dutch compounds ("Polisnummer", "Schadedatum") and the token they stand for.
# English ones too, which OCR runs together where a scan sets the words close ("Policynumber").
_COMPOUND_HEADS = (("nummer", "no"), ("datum", "date"), ("betrag", "amount"), ("bedrag", "amount"), ("nr", "no"),
                   ("number", "no"))


def _split_compound(tok: str) -> tuple[str, ...]:
    """A compound of a known word and a head ("versicherungsscheinnummer" → policy, no); else the token. In a long
    compound the head may be cut short where a narrow cell wrapped it without a hyphen ("Versicherungsscheinnum"
    over "mer")."""
    canon = _canon(tok)
    if canon != tok:
        return (canon,)
    for head, meaning in _COMPOUND_HEADS:
        cuts = [head] + ([head[:k] for k in range(len(head) - 1, 2, -1)] if len(tok) >= _CUT_COMPOUND else [])
        for cut in cuts:
            if tok.endswith(cut) and len(tok) > len(cut) + 3:
                stem = tok[: -len(cut)]
                for cand in (stem, stem[:-1] if stem.endswith(("s", "n")) else None):
                    if cand and (cand in _SYNONYMS or cand in _SYNONYMS.values()):
                        return (_SYNONYMS.get(cand, cand), meaning)
    return (canon,)


def _canon(tok: str) -> str:
    """One token for the spellings and translations of a label word ("Nummer" → "no", "fecha" → "date",
    "reported" → "report")."""
    if tok in _NUMBER_WORDS:
        return _NUMBER_WORDS[tok]
    if tok in _SYNONYMS:
        return _SYNONYMS[tok]
    # light English stemming: claimed → claim, services → service
    for suffix in ("ed", "s"):
        if len(tok) >= 5 and tok.endswith(suffix) and not tok.endswith("ss"):
            stem = tok[: -len(suffix)]
            return _SYNONYMS.get(stem, stem)
    return tok


def _synonyms(table: dict[str, str]) -> dict[str, str]:
    return {word: canon for canon, words in table.items() for word in words.split()}


# Translations of words that field names are made of, so that generic label matching works across languages.
_SYNONYMS = _synonyms({
    # (Hungarian "dátuma", "időpontja": its date, its time)
    "date": "datum fecha data dato paivamaara paivays pvm datuma idopont idopontja",
    "name": "nombre naam nom nome nazwisko imie nume numele nev neve",
    "amount": "betrag montant importe importo kwota bedrag valor belopp belob belop castka osszeg osszege",
    "policy": "poliza polizza polis polisy polisa versicherungsschein polizze apolice polita politei politii kotveny",
    "police": "policial polizei polizeiliche polizeilich polizeilichen autorita autoridades policia politie "
              "polizia policja policji policje policie carabinieri plainte politia politiei rendorseg rendorsegi",
    "report": "denuncia anzeige bericht rapport verbale aangifte zgloszenie zgloszono denunciado meldung "
              "notified informed depot gemeld anuntata anuntat bejelentes feljelentes",
    "claim": "siniestro schaden sinistre sinistro schade szkoda roszczenie reclamacion reclamado richiesto "
             "reclame geclaimd gefordert dauna daunei kar karesemeny",
    "type": "tipo art typ soort rodzaj tipul tipus tipusa",
    "birth": "nacimiento geburt naissance geboorte nascita urodzenia nasterii nastere szuletesi",
    "street": "strasse calle rue straat ulica rua strada utca",
    "address": "direccion adresse adres indirizzo anschrift endereco adresa cim lakcim",
    "city": "stadt ort wohnort ville ciudad localidad citta plaats miasto town woonplaats localita miejscowosc commune "
            "gemeinde comune gemeente municipio poblacion localitate localitatea oras telepules varos",
    "incident": "ocurrencia vorfall ereignis evenement zdarzenia incidente unfall accident evenimentului eveniment",
    "signature": "firma unterschrift handtekening podpis signe semnatura alairas",
    "phone": "telefon telefono telephone tel telefoon telefonu",
})


def _p(spec: str, weight: float = 1.0) -> list[Phrase]:
    return [Phrase(label_tokens(s), weight) for s in spec.split("|") if label_tokens(s)]


# Concept name → phrases. Bare document titles ("Invoice", "Factuur") count for less than explicit labels.
_CONCEPTS: dict[str, list[Phrase]] = {
    "invoice_number": _p(
        # the payment reference of a Czech or Slovak invoice, its number as a rule
        "variabilni symbol|"
        "invoice number|invoice no|invoice id|invoice ref|invoice reference|inv no|bill no|bill number|document no|"
        "tax invoice no|bilagsnr|bilagsnummer|bilag no|"
        "rechnungsnummer|rechnungsnr|rechnung no|rechnungs no|rg no|re no|belegnummer|beleg no|"
        "factuurnummer|factuurnr|factuur no|numero de facture|no de facture|facture no|no facture|"
        "numer faktury|faktura no|no faktury|faktura vat no|numero factura|no factura|factura no|"
        "numero fattura|fattura no|no fattura|numero da fatura|fatura no|receipt no|receipt number|bon no|"
        # a credit note's own number (the invoice it credits is an "original invoice")
        "credit note no|credit note number|credit memo no|credit memo number|gutschrift no|gutschriftsnummer|"
        "creditnota no|creditnotanummer|numero d avoir|avoir no|nota de credito no|numero nota de credito|"
        "nota di credito no|numero nota di credito|faktura korygujaca no|korekta no|"
        "fakturanummer|fakturanr|fakturanumero|laskun numero|laskun no|laskunumero|laskunro|lasku no|cislo faktury|faktura cislo|"
        "cislo dokladu|cislo faktury dokladu|"
        "ref facture|reference facture|reference de la facture|facture ref|rechnungsreferenz|ref factura|"
        "referencia factura|referencia de la factura|rif fattura|riferimento fattura|factuurreferentie|"
        "ref fatura|referencia da fatura|invoice ref no|bill ref|no piece|no de piece|numero de piece|piece no|"
        # Romanian and Hungarian ("Număr factură", "Számla sorszáma")
        "numar factura|factura no|seria si numar|serie si numar|seria si nr|numar document|szamlaszam|"
        "szamla no|szamla sorszama|bizonylatszam|bizonylat no")
    + _p("no documento|documento no|document number|belegnr|beleg no|tax invoice|faktura vat|vat invoice|"
         "documentnummer|documentnr|dokumentnummer|dokumentnr|numero de document|numero du document|"
         "numero de documento|numero do documento|numero documento|no dokumentu|numer dokumentu|folio|no folio|"
         "numero de folio|serie y folio", 0.8)
    + _p("booking id|booking no|reservation no|reservation id|confirmation no|transaction id|receipt id|"
         "buchungsnummer|reserveringsnummer|numero de reservation|numero de reserva", 0.7)
    + _p("invoice|rechnung|factuur|facture|faktura|factura|fattura|fatura|szamla|lasku|arve|rekins|no", 0.6)
    # a bare reference, where a document names its number no other way ("Reference: TL2448" on a bill); any label
    # above outranks it, and a customer's or an order's reference is none
    + _p("reference|ref|referenz|referentie|referencia|riferimento|"
         # the issuer's own reference, as British invoices head their number ("Our ref." beside "Order ref.")
         "our ref|our reference|unsere referenz|unser zeichen|notre reference|notre ref|nuestra referencia|"
         "nostro riferimento|onze referentie|onze ref", 0.45),
    "invoice_date": _p(
        "invoice date|date of invoice|issue date|date of issue|billing date|invoice dt|date issued|"
        "rechnungsdatum|rechnungs datum|belegdatum|factuurdatum|factuur datum|datum factuur|date de facture|"
        "date facture|date d emission|data wystawienia|data faktury|fecha de factura|fecha factura|"
        "fecha de emision|data fattura|data documento|data da fatura|data de emissao|emise le|emis le|"
        "ausgestellt am|datum der rechnung|uitgiftedatum|issued on|fecha de expedicion|data di emissione|"
        "data emissione|date of invoice|bill date|date of bill|document date|statement date|"
        "invoice issued|date invoiced|fakturadatum|fakturadato|faktureringsdato|laskun paivamaara|expedida el|"
        "emessa il|emesso il|emessa in data|"
        "expedido el|emitida el|emitido el|fecha de emision|fecha emision|"
        "laskun pvm|datum vystaveni|datum vystaveni dokladu|vystaveni|vystaveni dne|utstedt|utstedelsesdato|issued|"
        "issued date|inv date|inv dt|ausstellungsdatum|ausstellungs datum|erstellungsdatum|notadatum|datum nota|"
        "data da nota|data nota|fecha de la nota|"
        # Romanian and Hungarian
        "data emiterii|data emitere|data facturii|data factura|data documentului|emisa la|"
        "data emiterii facturii|kiallitas datuma|kiallitas kelte|kiallitas napja|szamla kelte|szamla datuma|"
        "kelte|kiallitva|bizonylat kelte")
    + _p("date|datum|dated|fecha|data|date de la facture|kelt", 0.75),
    "due_date": _p(
        "due date|payment due|due|due by|pay by|payment due date|date due|zahlungsziel|fallig am|fallig bis|"
        "falligkeitsdatum|faelligkeitsdatum|falligkeit|zahlbar bis|vervaldatum|vervaldag|uiterste betaaldatum|"
        "te betalen voor|date d echeance|echeance|date limite de paiement|date limite|a payer avant|"
        "termin platnosci|termin zaplaty|fecha de vencimiento|vencimiento|vencimento|scadenza|data scadenza|"
        "data de vencimento|pagamento entro|scadenza pagamento|data di scadenza|pagar antes de|"
        "fecha limite de pago|zahlbar bis zum|betalen voor|platne do|payment by|pay before|payable by|"
        "payment due by|due on|please pay by|remit payment by|bedrag voor|uiterlijk|uiterlijk op|bis zum|"
        "te betalen uiterlijk|betalen uiterlijk|gelieve te betalen uiterlijk|"  # ("Te betalen vóór")
        "bis spatestens|spatestens am|spatestens bis|avant le|entro il|antes del|"
        # the sentence a letter ends with: "Prosimy o zapłatę do dnia 28-01-2022.", "Paiement attendu au plus tard le"
        "zahlungstermin|betalingsdato|vence|vence el|fecha vto|vto|scad|data scad|"
        "prosimy o zaplate do dnia|zaplate do dnia|do dnia|zaplata do|platnosc do|paiement attendu au plus tard|"
        "au plus tard|pagar ate|pago ate|pagamento ate|"
        "a regler avant|payable avant|bitte zahlen sie bis|zahlen sie bis zum|gelieve te betalen voor|"
        "da pagare entro il|pagare entro il|pague antes del|payment is due by|please remit by|"
        "forfallodatum|forfallodag|forfaldsdato|forfaldsdag|forfallsdato|forfall|betalingsfrist|betales senest|"
        "fallig|zahlbar|forfaller|forfalder|payable le|a payer le|"
        "sista betalningsdag|betala senast|betalas senast|senest|erapaiva|erapvm|maksettava viimeistaan|"
        "datum splatnosti|splatnost|splatno do|splatne do|zaplatte do|"
        "eraantyy|eraantymispaiva|da pagare entro|pagare entro|betales innen|betal innen|betalas innan|"
        "betales inden|betal inden|betal senest|"
        # Romanian and Hungarian
        "data scadentei|data scadenta|scadenta|scadent la|termen de plata|termen plata|data limita de plata|"
        "de plata pana la|plata pana la|fizetesi hatarido|hatarido|fizetesi hatarideje|esedekesseg|"
        "esedekesseg napja|esedekessegi datum|fizetendo napon belul legkesobb|legkesobb")
    # the day the invoice is to be paid, said as its payment's date ("Fecha de pago", "Zahlungsdatum")
    + _p("fecha de pago|fecha pago|payment date|date of payment|zahlungsdatum|date de paiement|data di pagamento|"
         "data pagamento|data de pagamento|betaaldatum|data platnosci", 0.8),
    "carried": _p(
        "carried forward|brought forward|carry forward|carried over|ubertrag|a reporter|report|reporte|"
        "transporte|riporto|przeniesienie|subtotal this page|page total|total this page|saldo vorige pagina|"
        "zwischensumme seite|over te brengen|overgebracht|van vorige pagina|naar volgende pagina|vortrag|"
        "transport van pagina|transport van vorige pagina|transport naar pagina|transport naar volgende pagina|"
        "report a nouveau|z przeniesienia|do przeniesienia|suma z przeniesienia|riporto a pagina|suma anterior|"
        "suma y sigue|a la vuelta|a riportare|da riportare|totale da riportare|a transportar|transportado|"
        "total a transportar|c f|b f|balance c f|balance b f|subtotal c f|c fwd|b fwd|carried fwd|brought fwd"),
    # adjustments printed between the subtotal and the total, which the invoice schema has no field for
    "discount": _p(
        "discount|less discount|discount amount|total discount|trade discount|volume discount|early payment discount|"
        "promo|promotion|promo code|promo discount|promotional discount|promotion discount|coupon|coupon discount|"
        "voucher|voucher discount|loyalty discount|customer discount|special discount|rebate|savings|member savings|rabatt|nachlass|preisnachlass|"
        "abzuglich rabatt|remise|remise commerciale|ristourne|korting|rabat|upust|sconto|descuento|desconto|"
        "bonificacion|abzug|alennus|sleva|"
        "reducere|kedvezmeny|engedmeny"),
    "charge": _p(
        "shipping|shipping and handling|shipping handling|shipping cost|shipping costs|shipping fee|shipping charge|"
        "freight|freight charge|freight charges|delivery|delivery charge|delivery fee|delivery cost|postage|"
        "postage and packing|postage and packaging|p p|pp|s h|handling|handling fee|handling charge|packaging|packing|"
        "surcharge|fuel surcharge|service charge|small order surcharge|versand|versandkosten|versandkostenpauschale|"
        "porto|fracht|frachtkosten|verpackung|lieferkosten|zustellung|frais de port|frais d envoi|"
        "porto und verpackung|versand und verpackung|verpackung und versand|porto verpackung|"
        "frais de port et d emballage|frais de port et emballage|port et emballage|gastos de envio y embalaje|"
        "spese di spedizione e imballaggio|verzend en verpakkingskosten|verzending en verpakking|"
        "portes e embalagem|wysylka i pakowanie|"
        "frais de livraison|frais de transport|livraison|verzendkosten|verzending|bezorgkosten|"
        "verzend en administratiekosten|spese di spedizione|spedizione|spese di trasporto|envio|"
        "gastos de envio|portes|koszty wysylki|koszt wysylki|wysylka|dostawa|koszty dostawy|"
        "transport costs|transportkosten|transport|frakt|fraktavgift|fragt|forsendelse|levering|"
        "leveringsomkostninger|toimitus|toimituskulut|rahti|postikulut|doprava|postovne|dopravne|"
        # a restaurant's service and cover charges, and a tip
        "service|servicio|servizio|servico|coperto|bedienung|bediening|bedienungsgeld|cover charge|couvert|"
        "gratuity|tip|tips|pourboire|propina|mancia|trinkgeld|fooi|gorjeta|dricks|drikkepenge|drikkepenger|napiwek|"
        "spropitne|juomaraha|tippi|"
        # Romanian and Hungarian delivery and tip
        "livrare|taxa de livrare|cost livrare|cost transport|taxa transport|szallitasi dij|szallitas|"
        "kiszallitasi dij|kiszallitas|bacsis|borravalo"),
    "rounding": _p("rounding|rounding adjustment|round off|rounded off|rundung|rundungsdifferenz|arrondi|afronding|"
                   "arrotondamento|redondeo|zaokraglenie|oresavrundning|avrundning|afrunding|"
                   "oreavrunding|avrunding|pyoristys|zaokrouhleni|"
                   "rotunjire|kerekites"),
    "subtotal": _p(
        "subtotal|sub total|sous total|net|net amount|net total|total net|total excl vat|total excl tax|"
        # Swiss German ("Zwischentotal", "Total exkl. MWST")
        "zwischentotal|total exkl mwst|total exkl|total ohne mwst|nettototal|"
        "amount excl vat|amount excl tax|amount excluding vat|total sin iva|importe sin iva|base sin iva|"
        "total excluding tax|total excluding vat|total before tax|amount before tax|taxable amount|"
        "untaxed amount|total ht|montant ht|total hors taxes|hors taxe|ht|montant eur ht|zwischensumme|"
        "nettobetrag|netto|summe netto|gesamt netto|nettosumme|warenwert|subtotaal|totaal excl btw|"
        "exclusief btw|excl btw|netto bedrag|grondslag|razem netto|wartosc netto|suma netto|base imponible|"
        "imponibile|totale imponibile|subtotale|total sem iva|total s iva|valor s iva|importe neto|total neto|neto|importo netto|"
        "montant net|nettobedrag|kwota netto|razem netto|base|total iliquido|base tributavel|"
        "valor tributavel|incidencia|total liquido|taxable value|total taxable value|taxable total|assessable value|"
        "items total|goods total|total goods|totale merce|delsumma|delsum|valor dos servicos|valor liquido|"
        "valor sem iva|total bruto|importe bruto|"
        "summa exkl moms|belopp exkl moms|exkl moms|nettobelopp|i alt ekskl moms|belob ekskl moms|ekskl moms|"
        "sum eks mva|belop eks mva|eks mva|nettobelop|sum ekskl mva|veroton hinta|veroton yhteensa|"
        "yhteensa veroton|arvonlisaveroton|valisumma|yhteensa ilman alv|ilman alv|veroton summa|zaklad dane|zaklad|celkem bez dph|bez dph|mezisoucet|"
        "zaklad spolu|zaklad dane spolu|spolu bez dph|celkom bez dph|medzisucet|"
        # the business terms of an e-invoice (EN 16931, XRechnung, Peppol BIS) by their names in its viewers
        "invoice total amount without vat|total amount without vat|amount without vat|sum of invoice line net amount|"
        "gesamtbetrag ohne ust|gesamtbetrag ohne mwst|gesamtbetrag ohne umsatzsteuer|summe nettobetrage|"
        "summe der nettobetrage|tax exclusive amount|line extension amount|"
        # Romanian and Hungarian
        "total fara tva|valoare fara tva|total valoare fara tva|baza impozabila|baza de impozitare|"
        "valoare neta|netto osszesen|osszesen netto|netto ertek osszesen|netto osszeg|afa nelkul|"
        "afa nelkuli osszeg|adoalap|"
        # a part's sum (Italian, Hungarian, Turkish, Spanish, Portuguese): "Totale parziale", "Részösszeg", "Ara toplam"
        "totale parziale|parziale|reszosszeg|resz osszeg|ara toplam|aratoplam|suma parcial|soma parcial"),
    "tax": _p(
        "tax|vat|sales tax|gst|hst|igst|tax amount|vat amount|total tax|total vat|mwst|ust|umsatzsteuer|"
        "mehrwertsteuer|zzgl mwst|btw|btw bedrag|totaal btw|tva|montant tva|total tva|iva|importe iva|"
        "cuota iva|podatek|podatek vat|kwota vat|imposta|totale iva|steuer|vat total|total iva|iva total|"
        "total tva|total igic|total impuestos|totale imposta|totaal btw|gesamt mwst|summe mwst|mwst gesamt|ust gesamt|"
        "mwst summe|umsatzsteuer gesamt|btw totaal|tva totale|iva totale|taxes|tax total|"
        "total taxes|sales tax total|gst amount|tax due|pst|qst|rst|provincial sales tax|tps|tvq|cgst|sgst|utgst|"
        "cgst amount|sgst amount|igst amount|moms|mervardesskatt|momsbelopp|moms belopp|mva|"
        "merverdiavgift|mva belop|merverdiavgift belop|alv|arvonlisavero|alv osuus|dph|dph celkem|castka dph|"
        "dan z pridane hodnoty|"
        # VAT the customer accounts for ("IVA (0%) (reverse charge)", "Steuerschuldnerschaft des Leistungsempfängers")
        "reverse charge|vat reverse charge|iva reverse charge|btw verlegd|btw verlegd naar afnemer|verlegd|"
        "inversion del sujeto pasivo|autoliquidation|autoliquidacion|steuerschuldnerschaft des leistungsempfangers|"
        "odwrotne obciazenie|reverse charge vat|iva inversion sujeto pasivo|"
        # Brazil's taxes on services and goods (ISS, ICMS, IPI)
        "iss|icms|ipi|valor do iss|valor do icms|valor do ipi|"
        # the tax a gross price holds ("IVA 23% incluído", "darin enthaltene MwSt. 19 %", "dont TVA 20 %")
        "iva incluido|iva incluida|iva incluso|iva inclusa|di cui iva|dont tva|inkl mwst|enthaltene mwst|"
        "darin enthaltene mwst|mwst enthalten|btw inbegrepen|incl btw|vat included|incl vat|includes vat|"
        "total includes vat|total includes tax|price includes vat|prices include vat|"
        "invoice total vat amount|total vat amount|summe umsatzsteuer|gesamtbetrag umsatzsteuer|summe ust|"
        "steuerbetrag|tax amount total|"
        # Facturae's viewer ("Total impuestos repercutidos")
        "total impuestos repercutidos|impuestos repercutidos|total cuota|total cuotas|"
        # Portuguese ("Imposto 18 %", "Valor do imposto")
        "imposto|impostos|valor do imposto|total de impostos|total dos impostos|"
        # Romanian and Hungarian
        "valoare tva|suma tva|tva colectata|total valoare tva|afa|afa osszeg|afa osszege|afa osszesen|"
        "afa ertek|afa tartalom|osszes afa|felszamitott afa"),
    "total": _p(
        "rechnungstotal|total inkl mwst|total inkl|gesamttotal|summe brutto|totale documento|totale complessivo|"
        "invoice total amount with vat|total amount with vat|amount due for payment|payable amount|"
        "tax inclusive amount|gesamtbetrag mit ust|gesamtbetrag mit umsatzsteuer|gesamtbetrag inkl ust|"
        "falliger betrag|falliger zahlungsbetrag|total a ejecutar|"
        # a restaurant's bill with the tip added ("Total con propina", "Total avec pourboire")
        "total with tip|total incl tip|total including tip|total inc tip|total incl gratuity|total with gratuity|"
        "total con propina|total avec pourboire|total pourboire compris|total inkl trinkgeld|gesamt inkl trinkgeld|"
        "totale con mancia|totale mancia inclusa|totaal incl fooi|totaal met fooi|total com gorjeta|total med dricks|"
        "i alt med drikkepenge|total med drikkepenger|razem z napiwkiem|celkem se spropitnym|celkem vcetne spropitneho|"
        "yhteensa juomarahan kanssa|"
        "total|total amount|amount due|total due|balance due|grand total|total to pay|amount payable|"
        "total payable|invoice total|total incl vat|total incl tax|total including vat|total ttc|ttc|"
        "montant ttc|montant eur ttc|net a payer|total a payer|somme a payer|montant total|total facture|"
        "gesamt|gesamtbetrag|gesamtsumme|rechnungsbetrag|endbetrag|endsumme|summe|zu zahlen|zahlbetrag|"
        "bruttobetrag|gesamt brutto|totaal|totaal incl btw|te betalen|factuur totaal|totaalbedrag|"
        "razem|do zaplaty|naleznosc|naleznosc ogolem|suma|razem brutto|wartosc brutto|importe total|"
        "total a pagar|totale|totale fattura|importo totale|da pagare|total for this invoice|"
        "total amount due|amount to pay|total eur|total usd|netto a pagare|totale a pagare|importo dovuto|"
        "totale da pagare|total factura|importe a pagar|do zaplaty razem|razem do zaplaty|net payable|"
        "balance payable|total balance|amount owing|total owing|a payer|a regler|att betala|"
        "summa att betala|totalt att betala|totalt|totalbelopp|summa|i alt|total i alt|at betale|i alt at betale|"
        "belob i alt|total belob|a betale|totalt a betale|sum a betale|totalsum|sum inkl mva|totalt inkl mva|"
        "yhteensa|maksettava|maksettava yhteensa|loppusumma|yhteensa sis alv|yhteensa sisaltaen alv|"
        "verollinen yhteensa|celkem|celkem k uhrade|k uhrade|celkova castka|"
        "spolu na uhradu|suma na uhradu|celkom na uhradu|na uhradu|spolu|celkom|suma spolu|"
        "castka k uhrade|celkem kc|k zaplaceni|celkem k zaplaceni|to pay|net to pay|please pay|pay this amount|"
        "totaal inclusief btw|inclusief btw|incl btw|te voldoen|eindtotaal|net a payer ttc|total com iva|"
        "liquido a pagar|total c iva|total con iva|total iva incl|total iva incluido|total iva incluida|"
        "totale iva incl|totale iva inclusa|totale ivato|total documento|gesamtbetrag brutto|rechnungsbetrag brutto|"
        "total tax incl|total vat incl|totale euro|total euro|total euros|"
        # Romanian and Hungarian
        "total de plata|total plata|total general|total de achitat|total cu tva|"
        "total valoare|valoare totala|total de incasat|suma de plata|total lei|total ron|osszesen|"
        "mindosszesen|vegosszeg|fizetendo|fizetendo osszeg|fizetendo osszesen|brutto osszesen|brutto ertek|"
        "brutto osszeg|osszesen brutto|szamla vegosszege|teljes osszeg|osszesen ft|osszesen huf")
    # what is left to pay, where the total itself is printed too it is labelled more surely
    + _p("saldo pendiente|saldo a pagar|saldo devedor|saldo em aberto|saldo da pagare|reste du|reste a payer|"
         "solde du|restbetrag|offener betrag|openstaand bedrag|openstaand saldo|pozostalo do zaplaty", 0.8)
    + _p("amount|balance|brutto|betrag|bedrag|montant", 0.6)
    # the Norwegian and Danish till's "SUM kr", alone on its line
    + _p("sum|sum kr|sum nok|sum dkk", 0.9),
    "party": _p(
        "vendor|supplier|seller|sold by|from|service provider|issuer|bill from|company|merchant|issued by|"
        "billed by|billed from|provider|remit to|payable to|"
        "lieferant|verkaufer|leverancier|verkoper|fournisseur|vendeur|emetteur|sprzedawca|wystawca|"
        "proveedor|vendedor|emisor|fornitore|cedente prestatore|sprzedajacy|dostawca|emittente|mittente|"
        "afzender|expediteur|absender|remitente|leverantor|saljare|leverandor|saelger|selger|avsender|"
        # a parcel label's sender
        "avsandare|afsender|felado|odesilatel|nadawca|remetente|expeditor|gonderen|"
        "toimittaja|myyja|dodavatel|prodavajici|lahettaja|prestador|prestador de servicos|prestador do servico|"
        # who is to be paid ("Betalen aan", "Payee" over the issuer's name and bank account)
        "payee|betalen aan|zahlbar an|zahlung an|betal til|betala till|"
        "maksunsaaja|remit payment to|make payments to|"
        # Romanian and Hungarian
        "furnizor|furnizorul|vanzator|vanzatorul|prestator|emitent|elado|szallito|kibocsato|szolgaltato|"
        "szamlakibocsato")
        # "Von", "Från", "Fra" over a sender's box: a word a name may begin with, so only alone a label
        + _p("von|fran|fra", 0.85),
    "customer": _p(
        "bill to|billed to|ship to|sold to|invoice to|deliver to|to|aan|an|factuur aan|rechnung an|customer|client|klient|"
        "dostawa do|adres dostawy|miejsce dostawy|"
        "billing address|shipping address|delivery address|recipient|attn|rechnungsadresse|lieferadresse|kunde|"
        "rechnungsempfanger|empfanger|factuuradres|afleveradres|klant|geadresseerde|facture a|facturer a|"
        "adresse de facturation|adresse de livraison|destinataire|nabywca|odbiorca|cliente|facturar a|"
        "destinatario|fatturare a|kupujacy|platnik|odbiorca faktury|intestatario|spett|spettabile|"
        # a parcel label's addressee
        "mottagare|cimzett|adresat|destinatar|alici|"
        "committente|cessionario committente|kund|faktureras till|fakturaadress|leveransadress|"
        "leveringsadresse|faktureringsadresse|modtager|mottaker|fakturamottaker|fakturamottakar|faktureres til|"
        "fakturamodtager|fakturamottagare|asiakas|laskutusosoite|toimitusosoite|laskun saaja|"
        "odberatel|zakaznik|prijemce|adresse a|adressee a|tomador|tomador de servicos|tomador do servico|"
        # the buyer over against the seller ("Seller | Buyer", "Verkäufer | Käufer", "Vendeur | Acheteur")
        "buyer|purchaser|kaufer|acheteur|comprador|acquirente|afnemer|kopare|kober|kjoper|ostaja|kupujici|"
        # a Mexican CFDI's receiver
        "receptor|datos del receptor|"
        # Romanian and Hungarian
        "cumparator|cumparatorul|beneficiar|beneficiarul|clientul|adresa de livrare|adresa de facturare|vevo|"
        "vevo neve|megrendelo|szamlazasi cim|szallitasi cim|vevo adatai"),
    "description": _p(
        "description|omschrijving|beschreibung|bezeichnung|designation|libelle|descripcion|descrizione|"
        "nazwa|nazwa towaru|nazwa towaru lub uslugi|leistung|artikelbezeichnung|product description|"
        "item description|details|particulars|concepto|produit|opis|towar|usluga|nazwa uslugi|"
        "denominazione|omschrijving artikel|leistungsbeschreibung|descriptif|descricao|designacao|"
        "beskrivning|beskrivelse|benamning|varebeskrivelse|specifikation|kuvaus|nimike|popis|nazev|"
        "popis polozky|nazev polozky|tekst|varetekst|varenavn|ydelse|oznaceni|oznaceni dodavky|"
        # a column of goods and services both ("Product / Service", "Prodotto/servizio")
        "product service|products services|item service|prodotto servizio|producto servicio|produto servico|"
        "produit service|produkt leistung|artikel leistung|prestation|prestations|nature de la prestation|"
        "dienstleistung|prestazione|prestacion|servico|beschrijving|artikelomschrijving|omschrijving dienst|"
        # an e-invoice's item name (BT-153: "Item name", "Artikelname", "Nom de l'article")
        "item name|article name|product name|artikelname|nom de l article|nome articolo|nombre del articulo|"
        # Romanian and Hungarian
        "denumire|denumirea|denumire produs|denumire produse servicii|denumire produse sau servicii|"
        "denumirea produselor sau serviciilor|denumirea produselor serviciilor|descriere|megnevezes|"
        "termek megnevezese|termek szolgaltatas megnevezese|tetel megnevezese|leiras")
    + _p("item|items|product|products|service|services|article|artikel|articolo|articulo|artigo|name|title|"
         "product title|produkt|position|polozka|polozky|tuote|tuotteet|vare|varer|produkter|produto|produtos|"
         "producto|productos|prodotto|prodotti|produits|produs|produse|serviciu|servicii|articol|termek|tetel|"
         "szolgaltatas", 0.7),
    "quantity": _p(
        "qty|quantity|menge|anzahl|aantal|hoeveelheid|hoev|quantite|qte|ilosc|cantidad|cant|quantita|"
        "qta|hours|hrs|stk|stuck|pcs|jm ilosc|ilosc jm|il|szt|ilosc szt|uds|unidades|aantal stuks|"
        "qty hrs|hrs qty|nb|quant|aant|anz|q ta|ctd|cantidad unidad|aantal eenheid|menge einheit|qte unite|"
        "ii|qtd|qtde|quantidade|"  # "ii": "Il." (ilość) as OCR reads it
        "gty|guantity|gte|guantite|"  # the Q of a scan read as a g ("gty", "guantity")
        "antal|antall|ant|mangd|maengde|mengde|kpl|maara|mnozstvi|mnoz|pocet|ks|"  # ("Množ.": množství cut short)
        # a time sheet's hours
        "stunden|std|heures|horas|ore|uren|timer|timmar|tim|tunnit|godziny|godz|hodiny|hod|hours worked|"
        # Romanian and Hungarian
        "cantitate|cantitatea|menny|mennyiseg|db|darab|orak|oraszam|ora")
    + _p("units", 0.9),  # read as "unit", the unit of measure too: a "Qty" beside it is the quantity
    "unit_price": _p(
        "unit price|price|rate|unit cost|price per unit|price each|each|cost each|preis|einzelpreis|stuckpreis|ep|ansatz|sadzba|sazba|"
        "vk preis|prijs|prijs per stuk|stukprijs|eenheidsprijs|prix unitaire|prix|pu|p u|p u ht|cena|"
        "cena jednostkowa|cena jedn|cena netto|precio|precio unitario|prezzo|prezzo unitario|preco unitario|"
        "tarif|tarif unitaire|einheitspreis|stuckpreis|stukprijs|prix u|pu ht|e preis|p unit|pr unit|"
        "precio unit|prezzo unit|p unitario|p unitaire|preis einh|preis je einheit|unit rate|price unit|stuksprijs|tarief|prijs per eenheid|prix par unite|"
        "precio por unidad|prezzo per unita|cena za jednostke|preco unit|preco|valor unitario|pr unitario|"
        "valor unit|vlr unit|vl unit|vlr unitario|vl unitario|"  # Brazilian "Valor unit.", "Vlr. unit."
        "a pris|apris|styckpris|pris|enhedspris|stykpris|stk pris|enhetspris|pris per enhet|yksikkohinta|a hinta|hinta|"
        "jednotkova cena|cena za jednotku|cena za mj|cena mj|"
        # a time sheet's rate per hour
        "hourly rate|rate per hour|rate hr|hour rate|stundensatz|stundenpreis|taux horaire|tarif horaire|"
        "precio hora|tarifa hora|tarifa horaria|tariffa oraria|uurtarief|uurprijs|timpris|timepris|tuntihinta|"
        "stawka godzinowa|stawka godz|hodinova sazba|preco hora|"
        # the price after a row's discount, which its quantity times gives its amount
        "net price|net unit price|unit net price|nettopreis|netto preis|netto ep|nettoeinzelpreis|prix net|pu net|"
        "p u net|precio neto|prezzo netto|nettoprijs|netto prijs|preco liquido|cena po rabacie|cena po sleve|"
        "nettopris|nettohinta|price after discount|discounted price|prix apres remise|precio con descuento|"
        "prezzo scontato|"
        # Romanian and Hungarian
        "pret unitar|pret unitar fara tva|pret unit|pret|pret fara tva|egysegar|netto egysegar|egysegar netto|"
        "brutto egysegar|egysegar ft|egysegar huf|dij|oradij|oradij ft")
    # the price before it: a column of its own only where the table prints no other
    + _p("list price|listenpreis|prix catalogue|precio tarifa|prezzo listino|prezzo di listino|lijstprijs|"
         "preco tabela|cena katalogowa|cenikova cena|listpris|listepris|listahinta|catalogue price|catalog price",
         0.8)
    # the words a tax rate's column is headed by too ("USt.-Satz", "Taux TVA"): a price only where no other is
    + _p("satz|taux|tarifa|tariffa|stawka|sazba|taxa|sats|cota|cota tva|afa kulcs|kulcs|afa merteke", 0.7),
    "amount": _p(
        "amount|total|line total|net amount|gesamt|betrag|gesamtpreis|zeilenbetrag|summe|bedrag|totaal|"
        "line net amount|line extension amount|gesamt netto|"
        "prix total|montant|montant ht|total ht|wartosc|wartosc netto|wartosc brutto|importe|importo|"
        "prijs incl btw|subtotal|ext price|extended|amount eur|valor|gesamtbetrag|totale|importo totale|"
        "kwota|wartosc|bedrag excl btw|montant total|line amount|net amount|summe eur|total eur|subtotaal|"
        "sous total|subtotale|sum|belopp|summa|totalt|belob|belop|i alt|yhteensa|hinta yhteensa|rivisumma|celkem|"
        "castka|cena celkem|montante|montante total|g preis|ges preis|gesamt preis|gp|"
        "suma|celkom|cena celkom|cena spolu|spolu|"
        # a row's amount before VAT ("Celkem bez DPH", Slovak "Spolu bez DPH")
        "celkem bez dph|cena bez dph|cena celkem bez dph|celkom bez dph|spolu bez dph|cena celkom bez dph")
    # a listing's last column: its value, its extension ("EXT", "AMT"), the Portuguese "Importância"
    + _p("value|line value|goods value|net value|amt|ext|ext amt|extension|importancia", 0.9)
    # a line's net amount, headed by the word alone ("Net", "Netto", "Imponibile", "HT")
    + _p("net|netto|nettobetrag|imponibile|base imponible|ht|neto|net total|zaklad|zaklad dane|grundlag|"
         "beskattningsunderlag|base ht|base", 0.9)
    # a folio's or a statement's column of charges, beside its credits
    + _p("debit|debet|charges|cargos|cargo|addebito|addebiti|belastung|obciazenie|debito|dare|debe|soll|deve", 0.8)
    + _p("regeltotaal|regelbedrag|zeilensumme|zeilentotal|totale riga|importe linea|total ligne|total linha|"
        # Romanian and Hungarian
        "valoare|valoarea|valoare fara tva|valoare totala|valoare cu tva|netto ertek|netto ar|brutto ertek|"
        "ertek|osszeg|netto osszeg"),
    "currency": _p("currency|wahrung|valuta|devise|waluta|moneda|valutta|mena|penznem|deviza"),
    "address": _p("address|street|street address|adresse|anschrift|strasse|adres|rue|calle|indirizzo|ulica|via|"
                  "mailing address|home address|domicilio|direccion|residenza|strasse hausnummer|straat huisnummer|"
                  "ulica numer|numero et rue|morada|endereco|rua e numero|street no|strasse hausnr|strasse nr|"
                  "morada rua no|rua no|via no civico|via no|calle no|straat huisnr|adresse postale|postal address|"
                  "wohnanschrift|adres zamieszkania|indirizzo di residenza|direccion postal|direccion completa|"
                  "adresse du domicile|woonadres|katuosoite|osoite|lahiosoite|vej og nr|vej og husnummer|gade og nr|"
                  "gateadresse|gatuadress|gatuadress och nr|ulice|ulice a cislo|ulice cislo|ulica a cislo|adresa|"
                  "bydliste|trvale bydliste|adresa bydliste|gata och nummer|gata och nr|gate og nummer|gade og nummer|"
                  "postadress|utdelningsadress|postadresse|postanschrift|bostadsadress|hjemmeadresse|vej og husnr|gade og husnr|"
                  "gata och husnr|gate og husnr|logradouro|logradouro e numero|endereco residencial|"
                  # Romanian and Hungarian
                  "adresa completa|strada|strada si numar|strada nr|domiciliu|domiciliul|cim|lakcim|"
                  "utca hazszam|utca|levelezesi cim"),
    "city": _p("city|town|ort|stadt|plaats|woonplaats|ville|miasto|ciudad|citta|localita|localidade|cidade|"
               "ciudad alcaldia|alcaldia|delegacion|"
               "localite|commune|comune|gemeente|miejscowosc|localidad|poblacion|wohnort|suburb|town suburb|"
               "suburb town|municipio|poststed|postort|sted|by|kaupunki|postitoimipaikka|paikkakunta|ort stad|stad|"
               "postdistrikt|obec|mesto|obec mesto|misto|mesto obec|"
               # Romanian and Hungarian
               "localitate|localitatea|oras|orasul|municipiu|telepules|varos|helyseg"),
    "postal_code": _p("postal code|postcode|post code|zip|zip code|plz|postleitzahl|code postal|cp|c p|"
                      "kod pocztowy|codigo postal|codice postale|cap|postcode town|plz ort|cod postal|c postal|"
                      "pin code|pincode|eircode|cep|postnummer|postnr|postinumero|postinro|psc|"
                      # Swiss French and Italian: "NPA" (numéro postal d'acheminement), "NAP"
                      "npa|npa localite|nap|"
                      # Romanian and Hungarian
                      "iranyitoszam|irsz"),
    "name": _p("name|full name|naam|nom|nombre|nazwa|nome|imie i nazwisko|vorname nachname|nome completo|"
               "nombre completo|nom complet|volledige naam|vollstandiger name|nome e cognome|nombre y apellidos|"
               "nominativo|"
               # Romanian and Hungarian
               "nume|nume si prenume|numele si prenumele|numele|nume complet|nev|teljes nev|neve"),
    "birth_date": _p("date of birth|dob|birth date|born|born on|geburtsdatum|geboren am|geb am|geb datum|"
                     "date de naissance|ne le|ne e le|geboortedatum|geboren op|data urodzenia|urodzony|"
                     "urodzona|fecha de nacimiento|nacido el|nacida el|data di nascita|nato il|nata il|nato a il|"
                     "data de nascimento|nascido em|nascida em|data nasc|data de nasc|dt nasc|fecha nac|fecha de nac|"
                     "f nacimiento|date naiss|date de naiss|data di nasc|geb dat|fodelsedatum|fodselsdato|fodselsdag|"
                     "syntymaaika|datum narozeni|synt|syntynyt|syntymapaiva|fodt|fodd|fodt den|ur|data ur|nar|narozen|"
                     "narozena|datum nar|datum narodenia|"
                     # Romanian and Hungarian
                     "data nasterii|data de nastere|nascut la|nascut|nascuta|szuletesi datum|szuletesi ido|"
                     "szuletesi idopont|szuletett|szul ido|szul datum"),
    "place_date": _p("place and date|place date|date and place|fait le|fait a|lieu et date|ort datum|ort und datum|"
                     "plaats en datum|plaats datum|luogo e data|data e luogo|lugar y fecha|fecha y lugar|"
                     "miejscowosc i data|miejscowosc data|date signed|signed on|datum unterschrift|"
                     "sted og dato|sted dato|ort och datum|ort datum|local e data|local data|"
                     # Romanian and Hungarian
                     "locul si data|data si locul"),
    "claim_type": _p("claim type|type of claim|claim category|cover type|type of cover|type of loss|loss type|"
                     "vakuutuslaji|art des schadens|schadenart|sparte|versicherungsart|type verzekering|soort schade|"
                     "type de sinistre|nature du sinistre|type de contrat|tipo de siniestro|tipo di sinistro|ramo|"
                     "rodzaj szkody|rodzaj ubezpieczenia|tipo de seguro|tipo di polizza|what is the claim for|"
                     "claim for|what are you claiming for|cover affected|garantie concernee|garantie|"
                     "type de garantie|tipo de cobertura|copertura|dekking|soort verzekering|deckung|typ av skada|"
                     "forsakringsslag|skadetype|forsikringstype|skadetyp|vahinkolaji|druh pojisteni|"
                     # Czech and Slovak: the kind of loss, of insurance or of event
                     "typ skody|druh skody|typ pojisteni|typ udalosti|druh udalosti|druh poistenia|typ poistenia|"
                     # Romanian and Hungarian
                     "tip dauna|tipul daunei|tipul asigurarii|tip asigurare|tipul evenimentului|tipul politei|"
                     "kar tipusa|karesemeny tipusa|biztositas tipusa|kartipus|modozat|biztositasi modozat"),
    # printed beside values on forms, never a value themselves
    # the state, province or county of an address, which no schema here asks: a caption, never a value
    "region": _p("state|province|state province|province state|county|region|bundesland|kanton|canton|provincia|"
                 "estado|provincie|wojewodztwo|departement|region province|state territory|territory|estado uf|uf|"
                 # Romanian and Hungarian: a county
                 "judet|judetul|sector|megye"),
    "contact": _p("phone|telephone|phone number|telephone number|daytime phone|mobile|mobile phone|cell|fax|telef|"
                  "telemovel|telemovil|"
                  "email|e mail|mail|contact|contact phone|contact number|telefon|telefonnummer|handy|mobil|"
                  "telefoon|telefoonnummer|mobiel|telefono|telefono de contacto|numero de telefono|cellulare|"
                  "numer telefonu|telefon kontaktowy|tel|tel no|fon|courriel|portable|recapito telefonico|"
                  "recapito|numero di telefono|telefonnr|telefon tagsuber|phone daytime|telephone daytime|"
                  "telefoon overdag|telephone de jour|telefono diurno|"
                  # e-mail in Spanish, Portuguese, Italian, Dutch, Polish and German
                  "correo electronico|correo|e mail de contacto|posta elettronica|indirizzo email|e mailadres|"
                  "adres e mail|e mail adresse|"
                  # Romanian and Hungarian
                  "numar de telefon|nr telefon|telefonszam|"
                  # Finnish, Swedish, Danish and Norwegian: phone, mobile, e-mail
                  "puhelin|puh|puhelinnumero|matkapuhelin|sahkoposti|telefonnr|mobiltelefon|tlf|e post|epost"),
    # how a receipt was paid: a caption, never a name ("MÉTODO DE PAGO", "Zahlungsmethode")
    "payment_method": _p("payment method|method of payment|payment type|paid with|paid by|card type|zahlungsmethode|"
                         # the terms of payment, a caption beside the references ("Betalingsbetingelser  Kontant")
                         "payment terms|terms of payment|zahlungsbedingungen|betalingsbetingelser|betalingsvilkar|"
                         "betalningsvillkor|betalingsvoorwaarden|conditions de paiement|condiciones de pago|"
                         "maksetingimused|maksevoimalus|makseviis|apmaksas noteikumi|"
                         "zahlungsart|zahlweise|bezahlart|moyen de paiement|mode de paiement|mode de reglement|"
                         "metodo de pago|forma de pago|metodo di pagamento|modalita di pagamento|betaalmethode|"
                         "betaalwijze|metodo de pagamento|forma de pagamento|meio de pagamento|metoda platnosci|"
                         "sposob platnosci|forma platnosci|betalningsmetod|betalningssatt|betalingsmetode|"
                         "betalingsmate|betalingsmiddel|maksutapa|zpusob platby|platebni metoda|"
                         # Romanian and Hungarian
                         "modalitate de plata|modalitatea de plata|metoda de plata|mod de plata|"
                         "forma de plata|fizetesi mod|fizetes modja|fizetesi modja"),
    "signature": _p("signature|signed|sign|unterschrift|handtekening|podpis|firma|signe|signed by|"
                    "signature of claimant|assinatura|"
                    # the insured's signature ("Unterschrift des Versicherungsnehmers", "Firma del asegurado")
                    "signature of insured|signature of the insured|signature of policyholder|"
                    "unterschrift des versicherungsnehmers|unterschrift versicherungsnehmer|"
                    "unterschrift des versicherten|signature de l assure|signature assure|signature du souscripteur|"
                    "firma del asegurado|firma del tomador|firma dell assicurato|firma del contraente|"
                    "handtekening verzekerde|handtekening verzekeringnemer|assinatura do segurado|"
                    "assinatura do tomador|podpis ubezpieczonego|podpis ubezpieczajacego|underskrift|namnteckning|"
                    "signatur|allekirjoitus|forsakringstagarens underskrift|forsikringstakers underskrift|"
                    "forsikringstagers underskrift|"
                    # Romanian and Hungarian
                    "semnatura|semnatura asiguratului|semnatura si stampila|alairas|biztositott alairasa|"
                    "alairasa|ugyfel alairasa"),
}

_CONCEPTS.update({
    "claimant": _p(
        "claimant|claimant name|full name|policyholder|policy holder|name policyholder|insured|insured name|"
        "nombre completo|nome completo|nom complet|vollstandiger name|volledige naam|"
        "insured person|name insured|versicherungsnehmer|versicherter|verzekeringnemer|verzekerde|assure|"
        "souscripteur|asegurado|tomador|tomador do seguro|tomador del seguro|assicurato|contraente|ubezpieczony|"
        "ubezpieczajacy|segurado|antragsteller|forsikringstaker|forsikringstager|forsakringstagare|"
        "forsakrad|forsikret|sikrede|vakuutettu|vakuutuksenottaja|pojistnik|pojisteny|"
        "anspruchsteller|declarant|zglaszajacy|melder|schademelder|dichiarante|declarante|richiedente|solicitante|"
        "requerente|demandeur|aanvrager|reclamante|"
        # the name and whose it is ("Nombre del reclamante", "Name des Anspruchstellers", "Naam aanvrager": label
        # tokens write each language's word for a name as "name")
        "name reclamante|name asegurado|name tomador|name anspruchsteller|name versicherungsnehmer|"
        "name versicherter|name richiedente|name assicurato|name contraente|name aanvrager|name verzekeringnemer|"
        "name verzekerde|name demandeur|name assure|name souscripteur|name segurado|"
        # Romanian and Hungarian
        "asigurat|asiguratul|numele asiguratului|nume asigurat|contractant|asigurat contractant|pagubit|"
        "biztositott|biztositott neve|szerzodo|szerzodo neve|karosult|bejelento")
    + _p("name|first name last name|vorname nachname|imie i nazwisko|apellidos|namn|navn|nimi|koko nimi|"
         "fullstendig navn|fullstandigt namn|etu ja sukunimi|sukunimi ja etunimi|jmeno|meno", 0.8)
    + _p("name vorname|vorname name|nachname vorname|nom prenom|prenom nom|nombre apellidos|nombre y apellidos|"
         "nome cognome|cognome nome|cognome e nome|imie nazwisko|voornaam achternaam|vor nachname|voor achternaam|"
         "prijmeni a jmeno|jmeno a prijmeni|prijmeni jmeno|jmeno prijmeni|priezvisko a meno|meno a priezvisko|"
         "naam en voorletters|voorletters en naam|naam voorletters|cele jmeno|cele meno|nominativo|"
         "nominativo assicurato|nominativo contraente|name si prenume|prenume si name|name prenume|"
         "name si prenumele", 0.9)
    + _p("policyholder name|insured full name|name of insured|name of policyholder|nom prenom assure|"
         "nom assure|name versicherungsnehmer|name versicherter|naam verzekerde|naam verzekeringnemer|"
         "nombre asegurado|nombre tomador|nome assicurato|nome contraente|imie nazwisko ubezpieczonego|"
         "nome do segurado|nome do tomador|nome segurado|nombre del asegurado|nom de l assure|"
         "for och efternamn|fullt navn|fulde navn|forsakringstagarens namn|forsikringstakers navn|"
         "forsikringstagers navn|den forsakrades namn|jmeno pojisteneho|jmeno pojistnika|"
         "jmeno a prijmeni pojisteneho|meno poisteneho|meno poistnika|"
         "your name|your full name|ihr name|votre nom|su nombre|il suo nome|uw naam|twoje imie i nazwisko"),
    "incident_date": _p(
        "incident date|date incident|date loss|loss date|accident date|date accident|schadendatum|schadentag|"
        "datum schade|datum schadegeval|date sinistre|date incident|fecha siniestro|fecha ocurrencia|"
        "data sinistro|data zdarzenia|data szkody|occurred on|date event|incident occurred|date occurrence|"
        "schadensdatum|datum voorval|data evento|when did it happen|when did the incident happen|"
        "when did the loss occur|date of the incident|date of the loss|datum des schadens|datum van de schade|"
        "date du sinistre|fecha del siniestro|data del sinistro|data zdarzenia|wann ist der schaden eingetreten|"
        "survenu le|date de survenance|ocurrido el|fecha del suceso|accaduto il|verificatosi il|eingetreten am|"
        "datum van het voorval|date of event|event date|date of service|service date|date of treatment|"
        "treatment date|behandlungsdatum|date des soins|fecha de atencion|data della prestazione|tag des schadens|"
        "schadenstag|datum des unfalls|unfalltag|datum ongeval|datum van het ongeval|fecha del accidente|"
        "date de l accident|data dell incidente|data wypadku|data incydentu|schadenereignis|datum schadenereignis|"
        "datum des schadenereignisses|datum des schadenfalls|schadenfall datum|avvenuto il|data dell evento|"
        "data da ocorrencia|data de ocorrencia|ocorrido em|data do sinistro|data do acidente|fecha de ocurrencia|"
        "tag des ereignisses|datum des ereignisses|ereignisdatum|date de l evenement|datum van het voorval|"
        "skadedatum|skadedato|skadedag|datum for handelsen|dato for hendelsen|dato for haendelsen|vahinkopaiva|"
        "datum udalosti|tapahtumapaiva|vahingon paivamaara|vahinkopaivamaara|datum vzniku skody|datum skody|"
        "datum vzniku udalosti|datum vzniku pojistne udalosti|den vzniku skody|datum poistnej udalosti|"
        # a medical claim's onset or first treatment
        "date of onset|onset date|date of first treatment|first treatment date|fecha de inicio de la enfermedad|"
        "fecha de inicio|date de debut de la maladie|date des premiers soins|beginn der erkrankung|"
        "datum der erstbehandlung|data di inizio della malattia|data inizio malattia|datum eerste behandeling|"
        "data do inicio da doenca|data rozpoczecia leczenia|data zachorowania|data pierwszej wizyty|"
        "date of first visit|fecha de la primera visita|datum des ersten arztbesuchs|datum for insjuknande|"
        "insjuknandedatum|dato for sykdomsdebut|sairastumispaiva|datum vzniku onemocneni|datum for olyckan|"
        "debut de la maladie|begin klachten|datum begin klachten|begin van de klachten|data prima visita|"
        "data della prima visita|date de la premiere consultation|date premiere consultation|erstbehandlung|"
        "datum erstbehandlung|datum eerste consult|fecha primera consulta|data da primeira consulta|"
        "primera asistencia|fecha de primera asistencia|first consultation|date of first consultation|"
        "erste behandlung|erste behandlung am|eerste behandeling|primeira assistencia|pierwsza wizyta|"
        "prvni osetreni|datum prvniho osetreni|forsta behandling|forste behandling|forste behandlingsdato|"
        "data do primeiro atendimento|primeiro atendimento|behandlungsbeginn|beginn der behandlung|erkrankt seit|"
        "date symptoms started|date of illness or injury|date of illness|data inizio cure|inizio cure|"
        "dato for forste behandling|date the problem occurred|datum der erkrankung|"
        "erkrankungsdatum|date de la maladie|date de la maladie accident|datum eerste symptomen|eerste symptomen|"
        "date of first symptoms|date symptoms first noticed|data dei primi sintomi|fecha de los primeros sintomas|"
        "data dos primeiros sintomas|data pierwszych objawow|datum prvnich priznaku|data da doenca|"
        "data da enfermidade|date signs first noticed|signs first noticed|date first noticed|first noticed on|"
        "fecha de la enfermedad|data della malattia|datum ziekte|datum van de ziekte|data choroby|datum nemoci|"
        "dato for sygdommen|dato for skaden|dato for skade|datum for skadan|dato for skaden oppstod|"
        # Romanian and Hungarian
        "data evenimentului|data producerii|data producerii evenimentului|data accidentului|data daunei|"
        "data incidentului|data si ora evenimentului|karesemeny datuma|karesemeny idopontja|a kar idopontja|"
        "kar idopontja|kar datuma|karesemeny ideje|baleset idopontja|baleset datuma|a karesemeny idopontja"),
    "claim_amount": _p(
        "vaadittu summa|vaadittu maara|korvausvaatimus|vahingon maara|claim amount|amount claimed|claimed amount|total claimed|schadenhohe|geforderter betrag|"
        "forderungsbetrag|schadenssumme|uppskattat belopp|uppskattad skada|skadekostnad|uppskattad skadekostnad|"
        "anslaet skadebelob|anslaet belob|anmeldt belob|anmeldt skadebelob|anmeldt krav|krav|krav belop|kravbelop|"
        "krav belob|kravbelob|krevd belop|skadekrav|"
        "anslatt belop|anslatt skadebelop|arvioitu summa|arvioitu vahinko|summe der rechnungen|rechnungssumme|"
        "gesamtsumme der rechnungen|total of invoices|total des factures|totale fatture|suma faktur|totaal facturen|"
        "montant reclame|montant demande|importe reclamado|importo richiesto|"
        "kwota roszczenia|geclaimd bedrag|gevraagd bedrag|schadebedrag|estimated loss|loss amount|"
        "wartosc szkody|szacowana wartosc szkody|szacowana kwota|kwota szacowana|wysokosc szkody|"
        "geschatzte schadenhohe|geschat schadebedrag|"
        "montant estime|importe estimado|importo stimato|estimated amount|amount of loss|amount of claim|"
        "importe estimado de los danos|importe estimado de danos|importe estimado del dano|"
        "montant estime des dommages|montant estime du dommage|importo stimato del danno|importo stimato dei danni|"
        "stima del danno|importo del danno|danno stimato|estimated damage|schadensumme|montant du dommage|"
        "importe de los danos|wysokosc roszczenia|estimation du dommage|estimation des dommages|"
        "estimacion de los danos|schatting schade|geschatte schade|valoracion de danos|valoracion de los danos|"
        "estimated cost|cost estimate|estimated value|amount of damage|value of claim|repair cost|"
        "importe de la reclamacion|cuantia reclamada|importe del siniestro|valutazione del danno|importo reclamato|"
        "montant de la reclamation|montant du sinistre|schadenbetrag|bedrag van de schade|kwota szkody|"
        "geschatzter schaden|geschatzter schadenbetrag|valor reclamado|valor estimado|valor do prejuizo|"
        "amount do dano|amount dos danos|montante do dano|montante reclamado|montante estimado|"
        "estimation du prejudice|montant du prejudice|montante do prejuizo|valor estimado dos danos|"
        "wnioskowana kwota|szacunkowa wartosc szkody|kwota odszkodowania|valoracion estimada|importe del dano|"
        "importe de la indemnizacion|importo del risarcimento|montant de l indemnisation|gevraagde vergoeding|"
        "begart belopp|krevd belop|kraevet belob|anslatt skade|anslaet skade|uppskattad kostnad|skadebelop|"
        "skadebelob|pozadovana castka|prejuizo estimado|valor do prejuizo estimado|"
        "odhad vyse skody|vyse skody|odhadovana vyse skody|odhadovana skoda|vyse nahrady|pozadovane plneni|"
        "vyska skody|odhad vysky skody|importe total solicitado|importe solicitado|total solicitado|amount requested|"
        "total amount requested|total amount claimed|montant total demande|importo totale richiesto|"
        "gesamtbetrag der forderung|totaal gevraagd bedrag|valor total solicitado|laczna kwota roszczenia|"
        "summa ersattningsansprak|ersattningsansprak|samlet krav|krav i alt|korvausvaatimus yhteensa|"
        "totaal te vergoeden|te vergoeden|erstattungsbetrag|erstattungsbetrag gesamt|total demande|montant demande total|"
        # Romanian and Hungarian
        "suma estimata|valoare estimata|valoarea estimata|valoarea estimata a daunei|valoare estimata dauna|"
        "suma solicitata|valoarea daunei|suma despagubire|despagubire solicitata|becsult karosszeg|karosszeg|"
        "becsult kar|becsult karertek|karigeny|igenyelt osszeg|karigeny osszege")
    # the sum under a claim's list of costs ("Aufstellung der Kosten" … "Gesamtbetrag 1.145,38 €"): a claim form
    # prints no other total
    + _p("gesamtbetrag|gesamtsumme|total|total amount|totale|importo totale|montant total|total general|"
         "importe total|suma|razem|totaal|totaalbedrag|celkem|yhteensa|i alt|summa|sum", 0.75),
    "police_report": _p(
        "police report|police report filed|police notified|police informed|reported to police|police called|"
        # Mexico: a complaint laid before the public prosecutor ("¿Se levantó denuncia ante el MP?")
        "se levanto denuncia|levanto denuncia|denuncia ante el mp|denuncia ante el ministerio publico|"
        "ministerio publico|acta ante el mp|"
        "polizei verstandigt|polizeiliche anzeige|anzeige erstattet|anzeige bei polizei|aangifte gedaan|"
        "aangifte bij politie|politie ingelicht|depot de plainte|plainte deposee|police prevenue|"
        "denuncia presentada|denuncia policial|denuncia alle autorita|zgloszenie na policje|policja powiadomiona|"
        "polizeibericht|proces verbaal|atestado policial|verbale di polizia|"
        # Belgian and French: a police report is a "proces-verbaal" / "procès-verbal" (drawn up: "opgesteld", "établi")
        "proces verbaal opgesteld|werd er een proces verbaal opgesteld|proces verbaal opgemaakt|proces verbal etabli|"
        "proces verbal de police|"
        # Swiss German and French: a police report is a "Rapport" ("Polizeirapport erstellt", "Rapport de police")
        "polizeirapport|polizeirapport erstellt|rapport de police|"
        "was the incident reported to the police|has the incident been reported to the police|"
        "was the loss reported to the police|were the police notified|incident reported to police|"
        # the question as a form asks it ("Wurde die Polizei verständigt?", "¿Se presentó denuncia?")
        "polizeilich gemeldet|wurde die polizei verstandigt|polizei benachrichtigt|police a t elle ete prevenue|"
        # ... or whether the police were called in ("Wurde die Polizei hinzugezogen?", "Were the police involved?")
        "polizei hinzugezogen|wurde die polizei hinzugezogen|polizei eingeschaltet|wurde die polizei eingeschaltet|"
        "police involved|were the police involved|police contacted|were the police contacted|"
        "politie ingeschakeld|is de politie ingeschakeld|"
        "polizeianzeige|polizeianzeige erstattet|wurde eine polizeianzeige erstattet|"
        "plainte deposee|se presento denuncia|denuncia a la policia|e stata sporta denuncia|sporta denuncia|"
        "denuncia all autorita|participacao a policia|participacao policial|foi feita queixa|queixa apresentada|"
        "is er aangifte gedaan|aangifte bij de politie|czy powiadomiono policje|zgloszono na policje|"
        "czy zgloszono na policje|notatka policyjna|czy zdarzenie zgloszono na policje|"
        "foi apresentada participacao as autoridades|participacao as autoridades|auto policial|"
        "denuncia ante la policia|police gendarmerie prevenue|gendarmerie prevenue|proces verbaal opgemaakt|"
        "polisanmalt|polisanmalan|har polisanmalan gjorts|politianmeldelse|politianmeldt|anmeldt til politiet|"
        "politianmeldelse foretaget|rikosilmoitus|oznameno policii|polizeilich aufgenommen|"
        "wurde der unfall polizeilich aufgenommen|un proce verbal a t il ete etabli|"
        "proce verbal a t il ete etabli|proce verbal etabli|un proce verbal de police a t il ete etabli|"
        "proce verbal de police|boletim de ocorrencia|boletim policial|"
        "meldt til politiet|er skaden meldt til politiet|meldt til politi|"
        "poliisi ilmoitus tehty|poliisi ilmoitus|poliisille ilmoitettu|tehty rikosilmoitus|"
        "anmalt till polisen|polisanmald|oznamena policii|udalost oznamena policii|byla udalost oznamena policii|hlaseno policii|"
        "nahlasene policii|oznamene policii|polisrapport|polisrapport upprattad|politirapport|"
        "politirapport optaget|policejni protokol|protokol policji|raport policji|"
        # Romanian and Hungarian
        "a fost anuntata politia|anuntata politia|politia anuntata|proces verbal politie|"
        "evenimentul a fost declarat la politie|a fost declarat la politie|declarat la politie|"
        "evenimentul a fost raportat la politie|a fost raportat la politie|raportat la politie|"
        "a fost depusa plangere la politie|depusa plangere la politie|plangere la politie|plangere politie|"
        "rendorsegi bejelentes|tortent rendorsegi bejelentes|tortent rendorsegi feljelentes|"
        "rendorsegi feljelentes|rendorseg ertesitve|rendorsegi jegyzokonyv|ertesitettek a rendorseget")
    + _p("police|aangifte|anzeige|denuncia|plainte|politiet|poliisi", 0.8),
    "policy_number": _p(
        "policy number|policy no|policy|policennummer|polizzennummer|versicherungsnummer|polisnummer|vakuutusnro|"
        "vakuutuksen numero|"
        "no police|numero police|numero polizza|numer polisy|numero poliza|contract no|vertragsnummer|"
        "policen no|polizzen no|police no|polis no|versicherungsschein no|no contrat|numero de contrat|"
        "contrat no|no de contrat|policy reference|policy ref|versicherungsschein|versicherungsscheinnummer|"
        "numero de poliza|polizza no|numero contratto|reference contrat|polisnr|vers no|vers nr|contractnummer|"
        "forsakringsnummer|forsakringsnr|forsikringsnummer|polisenummer|policenummer|policenr|avtalenr|"
        "avtalenummer|vakuutusnumero|sopimusnumero|sopimuksen numero|vakuutussopimus|cislo pojistky|cislo smlouvy|no smlouvy|cislo pojistne smlouvy|no pojistky|"
        "pojistna smlouva|cislo zmluvy|cislo poistnej zmluvy|"
        # Romanian and Hungarian
        "numar polita|polita no|no polita|serie polita|seria polita|kotvenyszam|kotveny no|szerzodesszam|"
        "szerzodes no|szerzodes szama")
    + _p("certificate number|certificate no|contract number|member number|member id|no d adhesion|"
         "numero d adhesion|numero adherent|no adherent|numero de adherente|numero de afiliado", 0.85),
})


def _add_labels(by_concept: dict[str, str]) -> None:
    """A language's label phrases ("|"-separated, as :func:`_p` reads them) added to each concept's."""
    for concept, spec in by_concept.items():
        _CONCEPTS[concept] = [*_CONCEPTS[concept], *_p(spec)]


# Turkish: an invoice ("Fatura"), a receipt ("Fiş") and a claim form ("Hasar İhbar Formu")
_add_labels({
    "invoice_number": "fatura no|fatura numarasi|fatura nr|belge no|fatura seri sira no",
    "invoice_date": "fatura tarihi|duzenleme tarihi|duzenlenme tarihi|belge tarihi|tarih",
    "due_date": "son odeme tarihi|vade tarihi|odeme tarihi|vade",
    "subtotal": "kdv haric toplam|kdv haric tutar|mal hizmet toplam tutari|toplam matrah|matrah",
    "tax": "kdv|kdv tutari|hesaplanan kdv|toplam kdv",
    "total": "genel toplam|toplam tutar|odenecek tutar|vergiler dahil toplam tutar|kdv dahil toplam|toplam",
    "customer": "alici|musteri|sayin|alici bilgileri|musteri bilgileri",
    "party": "satici|duzenleyen|satici bilgileri",
    "description": "aciklama|urun|hizmet|urun hizmet|mal hizmet|urun adi|hizmet aciklamasi|mal hizmet cinsi",
    "quantity": "miktar|adet",
    "unit_price": "birim fiyat|birim fiyati|fiyat|fiyati",
    "amount": "tutar|mal hizmet tutari",
    "payment_method": "odeme sekli|odeme yontemi",
    "claimant": "sigortali|sigortali adi soyadi|ad soyad|adi soyadi|sigorta ettiren",
    "birth_date": "dogum tarihi",
    "policy_number": "police no|police numarasi",
    "incident_date": "hasar tarihi|olay tarihi|kaza tarihi",
    "claim_amount": "talep edilen tutar|hasar tutari|tahmini hasar tutari|talep tutari",
    "police_report": "polis raporu|polise bildirildi mi|polis tutanagi|polise bildirildi",
    "claim_type": "hasar turu|talep turu|hasar tipi",
    "address": "adres|sokak",
    "city": "sehir|il ilce|ilce",
    "postal_code": "posta kodu",
    "signature": "imza|sigortali imzasi|sigortalinin imzasi",
})

# Croatian: an invoice ("Račun"), a claim form ("Prijava štete")
_add_labels({
    "invoice_number": "broj racuna|racun broj|racun br|br racuna|racun",
    "invoice_date": "datum racuna|datum izdavanja|datum i vrijeme izdavanja",
    "due_date": "datum dospijeca|dospijece|rok placanja|datum placanja",
    "subtotal": "osnovica|porezna osnovica|ukupno bez pdv|iznos bez pdv|ukupno bez pdv a",
    "tax": "pdv|iznos pdv|iznos pdv a|ukupno pdv|pdv ukupno",
    "total": "ukupno|ukupno za platiti|ukupno za placanje|za platiti|za placanje|sveukupno|ukupan iznos",
    "customer": "kupac|narucitelj|primatelj",
    "party": "prodavatelj|dobavljac|izdavatelj",
    "description": "naziv|opis|naziv artikla|opis usluge|naziv usluge|artikl",
    "quantity": "kol|kolicina",
    "unit_price": "cijena|jedinicna cijena|jed cijena|cijena po jedinici",
    "amount": "iznos|vrijednost|ukupno stavka",
    "claimant": "ime i prezime|ime i prezime osiguranika|osiguranik|ugovaratelj|ugovaratelj osiguranja",
    "birth_date": "datum rodenja",
    "policy_number": "broj police|polica br|polica broj|broj ugovora",
    "incident_date": "datum stete|datum stetnog dogadaja|datum nastanka stete|datum dogadaja|datum nezgode",
    "claim_amount": "iznos stete|iznos odstetnog zahtjeva|zahtijevani iznos|procijenjeni iznos stete|"
                    "odstetni zahtjev|visina stete|procijenjena visina stete",
    "police_report": "prijavljeno policiji|je li prijavljeno policiji|policijski zapisnik|policija",
    "claim_type": "vrsta stete|vrsta osiguranja",
    "address": "adresa|ulica|ulica i kucni broj|ulica i broj",
    "city": "mjesto|grad|mjesto stanovanja",
    "postal_code": "postanski broj",
    "signature": "potpis|potpis osiguranika|potpis podnositelja",
})

# Slovenian: an invoice ("Račun"), a claim form ("Prijava škode")
_add_labels({
    "invoice_number": "stevilka racuna|racun st|st racuna",
    "invoice_date": "datum racuna|datum izdaje|datum izstavitve",
    "due_date": "datum zapadlosti|zapadlost|rok placila|datum placila",
    "subtotal": "skupaj brez ddv|osnova za ddv|davcna osnova|znesek brez ddv|osnova",
    "tax": "ddv|znesek ddv|skupaj ddv|ddv skupaj",
    "total": "za placilo|skupaj za placilo|skupaj|skupni znesek|znesek za placilo",
    "customer": "kupec|narocnik|prejemnik",
    "party": "prodajalec|dobavitelj|izdajatelj",
    "description": "opis|naziv|opis storitve",
    "quantity": "kol|kolicina",
    "unit_price": "cena enoto|cena na enoto|cena|cena za enoto",
    "amount": "znesek|vrednost",
    "claimant": "ime zavarovanca|zavarovanec|ime in priimek|ime in priimek zavarovanca|sklenitelj",
    "birth_date": "datum rojstva",
    "policy_number": "stevilka police|polica st|st police",
    "incident_date": "datum skodnega dogodka|datum skode|datum dogodka|datum nesrece",
    "claim_amount": "zahtevani znesek|znesek skode|ocenjena skoda|odskodninski zahtevek|ocenjena visina skode|"
                    "visina skode",
    "police_report": "prijavili policiji|ali ste dogodek prijavili policiji|prijava policiji|policijski zapisnik",
    "claim_type": "vrsta skode|vrsta zavarovanja",
    "address": "naslov|ulica|ulica in hisna stevilka",
    "city": "kraj|mesto|posta",
    "postal_code": "postna stevilka|postna st",
    "signature": "podpis|podpis zavarovanca",
})

# Estonian: an invoice ("Arve"), a receipt ("Kviitung", "Tšekk") and a claim form ("Kahjuavaldus")
_add_labels({
    "invoice_number": "arve nr|arve number|arve no|arve number nr",
    "invoice_date": "arve kuupaev|kuupaev|koostamise kuupaev|valjastamise kuupaev",
    "due_date": "maksetahtaeg|maksetahtpaev|tasumise tahtaeg|tahtaeg|maksta hiljemalt",
    "subtotal": "summa kaibemaksuta|kokku kaibemaksuta|kaibemaksuta|maksustatav summa|vahesumma|km ta|summa km ta",
    "tax": "kaibemaks|kaibemaks kokku|km summa|kaibemaksu summa",
    "total": "kokku|kokku tasuda|tasuda|tasumisele kuulub|summa kokku|arve summa|kokku koos kaibemaksuga",
    "customer": "ostja|klient|maksja|arve saaja",
    "party": "muuja|tarnija|teenuse osutaja",
    "description": "kirjeldus|toode|teenus|nimetus|toode teenus|kauba nimetus",
    "quantity": "kogus|kgs",
    "unit_price": "uhiku hind|uhikuhind|hind",
    "amount": "summa|maksumus|rea summa",
    "claimant": "kindlustusvotja|kindlustatu|ees ja perekonnanimi|nimi|taisnimi|kahjusaaja",
    "birth_date": "sunniaeg|sunnikuupaev",
    "policy_number": "poliisi number|poliisi nr|poliis|lepingu number|poliisinumber",
    "incident_date": "kahjujuhtumi kuupaev|juhtumi kuupaev|kahju kuupaev|onnetuse kuupaev|toimumise kuupaev",
    "claim_amount": "kahju hinnanguline suurus|kahju suurus|noutav summa|hinnanguline kahju|kahjusumma|"
                    "noutud summa|kahju summa",
    "police_report": "kas juhtumist teatati politseile|teatati politseile|politseile teatatud|politsei",
    "claim_type": "kahju liik|kindlustuse liik|kahjujuhtumi liik",
    "address": "aadress|tanav|tanav maja korter|tanav ja maja",
    "city": "linn|linn vald|asula|vald",
    "postal_code": "postiindeks|sihtnumber",
    "signature": "allkiri|kindlustusvotja allkiri|taotleja allkiri",
})

# Latvian: an invoice ("Rēķins"), a claim form ("Pieteikums atlīdzības saņemšanai")
_add_labels({
    "invoice_number": "rekina nr|rekins nr|rekina numurs",
    "invoice_date": "rekina datums|izrakstisanas datums|datums",
    "due_date": "apmaksas termins|samaksas termins|apmaksat lidz",
    "subtotal": "summa bez pvn|kopa bez pvn|bez pvn|apliekama summa",
    "tax": "pvn|pvn summa|pvn kopa",
    "total": "kopa apmaksai|apmaksai|kopa|summa apmaksai|kopeja summa|kopa ar pvn",
    "customer": "pircejs|klients|sanemejs|maksatajs",
    "party": "pardevejs|piegadatajs|pakalpojuma sniedzejs",
    "description": "nosaukums|apraksts|prece|pakalpojums|preces nosaukums",
    "quantity": "daudzums|skaits",
    "unit_price": "cena|vienibas cena|cena par vienibu",
    "amount": "summa|vertiba",
    "claimant": "apdrosinajuma nemejs|apdrosinatais|vards uzvards|vards un uzvards|pieteicejs",
    "birth_date": "dzimsanas datums",
    "policy_number": "polises numurs|polises nr|polise",
    "incident_date": "negadijuma datums|zaudejumu datums|notikuma datums",
    "claim_amount": "zaudejumu summa|pieprasita summa|aplesta zaudejumu summa|atlidzibas summa",
    "police_report": "vai zinots policijai|zinots policijai|policija",
    "claim_type": "zaudejumu veids|apdrosinasanas veids|negadijuma veids",
    "address": "adrese|iela|iela maja dzivoklis",
    "city": "pilseta|novads|apdzivota vieta",
    "postal_code": "pasta indekss",
    "signature": "paraksts|apdrosinajuma nemeja paraksts",
})

_VOCAB = frozenset(t for phrases in _CONCEPTS.values() for p in phrases for t in p.tokens) | frozenset(
    _SYNONYMS.values())
_WORDS = _VOCAB | frozenset(_SYNONYMS)  # the label words and the spellings each stands for
# the words a slip is looked for among: the label words, and the spellings and translations each stands for
# ("nanssance" for "naissance", "adtesse" for "adresse")
_VOCAB_ORDER = tuple(sorted(_VOCAB | {w for w in _SYNONYMS if len(w) >= 6}))
_PHRASE_STARTS = frozenset(p.tokens[:2] for phrases in _CONCEPTS.values() for p in phrases if len(p.tokens) >= 2)
_PHRASE_PAIRS = frozenset(pair for phrases in _CONCEPTS.values() for p in phrases
                          for pair in zip(p.tokens, p.tokens[1:], strict=False))
_SHORT_WORDS = tuple(sorted(t for t in _VOCAB if 2 <= len(t) <= 6))
_fuzzy.cache_clear()

# A field whose name ends in one of these words gets that concept's labels (weaker) when it has none itself.
_GENERIC_TAILS = {"name": "name", "address": "address", "city": "city", "date": "invoice_date"}

# Field name → concept. Names not listed here still get phrases made from their own words.
_FIELD_CONCEPTS: dict[str, str] = {
    "invoice_number": "invoice_number", "invoice_no": "invoice_number", "invoice_id": "invoice_number",
    "invoice_date": "invoice_date", "date": "invoice_date", "issue_date": "invoice_date",
    "due_date": "due_date", "payment_due_date": "due_date",
    "subtotal": "subtotal", "net_amount": "subtotal", "net_total": "subtotal", "amount_untaxed": "subtotal",
    "tax": "tax", "tax_amount": "tax", "vat": "tax", "vat_amount": "tax",
    "total": "total", "total_amount": "total", "amount_due": "total", "grand_total": "total",
    "vendor_name": "party", "merchant_name": "party", "supplier_name": "party", "seller_name": "party",
    "issuer": "party", "company_name": "party", "party": "party", "supplier": "party", "vendor": "party",
    "seller": "party", "merchant": "party", "issuer_name": "party", "shipper": "party", "sender": "party",
    "customer": "customer", "customer_name": "customer", "buyer": "customer", "buyer_name": "customer",
    "bill_to": "customer", "recipient": "customer", "carried": "carried",
    "description": "description", "quantity": "quantity", "qty": "quantity", "unit_price": "unit_price",
    "price": "unit_price", "amount": "amount", "line_total": "amount", "currency": "currency",
    "street": "address", "city": "city", "postal_code": "postal_code", "zip": "postal_code",
    "zip_code": "postal_code", "date_of_birth": "birth_date", "birth_date": "birth_date", "signed": "signature",
    "signature": "signature", "claimant_name": "claimant", "policyholder": "claimant", "insured_name": "claimant",
    "incident_date": "incident_date", "loss_date": "incident_date", "date_of_loss": "incident_date",
    "claim_amount": "claim_amount", "amount_claimed": "claim_amount", "policy_number": "policy_number",
    "police_report_filed": "police_report", "claim_type": "claim_type", "loss_type": "claim_type",
    "police_report": "police_report", "police_notified": "police_report",
    "policy_no": "policy_number", "phone": "contact", "contact": "contact", "email": "contact",
    "state": "region", "province": "region", "region": "region", "county": "region",
}

#: a witness's details on a claim form ("Witness date of birth", "Name des Zeugen", "Nom du témoin"): another
#: person's, never the claimant's
_WITNESS = frozenset("witness witnesses zeuge zeugen temoin temoins testigo testigos testimone testimoni getuige "
                     "getuigen swiadek swiadka swiadkow vittne vittnes vittnets vidne vitne todistaja testemunha "
                     "svedek svedka martor martorului tanu svjedok svjedoka prica price".split())

WITNESS_WORDS = _WITNESS
#: the words of a place where a loss happened ("Plaats van de schade", "Ort des Schadens", "City of incident",
#: "Adresse du sinistre"): another address than the claimant's, as folded by label_tokens
_INCIDENT_PLACE = frozenset("claim incident loss damage skade skada szkody skody hasar".split())

# Words that rule a label out for a concept unless the label matches one of its phrases exactly.
_NEGATIVE: dict[str, frozenset[str]] = {
    "birth_date": _WITNESS, "claimant": _WITNESS, "address": _WITNESS | _INCIDENT_PLACE,
    "postal_code": _WITNESS | _INCIDENT_PLACE,
    # the day a discount for paying early ends ("3 % Skonto bei Zahlung bis", "Descuento 3 % por pago antes del"),
    # not the day the invoice falls due
    "due_date": frozenset("skonto skontos rabatt rabat descuento escompte sconto korting discount remise rabais "
                          "nachlass".split()),
    # ("Total bruto": the Spanish and Portuguese sum of the lines before tax)
    "total": frozenset("sub sous subtotal subtotaal net netto excl exclusief excluding ohne hors ht zwischensumme bruto "
                       "before untaxed tax vat btw tva mwst iva podatek rate afa fara nelkul".split()),
    # the day a listing was printed is not its date ("DATE PRINTED 29/01/24 11:49", "UTSKRIFTSDATO", "Druckdatum")
    "invoice_date": frozenset("printed print printout run spool gedruckt druck druckdatum utskrift "
                              "utskriftsdato utskrivet skrevet imprime impression stampato stampa impreso impresion wydruk "
                              "afgedrukt tulostettu "
                              "due order delivery ship shipping birth verval vervaldatum fallig echeance limite "
                              "levering liefer lieferdatum leistung leistungsdatum zahlung payment paiement "
                              "platnosci zaplaty start end from to period check expiry valid vencimiento vencimento "
                              "scadenza orderdatum bestelldatum sprzedazy commande bestelling bestellung pedido "
                              "ordine zamowienia livraison lieferung consegna entrega encomenda "
                              # Romanian and Hungarian: due, delivery ("Teljesítés dátuma"), order (as label_tokens stems them)
                              "scadenta scadentei livrare livrarii comanda comenzii teljesite teljesitesi hatarido "
                              "esedekesseg esedekessegi fizetesi rendele rendelesi szallita szallitasi".split()),
    "invoice_number": frozenset("order customer account klant kunden client vat tax btw tva iban phone tel fax "
                                "siparis musteri "  # Turkish: an order's, a customer's
                                "bestell auftrag po purchase reference contract kundennr klantnummer "
                                "ordernummer dossier policy original originale originele ursprungliche "
                                "related corrected korygowana your ihr ihre votre uw vostro vs su sua "
                                "job work project auftrags zakaznik zakaznika odberatel "
                                # Romanian and Hungarian: an order's, a customer's, a tax number
                                "comanda comenzii clientului rendele rendelesi megrendele vevokod adoszam "
                                # a customer's, an order's or a quote's in more languages ("N.º cliente", "Nr
                                # klienta", "Zlecenie", "Orçamento n.º")
                                "cliente klienta klient kunde kundnr asiakas asiakasnumero zlecenie zlecenia "
                                "orcamento presupuesto preventivo offerte angebot devis oferta quote".split()),
    # "Fecha del siniestro", "Data do sinistro": the date of the claim, not its amount
    "claim_amount": frozenset("date datum fecha data dato birth".split()),
    # "Ort, Datum", "Lieu et date": the place a form is signed at, not the address's city; "Plaats van de schade":
    # the place of the loss
    "city": frozenset("date datum fecha data dato signature unterschrift".split()) | _WITNESS | _INCIDENT_PLACE,
    # "Company No.", "Supplier ID", "Vendor VAT": a number of the issuer's, not its name
    "party": frozenset("no id number registration reg vat tax iban bic account phone tel fax email code".split()),
    "tax": frozenset("no id excl exclusief ohne hors ht ttc before number registration reg total totaal "
                     "gesamt totale price prijs prijzen preis prix prezzo rate tarif code "
                     # a hotel's city or tourist tax, a charge of the stay ("Taxe de séjour", "City tax")
                     "sejour city tourist tourism kurtaxe ortstaxe soggiorno turistica toeristenbelasting "
                     "citytax stadtsteuer beherbergungsabgabe".split()),
}

# Column concepts a table header is matched against, for fields of line-item-like models.
COLUMN_CONCEPTS = ("description", "quantity", "unit_price", "amount")


def concept_of(name: str) -> str | None:
    """The concept a field name maps to (a concept's own name maps to itself), if any."""
    return _FIELD_CONCEPTS.get(name) or (name if name in _CONCEPTS else None)


def label_phrases(name: str, *, title: str | None = None, extra: list[str] | None = None,
                  parent: str | None = None) -> tuple[str | None, list[Phrase]]:
    """(concept, phrases) for a schema field called ``name`` (inside ``parent`` for nested models)."""
    concept = concept_of(name)
    phrases = list(_CONCEPTS.get(concept, [])) if concept else []
    words = [w for w in name.lower().split("_") if w]
    if concept is None and words and words[-1] in _GENERIC_TAILS:  # customer_name: any "name" label, weaker
        phrases += [Phrase(p.tokens, p.weight * 0.7) for p in _CONCEPTS[_GENERIC_TAILS[words[-1]]]]
    own = [" ".join(words)]
    generic = {"name", "number", "no", "date", "amount", "type", "code", "id", "value", "filed", "of"}
    core = [w for w in words if w not in generic]
    if core and core != words:
        own.append(" ".join(core))
    if words and words[-1] == "filed":
        own.append(" ".join(words[:-1]))
    if parent:
        own.append(f"{parent.replace('_', ' ')} {' '.join(words)}")
    if title:
        own.append(title)
    phrases += _p("|".join(own), 0.9)
    phrases += _p("|".join(extra or []), 1.0)
    return concept, phrases


#: a label word that names a number, compounded or not ("Kundennummer", "Klantnummer", "number")
NUMBER_COMPOUND = re.compile(r"(?:nummer|number|numero|numer)$")

#: the mark a document's original or its duplicate bears after its title ("FATURA Original", "Rechnung Duplikat"); an
#: "original invoice" before the title names another document, which the mark after it does not
_ORIGINAL_MARKS = frozenset("original oryginal originale duplicate duplikat duplicado duplicata duplicato".split())


def label_score(text: str | tuple[str, ...], phrases: list[Phrase], concept: str | None = None) -> float:
    """How well a printed label matches a field's phrases, 0..1.

    Exact match scores the phrase weight; the phrase at the start or end of the label, or inside it, scores
    less, and less again the more extra words the label has. A negative word of the concept rules the label
    out unless it matches a phrase exactly.
    """
    toks = label_tokens(text) if isinstance(text, str) else text
    if len(toks) >= 2 and toks[-1] in _ORIGINAL_MARKS:
        toks = toks[:-1]  # the copy's mark after a title ("FATURA Original", "FAKTURA VAT Oryginał")
    if not toks or len(toks) > 12:
        return 0.0
    best = 0.0
    exact = False
    present = set(toks)
    for ph in phrases:
        p, n = ph.tokens, len(ph.tokens)
        if not p or p[0] not in present:
            continue  # every way of matching below needs all of the phrase's words, its first among them
        if toks == p:
            score, exact = 1.0, True
        elif toks[:n] == p:
            score = 0.85
        elif toks[-n:] == p:
            score = 0.8
        elif any(toks[i:i + n] == p for i in range(1, len(toks) - n)):
            score = 0.6
        elif n >= 2 and set(p) <= set(toks):  # the same words in another order: "Type of claim" / claim_type
            score = 0.9 if len(set(toks)) == len(set(p)) else 0.75
        else:
            continue
        if not toks == p:
            score *= 0.5 + 0.5 * n / len(toks)
        best = max(best, score * ph.weight)
    if concept and not exact and ruled_out(toks, concept):
        return 0.0
    return best


def ruled_out(toks: tuple[str, ...], concept: str) -> bool:
    """Whether a label's tokens hold a word that rules it out for ``concept`` ("Witness date of birth")."""
    return bool(set(toks) & _NEGATIVE.get(concept, frozenset()))


# Translations of common enum values, so a ticked "Hogar" or "Hausrat" reads as "home".
_VALUE_SYNONYMS = _synonyms({
    "auto": "motor car vehicle automobile automovil kfz fahrzeug voiture samochod coche veicolo vehiculo "
            "autoverzekering vehicule automovel pojazd kraftfahrt motorfahrzeug motorrijtuig voertuig komunikacyjne "
            "komunikacyjna bil fordon kjoretoy motorkoretoj ajoneuvo veiculo viatura vozidlo havarijni trafikolycka trafikskada accidente "
            # Romanian and Hungarian ("Gépjármű", "CASCO", "RCA")
            "autovehicul masina casco rca gepjarmu gepkocsi jarmu kgfb "
            # Turkish ("Kasko / Trafik", "Araç")
            "kasko trafik arac otomobil "
            # Croatian ("Auto", "Motorno vozilo", "Automobilska")
            "vozilo motorno automobilsko automobilska "
            # Slovenian ("Avto", "Avtomobilsko")
            "avto avtomobilsko avtomobilska "
            # Estonian and Latvian ("Sõiduk", "Liikluskindlustus"; "Transportlīdzeklis", "OCTA")
            "soiduk soiduki soidukikindlustus liikluskindlustus transportlidzeklis transportlidzekla octa",
    "home": "household house property homeowners buildings contents habitacao residencia hogar casa hausrat haushalt "
            "wohngebaude eigenheim habitation maison woning mieszkanie dom "
            # Swiss French "Ménage" (a household's cover, "assurance ménage"), "Bâtiment" (a building's)
            "menage batiment batiments "
            "abitazione gebaude inboedel opstal logement hogar vivienda mieszkaniowe mieszkaniowa woonhuis "
            "nieruchomosc multirisque multirriscos hem hemforsakring villa bolig innbo indbo hus koti kotivakuutus domov domacnost nemovitost "
            # Romanian and Hungarian ("Locuință", "Lakás", "Otthon")
            "locuinta locuintei locuinte bunuri lakas otthon haz ingatlan lakasbiztositas otthonbiztositas "
            # Turkish ("Konut"; DASK: the earthquake cover of a dwelling)
            "konut dask "
            # Croatian ("Imovina": property, "Kuća", "Stan")
            "imovina imovinsko kuca stan kucanstvo "
            # Slovenian ("Dom", "Premoženje", "Stanovanje")
            "premozenje stanovanje hisa "
            # Estonian and Latvian ("Kodu", "Kodukindlustus", "Vara"; "Mājoklis", "Īpašums")
            "kodu kodukindlustus kinnisvara majoklis majokla ipasums ipasuma",
    "health": "medical gesundheit kranken krankenversicherung sante salud salute zdrowie gezondheid medisch "
              "medico medizinisch malattia sanitario krankheit ziekte ziektekosten maladie enfermedad choroba "
              "zdrowotne zdrowotna salud medical zorg zorgverzekering nnw saude medyczne medyczna zdrowie medicaux medicas "
              "medicales mediche sanitaria asistencia sanitaria halsa sjukvard helse sundhed sygeforsikring "
              "behandlingsforsikring terveys sairaus sairauskulut zdravi zdravotni lecba sygdom sykdom sjukdom sygeforsikring leczenia leczenie "
              "behandlungskosten arztkosten krankheitskosten dental zahnarzt tandarts dentaire dentista vard "
              "vardkostnader sjukvardskostnader lecebnych lecebne vylohy soins sjuk olycksfall "
              # who and what a medical claim is about: its patient, the treatment, the doctor
              "patient patients pacient pacjent paciente patiente patienten behandlung behandlungsdatum "
              "treatment traitement tratamiento trattamento tratamento behandeling behandlingsdatum hoito "
              "physician doctor arzt medecin medico lekarz lekar dentist lege laege lakare behandlende "
              "behandlingsutgifter behandlingsudgifter behandlingskostnader "
              # an animal's illness and its vet's fees: the health cover of a pet
              "vet veterinary veterinarian tierarzt tierarztpraxis tierarztkosten veterinaire dierenarts dierenkliniek "
              "veterinario veterinaria weterynarz weterynaryjna dyrlaege dyrlage veterinar erkrankung "
              # Romanian and Hungarian ("Sănătate", "Egészség")
              "sanatate sanatatii medicala medicale egeszseg egeszsegugyi betegseg orvosi "
              # Turkish ("Sağlık")
              "saglik "
              # Croatian ("Zdravstveno")
              "zdravstveno zdravstvena zdravlje "
              # Slovenian ("Zdravje")
              "zdravje zdravstveno "
              # Estonian and Latvian ("Tervis", "Ravikulud"; "Veselība")
              "tervis tervise tervisekindlustus ravi ravikulud veseliba veselibas",
    "travel": "reise voyage viaje viaggi podroz podrozne reis travelling trip viagem reiseversicherung "
              "reisverzekering turystyczne turystyczna podrozna resa reseforsakring reiseforsikring rejse "
              "rejseforsikring matka matkavakuutus cestovni cesta cestovani "
              # Romanian and Hungarian ("Călătorie", "Utazás", "Utas": a traveller's cover)
              "calatorie calatorii utazas utas utasbiztositas "
              # Turkish ("Seyahat")
              "seyahat "
              # Croatian ("Putno": travel)
              "putno putovanje "
              # Slovenian ("Potovanje")
              "potovanje potovalno "
              # Estonian and Latvian ("Reis", "Reisikindlustus"; "Ceļojums")
              "reisikindlustus celojums celojuma celojumu",
    "yes": "ja oui si tak sim kylla ano da igen jah",  # (Romanian "Da", Hungarian "Igen", Estonian "Jah")
    "no": "nein non nee nie nao nej nei ei ne nu nem",
})


@functools.lru_cache(maxsize=4096)
def label_strength(text: str) -> float:
    """How well a text reads as the label of one of the known concepts: its best score, 0..1."""
    toks = label_tokens(text)
    return max((label_score(toks, phrases, concept) for concept, phrases in _CONCEPTS.items()), default=0.0) \
        if toks else 0.0


def known_label_words(toks: tuple[str, ...]) -> bool:
    """Whether every one of a text's label tokens is a word of some known label ("Customer Name", not "Jersey
    City", whose "jersey" no label has)."""
    return bool(toks) and all(t in _VOCAB or t in _NUMBER_WORDS.values() for t in toks)


def reads_as_label(text: str) -> bool:
    """Whether a text reads as the label of one of the known concepts (score 0.6 or more)."""
    return label_strength(text) >= 0.6


# The losses each cover pays for, for a form that names the loss instead of the cover ("Schadenart: Wasserschaden",
# "Tipo de siniestro: Daños por agua"): water, fire, storm and burglary are a home's, a collision a vehicle's, lost
# luggage or a cancelled trip a journey's, a stay in hospital health's. Read after the covers' own words, so that
# "Vol de véhicule" (a theft) is still a vehicle's.
_PERIL_SYNONYMS = _synonyms({
    "auto": "kolizja kolizji verkehrsunfall auffahrunfall collision kollision aanrijding circulation stradale "
            "trafico trafic traffic carambolage",
    "home": "wasserschaden leitungswasserschaden leitungswasser wasser waterschade vattenskada vandskade vannskade "
            "zalanie wodna degat eaux agua acqua water flood flooding hochwasser overstroming uberschwemmung "
            "inondation inundacion allagamento powodz feuer brandschaden fire incendie incendio pozar brandskada "
            "brandskade sturm sturmschaden hagel hagelschaden storm stormskada stormskade tempete tormenta tempesta "
            "burza grandine granizo hail einbruch einbruchdiebstahl burglary cambriolage inbraak wlamanie inbrott "
            "innbrudd indbrud vol theft diebstahl diefstal robo furto kradziez",
    "travel": "gepack bagage baggage luggage bagaglio equipaje bagaz annulation cancelacion annullamento storno "
              "rucktritt",
    "health": "krankenhau hospital hospitalisation hospitalizacion ricovero szpital ziekenhui sjukhus sykehus",
})


def _translations(value: str, table: dict[str, str]) -> tuple[set[str], set[str]]:
    """An enum value's own tokens, and the words ``table`` gives for them, each also tokenised as printed options
    are ("buildings" → "building")."""
    toks = set(label_tokens(value.replace("_", " ")))
    return toks, {t for w, canon in table.items() if canon in toks for t in (w, *label_tokens(w))}


def peril_words(value: str) -> set[str]:
    """Tokens that name a loss an enum value's cover pays for (``"home"`` → wasserschaden, incendio...)."""
    return _translations(value, _PERIL_SYNONYMS)[1]


def one_slip_from(tok: str, words: set[str]) -> bool:
    """Whether ``tok``, a long word (eight letters or more), is one OCR slip from one of ``words`` of its length or
    one off, with the same first letter ("Komunikacyina" for "komunikacyjna")."""
    return len(tok) >= 8 and any(len(w) >= 8 and w[0] == tok[0] and abs(len(w) - len(tok)) <= 1
                                 and _one_edit(tok, w) for w in words)


def value_words(value: str) -> set[str]:
    """Tokens that name an enum value: its own words and known translations (``"home"`` → hogar, hausrat...)."""
    own, translated = _translations(value, _VALUE_SYNONYMS)
    return own | translated
