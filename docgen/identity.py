"""Made-up parties: people, companies, addresses, phone numbers, tax IDs, bank accounts, document numbers.

All values come from :mod:`docgen.words` and a seeded ``random.Random``; the same RNG state gives the same
party. Formats follow each country's habits (``10115 Berlin``, ``Leeds LS1 4AB``, ``DE123456789``).
"""

from __future__ import annotations

import random
import string
import unicodedata
from dataclasses import dataclass, field
from datetime import date

from docgen.locales import Locale
from docgen.words import (
    CITIES,
    COMPANY_SUFFIXES,
    COMPANY_WORDS,
    FIRST_NAMES,
    LAST_NAMES,
    STREET_NAMES,
    fill_pattern,
    lookup,
)

__all__ = [
    "Party",
    "PostalAddress",
    "customer_number",
    "invoice_number",
    "make_address",
    "make_company",
    "make_party",
    "make_person",
    "po_number",
]


@dataclass(frozen=True)
class PostalAddress:
    """A postal address split the way claim forms ask for it, plus the lines it prints as."""

    street: str
    city: str
    postal_code: str
    city_line: str
    country: str

    def lines(self, with_country: bool = False) -> list[str]:
        """The address as printed: street, then postcode and city (and the country if asked)."""
        out = [self.street, self.city_line]
        if with_country and self.country:
            out.append(self.country)
        return out


@dataclass
class Party:
    """A company or person that appears on a document, with the contact details printed around it."""

    name: str
    address: PostalAddress
    contact: str | None = None
    phone: str | None = None
    email: str | None = None
    website: str | None = None
    vat_id: str | None = None
    reg_no: str | None = None
    iban: str | None = None
    bic: str | None = None
    bank_name: str | None = None
    extra: dict[str, str] = field(default_factory=dict)


def make_person(rng: random.Random, locale: Locale) -> str:
    """A full name typical of the locale (``Anna Müller``, ``Priya Iyer``)."""
    first = rng.choice(lookup(FIRST_NAMES, locale.code))
    last = rng.choice(lookup(LAST_NAMES, locale.code))
    if rng.random() < 0.08:
        first = f"{first} {rng.choice(string.ascii_uppercase)}."
    return f"{first} {last}"


def make_company(rng: random.Random, locale: Locale) -> str:
    """A company name: ``Northwind Logistics Ltd``, ``Müller & Weber GmbH``, ``Atelier du Lac SARL``."""
    first_words, second_words = lookup(COMPANY_WORDS, locale.code)
    suffix = rng.choice(lookup(COMPANY_SUFFIXES, locale.code))
    last_names = lookup(LAST_NAMES, locale.code)
    shape = rng.random()
    if shape < 0.55:
        core = f"{rng.choice(first_words)} {rng.choice(second_words)}"
    elif shape < 0.75:
        a, b = rng.sample(list(last_names), 2)
        core = f"{a} & {b}"
    elif shape < 0.9:
        core = f"{rng.choice(last_names)} {rng.choice(second_words)}"
    else:
        letters = "".join(rng.choice(string.ascii_uppercase) for _ in range(rng.randint(2, 4)))
        core = f"{letters} {rng.choice(second_words)}"
    return f"{core} {suffix}".strip()


def _street(rng: random.Random, locale: Locale) -> str:
    name = rng.choice(lookup(STREET_NAMES, locale.code))
    no = rng.randint(1, 240)
    if rng.random() < 0.1:
        no_text = f"{no}{rng.choice('abc')}"
    else:
        no_text = str(no)
    lang = locale.language
    if locale.code == "en-US":
        return f"{no_text} {name} {rng.choice(('St', 'Street', 'Ave', 'Avenue', 'Rd', 'Blvd', 'Dr'))}" + (
            f", Suite {rng.randint(100, 999)}" if rng.random() < 0.2 else "")
    if locale.code == "en-IN":
        return f"{no_text}, {name} Road" + (f", {rng.choice(('Koramangala', 'Indiranagar', 'Andheri East'))}"
                                            if rng.random() < 0.5 else "")
    if lang == "en":
        return f"{no_text} {name} {rng.choice(('Street', 'Road', 'Lane', 'Way', 'Close', 'Place'))}"
    if lang == "de":
        return f"{name}{rng.choice(('straße', 'str.', 'weg', 'allee', 'platz'))} {no_text}"
    if lang == "fr":
        return f"{no_text} {rng.choice(('rue', 'avenue', 'boulevard', 'place'))} {name}"
    if lang == "nl":
        return f"{name}{rng.choice(('straat', 'weg', 'laan', 'plein', 'gracht'))} {no_text}"
    if lang == "es":
        return f"{rng.choice(('Calle', 'C/', 'Avda.', 'Paseo'))} {name}, {no_text}"
    if lang == "it":
        return f"{rng.choice(('Via', 'Viale', 'Corso', 'Piazza'))} {name}, {no_text}"
    if lang == "pl":
        return f"ul. {name} {no_text}" + (f"/{rng.randint(1, 60)}" if rng.random() < 0.4 else "")
    return f"{no_text} {name}"


def make_address(rng: random.Random, locale: Locale) -> PostalAddress:
    """A postal address in the locale's format."""
    city, pattern = rng.choice(lookup(CITIES, locale.code))
    postal = fill_pattern(rng, pattern)
    street = _street(rng, locale)
    if locale.code == "en-US":
        city_name, state = city.split(", ")
        return PostalAddress(street, city_name, postal, f"{city_name}, {state} {postal}", locale.country)
    if locale.code == "en-GB":
        return PostalAddress(street, city, postal, f"{city} {postal}", locale.country)
    if locale.code == "en-IN":
        return PostalAddress(street, city, postal, f"{city} - {postal}", locale.country)
    return PostalAddress(street, city, postal, f"{postal} {city}", locale.country)


_PHONES = {
    "en-US": ("(999) 999-9999", "999-999-9999", "+1 999 999 9999"),
    "en-GB": ("020 9999 9999", "0113 999 9999", "+44 20 9999 9999", "01632 999999"),
    "en-IN": ("+91 80 9999 9999", "+91 99999 99999", "080-99999999"),
    "de-DE": ("+49 30 9999999", "030 99999999", "089 / 999 99 99", "+49 (0) 40 999999-0"),
    "de-CH": ("+41 44 999 99 99", "044 999 99 99"),
    "fr-FR": ("01 99 99 99 99", "+33 1 99 99 99 99", "04.99.99.99.99"),
    "nl-NL": ("020-9999999", "+31 20 999 9999", "010 999 99 99"),
    "es-ES": ("999 999 999", "+34 91 999 99 99"),
    "it-IT": ("02 9999 9999", "+39 06 9999 9999", "011 999999"),
    "pl-PL": ("+48 22 999 99 99", "22 999 99 99", "999 999 999"),
}

_VAT = {
    "en-US": ("99-9999999",), "en-GB": ("GB 999 9999 99", "GB999999999"), "en-IN": ("29AAAAA9999A1Z9",),
    "de-DE": ("DE999999999", "DE 999 999 999", "99/999/99999"), "de-CH": ("CHE-999.999.999 MWST",),
    "fr-FR": ("FR99 999999999", "FR99999999999"), "nl-NL": ("NL999999999B01",), "es-ES": ("B99999999", "ESB99999999"),
    "it-IT": ("IT99999999999", "99999999999"), "pl-PL": ("999-999-99-99", "PL9999999999"),
}

_IBAN = {
    "en-GB": "GB99 AAAA 9999 9999 9999 99", "de-DE": "DE99 9999 9999 9999 9999 99",
    "de-CH": "CH99 9999 9999 9999 9999 9", "fr-FR": "FR99 9999 9999 9999 9999 9999 999",
    "nl-NL": "NL99 AAAA 9999 9999 99", "es-ES": "ES99 9999 9999 9999 9999 9999",
    "it-IT": "IT99 A999 9999 9999 9999 9999 999", "pl-PL": "PL99 9999 9999 9999 9999 9999 9999",
}

_BANKS = {
    "en": ("First Federal Bank", "Barclays Bank", "Lloyds Bank", "HSBC", "Chase", "Wells Fargo"),
    "en-IN": ("HDFC Bank", "ICICI Bank", "State Bank of India"),
    "de": ("Sparkasse", "Volksbank", "Deutsche Bank", "Commerzbank", "Postbank", "UBS", "Zürcher Kantonalbank"),
    "fr": ("Crédit Agricole", "BNP Paribas", "Société Générale", "La Banque Postale"),
    "nl": ("ING Bank", "Rabobank", "ABN AMRO"), "es": ("Banco Santander", "BBVA", "CaixaBank"),
    "it": ("Intesa Sanpaolo", "UniCredit", "Banco BPM"), "pl": ("PKO BP", "mBank", "Bank Pekao"),
}


def _email(rng: random.Random, name: str, website: str | None) -> str:
    domain = website.removeprefix("www.") if website else f"{_slug(name)}.com"
    return f"{rng.choice(('info', 'billing', 'accounts', 'office', 'invoices', 'hello'))}@{domain}"


_TRANSLIT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "ł": "l", "Ł": "L", "ø": "o", "æ": "ae"})


def _slug(name: str) -> str:
    """ASCII web-domain form of a name: ``Müller Druckerei AG`` → ``mueller-druckerei``."""
    ascii_name = unicodedata.normalize("NFKD", name.translate(_TRANSLIT)).encode("ascii", "ignore").decode()
    keep = "".join(ch.lower() for ch in ascii_name if ch.isalnum() or ch == " ")
    parts = [p for p in keep.split() if p not in {"gmbh", "ltd", "inc", "llc", "bv", "sarl", "sas", "sa", "ag", "kg",
                                                  "co", "corp", "plc", "srl", "spa", "sl", "sp", "z", "oo"}]
    return "-".join(parts[:2]) or "example"


def _tld(locale: Locale) -> str:
    return {"en-US": "com", "en-GB": "co.uk", "en-IN": "in", "de-DE": "de", "de-CH": "ch", "fr-FR": "fr",
            "nl-NL": "nl", "es-ES": "es", "it-IT": "it", "pl-PL": "pl"}.get(locale.code, "com")


def make_party(rng: random.Random, locale: Locale, *, company: bool = True, details: bool = True) -> Party:
    """A company (or a person with ``company=False``) with contact, tax and bank details."""
    name = make_company(rng, locale) if company else make_person(rng, locale)
    address = make_address(rng, locale)
    party = Party(name=name, address=address)
    if company and rng.random() < 0.35:
        party.contact = make_person(rng, locale)
    if not details:
        return party
    code = locale.code
    party.phone = fill_pattern(rng, rng.choice(_PHONES.get(code, _PHONES["en-GB"])))
    party.website = f"www.{_slug(name)}.{_tld(locale)}"
    party.email = _email(rng, name, party.website)
    party.vat_id = fill_pattern(rng, rng.choice(_VAT.get(code, _VAT["en-GB"])))
    party.bank_name = rng.choice(lookup(_BANKS, code))
    if code == "en-US":
        party.iban = f"Routing {fill_pattern(rng, '999999999')}  Account {fill_pattern(rng, '9999999999')}"
    elif code == "en-IN":
        party.iban = f"A/c {fill_pattern(rng, '99999999999999')}  IFSC {fill_pattern(rng, 'AAAA0999999')}"
    else:
        iban = fill_pattern(rng, _IBAN.get(code, _IBAN["en-GB"]))
        party.iban = iban if rng.random() < 0.7 else iban.replace(" ", "")
        party.bic = fill_pattern(rng, "AAAAAA9A" + ("AAA" if rng.random() < 0.4 else ""))
    reg = {"en-GB": "99999999", "de-DE": "HRB 99999", "fr-FR": "RCS Paris 999 999 999", "nl-NL": "99999999",
           "pl-PL": "KRS 0000999999", "it-IT": "REA MI-9999999", "es-ES": "Tomo 9999, Folio 99, Hoja M-999999"}
    if code in reg:
        party.reg_no = fill_pattern(rng, reg[code])
    return party


def invoice_number(rng: random.Random, issued: date) -> str:
    """An invoice number in one of many real-world shapes (``INV-2024-0042``, ``2024/118``, ``F1234K20``...)."""
    y, m = issued.year, issued.month
    r = rng.randint
    letters = "".join(rng.choice(string.ascii_uppercase) for _ in range(r(1, 3)))
    shapes = (
        lambda: f"INV-{y}-{r(1, 9999):04d}",
        lambda: f"{y}/{r(1, 999)}",
        lambda: f"F{r(1000, 9999)}K{y % 100:02d}",
        lambda: f"#{rng.choice(('BLR', 'MUM', 'DEL', 'HYD'))}_WF{rng.choice(('LD', 'BC', ''))}{y}"
                f"{r(10**9, 10**10 - 1)}",
        lambda: str(r(10**7, 10**9 - 1)),
        lambda: f"RE-{y % 100:02d}{r(1, 99999):05d}",
        lambda: f"FV/{r(1, 999)}/{m:02d}/{y}",
        lambda: f"INV/{y}/{m:02d}/{r(1, 9999):04d}",
        lambda: f"{letters}{r(100000, 999999)}",
        lambda: f"VF{r(10**9, 10**10 - 1)}",
        lambda: f"{y}-{m:02d}-{r(1, 999):04d}",
        lambda: str(r(100, 99999)),
        lambda: f"A{r(1, 99):02d}-{r(1000, 99999)}",
        lambda: f"FA{y}{r(1, 99999):05d}",
        lambda: f"{r(100, 999)}-{r(1000000, 9999999)}",
        lambda: f"{letters}-{y % 100:02d}-{r(100, 9999)}",
        lambda: f"{r(1, 999):03d}/{y % 100:02d}",
    )
    return rng.choice(shapes)()


def po_number(rng: random.Random) -> str:
    """A purchase-order number, shaped like invoice numbers on purpose (a distractor)."""
    shapes = (lambda: f"PO-{rng.randint(10000, 99999)}", lambda: f"45{rng.randint(10**7, 10**8 - 1)}",
              lambda: f"PO{rng.randint(1000, 999999)}", lambda: f"{rng.randint(100000, 9999999)}",
              lambda: f"B-{rng.randint(2018, 2025)}-{rng.randint(1, 9999):04d}")
    return rng.choice(shapes)()


def customer_number(rng: random.Random) -> str:
    """A customer or account number (a distractor)."""
    shapes = (lambda: f"K-{rng.randint(10000, 99999)}", lambda: f"C{rng.randint(1000, 999999):06d}",
              lambda: str(rng.randint(100000, 99999999)), lambda: f"{rng.randint(10, 99)}-{rng.randint(1000, 9999)}",
              lambda: f"CUST{rng.randint(100, 9999)}")
    return rng.choice(shapes)()
