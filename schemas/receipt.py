"""The ``receipt`` document type."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import ClassVar

from pydantic import Field

from schemas.base import DocumentSchema, Money, RuleViolation, canvas_hint

__all__ = ["Receipt"]


#: how a payment's receipt labels its date and its amount, besides the labels of any document's date and total
_PAID_ON = [
    "date paid", "paid on", "payment date", "date of payment", "bezahlt am", "zahlungsdatum", "date du paiement",
    "date de paiement", "payé le", "fecha de pago", "pagado el", "data de pagamento", "pago em", "data di pagamento",
    "pagato il", "betaaldatum", "betaald op", "data płatności", "betalningsdatum", "betalingsdato", "maksupäivä",
    "datum platby", "plătită la", "plătit la", "data plății", "fizetés dátuma", "fizetés időpontja",
    # a car park's ticket is paid on the way out ("Exit 10/12/2025 13:04" under the entry's time)
    "exit", "ausfahrt", "sortie", "uitrit", "salida", "uscita", "wyjazd", "udkørsel", "utfart", "ulosajo", "výjezd",
    "saída", "utkjøring", "ulos", "ieșire", "kihajtás", "távozás", "çıkış", "out", "uit",
]
_PAID = [
    "amount paid", "total paid", "paid amount", "bezahlter betrag", "bezahlt", "montant payé", "total payé",
    "importe pagado", "total pagado", "valor pago", "total pago", "importo pagato", "totale pagato", "betaald bedrag",
    "totaal betaald", "zapłacona kwota", "zapłacono", "betalt belopp", "betalt beløb", "betalt beløp", "maksettu",
    "zaplaceno", "sumă achitată", "sumă plătită", "total plătit", "fizetett összeg",
]


class Receipt(DocumentSchema):
    """A till or card receipt: who sold, where, when, for how much."""

    doc_type: ClassVar[str] = "receipt"
    schema_version: ClassVar[str] = "1"
    description: ClassVar[str] = "Point-of-sale receipt"
    keywords: ClassVar[tuple[str, ...]] = (
        "receipt", "cash", "change", "card", "kassenbon", "ticket", "bon", "paid", "visa", "debit",
        # the same in the other languages the pipeline reads (de, nl, fr, es, it, pl)
        "kassenbeleg", "quittung", "kartenzahlung", "barzahlung", "rückgeld", "kassabon", "bonnetje", "contant",
        "wisselgeld", "pinbetaling", "ticket de caisse", "facturette", "reçu", "espèces", "sans contact",
        "recibo", "efectivo", "scontrino", "ricevuta", "contanti", "paragon", "gotówka", "contactless", "cashier",
        "change due", "kvitto", "kvittering", "kuitti", "kontant", "växel", "byttepenge", "vaihtoraha",
        # Croatian: a fiscal receipt's codes (JIR, ZKI), its cashier, cash and card
        "fiskalni račun", "jir", "zki", "blagajnik", "gotovina", "kartice", "oznaka operatera",
        # Slovenian: a fiscal receipt's codes (ZOI, EOR)
        "zoi", "eor", "blagajna", "gotovina",
        # Estonian and Latvian: a receipt, cash, card, VAT number; a cheque, cash, change
        "kviitung", "tšekk", "sularaha", "kaart", "kmkr", "tagasi", "čeks", "skaidra nauda", "atlikums",
        "účtenka", "hotově",
        # Finnish tills and web shops: a sales receipt, "your receipt", cash, card payment, payment method and day
        "myyntikuitti", "kuittisi", "kassakuitti", "käteinen", "korttimaksu", "maksutapa", "maksupäivä",
        "kiitos käynnistä",
        # how tills name the till, the payment, the amount to pay and the goodbye
        "till", "cash tend", "tendered", "no of items", "items sold", "auth code", "terminal", "tid", "card payment",
        "thank you for shopping", "thank you for your visit", "thanks for visiting", "see you again", "kasse", "bar",
        "auth", "auth no", "come again", "please come again", "cardholder", "merchant copy", "customer copy",
        "pin verified", "txn", "pump", "litres",
        "ec karte", "girocard", "gegeben", "bon nr", "es bediente sie", "auf wiedersehen",
        "vielen dank für ihren einkauf", "caisse", "cb", "carte bancaire", "rendu", "monnaie rendue",
        "merci et à bientôt", "merci de votre visite", "kassa", "bonnr", "tot ziens", "tarjeta", "entregado", "cassa",
        "resto", "bancomat", "totale complessivo", "documento commerciale", "arrivederci", "karta płatnicza",
        "kod autoryzacji", "reszta", "paragon fiskalny", "transactie", "aut code", "dank u wel", "maestro",
        "mastercard", "operatore", "grazie per la visita", "contante", "tpv", "aprobada", "cajero",
        "factura simplificada", "gracias por su visita", "vuelva pronto", "paragon niefiskalny", "kasjer",
        # restaurants and bars: the tip, the table, who served
        "tip", "gratuity", "served by", "your server", "no of guests", "table no", "pourboire", "trinkgeld", "fooi",
        "propina", "mancia", "napiwek", "couverts", "coperti", "comensales",
        "eat in", "take away", "takeaway", "dine in", "thank you for visiting", "thank you for dining",
        # Portuguese tills
        "fatura simplificada", "numerário", "troco", "talão", "multibanco", "obrigado pela visita", "volte sempre",
        "nr paragonu", "zapraszamy ponownie",
        # a payment's receipt as a web shop or a payment service mails it
        "payment receipt", "amount paid", "date paid", "payment method", "receipt number", "zahlungsbestätigung",
        "bezahlter betrag", "zahlungsmethode", "reçu de paiement", "montant payé", "moyen de paiement",
        "recibo de pago", "importe pagado", "método de pago", "ricevuta di pagamento", "importo pagato",
        "betalingsbewijs", "betaald bedrag", "ontvangstbewijs", "recibo de pagamento", "valor pago",
        "potwierdzenie płatności", "zapłacona kwota",
        # ... and in Danish, Norwegian, Swedish and Finnish
        "betalt beløb", "betalingsdato", "betalingsmetode", "kvitteringsnummer", "kvitteringsnr", "betalt beløp",
        "betalingsmåte", "betalt belopp", "betalningsdatum", "betalningsmetod", "betalningssätt", "kvittonummer",
        "kvittonr", "maksettu summa", "kuittinumero", "maksupäivämäärä",
        # a taxi's and a hotel room bar's receipts; Czech tills' payment, tip and thanks
        "taxi", "minibar", "způsob platby", "platba kartou", "zaplaceno", "spropitné", "řidič",
        "děkujeme za návštěvu",
        # Romanian and Hungarian tills: the fiscal receipt, cash, change, the cashier
        "bon fiscal", "chitanță", "numerar", "casier", "vă mulțumim pentru vizită", "nyugta", "készpénz",
        "visszajáró", "pénztár", "pénztáros", "nyugtaszám", "bankkártya", "köszönjük a vásárlást", "parkolás",
        "parkolójegy",
        # a car park's ticket
        "parking ticket", "parkschein", "parkticket", "ticket de parking", "parkeerticket", "biglietto parcheggio",
        # bottle deposits and their return (German, Dutch, Danish, Swedish), a Dutch till's goodbye
        "pfand", "leergut", "statiegeld", "retour statiegeld", "pant", "bedankt voor uw bezoek",
        # Turkish tills and car parks: the receipt, cash, credit card, change, the cashier, thanks, a car park
        "fiş", "satış fişi", "nakit", "kredi kartı", "para üstü", "kasiyer", "teşekkür ederiz", "otopark",
        "bahşiş",
    )
    keyword_patterns: ClassVar[tuple[tuple[str, float], ...]] = (
        # a card number masked but for its last digits, as card terminals print it ("**** **** **** 2051")
        (r"(?:[*xX•]{4}[ -]?){1,3}\d{4}\b|[*xX]{6,}\d{4}\b", 2.0),
        # the time of the sale beside its date ("12.04.2024 12:27", "April 12, 2024 12:27:05")
        (r"(?:\d{4}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4})\s+(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?\b", 1.0),
    )

    merchant_name: str = Field(min_length=1, max_length=120, json_schema_extra=canvas_hint(width=20))
    merchant_address: str | None = Field(default=None, max_length=200, json_schema_extra=canvas_hint(width=28))
    date: dt.date = Field(json_schema_extra={"labels": _PAID_ON})
    total: Money = Field(json_schema_extra={"labels": _PAID})

    def rule_violations(self, tolerance: Decimal = Decimal("0.01")) -> list[RuleViolation]:
        if self.total < 0:
            return [RuleViolation(code="negative_total", message=f"total {self.total} is negative",
                                  fields=("total",))]
        return []
