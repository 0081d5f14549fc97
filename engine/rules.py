"""Field rules of the baseline engine that are more than "the value next to its label".

The issuing party (a labelled seller, else the most prominent name near the top of page 1), its address (the
lines below it), the document currency (its most frequent marker), booleans and enums read from check boxes or
printed yes/no and option words, signatures, and combined postal-code/city cells.
"""

from __future__ import annotations

import difflib
import re
import typing
from collections import Counter
from typing import Any

from engine.base import SIGNATURE_MARK
from engine.labels import (
    COLUMN_CONCEPTS,
    NUMBER_COMPOUND,
    WITNESS_WORDS,
    Phrase,
    known_label_words,
    label_score,
    label_tokens,
    normalise,
    one_slip_from,
    peril_words,
    reads_as_label,
    value_words,
)
from engine.numbers import detect_currency
from engine.spandoc import Found, SpanDoc, concept_phrases, merge_spans, option_text
from engine.spans import Span, SpanKind, narrowed
from engine.ticks import unread_tick

__all__ = ["address_below", "boolean", "capital_i", "choice", "currency", "customer_block", "legal_form",
           "name_like", "party", "signature", "spaced_name", "spaced_postal_code", "split_name", "split_postal_city",
           "split_town_line", "street_line", "yes_or_no"]

# Words of document titles ("Sales Invoice", "FACTURE", "Kopie factuur"): a short line with one is no name.
_TITLE_WORDS = frozenset(
    "invoice invoices rechnung factuur facture faktura factura fattura fatura lasku kvitto kvittering kuitti "
    "doklad dokladu danovy receipt quittung kassenbon bon "
    "ticket copy kopie duplicate original summary statement page seite pagina credit note gutschrift "
    "creditnota avoir proforma pro forma bill nota cfdi "
    # a payment's receipt or confirmation ("Recibo de pago", "Zahlungsbestätigung", "Potwierdzenie płatności")
    "recibo recu ricevuta ontvangstbewij betalingsbewij zahlungsbestatigung zahlungsbeleg potwierdzenie "
    "comprovante betalingsbevis betalningsbekraftelse "
    # a hotel's bill for its room bar, headed beside the hotel's name ("Hotel Normandie  Minibar")
    "minibar uctenka paragon "
    # Romanian and Hungarian ("Factură fiscală", "Chitanță", "Bon fiscal", "Számla", "Nyugta")
    "fiscala chitanta szamla nyugta "
    # a ticket machine's slip ("Parkschein", "Talão de estacionamento", "Justificante de aparcamiento",
    # "Parkeerbewijs", "Parkeringsbiljett")
    "parkschein talao justificante parkeerbewij biljett billett".split())
# Which copy a document is ("CUSTOMER COPY", "Duplicate"): a title only with its owner, since names say it too
# ("Umhlanga Print & Copy")
_COPY_WORDS = frozenset("copy kopie copie copia duplicate duplicado duplicata original".split())
_COPY_OWNERS = frozenset("customer merchant cardholder client store shop office file accounts account your our for "
                         "the records kunden kunde handler exemplaire commercant cliente tax invoice receipt".split())
#: a web invoice's call to pay, never a name ("Pay online", "Online bezahlen", "Paga online")
_CALLS = frozenset("pay now online bezahlen jetzt payer ligne en pagar paga linea betalen betala betal pa nett "
                   "maksa verkossa zaplatit zaplac here click".split())
#: what a rubber stamp says ("PAID", "BEZAHLT", "RECEIVED 12 MAR 2024", "ENTERED"), never a name: a stamp on a
#: grey scan or a fax is as dark as the print, and its big letters look like a letterhead's (as label_tokens stems)
_STAMPS = frozenset("paid bezahlt paye pagado pagato betaald pago receiv eingegangen erhalten recu ricevuto "
                    "recibido ontvangen enter gebucht void storniert annule annullato approv genehmigt".split())
#: captions of what no field holds, never a name alone ("TERMS", "Payment terms", "Notes")
_CAPTIONS = frozenset("term payment condition note remark comment "  # as label_tokens stems them
                      # a section's heading ("Summary", "Übersicht", "Récapitulatif")
                      "overview resumo resumen ubersicht recapitulatif riepilogo overzicht podsumowanie "
                      "sammanfattning oversigt oversikt yhteenveto souhrn".split())


#: title words that German, Dutch and the Nordic languages compound ("Verkoopfactuur", "Schlussrechnung",
#: "Parkeerbon", "Taksikuitti", "Parkeringsbiljett"), as does a title set in letter-spaced capitals ("PARKINGRECEIPT")
_COMPOUND_TITLES = ("rechnung", "factuur", "faktura", "quittung", "kvittering", "kvitto", "receipt", "bon", "ticket",
                    "beleg", "kuitti", "biljett", "billett")


def _title(toks: set[str]) -> bool:
    """Whether a short line's words make it a document title ("TAX INVOICE", "Credit note", "CUSTOMER COPY",
    "Verkoopfactuur", "Nota fiscal de serviço")."""
    copy = toks & _COPY_WORDS
    return bool(toks & (_TITLE_WORDS - _COPY_WORDS)) or (bool(copy) and toks - copy <= _COPY_OWNERS) \
        or any(t.endswith(_COMPOUND_TITLES) and len(t) >= 10 for t in toks) or {"nota", "fiscal"} <= toks


# Legal forms, compared without dots: "B.V." → "bv", "Sp. z o.o." → "sp", "z", "oo".
_LEGAL_FORMS = frozenset(
    "inc incorporated ltd limited llc llp lp plc corp corporation co company gmbh ag kg ohg ug gbr ek bv nv vof "
    "cv bvba sa sas sasu sarl eurl snc spa srl sl slu slne scoop sc spj oo kft sro oy ab aps bhd pte pvt lda pty kk ev "
    "eg kgaa mbh scom sll sau sal spk spp ska sca oyj osk spol gesbr gesnbr gesmbh sprl scrl ltda eireli srls sapa "
    # Romanian (S.R.L., PFA, SRL-D, S.C.S.) and Hungarian (Zrt., Nyrt., Bt., Kkt.) forms; Irish (DAC, Teoranta);
    # Croatian, Slovenian and Serbian (d.o.o., j.d.o.o., d.d.)
    "pfa scs zrt nyrt bt kkt dac teoranta doo jdoo dd"
    .split())
#: short legal forms that are words too, a legal form only as a name's last word as printed ("Norsk Hydro ASA",
#: "Mærsk A/S", "Viitanen Moilanen Ky", "Toman Sýkorová a.s.", "Berg & Dahl HB", Polish partnerships "Tracz Sp. j.")
_END_FORMS = re.compile(r"(?:\b(?:AS|ASA|HB|KB|Ky|Tmi|OG)|\b[AIK]/S|\b(?:a|k|v\.\s?o)\.\s?s\.|\bSp\.\s?[jkp]\.|"
                        r"\be\.\s?U\.|\bA\.?\s?Ş\.?|\bs\.\s?p\.)$")  # ... Austria's registered sole trader ("Gruber
# Steuerberatung e.U."), a Turkish joint-stock company ("Ege Ofis Malzemeleri A.Ş."), a Slovenian sole trader
# ("Zobni laboratorij Golob s.p.")
#: words that end a company's name without being a legal form ("Galuppi, Gozzi e Liverotti" over "Group")
_NAME_TAILS = frozenset("group groupe gruppo grupo gruppe holding holdings partners partner associates figli fils "
                        "sons sohne sohn hijos filhos zonen synowie".split())
_ADDRESSY = re.compile(r"@|www\.|https?:|^\+?\d[\d\s\-/()]{6,}$|(?<!#)\b\d{4,5}\b|^\d+\s?\w*\s|\b(tel|fax|phone)\b|"
                       r"[^\W\d_]-\d{6}\b|"  # an Indian PIN after its town ("Uluberia-681142")
                       r"\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b")  # Canadian, British codes
# Contact and registration lines end an address block.
_CONTACT = re.compile(r"(?i)^(?:n[°º]\s?|no\.\s?|nr\.?\s)?"  # "N° TVA intracom.", "Nr. USt-IdNr."
                      r"(t[ée][l1][ée]?(?:phone|fono|efon|efoon)?|phone|fon|tlf|t[il1]f|t|fax|e-?mail|mail|www|https?|ust|"
                      r"vat|tax|nif|cif|siret|siren|tva|ein|gst|gstin|p\.? ?iva|btw|kvk|steuer\w*|nip|regon|abn|uid|"
                      r"mwst|moms\w*|cvr|org\.?\s?nr|mva|nipc|contribuinte|iva|ptu|partita\s?iva|"
                      r"codice\s+fiscale|puh|puhelin|y-tunnus|ico|di[cč]|i[cč]o|kvk-nr|orgnr|org\.?\s?nr\.?|"
                      r"ad[óo]sz[áa]m|vkn|vergi\s+no|kmkr|reg\.?\s?kood|registrikood|pvn|re[gģ]\.?\s?nr)\b|@|www\.|"
                      r"^\+\d{1,3}[\s\d/-]{6,}(?:$|\s[·•|])")  # (a telephone's number alone, or before a dot)
#: a till's line under the address: the till or the receipt and its number ("Caisse 9 Ticket 14283", "Kasse 3")
_TILL_LINE = re.compile(r"(?i)^(?:till|register|reg|pos|terminal|kasse|caisse|cassa|caja|kassa|kasa|caixa|bon|"
                        r"bon-nr|ticket|scontrino|receipt|beleg|kvitto|paragon|talão|recibo|trans|transaction|txn|"
                        r"trx|vorgang|operation|cashier|kassierer|caissier|cajero|operatore|table|tisch|mesa|tavolo|"
                        r"tafel|bord|"
                        # a parking ticket's (Czech, Hungarian, Italian, Portuguese, French, German)
                        r"l[íi]stek|jegy|biglietto|bilhete|billet|parkschein)"
                        r"\.?\s*"
                        r"(?:(?:-?no\.?|-?nr\.?|n\.?\s?[°º]\.?|n\.|č\.?|sz\.?|#)?\s*:?\s*\d"
                        # ... or its label alone, the number apart from it ("Bon-Nr.  #0113989", "Lístek č.  647049")
                        r"|(?<=nr)\.?\s*:?$|(?<=nr\.)\s*:?$|(?:-?no\.?|-?nr\.?|n\.?\s?[°º]\.?|n\.|č\.?|sz\.?)\s*:?$)")
#: a time of day or a date with its year: a receipt's date line under the shop's address ("22 juin 2024 12:10",
#: "30 de julho de 2023"), which reads as a house number and a street; streets named after a day ("Rua 25 de Abril")
#: print no year
_WHEN = re.compile(r"\b\d{1,2}:\d{2}\b|\b\d{1,2}\.?\s+(?:de\s+)?[^\W\d_]{3,}\.?\s+(?:de\s+)?(?:19|20)\d{2}\b")
# Street words and endings of the languages read (en, de, nl, fr, es, it, pl, pt); or a house number first.
_HOUSE_FIRST = re.compile(r"\d+(?:/\d+)?[a-z]?,?\s+\w", re.I)  # "63/16 Johnson St": unit 63 of number 16
#: a house number and a compass point ("2250 W Broadway", "88 N. Main"): a street, not a postcode and a city
_COMPASS_STREET = re.compile(r"\d+\s+(?:[NSEW]|NE|NW|SE|SW)\.?\s+[A-Z0-9]")
_STREET = re.compile(
    r"(?i)(?:^|\s)c/|^(?:am|an der|auf der|im|zum|zur)\s+\w.*\d"
    r"|\b(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|way|boulevard|blvd|place|square|court|ct|highway|hwy|unit|"
    r"estates?|crescent|close|gardens|grove|terrace|mews|parade|heights|parkway|pkwy|circle|"
    r"flat(?=\s+\d)|studio(?=\s+\d)|apt(?=\.?\s*\d)|apartment(?=\s+\d)|"
    r"suite|floor|p\.?\s?o\.? box|rue|bd|chemin|all[ée]e|impasse|quai|route|via|viale|piazza|corso|largo|calle|avda|"
    r"avenida|av(?=\.\s)|plaza|pza|paseo|rambla|ctra|carretera|carrer|rua|ul|aleja|al(?=\.\s)|plac|pl(?=\.\s)|os|"
    # the other street types of Italian, Spanish and Portuguese addresses
    r"vicolo|strada|borgo|contrada|rotonda|incrocio|stretto|piazzale|canale|v[ií]a|vial|callej[oó]n|camino|ronda|"
    # Venice's squares and quays, and an arcade named as a street, before the house number ("Campo San Bortolomio
    # 5412", "Fondamenta Nove 12", "Galerie de la Reine 17")
    r"campo(?=\s.*\d)|campiello|fondamenta|salizada|galerie(?=\s.*\d)|"
    # Indian addresses: a house number ("H.No. 099"), a path or a marg, a plot in a sector, a colony or a nagar
    r"h\.\s?no|path|marg|plot(?=\s+(?:no\.?\s*)?\d)|sector(?=\s+\d)|colony|nagar|"
    r"traves[ií]a|glorieta|cuesta|pasaje|pasadizo|acceso|bajada|ca[ñn]ada|urbanizaci[oó]n|travessa|pra[cç]a|"
    r"estrada|alameda|beco|"
    # Czech and Slovak squares, avenues and embankments ("Václavské náměstí 153", "nám. Míru 5", "třída Svobody 12")
    r"n[áa]m[ěe]st[íi]|n[áa]mestie|n[áa]m(?=\.\s)|t[řr][íi]da|t[řr](?=\.\s)|n[áa]b[řr]e[žz][íi]|ulica)\b"
    # (a quay, "Maaskade", not a Danish or Norwegian loss: "Stormskade", "Vandskade", storm and water damage)
    r"|[\w-](?:stra(?:ss|ß)e|str|weg|gasse|platz|allee|ring|damm|ufer|straat|laan|gracht|plein|"
    r"(?<![^\Waeiouy]s)kade|dijk|singel|markt|"
    r"steeg|boulevard|dreef|plantsoen|hof|pad|baan|"
    # Danish and Swedish compounds ("Strindbergsvej", "Nørregade", "Stationsgatan", "Kungsvägen"), and "Allé"
    r"vej|vejen|gade|gaden|gatan|gata|v[äa]gen|v[äa]g|plads|pladsen|torv|torvet|str[æa]de|gr[äa]nd)(?:\b|(?=\d))"
    r"|\ballé\s+\d"
    # German and Austrian streets named by an adjective before a word of their own ("Mariahilfer Straße 101",
    # "Frankfurter Str. 5")
    r"|\w\s+(?:stra(?:ss|ß)e|str\.|gasse|allee)\s*\d"
    # Norwegian and Finnish compounds before their house number ("Martinsenveien 3", "Søndre Prestegrenda 4",
    # "Miettinenkuja 437", "Rantanenrinne 276"), and Norway's "gate" as a word ("Olsens gate 77"; "Aggregate 12" is
    # no street)
    r"|\bgate\s+\d|[\w-](?:veien|vei|veg|vegen|grenda|stien|bakken|svingen|katu|tie|kuja|rinne|polku|kaari|raitti|"
    r"v[äa]yl[äa]|puistikko)\s+\d"
    # Romanian streets before their name ("Str. Florilor nr. 40", "Calea Dorobanților nr. 130", "Șos. Kiseleff 1")
    # and Hungarian ones after it ("Rákóczi út 148.", "Kossuth Lajos utca 115.", "Széchenyi tér 1.")
    r"|\b(?:str|strada|calea|bdul|b-dul|bulevardul|[sș]os|[sș]oseaua|aleea|splaiul|intrarea|pia[tț]a)\.?\s+\w.*\d"
    r"|\w\s+(?:utca|[úÚ]t|u\.|t[ée]r|k[öo]r[úu]t|krt\.|k[öo]z|fasor|rakpart|s[ée]t[áa]ny)\s*\d"
    # Turkish avenues, streets, boulevards and quarters before the house number ("Bağdat Cad. No: 57", "Gül Sok. 3")
    r"|\w\s+(?:cad\.|caddesi|sok\.|soka[ğg][ıi]|sk\.|bulvar[ıi]|blv\.|mah\.|mahallesi)\s*(?:no\s?:?\s*)?\d")
_YES = frozenset("yes y ja j oui si tak true x sim da ano kylla igen evet jah".split())  # ("igen": Hungarian, "evet":
# Turkish)
_NO = frozenset("no n nein non nee neen nie false nao nej nei ei ne nu nem hayir".split())  # ("neen": Flemish; "nu",
# "nem", "hayır")


#: a dotted abbreviation ("s.r.l.", "v.o.f."), where a legal form a scan's OCR misread is looked for
_DOTTED = re.compile(r"(?<![\w.])(?:[a-z0-9]{1,2}\.){2,}")


def legal_form(text: str) -> bool:
    """Whether a name carries a legal form (Inc., GmbH, B.V., S.A., Sp. z o.o., ...), also a dotted one a scan's
    OCR misread ("S.r.I.", "V.0.F.": I or 1 for l, 0 for o)."""
    norm = normalise(text)
    if set(re.findall(r"[a-z]+", norm.replace(".", ""))) & _LEGAL_FORMS or _END_FORMS.search(text.strip(" ,;")):
        return True
    for m in _DOTTED.finditer(norm):
        form = m.group(0).replace(".", "").replace("0", "o").replace("1", "l")
        if form in _LEGAL_FORMS or form.replace("i", "l") in _LEGAL_FORMS:
            return True
    return False


#: an Irish Eircode ("D02 X285", "H97 62A9"; set apart by its space, its second part may hold a letter Eircodes
#: leave out, as OCR or a made-up code gives it: "D04 L83J") and a Canadian postal code ("M5V 2T6")
_EIRCODE = r"(?:[AC-FHKNPRTV-Y]\d{2}|D6W)(?:\s?[0-9AC-FHKNPRTV-Y]{4}|\s(?=[A-Z]*\d)[0-9A-Z]{4})"
_CANADIAN = r"[A-Z]\d[A-Z]\s?\d[A-Z]\d"
_POSTAL_FIRST = (r"\d{2}-\d{3}", r"\d{4}\s?[A-Z]{2}", r"[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}", r"\d{4}-\d{3}",
                 _EIRCODE, _CANADIAN, r"\d{3} \d{2}", r"\d{3} \d{3}", r"\d{5}-\d{3}",
                 r"(?:[A-Z]{1,2}-)?\d{4,6}")  # Polish, Dutch, British, Portuguese, Irish, Canadian, Swedish, Czech
# and Slovak ("558 68"), Indian PINs printed in two groups ("239 531"), Brazilian CEPs ("80010-000"), then plain codes
_POSTAL_LAST = (r"(?:[A-Z]{2}\s)?(\d{5}(?:-\d{4})?)", r"([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})", rf"({_EIRCODE})",
                rf"(?:[A-Z]{{2}}\s)?({_CANADIAN})", r"(\d{6})")  # ..., then an Indian PIN ("Avadi 633596")


#: British, Irish and Canadian codes OCR ran into one word ("M15KJ", "H01T7V5", "M5V2T6"): the two halves
_UNSPACED_CODE = re.compile(r"([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})|((?:[AC-FHKNPRTV-Y]\d{2}|D6W))([0-9AC-FHKNPRTV-Y]{4})"
                            r"|([A-Z]\d[A-Z])(\d[A-Z]\d)")


#: a word that starts with a lower-case l and four letters or more ("lonescu", "lasi"), with a capital I read for it
_L_FOR_I = re.compile(r"l[a-zß-öø-ÿ]{3,}[,.]?")


def capital_i(name: str) -> str:
    """A person's name or a town as printed where OCR read a word's capital I as a lower-case l ("Cristian
    lonescu" → "Cristian Ionescu", "lasi" → "Iasi"): each other word of four letters or more starts in a capital
    (a particle is short: "la", "le", "los"); a name in lower case throughout stays as it is."""
    words = name.split(" ")
    misread = [k for k, w in enumerate(words) if _L_FOR_I.fullmatch(w)]
    others = [w for k, w in enumerate(words) if k not in misread and sum(c.isalpha() for c in w) >= 4]
    if not misread or not all(w[:1].isupper() for w in others):
        return name
    return " ".join("I" + w[1:] if k in misread else w for k, w in enumerate(words))


#: a first name and a surname OCR ran together ("KrzysztofKaminska"): four letters or more each
_GLUED_NAMES = re.compile(r"([A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]{3,})([A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]{3,})")


def spaced_name(name: str) -> str:
    """A person's name of one word that OCR ran together from two ("HenrikeSeidlitz" → "Henrike Seidlitz"); a name
    of two words or more, or one whose first part is short ("MacKenzie", "DeLuca"), stays as it is."""
    m = _GLUED_NAMES.fullmatch(name.strip())
    return f"{m.group(1)} {m.group(2)}" if m else name


def spaced_postal_code(code: str) -> str:
    """A British, Irish or Canadian postal code written as the country writes it, its two halves a space apart
    ("H01T7V5" → "H01 T7V5"); any other code as it is."""
    if m := _UNSPACED_CODE.fullmatch(code):
        return " ".join(g for g in m.groups() if g)
    return code


#: the two-letter codes of the states of the United States (and its capital's district)
_US_STATE = (r"(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|"
             r"V[AT]|W[AIVY])")
_CITY_COMMA_STATE = re.compile(rf"(\D*[^\W\d_]\D*?),\s?{_US_STATE}\.?")


def bare_city(text: str) -> str:
    """A city as a form's city field holds it: without the US state's code after a comma ("Austin, TX" →
    "Austin") and without a stop or comma after it ("Reading." → "Reading"; an abbreviation of three letters or
    fewer keeps its point, "Ft."); any other text as it is."""
    m = _CITY_COMMA_STATE.fullmatch(" ".join(text.split()))
    city = m.group(1) if m else text
    last = city.split()[-1] if city.split() else ""
    if last[-1:] in ".," and sum(c.isalpha() for c in last) >= 4:
        city = city[:-1]
    return city


def split_postal_city(text: str) -> tuple[str, str] | None:
    """(postal code, city) from a combined cell: "53761 Madison", "1071 HM Amsterdam", "67-344 Poznań",
    "BS1 8NY Bristol", "Madison, WI 53749"; None when it is not one."""
    t = " ".join(text.split())
    if any(re.fullmatch(pat, t) for pat in _POSTAL_FIRST[:-1]):  # a postal code alone ("2018 PL", "YO1 6PC")
        return t, ""
    if m := _DUTCH_GLUED.fullmatch(t):  # a Dutch code's letters run into the city ("9755 BBGroningen")
        return m.group(1), m.group(2)
    for pat in _POSTAL_FIRST:  # (set apart by a slash where a "PLZ / Ort" caption heads both: "50133 / Köln")
        if m := re.fullmatch(rf"({pat})(?:,|\s/)?\s+(\D.*)", t):
            return m.group(1), m.group(2).strip(" ,")
    for pat in _POSTAL_LAST:
        if m := re.fullmatch(rf"(\D.*?),?\s+{pat}", t):
            return m.group(2), m.group(1).strip(" ,-\u2013")
    if m := _PIN_AFTER_TOWN.fullmatch(t):
        return m.group(2), m.group(1)
    return None


#: a Dutch postcode whose two letters OCR ran into the city after them ("9755 BBGroningen")
_DUTCH_GLUED = re.compile(r"(\d{4}\s?[A-Z]{2})([A-Z][a-z]\D*)")
#: an Indian PIN joined to its town by a hyphen ("Dehradun-184087", "Pondicherry - 555437")
_PIN_AFTER_TOWN = re.compile(r"([^\W\d_][^\d,]*?[^\W\d_])\s?-\s?(\d{6})")


#: the last part of a one-line address in the Australian and New Zealand way: "Sydney NSW 2000", "Auckland 1010"
_CITY_STATE_CODE = re.compile(r"(\D+?),?\s+(?:[A-Z]{2,3}\s+)?(\d{4})")


def split_town_line(text: str) -> tuple[str, str] | None:
    """(postal code, city) from an address's last line, both there and the city a word (a US state's code is no
    city): "34506 Albacete", "Madison, WI 53749", "South Elizabeth, 5233", "Sydney NSW 2000"; else None."""
    text = " ".join(text.split())
    split = split_postal_city(text)
    if split is None and (m := _CITY_STATE_CODE.fullmatch(text)):
        split = m.group(2), m.group(1).strip(" ,")
    if split is None or not split[0] or not re.search(r"[^\W\d_]{2}", split[1]) or re.fullmatch(r"[A-Z]{2}", split[1]):
        return None
    return split


def split_address_line(text: str) -> tuple[str, str, str] | None:
    """(street, postal code, city) from an address printed on one line, its parts set apart by commas:
    "4410 Cedar Ridge Dr, Raleigh, NC 27612", "Hauptstraße 5, 10115 Berlin", "27 Harbour Road, Clifton, Bristol
    BS1 4QA", "45 Queen Street, Auckland 1010", or by a middle dot or a bar ("Palackého 163 · 301 51 Plzeň"). The
    city is the last part that reads as one (a US state's code is no city); the street is what comes before, and
    must read as a street. None when it is not such a line."""
    parts = [p.strip() for p in _FOOTER_PARTS.sub(",", " ".join(text.split())).split(",") if p.strip()]
    for k in range(len(parts) - 1, 0, -1):
        tail = ", ".join(parts[k:])
        split = split_town_line(tail)
        if split is None:
            continue
        street = ", ".join(parts[:k])
        if street_line(street):
            return street, split[0], split[1]
    return None


def yes_or_no(text: str) -> bool | None:
    """What ``text`` answers by its first word: True for a yes (``Ja``, ``Oui``, a tick ``x``), False for a no
    (``Nein``, ``Nee``), None for anything else."""
    word = _first_word(text)
    return True if word in _YES else False if word in _NO else None


def _first_word(text: str) -> str:
    words = normalise(text).strip(" .:!?|").split()  # "|NEIN |": a text grid's bar
    return words[0].rstrip(",;") if words else ""  # ("Sí, No. de carpeta 9438/24")


#: the two ends of a ride a taxi's or a parking receipt prints ("Von Station" over "Nach Kärntner Straße 87")
_ROUTE_FROM = frozenset("from von de da van fra fran od z".split())
_ROUTE_TO = frozenset("to nach a à naar til till do".split())


def _served_by(doc: SpanDoc, label: Span) -> bool:
    """Whether a receipt's seller label names who served, under the shop's name ("Myyjä  Sanna", "Vendeur
    Thibaut"): one word beside it, no company's name."""
    rights = doc.right_of(label)
    return bool(rights) and len(rights[0].text.split()) == 1 and not legal_form(rights[0].text)


def _route_start(doc: SpanDoc, label: Span) -> bool:
    """Whether a "from" label starts a ride's route: its word alone, a "to" label starting one of the next two
    lines."""
    if normalise(label.text).strip(" .:") not in _ROUTE_FROM:
        return False
    pos = doc.line_pos.get((label.page, label.line), -1)
    return any(_first_word(doc.lines[key][0].text) in _ROUTE_TO
               for key in doc.line_keys[pos + 1:pos + 3] if key[0] == label.page and doc.lines[key])


def party(doc: SpanDoc, phrases: list[Phrase], first_line: bool) -> Found | None:
    """The issuer: a labelled seller, else the most prominent name line above the table on page 1 (with
    ``first_line``, as on receipts, the top-most one)."""

    def text(s: Span) -> bool:  # a caption of one of the document's fields ("Bezahlt am") names no issuer
        return s.has(SpanKind.TEXT) and sum(c.isalpha() for c in s.text) >= 3 and name_like(doc, s) \
            and s.index not in doc.captions

    if (section := _section_name(doc, phrases, text)) is not None:
        return section
    labelled = [f for f in doc.near(phrases, "party", text) if not _route_start(doc, f.spans[0])]
    if first_line:  # a receipt's foot names its salesperson so ("Vendeur: Thibaut", "Verkäufer: Jens"), as does
        # its till's line ("Caisse 5  Vendeur: Camille")
        labelled = [f for f in labelled if f.value.page == 0 and f.value.bbox[1] < 0.5
                    and not _TILL_LINE.match(doc.line_texts[(f.spans[0].page, f.spans[0].line)])
                    and not _served_by(doc, f.spans[0])]
    if labelled and labelled[0].confidence >= 0.5:
        f = labelled[0]
        return Found(f.value.text.strip(" ,;"), min(0.8, f.confidence), f.spans)
    if not first_line and (sender := sender_line(doc)) is not None:
        return sender
    customer = customer_block(doc)
    # the customer's name printed again (under a "Ship to" beside the "Bill to") is the customer's too
    # (compared without the stops and colons a scan's OCR adds or drops: "Jarosz Sp. p:" and "Jarosz Sp. p.")
    billed = {normalise(doc.spans[i].text).strip(" ,;.:") for i in customer
              if doc.spans[i].page == 0 and doc.spans[i].bbox[1] < 0.5}
    domains = " ".join(m.group(1).lower() for w in doc.words
                       if (m := re.search(r"(?:@|www\.|https?://)([\w.-]+)", w.text)))
    heights = sorted(doc.words[i].bbox[3] - doc.words[i].bbox[1] for s in doc.spans
                     for i in s.word_indices) or [0.0]
    median = heights[len(heights) // 2] or 1.0
    counts = Counter(s.text.strip(" ,;").lower() for s in doc.spans)
    # the issuer sits above the first table row (a line with two amounts)
    table_top = next((min(x.bbox[1] for x in doc.lines[key]) for key in doc.line_keys if key[0] == 0
                      if sum(x.has(SpanKind.AMOUNT) and x.kinds.isdisjoint({SpanKind.INTEGER, SpanKind.QUANTITY})
                             for x in doc.lines[key]) >= 2), 0.4)

    header_lines = doc.column_headers
    # ... or above the table's header line, where the OCR garbled the first row's amounts
    table_top = min([min(x.bbox[1] for x in doc.lines[key]) for key in sorted(header_lines) if key[0] == 0][:1]
                     + [table_top])
    best, best_score, best_start = None, float("-inf"), 0.0
    scored: list[tuple[float, Span, float]] = []
    for whole in doc.spans:
        if whole.page != 0:
            continue
        # "Invoice Pixelwerk Studio": the title is printed on the name's line; "Acme Ltd Acme Ltd": a logo beside
        s = _first_of_repeat(doc, _without_title(doc, whole))
        if (s.bbox[1] >= min(0.4, table_top) or not text(s) or s.index in customer or _standing(s)
                or normalise(s.text).strip(" ,;.:") in billed or (not first_line and _labels_a_value(doc, s))
                or (s.page, s.line) in header_lines or _under_street(doc, s) or after_colon_label(doc, s)
                or (first_line and any(x.has(SpanKind.AMOUNT) and not x.has(SpanKind.INTEGER)
                                       for x in doc.lines[(s.page, s.line)]))):
            continue  # (a receipt's line with a price is an item: its name is printed alone)
        h = max(doc.words[i].bbox[3] - doc.words[i].bbox[1] for i in s.word_indices) / median
        if first_line:
            score = -s.bbox[1] * 10 + 0.3 * h
        else:
            head = normalise(s.text.split()[0]).strip(",.;:")  # "Coolblue" in www.coolblue.nl
            score = h + 0.6 * (1 - s.bbox[1]) + (0.5 if legal_form(s.text) else 0.0) \
                + (0.3 if counts[s.text.strip(" ,;").lower()] > 1 else 0.0) \
                + (0.6 if len(head) >= 3 and head in domains else 0.0)
        scored.append((score, s, whole.bbox[0]))
        if score > best_score:
            best, best_score, best_start = s, score, whole.bbox[0]
    if best is None:
        if first_line:
            return footer_address_name(doc, customer) or _footer_name(doc, customer)
        return _footer_issuer(doc, customer)
    if not first_line and legal_form(best.text):
        # a letter: the sender's name and address at the top, the recipient's (with a legal form, no label) in the
        # window below; the legal form's bonus alone must not put the recipient first
        upper = [(score, s, start) for score, s, start in scored if s.bbox[3] <= best.bbox[1]
                 and not legal_form(s.text) and score + 0.5 >= best_score]
        if upper and address_below(doc, best.word_indices) is not None:
            score, s, start = max(upper, key=lambda c: c[0])
            if address_below(doc, s.word_indices) is not None:
                best, best_score, best_start = s, score, start
    letters = best.text.strip()
    if not first_line and _MONOGRAM.fullmatch(letters) and (footer := _footer_issuer(doc, customer, letters)):
        return footer  # a logo's letters over the name a footer prints whole
    if not first_line and _LOGO_WORD.fullmatch(letters) and not legal_form(letters) \
            and (footer := _footer_name(doc, customer)) is not None \
            and normalise(str(footer.value).split()[0]) == normalise(letters):
        footer.confidence = 0.5  # a logo's one word over the name with its legal form a footer prints whole
        return footer
    if not first_line and _LOGO_WORD.fullmatch(letters) and not legal_form(letters):
        # ... or the company's block beside it prints whole ("NORTHGATE" beside "Northgate Ltd" over its address)
        word = normalise(letters)
        whole = [s for s in doc.spans if s.page == 0 and s.index != best.index and s.index not in customer
                 and s.bbox[1] < min(0.4, table_top) and len(s.text.split()) >= 2 and legal_form(s.text)
                 and normalise(s.text.split()[0]).strip(",.") == word and name_like(doc, s)]
        if whole:
            top = min(whole, key=lambda s: s.bbox[1])
            return Found(top.text.strip(" ,;"), 0.6, [top])
    if first_line and (fuller := _name_under_logo(doc, best, customer)) is not None:
        return fuller
    if not first_line and (whole := _name_wrapped_as_footer(doc, best, customer)) is not None:
        return whole
    named = _without_monogram(doc, best)
    # a name wrapped under itself is aligned with the name, not with the monogram before it
    found = _with_wrapped_form(doc, named.spans[0], named, best_start if named.spans[0] is best else None,
                               body=median)
    # ... and over a third line where its second goes on too ("Lachance," / "Gauthier and" / "Blouin" in a
    # sidebar's narrow column), or where the third holds the legal form ("Beskydy" / "Kancelářské" / "potřeby
    # s.r.o.")
    if len(found.spans) == 2 and found.spans[0].index == named.spans[0].index:
        more = _with_wrapped_form(doc, found.spans[-1], found, body=median, below_only=True)
        if len(more.spans) > len(found.spans) and (_goes_on(found.value) or legal_form(more.spans[-1].text)):
            found = Found(more.value, more.confidence, [*found.spans, more.spans[-1]])
    # corroborated names (a legal form, the name in a web/mail domain, printed twice) are usually right
    head = normalise(best.text.split()[0]).strip(",.;:") if best.text.split() else ""
    if legal_form(best.text) or (len(head) >= 3 and head in domains) or counts[best.text.strip(" ,;").lower()] > 1 \
            or first_line:
        found.confidence = 0.6
    return found


#: the caption of a party's name in a table of its labels and values ("Name", "Firma", "Ragione sociale", "Razón
#: social", "Nazwa", "Název", "Nimi")
_NAME_CAPTIONS = frozenset({("name",), ("firma",), ("company",), ("company", "name"), ("ragione", "sociale"),
                            ("denominazione",), ("razon", "social"), ("nombre",), ("nom",), ("raison", "sociale"),
                            ("naam",), ("bedrijfsnaam",), ("nazwa",), ("nazev",), ("nimi",), ("navn",), ("firmanavn",),
                            ("registration", "name"), ("legal", "name")})


def _section_name(doc: SpanDoc, phrases: list[Phrase], text: typing.Callable[[Span], bool]) -> Found | None:
    """The issuer named under its section's heading in a table of labels and values: "Seller" (beside "Buyer")
    over "Name | Øresund Industri I/S", XRechnung's "Verkäufer" over "Name (BT-27): | Weser Industrietechnik e.K.".
    The heading stands with nothing but other headings on its line; the name's caption starts where it starts,
    on one of the next four lines (FatturaPA's "Denominazione:" under its tax and fiscal codes)."""
    for label, score in doc.labels(phrases, "party", floor=0.8):
        line = doc.lines[(label.page, label.line)]
        if any(x.index != label.index and not doc.labels_any(x) and not x.has(SpanKind.LABEL)
               and not (x.index in doc.tokens and doc.label_score(x, concept_phrases("customer"), "customer") >= 0.6)
               for x in line):
            continue
        pos = doc.line_pos[(label.page, label.line)]
        for key in doc.line_keys[pos + 1:pos + 5]:
            row = doc.lines[key]
            if key[0] != label.page:
                break
            for i, caption in enumerate(row[:-1]):
                if abs(caption.bbox[0] - label.bbox[0]) <= 0.02 and \
                        label_tokens(caption.text) in _NAME_CAPTIONS and text(row[i + 1]):
                    value = row[i + 1]
                    return Found(value.text.strip(" ,;"), min(0.8, 0.8 * score), [label, caption, value])
    return None


_SEPARATORS = frozenset("- – — · • | /".split())


def colon_label(doc: SpanDoc, s: Span) -> Span | None:
    """The colon label right before ``s`` on its line ("Projekt: Lakeside 914"), whose value ``s`` is; None where
    none is, or where the label names the document itself ("Facture du:", "Rechnung vom:"), whose own value
    ``s`` then is."""
    line = doc.lines[(s.page, s.line)]
    i = line.index(s) if s in line else -1
    if i <= 0 or not line[i - 1].has(SpanKind.LABEL) or not line[i - 1].text.rstrip().endswith(":"):
        return None
    return None if set(normalise(line[i - 1].text).replace(":", " ").split()) & _STRONG_TITLES else line[i - 1]


def after_colon_label(doc: SpanDoc, s: Span) -> bool:
    """Whether ``s`` is the value of a colon label of some field of the document: no issuer's name (a labelled
    issuer is read by its label)."""
    return colon_label(doc, s) is not None


def sender_line(doc: SpanDoc) -> Found | None:
    """The sender's name from the return-address line a business letter prints above the address window
    ("QualityHosting AG - Uferweg 40-42 - D-63571 Gelnhausen", "Nowicki Warta Sp.j. · ul. Szkolna 231/19 ·
    24-248 Lublin", "Poláková · Olympijská 34 · 395 05 Meziměstí"): a line of three parts or more, the last with a
    postcode, in the top half of page 1. Parts set apart by commas ("Bartoš, K Brusce 3, 282 58 Nové Sedlo", as
    LaTeX's letter class prints it) name the sender only where the letterhead above prints the name too: a
    customer's address on one line reads the same."""
    for s in doc.spans:
        if s.page != 0 or s.bbox[1] > 0.5 or not s.has(SpanKind.TEXT) or len(doc.lines[(s.page, s.line)]) != 1:
            continue  # alone on its line: a table row's description has amounts beside it
        words = [doc.words[i].text for i in s.word_indices]
        cuts = [k for k, w in enumerate(words) if w in _SEPARATORS]
        commas = not cuts
        if commas:  # a part ends on its comma: the cut falls after that word
            cuts = [k + 1 for k, w in enumerate(words[:-1]) if w.endswith(",")]
        if len(cuts) < 2 or cuts[0] == 0:
            continue
        after = (lambda k: k) if commas else (lambda k: k + 1)
        street = " ".join(words[after(cuts[0]):cuts[-1]])
        last = " ".join(words[after(cuts[-1]):])
        if not re.search(r"\d", street) or not re.search(
                r"\d{4,5}|\d{2}-\d{3}|\b\d{3}\s\d{2}\b|[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}", last):
            continue
        name = " ".join(words[:cuts[0]]).strip(" ,;")
        if sum(c.isalpha() for c in name) < 3 or any(c.isdigit() for c in name) or _ADDRESSY.search(name):
            continue
        if commas and not any(x.page == 0 and x.bbox[3] <= s.bbox[1] and normalise(x.text).strip(" ,;")
                              == normalise(name) for x in doc.spans):
            continue
        return Found(name, 0.7 if legal_form(name) else 0.5,
                     [s.model_copy(update={"word_indices": s.word_indices[:cuts[0]]})])
    return None


# Title words that a flowed header can print on the issuer's line ("Invoice Cedar Lane Catering"), and the words
# that qualify them ("Tax Invoice", "Sales Invoice")
_STRONG_TITLES = frozenset("invoice rechnung factuur facture faktura factura fattura fatura lasku receipt quittung "
                           "szamla nyugta chitanta "
                           "proforma recibo recu ricevuta ontvangstbewijs beleg kvitto kvittering kuitti kuittisi "
                           "myyntikuitti uctenka racun".split())
#: a till's title on a line of its own, which ends the address over it ("TICKET", "Paragon", "Kassenbon"); words
#: that may also start a company's name, so no title before a name
_TILL_TITLES = frozenset("ticket tiquet paragon bon kassenbon kassenbeleg scontrino kassabon kassakvitto".split())
#: the words after such a title that say what till printed it ("PARAGON FISKALNY", "TICKET DE CAISSE", "TICKET DE
#: VENTA")
_TILL_TITLE_WORDS = frozenset("fiskalny fiscal fiscale fiscaal de caisse cassa caja kasse kassa venta vente compra"
                              .split())
_TITLE_QUALIFIERS = frozenset("tax sales vat commercial pro forma your ihr ihre votre uw tu su la il "
                               "simplificada simplifiee simplificata simplificado "
                               # a Czech or Slovak tax document ("Faktura – daňový doklad"), a dash between
                               "danovy doklad danovy – — -".split())
#: the word that joins a title to its issuer's name ("Receipt from Acme", "Recibo de Ibérica S.L.", "Beleg von …")
_TITLE_FROM = frozenset("from von de da di van fra fran od z".split())
#: the kind of service a receipt's title names beside its title word ("RICEVUTA TAXI", "PARKING RECEIPT",
#: "REÇU DE TAXI"): what is left of such a title is no name
_SERVICES = frozenset("taxi taxis cab taksi taxa parking parkering parkeer parkhaus parkplatz parcheggio "
                      "aparcamiento estacionamiento estacionamento stationnement parkoviste parkowanie fuel "
                      "carburant carburante kraftstoff tankstelle restaurant ristorante restaurante".split())


def _first_of_repeat(doc: SpanDoc, span: Span) -> Span:
    """The span up to where its words start over: a name printed twice on one line, as a scan reads a logo
    beside the name ("Szkatuła-Spadło Sp. z o.o. Szkatuła-Spadło Sp. z"); else the span as it is."""
    idx = list(span.word_indices)
    texts = [normalise(doc.words[i].text).strip(".,") for i in idx]
    for k in range((len(idx) + 1) // 2, len(idx)):
        # two words at least start over ("Market Market" is a shop's name)
        if len(idx) - k >= 2 and texts[k:] == texts[:len(idx) - k]:
            return _cut_to(doc, span, idx[:k])
    return span


def _cut_to(doc: SpanDoc, span: Span, rest: list[int]) -> Span:
    """``span`` with only the words ``rest``: their text and box."""
    boxes = [doc.words[i].bbox for i in rest]
    return span.model_copy(update={
        "word_indices": rest, "text": " ".join(doc.words[i].text for i in rest),
        "bbox": (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                 max(b[3] for b in boxes))})


def _without_title(doc: SpanDoc, span: Span) -> Span:
    """The span without a document title printed on the same line before or after the name."""
    idx = list(span.word_indices)

    def title_run(order: list[int]) -> int:
        n = 0
        while n < len(order) and normalise(doc.words[order[n]].text).strip(".:") in _TITLE_QUALIFIERS:
            n += 1
        if n < len(order) and normalise(doc.words[order[n]].text).strip(".:") in _STRONG_TITLES:
            return n + 1
        return 0

    head = title_run(idx)
    # "Receipt from Acme": the issuer named after the title and its "from", with a capital
    if head and head + 1 < len(idx) and normalise(doc.words[idx[head]].text) in _TITLE_FROM \
            and doc.words[idx[head + 1]].text[:1].isupper():
        head += 1
    # "Kuittisi – Jokinen Oy": a dash or a colon between the title and the name
    while head and head < len(idx) - 1 and doc.words[idx[head]].text in ("–", "—", "-", ":", "|", "·"):
        head += 1
    tail = title_run(idx[::-1][: len(idx) - head])
    rest = idx[head: len(idx) - tail]
    if {normalise(doc.words[i].text).strip(".:") for i in rest} <= _SERVICES:
        return span
    if (head or tail) and sum(c.isalpha() for i in rest for c in doc.words[i].text) >= 3:
        return _cut_to(doc, span, rest)
    return span


_CONNECTORS = frozenset("and und et en y e of de der den van von la le du des del di".split())


def _footer_name(doc: SpanDoc, customer: set[int]) -> Found | None:
    """Where no name stands above the table, a name with a legal form printed elsewhere on page 1, as footers
    do ("Harbourline Logistics Pty Ltd · ABN 12 345 678 901 · 44 George St"), at a low confidence."""
    for s in sorted((s for s in doc.spans if s.page == 0 and s.index not in customer and s.has(SpanKind.TEXT)),
                    key=lambda s: -s.bbox[1]):
        idx: list[int] = []
        for i in s.word_indices:  # the span up to its first separator (or through its first comma)
            if doc.words[i].text in _SEPARATORS:
                break
            idx.append(i)
            if doc.words[i].text.endswith(","):
                break
        text = " ".join(doc.words[i].text for i in idx).strip(" ,;")
        words = text.split()
        last = re.findall(r"[a-z]+", normalise(words[-1]).replace(".", "").replace("/", "")) if text else []
        # the legal form ends the name ("... Pty Ltd", "... B.V.", "... A/S"); a sentence that says "company" is
        # no name, nor a table row's item weighed in a unit that reads as one ("Kaffebønner 1 kg")
        prose = sum(w[:1].islower() and len(w) >= 3 and w not in _CONNECTORS for w in words)
        if last and last[-1] in _LEGAL_FORMS and 2 <= len(words) <= 8 and prose < 2 \
                and not _ADDRESSY.search(text) and not any(c.isdigit() for c in words[-2]) and not _priced_row(doc, s):
            return Found(text, 0.3, [s.model_copy(update={"word_indices": idx, "text": text})])
    return None


#: where an invoice's footer starts: a name with its address on one line above it is no footer's
_FOOTER_TOP = 0.75
#: a logo's letters printed as text: two to four capitals, alone
_MONOGRAM = re.compile(r"[A-Z]{2,4}")
#: a logo's one word ("NORDLICHT", "Coolblue")
_LOGO_WORD = re.compile(r"[^\W\d_]{3,}")
def _name_wrapped_as_footer(doc: SpanDoc, name: Span, customer: set[int]) -> Found | None:
    """A name a narrow sidebar wrapped onto two to six lines, each at its own size ("Fjordlyd" over "Studio AS",
    "Brodogradilište" over "Kaštela d.o.o.", "Quinta" / "do" / "Vale" / "Escuro," / "Lda."), where the footer
    prints it whole: the lines over and under the name's, each starting where it starts, joined to it, where
    together they are the footer's name."""
    height = min(doc.words[i].bbox[3] - doc.words[i].bbox[1] for i in name.word_indices)
    # the spans starting where the name starts, on its page: its lines, however the page's other columns number
    # the lines between them (the name itself may be part of its span, a title before it left out)
    stack = sorted([name, *(s for s in doc.spans if s.page == name.page and s.index != name.index
                            and abs(s.bbox[0] - name.bbox[0]) <= height and s.index not in customer)],
                   key=lambda s: s.bbox[1])
    at = next(k for k, s in enumerate(stack) if s is name)
    above: list[Span] = []
    for s in reversed(stack[:at]):
        if len(above) == 5 or (above[0] if above else name).bbox[1] - s.bbox[3] > height:
            break
        above.insert(0, s)
    below: list[Span] = []
    for s in stack[at + 1:]:
        if len(below) == 5 or s.bbox[1] - (below[-1] if below else name).bbox[3] > height:
            break
        below.append(s)
    # (the footer is read only for a name with lines of its column right over or under it)
    if not (above or below) or (footer := _footer_issuer(doc, customer)) is None:
        return None
    whole = normalise(str(footer.value))
    for a in range(len(above) + 1):
        for b in range(len(below) + 1):
            run = [*above[len(above) - a:], name, *below[:b]]
            if 2 <= len(run) <= 6:
                text = " ".join(s.text.strip(" ;") for s in run).rstrip(",")
                if _PUNCT.sub("", normalise(text)) == _PUNCT.sub("", whole):
                    return Found(text, 0.6, run)
    return None


#: the commas and semicolons a name's lines end on, or its footer's copy leaves out
_PUNCT = re.compile(r"[,;]")
#: a branch's number after a shop's name ("Hardware Depot #2291")
_BRANCH_NUMBER = re.compile(r"(?:(?<=\s)|^)#\s?\d{1,6}$")
#: how much taller than the name under it a till receipt's logo is printed, at the least
_LOGO_SIZE = 1.2


def _name_under_logo(doc: SpanDoc, logo: Span, customer: set[int]) -> Found | None:
    """A till receipt's logo, one or two words in capitals, over the shop's whole name printed smaller right under
    it, a name of two words or more (a branch's number after it) that holds the logo's words or words they begin
    ("PENNYWISE" over "Pennywise Hardware", "LA LLAVE" over "Ferretería La Llave", "GELATO" over "Gelateria Dolce
    Vita", "KOTVA" over "Železářství U Kotvy"): the whole name."""
    words = [normalise(w) for w in logo.text.split()]
    if not 1 <= len(words) <= 2 or not logo.text.isupper() or not all(w.isalpha() for w in words) \
            or max(map(len, words)) < 3 or legal_form(logo.text):
        return None
    pos = doc.line_pos[(logo.page, logo.line)]
    if pos + 1 >= len(doc.line_keys) or doc.line_keys[pos + 1][0] != logo.page:
        return None
    name, *rest = doc.lines[doc.line_keys[pos + 1]]
    bare = _BRANCH_NUMBER.sub("", " ".join(x.text for x in [name, *rest])).strip()
    if len(bare.split()) < 2 or name.index in customer or not name.has(SpanKind.TEXT) \
            or not name_like(doc, name.model_copy(update={"text": bare})) \
            or not all(_BRANCH_NUMBER.fullmatch(x.text) for x in rest):
        return None

    def height(s: Span) -> float:
        return max(doc.words[i].bbox[3] - doc.words[i].bbox[1] for i in s.word_indices)

    if height(logo) < _LOGO_SIZE * height(name):
        return None
    held = [normalise(w).strip(",.") for w in name.text.split()]
    if not all(len(w) < 3 or any(h.startswith(w[:4]) for h in held) for w in words):
        return None
    return Found(" ".join(x.text for x in [name, *rest]).strip(" ,;"), 0.6, [name, *rest])


def _footer_issuer(doc: SpanDoc, customer: set[int], initials: str | None = None) -> Found | None:
    """An invoice's issuer named in its footer: by its legal form, else by the address after it, as far as a
    logo's ``initials`` ask where given."""
    footer = _footer_name(doc, customer)
    if footer is not None and (initials is None or _initials_of(initials, footer.value)):
        return footer
    block = _footer_block_name(doc, customer)
    if block is not None and (initials is None or _initials_of(initials, block.value)):
        return block
    return footer_address_name(doc, customer, initials=initials, top=_FOOTER_TOP)


def _footer_block_name(doc: SpanDoc, customer: set[int]) -> Found | None:
    """A name heading a column of the footer with its address under it ("Hall and Sons" over "Studio 29 Holly
    Courts", "East Alextown", "DH67 8WT"; contact and bank columns beside): the topmost, at a low confidence."""
    for s in sorted((s for s in doc.spans if s.page == 0 and s.bbox[1] >= _FOOTER_TOP and s.index not in customer
                     and s.has(SpanKind.TEXT)), key=lambda s: (s.bbox[1], s.bbox[0])):
        if name_like(doc, s) and _column_address(doc, s) and not _priced_row(doc, s):
            return Found(s.text.strip(" ,"), 0.35, [s])
    return None


def _priced_row(doc: SpanDoc, s: Span) -> bool:
    """Whether ``s`` stands on a line with a price or an amount: a table's row, no footer's."""
    return any(x.has(SpanKind.AMOUNT) and not x.has(SpanKind.INTEGER) for x in doc.lines[(s.page, s.line)])


def _column_address(doc: SpanDoc, head: Span) -> bool:
    """Whether the lines right under ``head``, starting where it starts, make an address: up to four of them, one
    a street or a postal code with its town. A line of another column between them (a VAT number beside the
    name, a little lower) is passed over, as long as the column's lines follow each other closely."""
    pos = doc.line_pos[(head.page, head.line)]
    height, bottom = head.bbox[3] - head.bbox[1], head.bbox[3]
    for key in doc.line_keys[pos + 1: pos + 5]:
        under = [s for s in doc.lines[key] if abs(s.bbox[0] - head.bbox[0]) <= 0.01]
        if key[0] != head.page:
            return False
        if not under:
            continue
        if under[0].bbox[1] - bottom > 1.5 * height:
            return False
        bottom = under[0].bbox[3]
        text = under[0].text.strip(" ,")
        if street_line(text) or ((split := split_postal_city(text)) is not None and split[1]):
            return True
    return False


def _in_label_column(doc: SpanDoc, s: Span) -> bool:
    """Whether ``s`` starts a line of a column of labels, each with its value on its right: two labels of the
    document's fields or more within three lines of it start where it starts ("Invoice No.", "Invoice date" over
    "Account ID", the values set apart at the right of a meta data block)."""
    pos = doc.line_pos[(s.page, s.line)]
    keys = [k for k in doc.line_keys[max(0, pos - 3): pos + 4] if k[0] == s.page and k != (s.page, s.line)]
    return sum(any(abs(x.bbox[0] - s.bbox[0]) <= 0.005 and reads_as_label(x.text) and doc.right_of(x)
                   for x in doc.lines[k]) for k in keys) >= 2


def _initials_of(letters: str, name: str) -> bool:
    """Whether ``letters`` are initials of ``name``'s words, in order ("SOA" of "Smith, Osborne and Davies"; the
    parts of a joined name count as words: "OG" of "O'Hara-Groogan")."""
    return _in_order(letters, "".join(w[0] for w in re.findall(r"[^\W\d_]+", name)))


def _labels_a_value(doc: SpanDoc, s: Span) -> bool:
    """Whether ``s`` is a short caption with its value beside it ("Uw referentie  PO-49129", "Rif. ordine
    PO-63399"): a text of three words at most, no legal form, the next span on its line a date or an identifier
    close after it. A label of a field no schema has reads as no label, but it names no issuer either."""
    if len(s.text.split()) > 3 or legal_form(s.text):
        return False

    def value(x: Span) -> bool:
        return bool(x.kinds & {SpanKind.IDENTIFIER, SpanKind.DATE, SpanKind.INTEGER}) and not x.has(SpanKind.TEXT) \
            and any(c.isdigit() for c in x.text)

    after = [x for x in doc.lines[(s.page, s.line)] if x.bbox[0] >= s.bbox[2] - 0.002]
    if after and value(nxt := min(after, key=lambda x: x.bbox[0])) and (
            nxt.bbox[0] - s.bbox[2] < 0.25 or _in_label_column(doc, s)):
        return True
    # ... or a smaller caption over its value, set where the caption starts ("Vertrag" over "C-463/2025" in a
    # grid of an invoice's references)
    under = next((over for _, over in doc.below(s)[:1]), [])
    height = s.bbox[3] - s.bbox[1]
    return any(value(x) and abs(x.bbox[0] - s.bbox[0]) < 0.01 and height < 0.95 * (x.bbox[3] - x.bbox[1])
               for x in under)


def _in_order(letters: str, initials: str) -> bool:
    """Whether ``letters`` are among ``initials`` in their order ("OG" in "OHG")."""
    rest = iter(initials.lower())
    return all(c in rest for c in letters.lower())


def _without_monogram(doc: SpanDoc, span: Span) -> Found:
    """The name without a logo monogram printed in front of it ("NSP Northwind Supplies PLC")."""
    words = [doc.words[i] for i in span.word_indices]
    head = words[0].text.replace("l", "I").replace("0", "O")  # "BCl": OCR reads a monogram's I as l
    # the initials of the name's capitalised words, the parts of a joined name counting as words ("OG O'Hara-Groogan")
    parts = re.findall(r"[^\W\d_]+", " ".join(w.text for w in words[1:]))
    initials = "".join(p[0] for p in parts if p[0].isupper())
    # or the first letters of its first words, whatever their case ("JV Jacobs, van der Linden", "OE Oberlin et
    # Brogli")
    leading = "".join(p[0] for p in parts[:len(head)]).upper()
    if len(words) >= 2 and head.isupper() and head.isalpha() and 2 <= len(head) <= 4 \
            and ((initials.startswith(head[0]) and _in_order(head, initials)) or head == leading):
        rest = narrowed(span, span.word_indices[1:], doc.words)
        return Found(rest.text.strip(" ,;"), 0.45, [rest])
    return Found(span.text.strip(" ,;"), 0.45, [span])


def _under_street(doc: SpanDoc, s: Span) -> bool:
    """A line right under a street in the same column ("Springfield" under "82 High Street,"): the address goes
    on there, whatever the size a scan's boxes give it."""
    pos = doc.line_pos.get((s.page, s.line), 0)
    if pos == 0 or doc.line_keys[pos - 1][0] != s.page:
        return False
    height = s.bbox[3] - s.bbox[1]
    return any(min(a.bbox[2], s.bbox[2]) > max(a.bbox[0], s.bbox[0]) and 0 < s.bbox[1] - a.bbox[1] <= 2 * height
               and a.has(SpanKind.TEXT) and street_line(a.text) and not _title(set(label_tokens(a.text)))
               for a in doc.lines[doc.line_keys[pos - 1]])  # ("TAXAKVITTERING" holds a "ring", yet is a title)


def _legal_form_only(text: str) -> bool:
    """Whether a text is a legal form and nothing else ("LLC", "plc", "GmbH & Co. KG", "Pty Ltd", "v.o.s.")."""
    words = re.findall(r"[a-z]+", normalise(text).replace(".", ""))
    return bool(words) and all(w in _LEGAL_FORMS or w in ("z", "and", "und") for w in words) \
        or _END_FORMS.fullmatch(text.strip(" ,;")) is not None


def _name_tail_only(text: str) -> bool:
    """Whether a text is only the word that ends a company's name, perhaps with a legal form ("Group", "e figli",
    "& Sons Ltd")."""
    words = re.findall(r"[^\W\d_]+", normalise(text).replace(".", ""))
    return bool(words) and any(w in _NAME_TAILS for w in words) and all(
        w in _NAME_TAILS or w in _LEGAL_FORMS or w in _CONNECTORS or w in ("and", "und", "e", "et", "y", "i")
        for w in words)


def _with_wrapped_form(doc: SpanDoc, span: Span, found: Found, line_start: float | None = None,
                       body: float = 0.0, below_only: bool = False) -> Found:
    """A name a narrow column wrapped before its legal form ("Copperleaf Consulting" over "LLC", "Redwood
    Analytics Pty" over "Ltd"), before the word that ends it ("Group", "e figli") or after a word that goes on
    ("Giannelli, Bondumier e" over "Castioni e figli"), or a title's line wrapped in the name ("Your receipt from
    Griffiths" over "Supply Co."), whole: the rest alone on the next line, aligned with the name (or with its
    line's start, ``line_start``, where a title stands before it) on the left, the right or the centre and printed
    at its size, the rest a legal form, a name's last word, or two words at most that end on a legal form. Where
    the form or the last word alone was chosen (it carries a legal form, or reads as a company's last word), the
    name is the line above. A name in display type, clearly larger than the body text, goes on with a few plain
    words on the next line at its size ("Supermercado" over "Fábregas" on a narrow till receipt). A name's head
    wrapped at its hyphen ("Papafava-" over "Barberini SPA") goes before it (unless ``below_only``: then only the
    next lines are looked at),
    and so does a head set in display type, clearly larger than the body text (``body``, its word height), at the
    name's size right over its start ("Desarrollo" over "Globales S.L." in a letterhead's narrow column).
    """
    key = doc.line_pos.get((span.page, span.line))
    if key is None:
        return found
    alone = _legal_form_only(span.text) or _name_tail_only(span.text)  # "LLC" or "Group" was chosen
    # the next line, or the one after it where a line of smaller type beside the name wrapped in between
    other_keys = [k for k in ((key - 1, key - 2) if alone else (key + 1, key + 2))
                  if 0 <= k < len(doc.line_keys) and doc.line_keys[k][0] == span.page]

    def height(s: Span) -> float:
        return max(doc.words[i].bbox[3] - doc.words[i].bbox[1] for i in s.word_indices)

    h = height(span)
    # a name that ends on "e", "&" or a comma goes on ("Giannelli, Bondumier e" over "Castioni e figli")
    last = found.value.split()[-1] if found.value.split() else ""
    # ... or on a hyphen ("Gregorio-" over "Iacobucci Group": a double name wrapped where it is joined)
    hyphen = not alone and found.value.endswith("-") and found.value[-2:-1].isalpha()
    open_end = not alone and (_goes_on(found.value) or hyphen)
    if not alone and not below_only and key > 0 and doc.line_keys[key - 1][0] == span.page:
        # the name's head on the line above, wrapped at its hyphen ("Papafava-" over "Barberini SPA") or after a
        # word that goes on ("Steffensen &" over "Thorsen ApS"), after a title on its line ("FAKTURA")
        titled = any(_without_title(doc, o).text != o.text for o in doc.lines[doc.line_keys[key - 1]])
        for above in doc.lines[doc.line_keys[key - 1]]:
            head = _without_title(doc, above)
            words = head.text.split()
            joined = bool(words) and len(words[-1]) >= 4 and words[-1].endswith("-") and words[-1][-2].isalpha()
            # (a connector in small letters: "E" ends a title read letter-spaced, "TAX IN vo IC E")
            goes_on = len(words) >= 2 and ((words[-1].islower() and normalise(words[-1]) in _CONNECTORS)
                                           or words[-1] in ("&", "+"))
            display = (body > 0 and h >= 1.25 * body and head.text == above.text and len(words) <= 3
                       and abs(above.bbox[0] - span.bbox[0]) <= 0.5 * h and 0.9 <= height(above) / h <= 1.11
                       and not any(c.isdigit() for c in above.text) and not legal_form(above.text)
                       and not doc.is_caption(above))
            # ... or a short name's head on the page's first line, before the title there, at the name's left and
            # size ("Zubní laboratoř  FAKTURA" over "Procházka s.r.o.")
            top = (key == 1 and titled and 1 <= len(words) <= 3 and legal_form(found.value)
                   and len(found.value.split()) <= 3 and abs(above.bbox[0] - span.bbox[0]) <= 0.5 * h
                   and 0.9 <= height(above) / h <= 1.11 and not any(c.isdigit() for c in head.text)
                   and not legal_form(head.text) and not doc.is_caption(above))
            whole = display or top
            first = doc.words[head.word_indices[0 if goes_on or whole else -1]]
            if ((joined or goes_on or whole) and above.has(SpanKind.TEXT)
                    and abs(first.bbox[0] - span.bbox[0]) <= 1.5 * h
                    and 0.7 <= height(above) / h <= 1.43 and 0 < span.bbox[1] - above.bbox[1] <= 2.0 * h
                    and (joined or name_like(doc, head.model_copy(
                        update={"text": " ".join(words if whole and not goes_on else words[:-1])})))):
                if joined:
                    head = above.model_copy(update={"word_indices": [above.word_indices[-1]], "text": words[-1]})
                return Found(f"{head.text}{'' if joined else ' '}{found.value}", max(found.confidence, 0.6),
                             [head, *found.spans])
    for other in (o for k in other_keys for o in doc.lines[doc.line_keys[k]]):
        name, form = (other, span) if alone else (span, other)
        # aligned on the left, on the right, or centred (a till receipt's header)
        aligned = min(abs(name.bbox[0] - form.bbox[0]), abs(name.bbox[2] - form.bbox[2]),
                      abs(name.bbox[0] + name.bbox[2] - form.bbox[0] - form.bbox[2]) / 2,
                      abs(line_start - form.bbox[0]) if line_start is not None and not alone else 1.0) <= 1.5 * h
        close = 0 < form.bbox[1] - name.bbox[1] <= 2.0 * h
        plain = form.has(SpanKind.TEXT) and not any(c.isdigit() for c in form.text) and not street_line(form.text)
        parts = form.text.split()
        # "& ASOCIADOS S.L." under "DISTRIBUCIONES RAMÓN": the name goes on at its joining word
        joined_on = len(parts) >= 2 and (parts[0] in ("&", "+") or normalise(parts[0]) in _JOINING_WORDS)
        # ... or a name set in display type that its line could not hold ("Supermercado" over "Fábregas" across a
        # narrow till receipt): the rest at its size, a few plain words
        display = (not alone and body > 0 and h >= 1.25 * body and 0.9 <= height(other) / h <= 1.11 and plain
                   and len(parts) <= 3 and not legal_form(span.text) and not doc.is_caption(form)
                   and name_like(doc, form))
        # (two words ending on a legal form that start in lower case read on: "Kancelářské" over "potřeby s.r.o.")
        tail = _legal_form_only(form.text) or _name_tail_only(form.text) or (open_end and plain) or (
            not alone and plain and len(parts) - joined_on <= 2 and legal_form(form.text)
            and (joined_on or name_like(doc, form) or form.text[:1].islower())) or display
        # printed at the name's size: a scan's boxes of one size differ by a descender ("Group"), and more where the
        # rest says it is one ("E FIGLI" under "PAVAROTTI, PUGLIESE E MORANDINI")
        smallest = 0.6 if joined_on and _name_tail_only(form.text) else 0.7
        if not (aligned and close and smallest <= height(other) / h <= 1.43 and tail) or not name.has(SpanKind.TEXT) \
                or _legal_form_only(name.text) or _name_tail_only(name.text) or not name_like(doc, name):
            continue
        head = found.value if not alone else name.text.strip(" ,;")
        if not alone and span.text.rstrip().endswith(",") and not head.endswith(","):
            head += ","  # "Lachance," over "Gauthier and Blouin": the comma is the name's
        return Found(f"{head}{'' if hyphen else ' '}{form.text.strip(' ,;')}", max(found.confidence, 0.6),
                     [*(found.spans if not alone else [name]), form])
    if open_end and not hyphen and other_keys and (rest := _name_rest_before_address(doc, span, other_keys[0], h)):
        tail = narrowed(doc.lines[doc.line_keys[other_keys[0]]][0], rest, doc.words)
        return Found(f"{found.value} {tail.text.strip(' ,')}", max(found.confidence, 0.6), [*found.spans, tail])
    return found


def _name_rest_before_address(doc: SpanDoc, name: Span, key: int, height: float) -> list[int]:
    """The words that end a name which goes on ("Mody, Prabhakar and") where its column's next line runs them into
    the address ("Malhotra H.No. 890 Shanker Zila, Bengaluru"): the capitalised words at the start of the line's
    first span, right under the name's start, before a word with a figure or an abbreviation's dot; none where
    the rest of the span is no address (it has no figure)."""
    line = doc.lines[doc.line_keys[key]]
    first = line[0]
    if abs(first.bbox[0] - name.bbox[0]) > 1.5 * height or not 0 < first.bbox[1] - name.bbox[1] <= 2.0 * height:
        return []
    idx = list(first.word_indices)
    rest: list[int] = []
    for k, i in enumerate(idx):
        text = doc.words[i].text
        if any(c.isdigit() for c in text) or "." in text.rstrip(".,")[:-1] or not text[:1].isupper() \
                or street_line(text) or _STREET.match(" ".join(doc.words[j].text for j in idx[k:])):
            break  # a figure, "H.No.", a street's word ("Strada Sommaruga, 56", "Hauptstraße 5")
        rest.append(i)
        if text.endswith((",", ".")):
            break
    after = " ".join(doc.words[i].text for i in idx[len(rest):])
    if not rest or len(rest) > 3 or not any(c.isdigit() for c in after):
        return []
    return rest


def _goes_on(name: str) -> bool:
    """Whether a name ends on a word that joins it to more ("Lachance, Gauthier and", "Eckbauer Rudolph AG &")."""
    last = name.split()[-1] if name.split() else ""
    return normalise(last) in _CONNECTORS or last in ("&", "+") or name.endswith(",")


#: the words a tax or company registration number is printed after
_REGISTRATION_WORDS = frozenset("gstin gst vat tva btw ust ustid mwst abn acn nip regon krs rfc cnpj cpf cif nif nipc "
                                "siret siren kvk ein tin pan iva piva cvr org orgnr ico dic uid hrb hra".split())


#: words that join a company's partners' names ("Ramón & Asociados", "Smith and Sons", "Müller und Partner")
_JOINING_WORDS = frozenset("and und et e y en och og i".split())
_ID_LABEL_WORDS = frozenset("id no nr cod code codice codigo kod kundennr ref reference number account".split())


def customer_block(doc: SpanDoc) -> set[int]:
    """Spans of the addressee block: under a "Bill to"/"Kunde"/"Nabywca" label, up to five lines down."""
    out: set[int] = set()
    for label, score in doc.labels(concept_phrases("customer"), "customer", floor=0.6):
        if doc.label_score(label, concept_phrases("party"), "party") > score:
            continue  # "Betalen aan", "Pay to": who is paid, the issuer
        if set(doc.tokens.get(label.index, ())) & _COPY_WORDS:
            continue  # "CUSTOMER COPY" says whose copy it is, not who is billed
        toks = doc.tokens.get(label.index, ())
        if set(toks) & _ID_LABEL_WORDS or any(NUMBER_COMPOUND.search(t) for t in toks):
            continue  # "Customer ID", "N° client", "Klantnummer": the customer's number, not a block of who is billed
        pos = doc.line_pos[(label.page, label.line)]
        out |= {s.index for s in doc.lines[(label.page, label.line)] if s.index > label.index}
        for key in doc.line_keys[pos + 1: pos + 6]:
            if key[0] != label.page:
                break  # the next page's lines (its running header) are not the block's
            out |= {s.index for s in doc.lines[key]
                    if min(s.bbox[2], label.bbox[2] + 0.15) > max(s.bbox[0], label.bbox[0] - 0.02)}
    return out


#: a page's number and the count of pages, in the languages read
_PAGE_MARK = re.compile(r"(?i)^(?:page|pg|p|seite|s|blad|side|sida|sivu|pagina|página|strona|str|stránka|strana|"
                        r"feuille|folio|hoja|foglio)\.?\s*\d+\s*(?:of|von|van|av|af|de|di|da|z|ze|sur|su|aus|/)\s*\d+$")
#: a time of day alone ("17:20:43")
_CLOCK = re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?\b")


#: a manual page's title and section, as man(1) and mandoc head and foot its pages ("KASSE(2)", "RECHNUNG()")
_MAN_TITLE = re.compile(r"[A-Z][A-Z0-9_.-]*\(\w{0,3}\)")


def _print_header(doc: SpanDoc, s: Span) -> bool:
    """Whether ``s`` stands in the header a printing tool sets over each page of a listing: beside a clock time
    ("17:20:43  FAKTDRUK"), between the day it printed and the page's number ("05/29/26  FAKTDRUK  1"), over
    a line of the time and the page count, or in a manual page's head, beside its title and section."""
    others = [x for x in doc.lines.get((s.page, s.line), []) if x.index != s.index]
    if any(_CLOCK.fullmatch(x.text.strip()) for x in others):
        return True
    if any(_MAN_TITLE.fullmatch(x.text.strip()) for x in (s, *others)):
        return True  # a manual page's running head ("TILL(1)  General Commands Manual  TILL(1)")
    # ... or over the header's line of the time and the page count ("SYSTEM PRT01" over "Sep 03, 26 10:05
    # INV1481.LST  Page 1/1")
    pos = doc.line_pos[(s.page, s.line)]
    for key in doc.line_keys[pos: pos + 3]:
        texts = [x.text.strip() for x in doc.lines[key]]
        if key[0] == s.page and any(_CLOCK.search(t) for t in texts) and any(_PAGE_MARK.match(t) for t in texts):
            return True
    return any(x.date is not None for x in others) and any(re.fullmatch(r"\d{1,3}", x.text.strip()) for x in others)


#: a capitalised abbreviation ("Bros.", "Intl.", "K.K."), which ends names rather than sentences
_ABBREVIATION = re.compile(r"^[A-Z][A-Za-z.]{0,4}\.$")


#: countries as an address's last line names them, in the languages the labels know (folded as label tokens)
_COUNTRY_NAMES = frozenset(tuple(label_tokens(c)) for c in (
    "deutschland|germany|allemagne|osterreich|austria|autriche|schweiz|suisse|svizzera|switzerland|france|"
    "frankreich|francia|franca|belgique|belgie|belgien|belgium|nederland|netherlands|the netherlands|holland|"
    "espana|spain|espagne|italia|italy|italie|portugal|polska|poland|pologne|ceska republika|czech republic|"
    "czechia|cesko|sverige|sweden|danmark|denmark|norge|norway|suomi|finland|eesti|latvija|lietuva|ireland|eire|"
    "united kingdom|uk|great britain|england|scotland|wales|united states|united states of america|usa|us|"
    "canada|australia|new zealand|india|singapore|mexico|brasil|brazil|argentina|colombia|chile|peru|"
    "luxembourg|luxemburg|magyarorszag|hungary|slovensko|slovakia|slovenija|hrvatska|romania|bulgaria|"
    "greece|hellas|turkiye|turkey|japan|china|south africa").split("|"))


#: a company named with a number after its words, as a taxi firm by its phone line ("Radio Taxi 3570"): two words
#: of letters at least, no comma, one figure of four digits last (a postcode stands before its town, after a state)
_NUMBERED_NAME = re.compile(r"[^\W\d_]{2,}(?: [^\W\d_]{2,})+ \d{4}")
#: a shop of a chain named by its number after two words or more ("Sklep Społem nr 12", "Farmacia Centrale n. 3"),
#: not a reference's label and its value ("Kunden-Nr. 4711", "Tisch Nr. 5")
_NUMBERED_SHOP = re.compile(r"(?i)[^\W\d_]{2,}(?: [^\W\d_]{2,})+ (?:nr|no|n|n°|nº|#)\.? ?\d{1,3}")


def names_country(text: str) -> bool:
    """Whether ``text`` is a country's name, as an address's last line prints it ("Deutschland", "United Kingdom")."""
    return tuple(label_tokens(text)) in _COUNTRY_NAMES


def _standing(s: Span) -> bool:
    """Whether a span runs down the page (a side label set on end, "FACTUUR · S511563" along the margin): four
    characters or more in a box at least one and a half times as tall as it is wide. Its words' height is their
    length, no sign of a heading's large type."""
    return len(s.text.replace(" ", "")) >= 4 and s.bbox[3] - s.bbox[1] >= 1.5 * (s.bbox[2] - s.bbox[0])


#: the person a letter is for, under the recipient's name ("z. Hd. Theresa Pichler", "Attn: Accounts Payable",
#: "t.a.v. de heer Jansen", "à l'attention de", "c/o")
_ATTENTION = re.compile(r"(?i)(?:z\.\s?H(?:d|ä)\.?|zu\s+H(?:ä|a)nden|attn\.?:?|attention\b|t\.\s?a\.\s?v\.|"
                        r"[àa]\s+l['’]\s?attention|c/o\b|all['’]\s?attenzione)\s*:?\s")


#: a bank's identifier code (ISO 9362: bank, country, place, perhaps a branch) after its caption
_BANK_CODE = re.compile(r"(?i:bic|swift|bic\s?/\s?swift|swift\s?/\s?bic|swift code|bic code)\s?:?\s?"
                        r"[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?")


#: a hyphen inside a word: a title's word in a compound ("Marque-Page", a bookshop's name) makes no title
_HYPHEN_IN_WORD = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")


def name_like(doc: SpanDoc, s: Span) -> bool:
    """Whether a text span can be a company name: not a title, label, address, sentence."""
    toks = doc.tokens.get(s.index, ()) if s.text == doc.spans[s.index].text else label_tokens(s.text)
    if (not toks or (len(toks) <= 3 and _title(set(toks))
                     and _title(set(label_tokens(_HYPHEN_IN_WORD.sub("", s.text).lower()))))
            or set(toks) <= _CAPTIONS or set(toks) <= _CALLS
            or (len(toks) <= 2 and toks[0] in _STAMPS)
            or _ADDRESSY.search(s.text) and not _NUMBERED_NAME.fullmatch(s.text.strip())
            or len(s.text) > 60 or s.text.lstrip()[:1] in "(*[" or not any(c.isupper() for c in s.text)):
        return False
    if tuple(toks) in _COUNTRY_NAMES:
        return False  # an address's last line ("Danmark", "United Kingdom")
    if s.text.rstrip()[-1:] in ".!?" and len(s.text.split()) >= 3 and not legal_form(s.text) \
            and not _ABBREVIATION.match(s.text.split()[-1]):
        return False  # a sentence or a slogan, not a name that ends on an abbreviation ("Bros.", "Intl.")
    if street_line(s.text) and re.search(r"(?<![^\W\d_])\d", s.text) and "&" not in s.text:
        # a street with its house number ("Via Roma 70"), not "Maple Street Bakery" nor a brand's "Q8" in a fuel
        # station's name ("DISTRIBUTORE Q8 VIA EMILIA"), nor a name joined by an ampersand ("Route 9 Gas & Go")
        return False
    if _TILL_LINE.match(s.text.strip()):
        return False  # a till's or a cashier's number ("KASSE 05 BED 96", "CASSA 1")
    if _ATTENTION.match(s.text.strip()):
        return False  # the person a letter is for, in the recipient's block ("z. Hd. Theresa Pichler")
    if _PAGE_MARK.match(s.text.strip()):
        return False  # a page's number ("BLAD 1 VAN 1", "SIDE 1 AV 2", "Seite 2 von 3")
    if _print_header(doc, s):
        return False
    if (s.page, s.line) in doc.run_stamp_lines or (s.page, s.line) in doc.fax_header_lines:
        return False  # the stamp of the program that printed a listing ("PRINTED 03/12/2026 18:34 PGM SDINVPRT"), or
        # the sender a fax machine printed across the top ("13:35 FROM: BAECKEREI  P.1/1")
    if re.search(r"\d{5}", s.text):
        return False  # an account's, a bank's or a register's number ("Routing 844864880", "IFSC OOUT0937907")
    if toks[0] in _REGISTRATION_WORDS and any(c.isdigit() for c in s.text):
        return False  # a tax or company registration ("GSTIN 82EGRZN5735A1ZB", "ABN 51 824 753 556")
    if _BANK_CODE.fullmatch(s.text.strip()):
        return False  # a bank's code with its caption ("BIC BCOMPTPL", "SWIFT: COBADEFFXXX")
    words = s.text.split()
    if len(words) >= 3 and sum(len(w) <= 3 for w in words) * 2 >= len(words) and any(
            t in normalise("".join(words)) for t in _STRONG_TITLES):
        return False  # a title a scan's OCR read letter-spaced ("REC H N U NG", "F a ktu ra")
    if len(words) >= 2 and normalise("".join(words)).strip(".:") in _STRONG_TITLES:
        return False  # a title OCR cut in two ("FACTU UR", "RECH NUNG")
    if len(toks) <= 3 and (toks[-1] == "no" or NUMBER_COMPOUND.search(toks[-1])) \
            and not legal_form(s.text) and not _NUMBERED_SHOP.fullmatch(s.text.strip()):
        return False  # a reference's label: "Kundennummer", "Account no.", "Bestellnummer" (not "… S.L.N.E")
    for concept in ("invoice_number", "invoice_date", "due_date", "total", "subtotal", "tax", "customer",
                    "party"):
        score = label_score(toks, concept_phrases(concept), concept)
        # a label with more words is still one where they are all labels' words ("Zwischensumme netto"); a name
        # that starts on one is a name ("Neto Café", a Portuguese surname, not the net amount)
        if score >= 0.8 or (score >= 0.6 and known_label_words(toks)):
            return False
    # a column header, a contact caption, how it was paid ("QUANTITY", "Tel.", "Payment method")
    for concept in (*COLUMN_CONCEPTS, "contact", "payment_method"):
        if label_score(toks, concept_phrases(concept), concept) >= 0.8:
            return False
    return True


#: a Czech street named by an adjective, then its number ("Masarykova 41", "Palackého 146", "Pražská 12/3")
_CZECH_STREET = re.compile(r"^(?:[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ][a-záčďéěíňóřšťúůýž]+(?:ova|ého|ská|ní)|"
                           # ... or named by where it runs: "Na Příkopě 3", "Pod Hájem 5", "U Nemocnice 12"
                           r"(?:Na|Nad|Pod|Před|U|V|Ve|K|Ke|Za)\s+[A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ][a-záčďéěíňóřšťúůýž]+)"
                           r"\s+\d{1,4}(?:/\d{1,4})?[a-z]?$")


def street_line(text: str) -> bool:
    """Whether a line reads as a street address ("Hauptstraße 18", "27 rue des Lilas", "ul. Polna 170"), not a
    postal code and city ("28195 Bremen")."""
    if _STREET.search(text) or _COMPASS_STREET.match(text) or _CZECH_STREET.match(text.strip(" ,")):
        return True
    return bool(_HOUSE_FIRST.match(text)) and split_postal_city(text.strip(" ,")) is None


def address_below(doc: SpanDoc, word_indices: list[int]) -> Found | None:
    """The address lines under a name (given by its words), up to a contact or registration line; lines before
    a street line ("Open 7 days", "Since 1987") are a slogan, not the address."""
    spans = [s for s in doc.spans if set(s.word_indices) & set(word_indices)]
    if not spans:
        return None
    # below the name's last line (a name wrapped onto two lines is no part of its address)
    anchor = max(spans, key=lambda s: doc.line_pos[(s.page, s.line)])
    lines: list[list[Span]] = []
    wrapped: set[int] = set()  # spans that go on the line above
    pos = doc.line_pos[(anchor.page, anchor.line)]
    beside = False  # a line of the column right of the block passed (the date set between the name's and the
    # street's lines: "Mercearia Rodrigues | RECIBO 94303", "| 15 de abril de 2025", "Avenida da Liberdade, 92")
    # up to five lines: a flat, the street, the town, the county and the postcode each have one in British use
    skipped = 0  # the tax number and the branch's caption over the street (a Mexican till: "RFC: …", "SUCURSAL:")
    for seen, key in enumerate(doc.line_keys[pos + 1: pos + 8], start=1):
        if seen - skipped > 5:
            break
        marked = [s for s in doc.lines[key] if SIGNATURE_MARK not in s.text]  # a pen's tick or a staple is no part
        over = _run_of(marked, [s for s in marked
                                if min(s.bbox[2], anchor.bbox[2] + 0.1) > max(s.bbox[0], anchor.bbox[0] - 0.1)])
        text = " ".join(s.text for s in over).strip(" ,")
        if not over and marked and not beside and key[0] == anchor.page:
            beside = True
            continue
        if over and _after_blank_line(lines[-1] if lines else [anchor], over) and (lines or beside):
            break  # the address block ends at a blank line (a scan's OCR drops the rule of dashes under it)
        if _past_town(lines) and (any(c.isdigit() for c in text) or any(
                b.bbox[0] - a.bbox[2] > 0.2 for a, b in zip(marked, marked[1:], strict=False))):
            break  # past the street, postcode and town, a line with figures is no address's (a receipt's item), nor
            # a row of a caption and its value beside the block ("Programm … WÄSCHE GOLD")
        if lines and re.fullmatch(r"\d{1,4}[A-Za-z]?", text) and not lines[-1][-1].text.rstrip().endswith(","):
            lines[-1] = lines[-1] + over  # a narrow receipt wrapped its street before the number ("Puerta" / "3")
            wrapped.update(s.index for s in over)
            continue
        postcode = split_postal_city(text) is not None  # "N6 1YU", "5659AE"
        toks = label_tokens(text)
        if over and skipped < 2 and not any(street_line(" ".join(x.text for x in ln)) for ln in lines) and (
                _BRANCH_CAPTION.fullmatch(text) or _TAX_ID_LINE.fullmatch(text)):
            lines, skipped = [], skipped + 1  # the slogan over them is no part of the address either
            continue
        if not lines and _HOUSE_NUMBER.fullmatch(text):  # "94/693" over "Shanker Marg": the building's number
            lines.append(over)
            continue
        if not lines and toks and all(t in _STRONG_TITLES or t in _TITLE_QUALIFIERS for t in toks) \
                and toks[-1] in _STRONG_TITLES:
            continue  # the document's title alone between the name and its address ("Ticketline" / "Receipt")
        # a street whose number is a span of its own ("Klemtstr." "487", the stop's wide space between) goes on
        if (not over or not (postcode or all(s.has(SpanKind.TEXT) for s in over) or street_line(text))
                or not any(c.isalnum() for c in text)  # a rule of dashes or equals signs under the address
                or key[0] != anchor.page
                or any(_CONTACT.search(s.text) for s in over) or _TILL_LINE.match(text) or _WHEN.search(text)
                or (_REGISTRATION_LINE.search(text) and any(c.isdigit() for c in text))  # "550359263 RT0001"
                # a title ("Receipt from Herring Books") or a row of captions ("DATE PAID  TOTAL PAID") ends it
                or (toks and toks[0] in _STRONG_TITLES)
                or (toks and toks[0] in _TILL_TITLES and len(toks) <= 3 and set(toks[1:]) <= _TILL_TITLE_WORDS)
                or any(s.index in doc.captions for s in over)
                # a telephone's number without its label ("570 2244 45"): figures only, more than a postcode's
                or (not any(c.isalpha() for c in text) and sum(c.isdigit() for c in text) >= 8)):
            break
        lines.append(over)
    texts = [" ".join(s.text for s in over) for over in lines]
    # (a street, or a whole address on one line: "Palackého 163 · 301 51 Plzeň")
    streets = [street_line(t) or split_address_line(t) is not None for t in texts]
    if not any(street or split_postal_city(t.strip(" ,")) for t, street in zip(texts, streets, strict=True)):
        return None  # no street and no postal code: a slogan or an opening-hours line
    first = next((i for i, street in enumerate(streets) if street), 0)
    if first == 1 and _HOUSE_NUMBER.fullmatch(texts[0].strip(" ,")):
        first = 0
    if first >= 1 and split_postal_city(texts[first - 1].strip(" ,")) and not streets[first - 1]:
        first -= 1  # the postcode and town before the street, as Hungarian addresses write them ("9021 Győr")
    elif first >= 1 and _PLACE.search(texts[first - 1]) and not streets[first - 1]:
        first -= 1  # the shopping centre or station the shop is in, over its street ("Galeria Centrum")
    parts = [s for over in lines[first:] for s in over]
    # a line's spans are parts of the address, but a postcode OCR cut in two ("N6" "1YU") is one
    shown = [_spaced_code(texts[i].strip(" ,")) if split_postal_city(texts[i].strip(" ,"))
             else _address_line(over, wrapped) for i, over in enumerate(lines) if i >= first]
    # (the parts of an address set on one line apart by a middle dot or a bar: "Stationsweg 73 · 2011 RD Haarlem")
    return Found(", ".join(_FOOTER_PARTS.sub(", ", t) for t in shown), 0.4, [merge_spans(parts)])


#: a place a shop is in, named over its street: a shopping centre, an arcade, a market hall, a station, an airport, a
#: branch, a stall or a floor in one ("Galeria Centrum", "im Marktkauf-Center", "Centro Commerciale Aurora", "Filiale
#: Bahnhof", "Terminal 2", "Torvehallerne, stand 7", "Árkád, földszint"), or the shop's unit ("Lokal 2", "Loja 3")
_PLACE = re.compile(r"(?i)\b(?:cent(?:er|re|rum|ro)|galer[ií]a|galerie|galleria|mall|plaza|arkaden|passage|"
                    r"einkaufszentrum|(?:haupt)?bahnhof|station|terminal|flughafen|airport|aeropuerto|aeroporto|"
                    r"a[ée]roport|lotnisko|leti[sš]t[eě]|filiale|hub|winkelcentrum|k[öo]pcentrum|kauppakeskus|"
                    r"bev[áa]s[áa]rl[óo]k[öo]zpont|avm|[áa]rk[áa]d|f[öo]ldszint|\w*hall(?:en|erne|et)|"
                    r"markthalle|saluhall|kauppahalli|(?:stand|lokal|lokale|loja|local|unit|shop|butik)\s+\d+[a-z]?)\b")


#: a till's caption over the address of the branch or the head office it prints ("SUCURSAL:", "MATRIZ:")
_BRANCH_CAPTION = re.compile(r"(?i)(?:sucursal|matriz|domicilio fiscal|expedido en|lugar de expedici[oó]n)\s*:")
#: a Mexican taxpayer's number with its caption, which a till prints between its name and its branch's address
_TAX_ID_LINE = re.compile(r"(?i)r\.?f\.?c\.?\s*:?\s*[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}")


def _past_town(lines: list[list[Span]]) -> bool:
    """Whether address ``lines`` hold a street and, on a line after it, a postcode and town."""
    texts = [" ".join(s.text for s in over).strip(" ,") for over in lines]
    street = next((i for i, t in enumerate(texts) if street_line(t)), None)
    return street is not None and any(split_town_line(t) is not None for t in texts[street + 1:])


def _after_blank_line(above: list[Span], below: list[Span]) -> bool:
    """Whether ``below`` starts more than 2.2 of ``above``'s line heights under the top of ``above``'s last line (a
    line may hold a street's number wrapped under it): a blank line (or more) between them, where an address's
    lines follow one another at 1.2 to 1.6 heights."""
    top = max(s.bbox[1] for s in above)
    height = max(s.bbox[3] - s.bbox[1] for s in above)
    return height > 0 and min(s.bbox[1] for s in below) - top > 2.2 * height


def _run_of(line: list[Span], chosen: list[Span]) -> list[Span]:
    """``chosen`` spans of a line with the spans set right beside them (closer than two and a half times the line's
    height), in line order: a centred receipt's address line is wider than the name over it ("H.No." before
    "19, Nagarajan Ganj")."""
    keep = {s.index for s in chosen}
    gap = 2.5 * max((s.bbox[3] - s.bbox[1] for s in line), default=0.0)
    grown = True
    while grown and chosen:
        grown = False
        for s in line:
            if s.index not in keep and any(abs(s.bbox[0] - o.bbox[2]) < gap or abs(o.bbox[0] - s.bbox[2]) < gap
                                           for o in line if o.index in keep):
                keep.add(s.index)
                grown = True
    return [s for s in line if s.index in keep]


#: a tax or company registration printed under an address ("CHE-781.382.287 MWST", "550359263 RT0001",
#: "ABN 51 824 753 556"); a Swiss enterprise number tells by its shape where a scan garbled its label
_REGISTRATION_LINE = re.compile(r"(?i)\b(?:CHE-?\d{3}[.\s]?\d{3}[.\s]?\d{3}|RT\d{4}|MWST|MwSt|TVA|VAT|USt|GST|"
                                r"GSTIN|HST|ABN|ACN|NIF|NIPC|CIF|IVA|"
                                r"BTW|CVR|NIP|RFC|CNPJ|UID|EIN|KvK|SIRET|SIREN|RCS|HRB|KBO|BCE|NZBN|CUIT|REA|"
                                r"Org\.?\s?nr|Ondernemingsn(?:r|ummer)|Handelsregister|Steuer-?nr|St\.-?Nr)\b")
#: a line that is only a building's number ("94/693", "12A", "7-9"), as Indian addresses print it over the street
_HOUSE_NUMBER = re.compile(r"\d{1,5}[A-Za-z]?(?:[/-]\d{1,5}[A-Za-z]?)?,?")
#: a form's caption of a house's number, in a box of its own beside the street's ("House no.", "Hausnr.", "Nr
#: domu", "N.º de porta", "N. civico", "N°")
HOUSE_CAPTION = re.compile(r"(?i)(?:house\s*(?:no\.?|number|nr\.?)|haus\s*-?\s*(?:nr\.?|nummer)|"
                           r"huis\s*-?\s*(?:nr\.?|nummer)|nr\.?\s*domu|n\.?\s*[º°o]?\.?\s*de\s*porta|n\.?\s*civico|"
                           r"numero(?: civico)?|numéro|n[º°]|no\.?|nr\.?|núm\.?|número|husnummer|husnr\.?|"
                           r"numer(?:\s*domu)?)\s*:?")


def house_number_beside(doc: SpanDoc, street: Span) -> Span | None:
    """A house's number in a box of its own right of the street's, under its caption (``Straat`` | ``Huisnr.``
    over ``Prinsengracht`` | ``65a``): the one number on the street's line under a house-number caption on the
    line above, right of the street."""
    pos = doc.line_pos.get((street.page, street.line))
    if not pos:
        return None
    captions = [s for s in doc.lines[doc.line_keys[pos - 1]]
                if s.bbox[0] > street.bbox[2] and HOUSE_CAPTION.fullmatch(s.text.strip())]
    if len(captions) != 1:
        return None
    caption = captions[0]
    under = [s for s in doc.lines[(street.page, street.line)] if s.bbox[0] > street.bbox[2]
             and s.bbox[0] < caption.bbox[2] and s.bbox[2] > caption.bbox[0] - 0.02]
    if len(under) == 1 and _HOUSE_NUMBER.fullmatch(under[0].text.strip()):
        return under[0]
    return None


def _one_line_parts(doc: SpanDoc, key: tuple[int, int]) -> list[list[int]]:
    """A line's words in the parts its commas and separators set apart ("Costa, Av Cardoso, 40, 4610-905 Mirandela",
    "Acme Ltd · 1 High St · Leeds LS1 4AP"): the word indices of each part."""
    parts: list[list[int]] = [[]]
    for i in (i for sp in doc.lines[key] for i in sp.word_indices):
        text = doc.words[i].text
        if text in _SEPARATORS:
            parts.append([])
            continue
        parts[-1].append(i)
        if text.endswith(","):
            parts.append([])
    return [p for p in parts if p]


def _part_text(doc: SpanDoc, part: list[int]) -> str:
    return " ".join(doc.words[i].text for i in part).strip(" ,;")


def _addressed(doc: SpanDoc, parts: list[list[int]]) -> list[list[int]]:
    """The parts of a one-line address, up to a contact or registration part (a mail, a phone, an IBAN), when
    they hold a street or a postal code; else []."""
    out: list[list[int]] = []
    texts: list[str] = []
    for part in parts:
        text = _part_text(doc, part)
        if _CONTACT.search(text) or re.match(r"(?i)iban|bic|swift|kvk|siret|ust", text):
            break
        out.append(part)
        texts.append(text)
    # a postal code alone at the end ("…, La Coruña, 24783") or an Indian PIN after its town ("Uluberia-681142")
    coded = bool(texts) and bool(re.fullmatch(r"\d{4,6}|\D+-\s?\d{6}", texts[-1]))
    if not coded and not any(street_line(t) or split_postal_city(t) for t in texts):
        return []
    return out


def address_after_name(doc: SpanDoc, name_text: str) -> Found | None:
    """The address printed on one line after the name, as an emailed receipt's or a letter's footer does
    ("Costa, Av Cardoso, 40, 4610-905 Mirandela"): the parts after the one that spells the name, up to a contact
    part, where they hold a street or a postal code. A line that ends on a comma goes on on the next line."""
    name = normalise(name_text).strip(" ,;")
    if not name:
        return None
    for pos, key in enumerate(doc.line_keys):
        parts = _one_line_parts(doc, key)
        last = doc.words[parts[-1][-1]].text if parts else ""
        if last.endswith(",") and pos + 1 < len(doc.line_keys) and doc.line_keys[pos + 1][0] == key[0]:
            parts += _one_line_parts(doc, doc.line_keys[pos + 1])  # "…, Guadalajara," over "40593"
        # the name's own commas part it too ("Zaccagnini, Morandini e Lovato SPA, Vicolo Orlando, 93, …")
        k = next((k for k in range(1, len(parts))
                  if normalise(", ".join(_part_text(doc, p) for p in parts[:k])) == name), None)
        if k is not None and (rest := _addressed(doc, parts[k:])):
            span = doc.lines[key][0]
            words = [i for p in rest for i in p]
            return Found(", ".join(_part_text(doc, p) for p in rest), 0.4,
                         [span.model_copy(update={"word_indices": words})])
    return None


#: the least gap (page widths) between a footer's columns
_FOOTER_COLUMN_GAP = 0.1


def address_under_name_again(doc: SpanDoc, name_text: str, word_indices: list[int]) -> Found | None:
    """The address under the name where the name is printed again on a line of its own, or first on a line whose
    other spans stand well apart (a footer's other columns: "Biomarkt Grünblatt | UStIdNr. CHE385.568.733"): an
    emailed receipt names its merchant in its title ("Your receipt from Sanford Brothers"), an online order's
    confirmation at its head, and again over the address at its foot."""
    name = normalise(name_text).strip(" ,;")
    if not name:
        return None

    def apart(s: Span) -> bool:
        line = doc.lines[(s.page, s.line)]
        return line[0] is s and (len(line) == 1 or line[1].bbox[0] - s.bbox[2] >= _FOOTER_COLUMN_GAP)

    for s in doc.spans:
        if (normalise(s.text).strip(" ,;") == name and not set(s.word_indices) & set(word_indices)
                and apart(s)):
            found = address_below(doc, s.word_indices)
            if found is not None:
                return found
    return None


def footer_address_name(doc: SpanDoc, customer: set[int], initials: str | None = None,
                        top: float = 0.0) -> Found | None:
    """Where no name heads the document, the name that starts a one-line address at its foot ("Costa, Av Cardoso,
    40, 4610-905 Mirandela"): the lowest such line of page 1, at a low confidence. A name with commas of its own
    reaches to its legal form ("Nitti, Giannone e Caccioppoli s.r.l., Strada Flavio, 70, …"), or as far as the
    ``initials`` of a logo ask ("Smith, Osborne and Davies" for "SOA"). Only lines from ``top`` down are read."""
    for key in reversed([k for k in doc.line_keys if k[0] == 0]):
        parts = _one_line_parts(doc, key)
        if len(parts) < 3 or any(sp.index in customer for sp in doc.lines[key]) \
                or min(sp.bbox[1] for sp in doc.lines[key]) < top:
            continue
        first = doc.lines[key][0]
        heads = []
        for k in range(1, len(parts) - 1):
            words = [i for p in parts[:k] for i in p]
            head = first.model_copy(update={"word_indices": words,
                                            "text": ", ".join(_part_text(doc, p) for p in parts[:k])})
            if name_like(doc, head) and not street_line(_part_text(doc, parts[k - 1])) \
                    and _addressed(doc, parts[k:]):
                heads.append(head)
        if initials is not None:  # the name a logo's letters abbreviate ("SOA": "Smith, Osborne and Davies")
            heads = [h for h in heads if _initials_of(initials, h.text)]
        if heads:
            head = next((h for h in heads if legal_form(h.text.split(",")[-1])), heads[0])
            return Found(head.text, 0.35, [head])
    return None


def _spaced_code(line: str) -> str:
    """A postcode and town line with a British, Irish or Canadian code OCR ran into one word spaced as the country
    writes it ("Leeds LS88QT" → "Leeds LS8 8QT")."""
    code = (split_postal_city(line) or ("", ""))[0]
    spaced = spaced_postal_code(code)
    return line.replace(code, spaced, 1) if code and spaced != code else line


def _address_line(spans: list[Span], wrapped: set[int]) -> str:
    """An address line's spans, parts set apart by commas, a number wrapped onto the next line joined by a space."""
    out, comma = "", False
    for s in spans:
        text = s.text.strip(" ,")
        # a number after its sign is no part of its own ("H.No." "44, Bose Chowk", "Nr." "12"), nor a house's number
        # after its street where no comma parts them ("Klemtstr." "487")
        glued = s.index in wrapped or (text[:1].isdigit() and (label_tokens(out)[-1:] == ("no",) or (
            not comma and _HOUSE_NUMBER.fullmatch(text) is not None and street_line(f"{out} {text}"))))
        out = text if not out else f"{out} {text}" if glued else f"{out}, {text}"
        comma = s.text.rstrip().endswith(",")
    return out



#: currencies written with a bare "$" (besides the US dollar)
_DOLLARS = frozenset({"AUD", "CAD", "NZD", "SGD", "HKD", "MXN", "ARS", "CLP", "COP", "TWD", "BRL"})


def _printed_codes(doc: SpanDoc) -> Counter[str]:
    """Three capitals standing as a word of their own, as a currency's code is printed ("Total AUD"), not inside a
    bank account's number ("GB50USDE7567…")."""
    return Counter(c for w in doc.words for c in re.findall(r"\b([A-Z]{3})\b", w.text))


def currency(doc: SpanDoc, phrases: list[Phrase]) -> Found | None:
    """A labelled currency, else the document's most frequent currency marker."""
    labelled = doc.near(phrases, "currency", lambda s: s.currency is not None)
    if labelled and labelled[0].confidence >= 0.6:
        return Found(labelled[0].value.currency, 0.9, labelled[0].spans)
    with_code = [s for s in doc.spans if s.currency and not _origin_and_year(doc, s)]
    if with_code:
        counts = Counter(s.currency for s in with_code)
        code, n = counts.most_common(1)[0]
        first = next(s for s in with_code if s.currency == code)
        codes = _printed_codes(doc)
        if code == "USD" and "USD" not in codes and not any("US$" in w.text for w in doc.words):
            # a bare "$" is the dollar of whichever country the document names: "Total AUD $68,967.43"
            named = Counter({c: n for c, n in codes.items() if c in _DOLLARS})
            if named:
                code = named.most_common(1)[0][0]
                first = next(s for s in doc.spans if code in s.text)
                return Found(code, 0.8, [first])
            if (country := _dollar_country(doc)) is not None:
                return Found(country, 0.6, [first])
        if code == "SEK" and "SEK" not in codes:
            # "kr" is the crown of Sweden, Denmark, Norway and Iceland: the one the document names
            return Found(_crown(doc, codes), 0.9 if n >= 2 and len(counts) == 1 else 0.7, [first])
        return Found(code, 0.9 if n >= 2 and len(counts) == 1 else 0.7, [first])
    for i, w in enumerate(doc.words):
        code = detect_currency(w.text)
        if code:
            span = next(s for s in doc.spans if i in s.word_indices)
            if span.kinds == {SpanKind.TEXT} and i not in (span.word_indices[0], span.word_indices[-1]) \
                    and not any(_CENTS.search(doc.words[k].text.rstrip(",;:)")) for k in (i - 1, i + 1)):
                continue  # a word of a description ("Parmigiano Reggiano DOP 24 mesi": a protected origin), not
                # an amount's code in a sentence ("… Promotional Discount of Rs -40.00")
            if code == "SEK" and "SEK" not in (codes := _printed_codes(doc)):
                code = _crown(doc, codes)  # a "kr" apart from the amount ("Å BETALE kr  215.095,35")
            return Found(code, 0.5, [span])
    return _named_currency(doc) or _account_currency(doc) or _address_currency(doc)


def _origin_and_year(doc: SpanDoc, span: Span) -> bool:
    """A wine's protected origin and its vintage read as an amount in a currency: "DOP 2021" (the Dominican
    peso's code) after "Primitivo di Manduria", a code and a year set right after a description's words."""
    if span.amount is None or span.amount != int(span.amount) or not 1900 <= span.amount <= 2099 \
            or not re.fullmatch(r"[A-Z]{3}\s?\d{4}", span.text):
        return False
    before = [s for s in doc.lines[(span.page, span.line)] if s.bbox[2] <= span.bbox[0]]
    return bool(before) and before[-1].kinds == {SpanKind.TEXT} \
        and span.bbox[0] - before[-1].bbox[2] <= 2 * (span.bbox[3] - span.bbox[1])


#: a figure with cents at a word's end ("-40.00", "12,50")
_CENTS = re.compile(r"\d[.,]\d{2}$")
_CROWNS = ("SEK", "DKK", "NOK", "ISK")
#: words only one of the Scandinavian languages writes on an invoice (as :func:`engine.labels.normalise` spells them)
_CROWN_WORDS = {
    "SEK": frozenset("belopp forfallodatum styckpris benamning kund moms att betala summa totalt exkl inkl "
                     "fakturadatum mervardesskatt".split()),
    "DKK": frozenset("belob forfaldsdato enhedspris beskrivelse ialt moms ekskl inkl betales faktureres tak for "
                     "handlen fragt".split()),
    "NOK": frozenset("belop forfallsdato enhetspris antall mva beskrivelse eks inkl betale takk merverdiavgift "
                     "frakt".split()),
}


def _crown(doc: SpanDoc, codes: Counter[str]) -> str:
    """Which crown a document's "kr" is: the code it prints (``codes``), else the country of its bank account or
    VAT number, else the language of its words (Swedish where nothing tells)."""
    named = Counter({c: n for c, n in codes.items() if c in _CROWNS})
    if named:
        return named.most_common(1)[0][0]
    account = _account_currency(doc)
    if account is not None and account.value in _CROWNS:
        return str(account.value)
    words = {normalise(w.text).strip(".,:;()") for w in doc.words}
    votes = {code: len(words & vocabulary) for code, vocabulary in _CROWN_WORDS.items()}
    best = max(votes, key=lambda c: votes[c])
    return best if votes[best] > sorted(votes.values())[-2] else "SEK"


#: where a bare "$" is not the US dollar: addresses of Canada, Australia, New Zealand, Mexico and Argentina (a province or
#: state code with its postcode, the country named, its telephone code), and against them those of the United
#: States (state and ZIP)
_DOLLAR_COUNTRIES = (
    # Canada: a province, by its code or its name (as Quebec writes it, in brackets: "Sherbrooke (Québec) J1H 1Z1"),
    # before a postal code
    ("CAD", re.compile(r"(?:\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)|\b(?:Qu[ée]bec|Ontario|Alberta|Manitoba|"
                       r"Saskatchewan|British Columbia|Colombie-Britannique|New Brunswick|Nouveau-Brunswick|"
                       r"Nova Scotia|Nouvelle-[ÉE]cosse|Newfoundland and Labrador|Terre-Neuve-et-Labrador|"
                       r"Prince Edward Island|[ÎI]le-du-Prince-[ÉE]douard|Yukon)\)?),?\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|"
                       r"\bCanada\b")),
    # Australia: a state with its postcode, either way round ("Brisbane QLD 4000", "4000 Brisbane QLD"), an
    # ABN, a "Pty Ltd" company
    ("AUD", re.compile(r"\b(?:NSW|VIC|QLD|SA|WA|TAS|ACT|NT),?\s+\d{4}\b|\b\d{4}\s+[A-Z][A-Za-z .'-]+\s"
                       r"(?:NSW|VIC|QLD|SA|WA|TAS|ACT|NT)$|\bAustralia\b|\bABN\s?\d|\+61[\s(]*\d|"
                       r"\bPty\.?\s?Ltd\b")),
    ("NZD", re.compile(r"\bNew Zealand\b|\+64[\s(]*\d|\bNZBN\b|\bIRD\s+(?:no|number)\b")),
    # Mexico: a "C.P." postcode, the capital, the tax registry's number (RFC, "R.F.C."), a bank's CLABE, the legal
    # forms "S.A. de C.V." and "S. de R.L.", a state's abbreviation after the town ("Guadalajara, Jal.")
    ("MXN", re.compile(r"\bC\.\s?P\.\s?\d{5}\b|\bCDMX\b|\bM[ée]xico\b|\bR\.?\s?F\.?\s?C\.?(?!\w)|\bCLABE\b|"
                       r"\bS\.\s?(?:A\.\s?)?de\s+(?:C\.\s?V\.|R\.\s?L\.)|"
                       r",\s(?:Jal|N\.\s?L|Pue|Gto|Qro|Yuc|Chih|Coah|Tamps|Mich|Oax|Chis|Hgo|Ags|Q\.\s?Roo|Edo\.\s?M[ée]x)\.")),
    # Argentina: a postcode of a province's letter and four figures before its town ("B7600 Mar del Plata",
    # "C1425ABC CABA"), a CUIT ("20-12345678-9"), the country or its telephone code
    ("ARS", re.compile(r"\b[A-HJ-NP-Z]\d{4}(?:[A-Z]{3})?\s+[A-ZÁÉÍÓÚ][a-záéíóúñ]+|\bCUIT\b|\b\d{2}-\d{8}-\d\b|"
                       r"\bArgentina\b|\+54[\s(]*\d")),
)
#: a tax line of a sales tax only Canada levies, with its rate or amount
_CANADIAN_TAX = re.compile(r"\b(?:HST|PST|QST|TVQ|TPS)\b\W{0,3}(?:\(?\d|on\b|\$)")
#: a tax line of New Zealand's GST at its rate ("GST 15 %", "GST (15%)")
_NZ_TAX = re.compile(r"\bGST\W{0,3}15\s?%")
_US_ADDRESS = re.compile(rf"\b{_US_STATE},?\s+\d{{5}}(?:-\d{{4}})?\b|\b(?:USA|United States)\b")
#: a label before a state's code makes it no state: "Customer ID 50004" is no address in Idaho
_ID_LABEL_BEFORE = re.compile(r"(?i)\b(?:customer|client|account|member|tax|vat|user|order|vendor|supplier|employee|"
                              r"patient|policy|reference|ref)\.?\s*$")


def _us_address(line: str) -> bool:
    return any(not _ID_LABEL_BEFORE.search(line[:m.start()]) for m in _US_ADDRESS.finditer(line))


def _dollar_country(doc: SpanDoc) -> str | None:
    """The dollar of a domestic invoice outside the US: two lines or more (the issuer's address and the
    customer's) name one country, and no line names another or the US."""
    lines = [" ".join(s.text for s in doc.lines[key]) for key in doc.line_keys]
    if any(_us_address(line) for line in lines):
        return None
    counts = {code: sum(bool(pattern.search(line)) for line in lines) for code, pattern in _DOLLAR_COUNTRIES}
    # Canada's own sales taxes ("HST 13%", "GST 5%" and "PST 7%", "TPS" and "TVQ") name the country once is enough
    counts["CAD"] += 2 * any(_CANADIAN_TAX.search(line) for line in lines)
    # ... as New Zealand's goods and services tax at its rate of 15 % does
    counts["NZD"] += 2 * any(_NZ_TAX.search(line) for line in lines)
    found = [code for code, n in counts.items() if n]
    return found[0] if len(found) == 1 and counts[found[0]] >= 2 else None


#: a currency named in words (an amount in words, "Indian Rupee One Lakh … Only"), the lakh grouping of South Asian
#: amounts ("1,22,298.00") and India's GST, for documents whose currency sign the OCR lost
_CURRENCY_NAMES = (
    (re.compile(r"\b(?:US|U\.S\.|United States) dollars?\b", re.I), "USD"),
    (re.compile(r"\bAustralian dollars?\b", re.I), "AUD"), (re.compile(r"\bCanadian dollars?\b", re.I), "CAD"),
    (re.compile(r"\bNew Zealand dollars?\b", re.I), "NZD"), (re.compile(r"\bSingapore dollars?\b", re.I), "SGD"),
    (re.compile(r"\brupees?\b", re.I), "INR"), (re.compile(r"\beuros?\b", re.I), "EUR"),
    (re.compile(r"\bpounds? sterling\b", re.I), "GBP"), (re.compile(r"\bz[łl]ot(?:ych|e|y)\b", re.I), "PLN"),
    (re.compile(r"\b(?:Swiss francs?|francs? suisses?|Schweizer Franken)\b", re.I), "CHF"),
    (re.compile(r"(?<![\d.,])\d{1,2},(?:\d{2},)+\d{3}\.\d{2}(?![\d,])"), "INR"),
    # India's central, state and integrated goods and services taxes and its GST registration (GST alone is also
    # Australia's, Canada's, New Zealand's and Singapore's)
    (re.compile(r"\b(?:CGST|SGST|IGST|UTGST|GSTIN)\b"), "INR"),
)


def _named_currency(doc: SpanDoc) -> Found | None:
    for key in doc.line_keys:
        line = doc.lines[key]
        text = " ".join(s.text for s in line)
        for pattern, code in _CURRENCY_NAMES:
            if pattern.search(text):
                span = next((s for s in line if pattern.search(s.text)), line[0])  # the span holding the name
                return Found(code, 0.45, [span])
    return None


#: the currency of a country whose bank accounts and VAT numbers carry its code (one currency per country)
_COUNTRY_CURRENCY = {
    **dict.fromkeys("AT BE CY DE EE ES FI FR GR EL HR IE IT LT LU LV MC MT NL PT SI SK SM".split(), "EUR"),
    "GB": "GBP", "CH": "CHF", "LI": "CHF", "PL": "PLN", "CZ": "CZK", "HU": "HUF", "SE": "SEK", "DK": "DKK",
    "NO": "NOK", "RO": "RON", "IS": "ISK",
}
_IBAN = re.compile(r"\bIBAN\b\W{0,3}([A-Z]{2})\s?\d{2}(?:\s?[A-Z0-9]{4}){2,}")
#: an account number in the IBAN's groups without its label, under a "Bank" heading ("CH01 3125 2932 6651 5028 2",
#: "SE21 5000 0000 0531 …"): the country, two check figures and three groups of four or more
_BARE_IBAN = re.compile(r"(?<![\w-])([A-Z]{2})\d{2}(?: [A-Z0-9]{4}){3,7}(?: [A-Z0-9]{1,4})?(?![\w-])")
_VAT_ID = re.compile(r"\b(?:VAT|USt|UID|TVA|IVA|BTW|MwSt|Partita IVA|P\.\s?IVA|NIF|N\.?I\.?F|Momsreg|Moms|CVR|MVA|"
                     r"ALV|Org)\b[\w.\s:-]{0,18}?"
                     r"\b([A-Z]{2})\s?[A-Z]?-?\d[\d\s.]{6,}")  # (a letter after the country: "ESB74087865", "ATU…",
# "CHE-631.009.282")
#: a VAT number alone under an issuer's address, no label before it ("DK57632922", "PL6463874002", "FI83422006")
_BARE_VAT_ID = re.compile(r"([A-Z]{2})[A-Z]?\d{8,12}[A-Z]?")
#: what parts a footer's line: a middle dot, a bar or a bullet between spaces
_FOOTER_PARTS = re.compile(r"\s[·|•]\s")


def _account_currency(doc: SpanDoc) -> Found | None:
    """For a document that prints no currency at all, the currency of the country of its bank account (``IBAN
    DE89 3704 …``, or in the IBAN's groups without its label) or its VAT number (``USt-IdNr. DE123456789``, ``NIF:
    ESB74087865``, ``Momsreg.nr SE208538573501``, or alone under the issuer's address: ``DK57632922``), where every
    such line names the same one."""
    found: dict[str, Span] = {}
    for key in doc.line_keys:
        line = doc.lines[key]
        text = " ".join(s.text for s in line)
        for pattern in (_IBAN, _BARE_IBAN, _VAT_ID):
            for m in pattern.finditer(text):
                if (code := _COUNTRY_CURRENCY.get(m.group(1))) is not None:
                    found.setdefault(code, next((s for s in line if m.group(1) in s.text), line[0]))
        for s in line:  # (or one part of a footer's line: "Nordlicht e.K. · Am Markt 167 · … · DE310180673")
            for part in _FOOTER_PARTS.split(s.text):
                if (m := _BARE_VAT_ID.fullmatch(part.strip())) and (code := _COUNTRY_CURRENCY.get(m.group(1))):
                    found.setdefault(code, s)
    if len(found) != 1:
        return None
    code, span = next(iter(found.items()))
    return Found(code, 0.45, [span])


#: a British postcode ("NR1 9DR", "SW1A 1AA") at the end of an address line
_UK_POSTCODE = re.compile(r"\b(?:[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?) \d[ABD-HJLNP-UW-Z]{2}$")


def _address_currency(doc: SpanDoc) -> Found | None:
    """For a document that prints no currency, no bank account and no VAT number of a country: the currency of
    the one country its addresses are in (a US state with its ZIP code, a Canadian province with its postal
    code, an Australian state with its postcode, a British postcode), with a low confidence. Addresses of two
    countries, or of none of these, give nothing."""
    tests = [*((code, pattern.search) for code, pattern in _DOLLAR_COUNTRIES), ("USD", _us_address),
             ("GBP", lambda line: _UK_POSTCODE.search(line.rstrip(" .,")))]
    found: dict[str, tuple[int, int]] = {}  # each country named, with the first line naming it
    for key in doc.line_keys:
        line = " ".join(s.text for s in doc.lines[key])
        for code, test in tests:
            if code not in found and test(line):
                found[code] = key
    if len(found) != 1:
        return None
    code, key = next(iter(found.items()))
    return Found(code, 0.4, [doc.lines[key][-1]])


def boolean(doc: SpanDoc, phrases: list[Phrase], concept: str | None) -> Found | None:
    """A ticked yes/no box, a single box, or a printed yes/no beside the label."""
    labels = doc.labels(phrases, concept, floor=0.4)
    if concept == "signature":
        return signature(doc, labels)
    for label, ls in labels:
        if found := _grid_answer(doc, label, ls * 0.85):
            return found
        if found := _answer_after_question(label, phrases, concept):
            return found
        boxes = doc.boxes_near(label)
        for box, option in boxes:
            if box.checked and (answer := yes_or_no(option)) is not None:
                return Found(answer, ls * 0.9, [doc.box_and_option(box)])
        if len(boxes) == 1 and not label_tokens(boxes[0][1]):
            return Found(bool(boxes[0][0].checked), ls * 0.8, [boxes[0][0]])
        if found := unread_tick(doc, label, yes_or_no, ls * 0.7, none_ticked=False):
            return found
        if boxes and all(not b.checked for b, _ in boxes):
            return Found(False, ls * 0.6, [boxes[0][0]])
        rights = [s for s in doc.right_of(label) if s.checked is None]
        rest = [s for s in doc.lines[(label.page, label.line)] if s.index > label.index]
        if not rights and len(rest) == 1 and len(rest[0].text.split()) == 1 and yes_or_no(rest[0].text) is not None:
            rights = rest  # the one word after the question answers it, though it reads as a caption too (Czech
            # "Ne", French "Né", born)
        # (each word as printed: a label's stop words drop Croatian and Romanian "Da", yes)
        # (a "No." before more words is a number's caption: "Sí, No. de carpeta 9438/24")
        answers = {yes_or_no(w) for s in rights for w in _answer_words(s.text)} - {None}
        if rights and (answer := yes_or_no(rights[0].text)) is not None and len(answers) == 1:
            return Found(answer, ls * 0.8, [rights[0]])  # a printed answer, not a row of options
        if not rights and (under := _answer_under(doc, label)) and (answer := yes_or_no(under.text)) is not None \
                and not _row_of_options(doc, under, yes_or_no):
            return Found(answer, ls * 0.7, [under])  # a web form's box under its label
    return None


def _answer_words(text: str) -> list[str]:
    """The words of a written answer that may say yes or no: a "No." before more words is a number's caption ("Sí,
    No. de carpeta 9438/24")."""
    words = text.split()
    return [w for k, w in enumerate(words) if not (w.lower() == "no." and k + 1 < len(words))]


def _answer_after_question(label: Span, phrases: list[Phrase], concept: str | None) -> Found | None:
    """A yes or no typed a space after its question's mark, in the question's own span ("Wurde der Schaden
    polizeilich gemeldet? Nein"), or after a question of four words or more without its mark, as a form's drop-down
    shows its choice ("Plainte déposée auprès de la police Non"), where the question reads as the field's label
    (a label of fewer words may end on a number's marker: "Police report no")."""
    question, mark, answer = label.text.rpartition("?")
    if not mark:
        question, _, answer = label.text.rpartition(" ")
        if len(question.split()) < 4:
            return None
    if len(answer.split()) != 1 or (value := yes_or_no(answer)) is None:
        return None
    score = label_score(label_tokens(question), phrases, concept)
    return Found(value, score * 0.8, [label]) if score >= 0.6 else None


#: a text grid's rule or bar ("+-----+-----+", "|")
_GRID_RULE = re.compile(r"[|+\-=_ ]+")


def _grid_answer(doc: SpanDoc, label: Span, confidence: float) -> Found | None:
    """A question answered in a grid beside it: a header row of a yes and a no word alone (``| OUI | NON |``, the
    cells of a drawn table), on the question's line, the one above it or one of the two below, right of the
    question's start, and under it, within two lines, a row of boxes or ticks alone, under the words (a drawn
    grid's empty cells hold none); the ticked box's column answers (none ticked, or both, is no answer)."""
    keys = doc.line_keys
    at = doc.line_pos[(label.page, label.line)]
    for k in range(max(0, at - 1), min(len(keys), at + 3)):
        header = [w for s in doc.lines[keys[k]] if s.bbox[0] > label.bbox[0] and s.index != label.index
                  and s.checked is None for w in (doc.words[i] for i in s.word_indices)
                  if not _GRID_RULE.fullmatch(w.text)]  # words: a text grid's "| JA |NEIN |" reads as one span
        answers = [(yes_or_no(w.text), w) for w in header]
        if len(header) != 2 or {a for a, _ in answers} != {True, False}:
            continue
        pitch = abs((header[1].bbox[0] + header[1].bbox[2]) - (header[0].bbox[0] + header[0].bbox[2])) / 2
        # the grid's row: what stands under its header (the question may share the line, left of it)
        lo, hi = min(w.bbox[0] for w in header) - pitch, max(w.bbox[2] for w in header) + pitch
        for key in keys[k + 1:k + 3]:
            if key[0] != label.page:
                break
            cells = [s for s in doc.lines[key] if not _GRID_RULE.fullmatch(s.text) and s.bbox[2] > lo
                     and s.bbox[0] < hi]
            boxes = [s for s in cells if s.checked is not None]
            if not 1 <= len(boxes) <= 2 or len(boxes) != len(cells):
                continue
            ticked = []
            for box in boxes:
                centre = (box.bbox[0] + box.bbox[2]) / 2
                answer, word = min(answers, key=lambda a: abs(centre - (a[1].bbox[0] + a[1].bbox[2]) / 2))
                if abs(centre - (word.bbox[0] + word.bbox[2]) / 2) > pitch / 2:
                    return None
                if box.checked:
                    ticked.append((answer, box, word))
            if len(ticked) != 1:
                return None
            answer, box, _ = ticked[0]
            return Found(answer, confidence, [box])
    return None


def _answer_under(doc: SpanDoc, label: Span) -> Span | None:
    """The span that starts the line right under a label, under the label itself: a form's answer printed in a box
    below its caption ("Police informed" over "No"), or set in under a question's text, a remark after it
    ("1. Was the incident reported to the police?" over "Yes (06/05/2024)"), or a yes or no alone set further in
    (after an arrow). What follows it on its line is its remark only where it is in brackets or a date."""
    below = doc.below(label)
    if not below or below[0][0] != 1:
        return None
    under, *rest = below[0][1]
    if any(not (s.text.startswith("(") or s.date is not None) for s in rest):
        return None
    indent = under.bbox[0] - label.bbox[0]
    # (a yes or no alone may stand further in, after an arrow OCR leaves out: "Er forholdet anmeldt til politiet?"
    # over "→ Nei", within the question's first half)
    alone = len(under.text.split()) == 1 and yes_or_no(under.text) is not None
    reach = max(0.03, _question_indent(label),
                min(_ANSWER_INDENT, (label.bbox[2] - label.bbox[0]) / 2) if alone else 0.0)
    if doc.is_caption(under) or under.checked is not None or not -0.03 <= indent <= reach:
        return None
    return under


#: how far in from its question's start a yes or no alone on the line under it may stand
_ANSWER_INDENT = 0.08


#: a question's number before its words ("1.", "12)", "B.")
_QUESTION_NUMBER = re.compile(r"(?:\d{1,2}|[A-Z])[.)]\s+\S")


def _question_indent(label: Span) -> float:
    """How far in from a numbered question's start its words, and so an answer set under them, may begin: a little
    past its number's width (the share of its characters the number takes); 0 for a question with no number."""
    if not _QUESTION_NUMBER.match(label.text):
        return 0.0
    width = label.bbox[2] - label.bbox[0]
    return (label.text.index(" ") + 3) / len(label.text) * width


def _row_of_options(doc: SpanDoc, under: Span, reads: Any) -> bool:
    """Whether the line of an answer under its caption holds other options too ("Automóvil  Hogar  Salud  Viaje",
    their boxes lost to OCR): a row to tick, not an answer."""
    return any(s.index != under.index and reads(s.text) is not None
               for s in doc.lines[(under.page, under.line)])


#: what a form's printed declaration says of its signature: "Signed electronically by Saul McCormick on 14/01/2026",
#: "E-signature: …", "Unterschrift ausstehend", "Not signed"
_UNSIGNED = re.compile(
    r"(?i)(?:not\s+(?:yet\s+)?signed|unsigned|signature\s+(?:pending|missing|required|outstanding)|"
    r"awaiting\s+signature|nicht\s+unterschrieben|unterschrift\s+(?:ausstehend|fehlt)|non\s+sign[ée]|"
    r"signature\s+en\s+attente|sin\s+firmar|firma\s+pendiente|non\s+firmato|firma\s+in\s+attesa|"
    r"niet\s+ondertekend|handtekening\s+ontbreekt|nie\s+podpisan[oy]|oczekuje\s+na\s+podpis|"
    r"n[ãa]o\s+assinado|assinatura\s+pendente)")
_SIGNED = re.compile(
    r"(?:\b(?:[Ss]igned|[Aa]ccepted|[Uu]nterschrieben|[Aa]kzeptiert|[Ss]ign[ée]e?|[Ff]irmad[oa]|[Ff]irmat[oa]|"
    r"[Oo]ndertekend|[Pp]odpisan[oy]|[Aa]ssinad[oa]|[Ss]ignerad|[Ss]igner[et]t?|[Ss]igniert)(?:\s+\w+){0,2}?\s+"
    r"(?:by|von|par|por|da|door|przez|av|af)\s+[A-ZÀ-Ž]|\b(?:[Pp]odepsal[a]?|[Aa]llekirjoittanut)\s+[A-ZÀ-Ž]|"
    r"\b(?:SIGNED|ACCEPTED|UNTERSCHRIEBEN|SIGNIERT|SIGNÉE?|FIRMAD[OA]|FIRMAT[OA]|ONDERTEKEND|PODPISAN[OY]|"
    r"ASSINAD[OA]|SIGNERAT|SIGNERET)(?:\s+\w+){0,2}?\s+(?:BY|VON|PAR|POR|DA|DOOR|PRZEZ|AV|AF)\s+[A-ZÀ-Ž]|"
    r"\b[Ss]emnat\s+(?:electronic\s+)?de\s+[A-ZÀ-Ž]|"
    r"\b(?:[Ee]-?[Ss]ignature|[Uu]nterschrift|[Ss]ignature|[Ff]irma|[Hh]andtekening|[Pp]odpis|"
    r"[Aa]ssinatura)\s*:\s*[A-ZÀ-Ž][^\W\d_]+\s+[A-ZÀ-Ž])")


#: the words that name a place and date's caption beside a signature ("Fait à", "Ort / Datum", "Local")
_PLACE_DATE_NAMES = frozenset("dnia fait done signed place date ort datum lieu local luogo lugar plaats miejsce "
                              "miejscowość sted data fecha místo miesto dne hely kelt paikka päiväys locul".split())
#: the words of such a caption, its blanks left out ("En …, a …", "Fait à … le …"): those names and the little words
#: that join them (which alone, "de" over a name, make no caption)
_PLACE_DATE_WORDS = _PLACE_DATE_NAMES | frozenset("en a à le am in te w em de the on at and und et y e i og och /"
                                                  .split())
#: a conformed signature: the mark a typed copy prints where the original was signed ("/s/ Jane Doe", "(Signed)",
#: "gez. Müller", "(get.)")
_CONFORMED = re.compile(r"(?i)^(?:/s/.*|\((?:signed|sgd|gez|get|signé|firmado|firmato|podpisano)\.?\)|"
                        r"(?:sgd|gez|get)\.\s*\S.*)$")
#: an option ticked to say the form is signed ("I confirm the above (signed)", "Erklärung unterschrieben")
_SIGNED_OPTION = re.compile(r"(?i)\b(?:signed|unterschrieben|unterzeichnet|sign[ée]e?|firmad[oa]|firmat[oa]|"
                            r"ondertekend|podpisan[oy]|podpisano|assinad[oa])\b")
_NOT = re.compile(r"(?i)\b(?:not|nicht|non|niet|nie|n[ãa]o|sin|no|un)\b")


def _signature_statement(doc: SpanDoc) -> Found | None:
    """A signature the document states in words, signed or not: the first line that says it. Not signed only
    where that is all a span says ("Not signed", "Unterschrift ausstehend"), not in a sentence of instructions
    ("Claims not signed will be returned")."""
    for key in doc.line_keys:
        for s in doc.lines[key]:
            if _UNSIGNED.fullmatch(s.text.strip(" .()[]")):
                return Found(False, 0.7, [s])
        if _SIGNED.search(" ".join(s.text for s in doc.lines[key])):
            return Found(True, 0.7, [doc.lines[key][0]])
    return None


#: a letter's closing over its signature ("Mit freundlichen Grüßen", "Kind regards,", "Veuillez agréer mes
#: salutations distinguées.", "Z poważaniem"), the whole of its line
_CLOSING = re.compile(
    r"(?i)(?:(?:yours\s+)?(?:sincerely|faithfully|truly)(?:\s+yours)?|(?:with\s+)?(?:kind|best|warm)(?:est)?\s+"
    r"regards|regards|mit\s+freundlichen\s+gr(?:ü|ue|u)(?:ß|ss)en|mit\s+freundlichem\s+gru(?:ß|ss)|"
    r"freundliche\s+gr(?:ü|ue|u)(?:ß|ss)e|hochachtungsvoll|(?:bien\s+)?cordialement|.{0,60}salutations\s+"
    r"distingu[ée]es|(?:distinti|cordiali|migliori)\s+saluti|atentamente|(?:un\s+)?saludos?(?:\s+cordial(?:es)?)?|"
    r"atenciosamente|(?:com\s+os\s+)?(?:melhores\s+)?cumprimentos|met\s+vriendelijke\s+groet(?:en)?|hoogachtend|"
    r"z\s+powa[żz]aniem|z\s+wyrazami\s+szacunku|(?:med\s+)?v[äa]nliga\s+h[äa]lsningar|med\s+venn?lig\s+hilsen|"
    r"yst[äa]v[äa]llisin\s+terveisin|s\s+pozdrav(?:em|om)|s\s+[úu]ctou|[üu]dv[öo]zlettel|tisztelettel|"
    r"cu\s+(?:stim[ăa]|respect))[\s,.!]*")


def _same_name(a: str, b: str) -> bool:
    """Whether two lines give one name, the letters of one read from a script font by OCR a little off."""
    fold = [re.sub(r"[\W\d_]", "", t.casefold()) for t in (a, b)]
    return len(fold[0]) >= 4 and difflib.SequenceMatcher(None, *fold).ratio() >= 0.8


def _closing_signature(doc: SpanDoc) -> Found | None:
    """A letter's signature, under its closing ("Mit freundlichen Grüßen") on the next three lines of the page:
    signed where handwriting or a conformed mark stands there, or the sender's name twice, one line over the other
    (a signature set in a script font over the name typed under it); not signed where the typed name stands there
    alone (a page number under it aside). Anything else under the closing (a name over a job title) says neither."""
    for pos, key in enumerate(doc.line_keys):
        if not _CLOSING.fullmatch(" ".join(s.text for s in doc.lines[key]).strip()):
            continue
        under = [doc.lines[k] for k in doc.line_keys[pos + 1: pos + 4] if k[0] == key[0]]
        for s in (s for line in under for s in line):
            if SIGNATURE_MARK in s.text or _CONFORMED.match(s.text.strip()):
                return Found(True, 0.6, [s])
        names = [line[0] for line in under if len(line) == 1 and line[0].has(SpanKind.TEXT)
                 and 2 <= len(line[0].text.split()) <= 5 and not any(c.isdigit() for c in line[0].text)]
        if len(names) >= 2 and _same_name(names[0].text, names[1].text):
            return Found(True, 0.6, [names[0]])
        if len(names) == 1 and names[0] is under[0][0]:
            return Found(False, 0.4, [names[0]])
        return None
    return None


#: the caption of a form's part the insurer fills in ("For office use only", "Niet invullen door klant"): no name
_OFFICE_USE = re.compile(
    r"(?i)\b(?:office use|internal use|official use|insurer use|for office|invullen door|niet invullen|"
    r"nicht ausf[uü]llen|nur f[uü]r (?:interne|den versicherer|die verwaltung)|r[ée]serv[ée] [àa]|ne pas remplir|"
    r"riservato|reservado|uso interno|uso exclusivo|udfyldes af|fylls i av|fylles ut av|do not write|"
    r"wype[łl]nia|vypln[íi] poji|a cumplimentar por|a rellenar por|a compilare a cura|da compilare a cura|"
    r"a preencher pela|a remplir par|vom versicherer auszuf[uü]llen|in te vullen door)")
#: a form's foot under its signature's caption: where it ends ("END OF FORM", "Ende des Formulars") or the page's
#: number ("PAGE 1 OF 2", "Seite 1 von 2")
_FORM_FOOT = re.compile(
    r"(?i)\b(?:end of (?:form|document|report)|ende des (?:formulars|dokuments)|fin du (?:formulaire|document)|"
    r"fin del (?:formulario|documento)|fine del (?:modulo|documento)|einde (?:formulier|document)|"
    r"(?:page|seite|pagina|página|strona|sida|side|blad|sivu|str\.?)\s*\d+\s*"
    r"(?:of|von|sur|de|di|van|z|av|af|/)\s*\d+)")


#: the words of a claim form's captions for a person other than the claimant, whose name fills the field under
#: them: an agent or broker, a loss adjuster or expert, a witness, a treating doctor ("Broker" over "Haversham
#: Finans", "Behandelnder Arzt", "Your agent / broker"); folded as :func:`~engine.labels.normalise` folds
_OTHER_PERSONS = frozenset(
    "agent agents agente agentur broker makler vermittler courtier mediatore intermediario corredor corretor makelaar "
    "tussenpersoon maklare megler maegler meklari posrednik zprostredkovatel ugynok alkusz acente araci "
    "adjuster expert experte sachverstandiger gutachter perito tasador taxateur expertise varderingsman takstmann "
    "taksator skadesagkyndig rzeczoznawca likwidator likvidator karszakerto eksper arzt doctor medecin medico arts "
    "lakare lege laege laakari lekarz lekar medic orvos doktor".split()) | WITNESS_WORDS


def _caption_words(text: str) -> set[str]:
    """A caption's words, folded, without its commas and colons ("Místo, Datum:" → místo, datum)."""
    return set(re.sub(r"[,:]", " ", text.casefold()).split())


def _captioned(doc: SpanDoc, s: Span) -> bool:
    """Whether a caption of the form stands right before ``s`` on its line or right over it on the line above (a
    label, or a place or date's caption: "Fait à", "Ort", "Local"): ``s`` is that field's value."""
    def caption(c: Span, beside: bool = False) -> bool:
        # right before the value, a caption read as a label only ("Místo, Datum: Ostrava") is one too; over it, a
        # name signed under the place and date's line ("Place, Date: Reading, …" over "Jack Bennett") is none
        words = _caption_words(c.text)
        return bool(c.kinds & ({SpanKind.TEXT, SpanKind.LABEL} if beside else {SpanKind.TEXT})) and (
            doc.labels_any(c) or (words <= _PLACE_DATE_WORDS and bool(words & _PLACE_DATE_NAMES))
            or (len(words) <= 4 and bool({normalise(w) for w in words} & _OTHER_PERSONS)))

    line = doc.lines[(s.page, s.line)]
    if (i := line.index(s)) > 0 and caption(line[i - 1], beside=True):
        return True
    pos = doc.line_pos[(s.page, s.line)]
    if pos == 0 or doc.line_keys[pos - 1][0] != s.page:
        return False
    return any(min(c.bbox[2], s.bbox[2]) > max(c.bbox[0], s.bbox[0]) and caption(c)
               for c in doc.lines[doc.line_keys[pos - 1]])


#: how far under its caption, in the caption's heights, a form's room to sign reaches: a name signed there sits on the
#: line right under the caption, however low (a signature's scrawl 4 heights under "Unterschrift:")
_SIGNING_ROOM = 8


def signature(doc: SpanDoc, labels: list[tuple[Span, float]]) -> Found | None:
    """Signed when the document says so in words ("Signed electronically by …", "Not signed"), or when a name,
    a mark or handwriting (:data:`~engine.base.SIGNATURE_MARK`) sits beside, above or below a signature label, a
    few lines at most from it; not signed when the signature labels have nothing near them."""
    if stated := _signature_statement(doc):
        return stated
    for box in doc.spans:  # a ticked box that says the form is signed ("☒ Declaration signed")
        if box.checked:
            line = doc.lines[(box.page, box.line)]
            option = option_text(line, line.index(box))
            if _SIGNED_OPTION.search(option) and not _NOT.search(option):
                return Found(True, 0.7, [doc.box_and_option(box)])
    if not labels:
        return _closing_signature(doc)
    # a numbered section's heading ("3 Signature", "4. Firma") heads the section, the caption under the line is
    # the one a signature stands by: the heading only where the section has no caption of its own
    labels = [(label, ls) for label, ls in labels if not _SECTION_NUMBER.match(label.text)] or labels
    # ... as a heading that names the signature among other things does ("Declaración y firma" over the form's last
    # fields): where a caption reads as the signature's outright, a weaker one is signed by handwriting or a
    # conformed mark only, not by a text near it (the caption of the field above)
    strong = any(ls >= 0.9 for _, ls in labels)
    for label, ls in labels:
        boxes = doc.boxes_near(label)
        if len(boxes) == 1:
            return Found(bool(boxes[0][0].checked), ls * 0.8, [boxes[0][0]])
        pos = doc.line_pos[(label.page, label.line)]
        near = list(doc.right_of(label))

        height = label.bbox[3] - label.bbox[1]

        def over(key: tuple[int, int], label: Span = label, height: float = height) -> list[Span]:
            # over or under the label, within a few lines of it
            return [s for s in doc.lines[key] if key[0] == label.page
                    and min(s.bbox[2], label.bbox[2] + 0.02) > max(s.bbox[0], label.bbox[0] - 0.02)
                    and max(s.bbox[1] - label.bbox[3], label.bbox[1] - s.bbox[3]) < 4 * height]

        above = doc.line_keys[max(0, pos - 1): pos]
        if above and not over(above[0]) and pos >= 2 and (
                _wrapped_beside(doc, label, above[0], doc.line_keys[pos - 2])
                or _signed_higher(doc, label, above[0], doc.line_keys[pos - 2])
                or _captions_beside(doc, label, above[0])):
            # the place and date beside the name wrapped onto a second line; the date's caption under the date
            # beside the name, a line over the signature's caption
            above = doc.line_keys[pos - 2: pos]
        below = doc.line_keys[pos + 1: pos + 2]
        if below and not over(below[0]) and pos + 2 < len(doc.line_keys) \
                and all(x.checked is None for x in doc.lines[doc.line_keys[pos + 2]]):
            # the line under the label holds only a neighbour's value (the date under "Date" beside "Signature"): a
            # name signed in a larger hand sits lower, on the line after it (a row of options is no name)
            below = doc.line_keys[pos + 1: pos + 3]
        for key in above + below:
            near += over(key)
        # handwriting over the label's line and the line above it, taller than a line (a signature's picture)
        near += [s for key in doc.line_keys[max(0, pos - 3): pos] for s in over(key) if SIGNATURE_MARK in s.text]
        # ... under the label past a date beside it, or in the form's cell right of the label, its strokes hanging
        # below the label's line
        near += [s for key in doc.line_keys[pos + 1: pos + 4] for s in over(key) if SIGNATURE_MARK in s.text]
        # ... or on the next line under the label, lower down the room a form leaves to sign in
        near += [s for key in doc.line_keys[pos + 1: pos + 2] if key[0] == label.page for s in doc.lines[key]
                 if SIGNATURE_MARK in s.text and s.bbox[1] - label.bbox[3] < _SIGNING_ROOM * height
                 and min(s.bbox[2], label.bbox[2] + 0.02) > max(s.bbox[0], label.bbox[0] - 0.02)]
        near += _marks_beside(doc, label, doc.line_keys[pos + 1: pos + 3])
        for s in near:
            if SIGNATURE_MARK in s.text:
                return Found(True, ls * 0.6, [s])  # handwriting the OCR stage found: signed in ink or pen strokes
            if _CONFORMED.match(s.text.strip()):
                return Found(True, ls * 0.6, [s])  # a conformed signature, typed ("/s/", "(signed)", "gez.")
            if (s.page, s.line) in above and _captioned(doc, s) or strong and ls < 0.9:
                continue  # the value of the form's field above the signature's ("Fait à" over "Lyon")
            if _after_its_caption(doc, s, label):
                continue  # another field's value under the signature's caption ("Testemunha: Gonçalo Lobo")
            text = s.text.strip(" _.")
            # a sentence's end (the last line of a declaration, a story over a section's heading) is no name; a
            # fill-in line's dots or an initial are no sentence's end
            ends_sentence = re.search(r"[^\W\d_]{2}[.?!]$", s.text.rstrip(" _")) is not None
            # a place and date's caption ("En …, a", "Fait à … le") is no name; a scribble OCR read ("ww") may be
            if (s.has(SpanKind.TEXT) and sum(c.isalpha() for c in text) >= 2 and len(text.split()) <= 5
                    and not _caption_words(text) <= _PLACE_DATE_WORDS
                    and not ends_sentence and not doc.labels_any(s) and not _OFFICE_USE.search(text)
                    and not _FORM_FOOT.search(text)
                    and not doc.is_caption(s)):
                return Found(True, ls * 0.6, [s])
    return Found(False, 0.4, [labels[0][0]])


def _after_its_caption(doc: SpanDoc, span: Span, label: Span) -> bool:
    """Whether ``span`` follows a caption closed by its colon on its line ("Testemunha:", "Witness:"): that
    caption's value, unless the caption is the signature's own ``label`` and the name after it is set clearly
    larger, as a hand or a script font signs ("Signature de l'assuré:  Manon Beaumont" in Zapf Chancery)."""
    line = doc.lines[(span.page, span.line)]
    k = line.index(span)
    if k == 0 or not line[k - 1].text.rstrip().endswith(":") or SIGNATURE_MARK in span.text:
        return False
    larger = span.bbox[3] - span.bbox[1] >= 1.3 * (label.bbox[3] - label.bbox[1])
    return not (line[k - 1].index == label.index and larger)


def _marks_beside(doc: SpanDoc, label: Span, keys: list[tuple[int, int]]) -> list[Span]:
    """Handwriting beside a label, before what comes next on the label's line (a date's caption): on the label's
    own line, over the label or right of it (strokes across a fill-in line and its caption), or on the lines
    ``keys`` under it, right of the label, its top within two label heights of the label's foot (a signature in a
    form's cell beside its caption, set lower than the caption's line)."""
    height = label.bbox[3] - label.bbox[1]
    line = doc.lines[(label.page, label.line)]
    stop = min((s.bbox[0] for s in line if s.bbox[0] > label.bbox[2] and SIGNATURE_MARK not in s.text), default=1.0)
    own = [s for s in line if SIGNATURE_MARK in s.text and s.bbox[2] > label.bbox[0] and s.bbox[2] <= stop + 0.01]
    return own + [s for key in keys if key[0] == label.page for s in doc.lines[key]
                  if SIGNATURE_MARK in s.text and s.bbox[0] >= label.bbox[2] - 0.01 and s.bbox[2] <= stop + 0.01
                  and s.bbox[1] - label.bbox[3] < 2 * height]


_SECTION_NUMBER = re.compile(r"(?:(?:[1-9]\d?|[IVX]{1,4})(?:\.\d+)*\.?|[A-H][.)])\s+\D")


def _captions_beside(doc: SpanDoc, label: Span, key: tuple[int, int]) -> bool:
    """Whether line ``key`` holds nothing but captions left of ``label``'s column ("Date" under the date, a line
    over "Signature" under the name signed beside that date)."""
    line = doc.lines[key]
    return key[0] == label.page and bool(line) and all(
        s.bbox[2] <= label.bbox[0] and (doc.is_caption(s) or doc.labels_any(s)) for s in line)


def _signed_higher(doc: SpanDoc, label: Span, below: tuple[int, int], top: tuple[int, int]) -> bool:
    """Whether line ``top`` holds nothing but what stands over ``label``'s column, close over it, with only line
    ``below`` between, a date beside the column: a name signed in a larger hand stands a little higher than the
    place and date beside it."""
    height = label.bbox[3] - label.bbox[1]
    return (top[0] == below[0] == label.page and all(s.bbox[2] <= label.bbox[0] for s in doc.lines[below])
            and any(s.has(SpanKind.DATE) for s in doc.lines[below])
            and all(s.bbox[0] >= label.bbox[0] - 0.02 for s in doc.lines[top])
            and label.bbox[1] - max(s.bbox[3] for s in doc.lines[top]) < 4 * height)


def _wrapped_beside(doc: SpanDoc, label: Span, below: tuple[int, int], top: tuple[int, int]) -> bool:
    """Whether line ``below`` goes on with line ``top`` left of ``label``'s column, right over the label: a place
    and date beside a signature that wrapped onto a second line, its first line filling its column (not a section's
    heading under a question and its answer)."""
    height = label.bbox[3] - label.bbox[1]
    left = [s for key in (below, top) for s in doc.lines[key] if key[0] == label.page and s.bbox[2] <= label.bbox[0]]
    filled = [s for s in left if (s.page, s.line) == top and s.bbox[2] >= label.bbox[0] - 0.12 and not doc.labels_any(s)
              and not s.text.rstrip().endswith((":", "?"))]
    return (len({(s.page, s.line) for s in left}) == 2 and bool(filled)
            and all(s.bbox[2] <= label.bbox[0] for s in doc.lines[below])
            and label.bbox[1] - max(s.bbox[3] for s in doc.lines[top]) < 3 * height
            and abs(min(s.bbox[0] for s in doc.lines[below]) - min(s.bbox[0] for s in doc.lines[top])) < 0.02)


def choice(doc: SpanDoc, tp: Any, phrases: list[Phrase], concept: str | None) -> Found | None:
    """An enum or Literal value: a ticked option near the label or anywhere, else the option word after it."""
    values = list(typing.get_args(tp)) if typing.get_origin(tp) is typing.Literal else [m.value for m in tp]
    words = {v: value_words(str(v)) for v in values}
    if typing.get_origin(tp) is not typing.Literal:
        for m in tp:
            words[m.value] |= value_words(m.name)

    perils = {v: peril_words(str(v)) for v in values}

    def named(text: str, by: dict[Any, set[str]]) -> Any:  # the first of the option's words that names a value
        # ("RC Auto" → auto); a compound begins or ends with one ("Hausratversicherung", "Kraftfahrzeug"); an
        # illness abroad is a trip's
        toks = label_tokens(text)
        if "travel" in by and _ABROAD.intersection(toks):
            return "travel"
        return next((v for t in toks[:3] for v, ws in by.items()
                     if t in ws or any(len(w) >= 4 and t.startswith(w) or len(w) >= 6 and t.endswith(w)
                                       for w in ws)), None) or next(  # ... or one OCR slip from one of them
            (v for t in toks[:3] for v, ws in by.items() if one_slip_from(t, ws)), None)

    def kind(text: str) -> Any:  # by the covers' words alone (a title, the wording, an option whose tick was lost)
        return named(text, words)

    def match(text: str) -> Any:  # an option: a cover's word, else the loss it pays for ("Wasserschaden")
        return named(text, words) or named(text, perils)

    def answer(text: str) -> Any:  # the one value a printed answer's words name, by the covers' words first
        if street_line(text):
            return None  # a place ("Via Roma / Firenze" under "Luogo del sinistro") names no kind of claim
        for by in (words, perils):
            if got := {named(t, by) for t in label_tokens(text)} - {None}:
                return got.pop() if len(got) == 1 else None
        return None

    labels = doc.labels(phrases, concept, floor=0.4)
    unknown = False  # an option ticked by the label that names no value
    for label, ls in labels:
        near = doc.boxes_near(label)
        # the label's own row of options: its line where boxes stand on it, else the first line of boxes under it
        # (the next question's boxes, "☐ Oui ☒ Non" under "Type de sinistre: …", are no options of this one)
        row = min(((b.page, b.line) for b, _ in near), key=lambda key: (key != (label.page, label.line), key),
                  default=None)
        for box, option in near:
            if box.checked and (v := match(option)) is not None:
                return Found(v, ls * 0.9, [doc.box_and_option(box)])
            # (a box printed apart from its option's word: a pen's tick with its note, "√ok", answers nothing)
            # (only by a label that reads as the field's outright: "Montant réclamé" reads weakly as one, and the
            # police question's boxes under it are no claim type)
            unknown = unknown or bool(box.checked and (box.page, box.line) == row and ls >= 0.7
                                      and option.strip() not in box.text and sum(c.isalpha() for c in option) >= 3)
    for s in doc.spans:  # a ticked option anywhere
        if s.checked:
            line = doc.lines[(s.page, s.line)]
            if (v := match(option_text(line, line.index(s)))) is not None:
                return Found(v, 0.5, [doc.box_and_option(s)])
    if unknown:
        return None  # the answer ticked is none of the values: no unticked option, no word elsewhere, is it
    for label, ls in labels:  # a tick OCR lost, beside the empty boxes of the other options
        if found := unread_tick(doc, label, kind, ls * 0.7):
            return found
    for label, ls in labels:  # a printed answer ("Type of claim: Household"), not a row of unread options
        rights = [s for s in doc.right_of(label) if not _DROPDOWN.fullmatch(s.text.strip())]
        if len(rights) == 1 and (v := answer(rights[0].text)) is not None:
            return Found(v, ls * 0.8, [rights[0]])
        under = _answer_under(doc, label) if not rights else None  # ... or in a box under its label
        if under is not None and (v := answer(under.text)) is not None and not _row_of_options(doc, under, match):
            return Found(v, ls * 0.7, [under])
    if concept == "claim_type":
        return _titled_kind(doc, kind) or _worded_kind(doc, kind)
    return None


#: the arrow of a drop-down list printed after the value chosen in it ("Schadenart | Kranken | v")
_DROPDOWN = re.compile(r"[vV▼▾⌄˅∨↓]")


#: the words that put a loss abroad ("Medical expenses abroad", "Krankheit im Ausland"): a travel cover's
_ABROAD = frozenset("abroad overseas ausland etranger estero extranjero exterior buitenland utlandet udlandet "
                    "zagranica zagranicznej ulkomailla zahranici".split())


def _worded_kind(doc: SpanDoc, match: Any) -> Found | None:
    """The kind of claim a form names neither in a box nor in its title, from the words it is written in: one
    option named by twice as many of its words as any other, and at least twice ("Patient", "Behandlungsdatum",
    "Zahnarzt" on an "Antrag auf Kostenerstattung")."""
    named: dict[Any, list[Span]] = {}
    for s in doc.spans:
        if s.has(SpanKind.TEXT) or s.has(SpanKind.LABEL):
            for v in dict.fromkeys(match(t) for t in label_tokens(s.text)):  # "Auto / RCA": one option, once
                if v is not None:
                    named.setdefault(v, []).append(s)
    ranked = sorted(named.items(), key=lambda kv: -len(kv[1]))
    if not ranked or len(ranked[0][1]) < 2 or (len(ranked) > 1 and len(ranked[0][1]) < 2 * len(ranked[1][1])):
        return None
    return Found(ranked[0][0], 0.4, ranked[0][1][:1])


#: the words of a caption for a person's given name, for the family name, and for either ("Nom" is the family
#: name beside "Prénom", "Nome" the given name beside "Cognome")
_GIVEN = frozenset("first forename forenames given vorname vornamen prenom prenoms voornaam voornamen fornavn fornamn "
                   "imie imiona jmeno etunimi".split())
_FAMILY = frozenset("last surname family nachname familienname cognome apellido apellidos achternaam efternavn "
                    "efternamn nazwisko prijmeni sukunimi sobrenome".split())
_EITHER = frozenset("name nom nome naam nombre nombres navn namn".split())


def split_name(doc: SpanDoc) -> Found | None:
    """A person's name a form asks for in two fields, the given name's and the family name's ("Vorname | Marie",
    "Nachname | Müller"; "Nombre(s): Valeria", "Apellidos: Martínez"), read as one: the given name first. The
    first such pair of captions on the form, outside another party's section, each with its value beside or under
    it."""
    def kind(s: Span) -> str | None:
        words = re.findall(r"[a-z]+", normalise(s.text))
        if not words or len(words) > 3 or s.index in doc.others_labels or s.index not in doc.tokens:
            return None
        given, family = bool(set(words) & _GIVEN), bool(set(words) & _FAMILY)
        if given != family:
            return "given" if given else "family"
        return "either" if not given and set(words) & _EITHER and len(words) <= 2 else None

    captions = [(s, k) for s in doc.spans if (k := kind(s))]
    for i, (a, ka) in enumerate(captions):
        for b, kb in captions[i + 1:i + 3]:
            if {ka, kb} not in ({"given", "family"}, {"given", "either"}, {"family", "either"}) or b.page != a.page \
                    or doc.line_pos[(b.page, b.line)] - doc.line_pos[(a.page, a.line)] > 3:
                continue
            given, family = (a, b) if ka == "given" or kb == "family" else (b, a)
            gv, fv = _value_at(doc, given), _value_at(doc, family)
            if gv is not None and fv is not None:
                return Found(f"{gv.text} {fv.text}", 0.8, [given, merge_spans([gv, fv])])
        return None  # only the first caption of a name: a later pair is another person's
    return None


def _value_at(doc: SpanDoc, caption: Span) -> Span | None:
    """The one text right of a caption, else the one text under it on the next line; None where it is a caption
    itself or holds a figure."""
    rights = doc.right_of(caption)
    cands = rights[:1] if rights else next((over for _, over in doc.below(caption)[:1]), [])
    if len(cands) != 1:
        return None
    value = cands[0]
    if value.kinds != {SpanKind.TEXT} or doc.is_caption(value) or any(c.isdigit() for c in value.text):
        return None
    return value if sum(c.isalpha() for c in value.text) >= 2 else None


def _titled_kind(doc: SpanDoc, match: Any) -> Found | None:
    """The kind of claim a form without a box for it names in its title ("Motor Claim Notification",
    "Kfz-Schadenmeldung", "Reembolso de gastos de salud"): one option named in the first three lines of page 1
    and none other."""
    named = {(v, s.index): s for key in doc.title_lines for s in doc.lines[key] if s.has(SpanKind.TEXT)
             for t in label_tokens(s.text) if (v := match(t)) is not None}
    if len({v for v, _ in named}) != 1:
        return None
    (value, _), span = next(iter(named.items()))
    return Found(value, 0.5, [span])
