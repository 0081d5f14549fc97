"""Common wordings of an invoice's number, dates and totals (in English, German, French, Spanish, Italian, Dutch,
Polish, Portuguese, Swedish and Danish), of a claim form's fields and of a till receipt's total, each read on one
layout: each test changes one label and expects every field read as before."""

from __future__ import annotations

import pytest

from engine.base import EngineRequest
from engine.labels import label_score, label_tokens
from engine.registry import create_engine
from engine.spandoc import concept_phrases
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import layout, read_baseline

ENGLISH = {
    "number": ["Invoice No.", "Invoice #", "Invoice Number:", "Bill No.", "Bill Number", "Document No.", "Ref. No.",
               "Invoice ID", "No.", "Inv #", "Tax Invoice No", "Invoice Ref", "Invoice Reference", "Invoice No:"],
    "date": ["Date:", "Invoice Date", "Date of Issue", "Issue Date", "Bill Date", "Dated", "Date Issued", "Issued on", "Issued",
             "Billing Date", "Invoice date:", "Tax point", "Date of invoice"],
    "due": ["Due Date", "Payment Due", "Due by", "Pay by", "Payment Due Date", "Due on", "Please pay by",
            "Terms: Due", "Due", "Due date:", "Payable by"],
    "subtotal": ["Subtotal", "Sub-total", "Sub Total", "Net Amount", "Net Total", "Total before tax",
                 "Amount (excl. VAT)", "Total excl. tax", "Net", "Items total", "Goods total", "Total net",
                 "Net value", "Subtotal excl. VAT"],
    "tax": ["VAT 20%", "Tax", "Sales Tax (8%)", "GST 10%", "Tax (20%)", "VAT @ 20%", "Total VAT", "HST 13%",
            "Tax amount", "VAT amount", "VAT (20%)", "Plus VAT 20%", "VAT total"],
    "total": ["Total", "Total Due", "Amount Due", "Balance Due", "Grand Total", "Total Amount", "Amount Payable",
              "Invoice Total", "Total (GBP)", "TOTAL TO PAY", "Balance", "Please pay", "Total payable",
              "Amount to pay", "Total incl. VAT", "Gross total", "Invoice amount"],
}
OTHERS = {
    "de": {"number": ["Rechnungs-Nr.", "Rechnungsnummer", "Beleg-Nr.", "Rechnung Nr.", "RE-Nr.", "Rechnung-Nr.",
                      "Belegnummer", "Re.-Nr."],
           "date": ["Rechnungsdatum", "Datum", "Belegdatum", "Ausstellungsdatum", "Datum der Rechnung",
                    "Rechnungsdatum:"],
           "due": ["Fälligkeitsdatum", "Zahlbar bis", "Fällig am", "Zahlungsziel", "Zahlbar bis zum", "Fällig bis",
                   "Zahlungstermin", "Fälligkeit"],
           "subtotal": ["Nettobetrag", "Summe netto", "Zwischensumme", "Netto", "Gesamt netto", "Warenwert",
                        "Netto-Betrag", "Nettosumme"],
           "tax": ["MwSt. 19%", "zzgl. 19% USt.", "19% MwSt.", "Umsatzsteuer 19%", "USt. (19%)", "zzgl. MwSt. 19%",
                   "MwSt.-Betrag"],
           "total": ["Gesamtbetrag", "Zu zahlen", "Rechnungsbetrag", "Endbetrag", "Gesamt brutto", "Summe brutto",
                     "Bruttobetrag", "Rechnungsbetrag brutto", "Gesamtsumme", "Zahlbetrag", "Gesamt"]},
    "fr": {"number": ["Facture N°", "N° facture", "Numéro de facture", "Réf. facture", "Facture numéro",
                      "N° de facture"],
           "date": ["Date", "Date de facturation", "Date d'émission", "Émise le", "Date facture", "Fait le"],
           "due": ["Date d'échéance", "À payer avant le", "Échéance", "Date limite de paiement", "Payable avant le",
                   "Échéance le"],
           "subtotal": ["Total HT", "Montant HT", "Sous-total", "Total hors taxes", "Total H.T.", "Base HT"],
           "tax": ["TVA (20%)", "TVA 20 %", "Montant TVA", "TVA à 20%", "T.V.A. 20%", "Total TVA"],
           "total": ["Total TTC", "Net à payer", "Montant TTC", "Total à payer", "Reste à payer", "Total T.T.C.",
                     "Montant à payer", "Net à payer TTC", "Total général"]},
    "es": {"number": ["Nº factura", "Factura nº", "Número de factura", "Nº de factura", "Num. factura",
                      "Factura número"],
           "date": ["Fecha", "Fecha de factura", "Fecha emisión", "Fecha de expedición", "Fecha factura"],
           "due": ["Fecha de vencimiento", "Vencimiento", "Fecha límite de pago", "Vence", "Fecha vto.",
                   "Pagar antes de"],
           "subtotal": ["Base imponible", "Subtotal", "Importe neto", "Total sin IVA", "Base", "Base imp."],
           "tax": ["IVA 21%", "IVA (21%)", "Cuota IVA", "I.V.A. 21%", "Total IVA", "IVA 21 %"],
           "total": ["Total", "Total a pagar", "Importe total", "TOTAL FACTURA", "Total €", "Importe a pagar",
                     "Líquido a pagar"]},
    "it": {"number": ["Fattura n.", "Numero fattura", "N. documento", "Fattura N°", "Numero documento"],
           "date": ["Data", "Data fattura", "Data documento", "Data emissione"],
           "due": ["Scadenza", "Data scadenza", "Scadenza pagamento", "Data di scadenza", "Scad.",
                   "Pagamento entro"],
           "subtotal": ["Imponibile", "Totale imponibile", "Subtotale", "Totale merce", "Totale netto"],
           "tax": ["IVA 22%", "Imposta", "IVA (22%)", "Totale IVA"],
           "total": ["Totale", "Totale documento", "Totale fattura", "Netto a pagare", "Totale da pagare",
                     "Totale complessivo", "Da pagare"]},
    "nl": {"number": ["Factuurnummer", "Factuurnr.", "Factuur nr.", "Factuurnummer:", "Documentnummer"],
           "date": ["Factuurdatum", "Datum", "Datum factuur"],
           "due": ["Vervaldatum", "Te betalen voor", "Uiterste betaaldatum", "Vervaldag", "Betalen voor"],
           "subtotal": ["Subtotaal", "Totaal excl. BTW", "Netto", "Totaal exclusief BTW", "Bedrag excl. BTW"],
           "tax": ["BTW 21%", "BTW (21%)", "21% BTW", "Btw 21%", "BTW-bedrag"],
           "total": ["Totaal", "Te betalen", "Totaal incl. BTW", "Totaalbedrag", "Totaal inclusief BTW", "Te voldoen",
                     "Eindtotaal", "Totaal te betalen"]},
    "pl": {"number": ["Faktura VAT nr", "Numer faktury", "Faktura nr", "Nr faktury"],
           "date": ["Data wystawienia", "Data faktury"],
           "due": ["Termin płatności", "Termin zapłaty"],
           "subtotal": ["Razem netto", "Wartość netto", "Suma netto"],
           "tax": ["VAT 23%", "Kwota VAT", "Podatek VAT 23%"],
           "total": ["Do zapłaty", "Razem brutto", "Wartość brutto", "Razem do zapłaty"]},
    "pt": {"number": ["Fatura n.º", "Número da fatura", "Fatura Nº", "N.º documento"],
           "date": ["Data da fatura", "Data de emissão", "Data"],
           "due": ["Data de vencimento", "Vencimento"],
           "subtotal": ["Total sem IVA", "Total s/ IVA", "Subtotal", "Total ilíquido", "Base tributável"],
           "tax": ["IVA 23%", "Total IVA", "IVA (23%)"],
           "total": ["Total", "Total a pagar", "Total com IVA", "Valor total"]},
    "sv": {"number": ["Fakturanummer", "Fakturanr", "Faktura nr"],
           "date": ["Fakturadatum", "Datum"],
           "due": ["Förfallodatum", "Förfallodag", "Att betala senast"],
           "subtotal": ["Summa exkl. moms", "Netto", "Delsumma", "Belopp exkl. moms"],
           "tax": ["Moms 25%", "Moms", "Moms (25%)"],
           "total": ["Att betala", "Summa att betala", "Totalt", "Summa inkl. moms"]},
    "da": {"number": ["Fakturanr.", "Fakturanummer", "Faktura nr."],
           "date": ["Fakturadato", "Dato"],
           "due": ["Forfaldsdato", "Betalingsdato", "Betales senest"],
           "subtotal": ["Subtotal", "Beløb ekskl. moms", "Netto", "I alt ekskl. moms"],
           "tax": ["Moms 25%", "Moms", "Moms (25%)"],
           "total": ["I alt", "At betale", "Total", "I alt inkl. moms", "Total DKK"]},
    "cs": {"number": ["Číslo faktury", "Faktura č."],
           "date": ["Datum vystavení"],
           "due": ["Datum splatnosti", "Splatnost"],
           "subtotal": ["Základ", "Základ daně", "Celkem bez DPH", "Mezisoučet"],
           "tax": ["DPH 21 %", "DPH"],
           "total": ["Celkem k úhradě", "Celkem", "K úhradě"]},
    "sk": {"number": ["Číslo faktúry"],
           "date": ["Dátum vyhotovenia"],
           "due": ["Dátum splatnosti"],
           "subtotal": ["Základ spolu", "Celkom bez DPH", "Medzisúčet"],
           "tax": ["DPH 23 % zo základu 400,00", "DPH 23 %"],
           "total": ["Spolu na úhradu EUR", "Spolu", "Celkom na úhradu"]},
}


#: the invoice each wording is read on, in British and in continental print: name, address, number, dates,
#: the two items' figures, subtotal, tax and total
ENGLISH_INVOICE = ("Northwind Traders Ltd", "12 High Street, Leeds LS1 4AP", "INV-20931", "12/03/2024", "11/04/2024",
                   ("Description", "Qty", "Unit Price", "Amount"), ("Consulting services", "150.00", "300.00"),
                   ("Travel expenses", "100.00", "100.00"), "£400.00", "£80.00", "£480.00")
CONTINENTAL_INVOICE = ("Northwind Handels GmbH", "Hauptstraße 12, 10115 Berlin", "2024-0931", "12.03.2024",
                       "11.04.2024", ("Beschreibung", "Menge", "Preis", "Betrag"), ("Beratung", "150,00", "300,00"),
                       ("Reisekosten", "100,00", "100,00"), "400,00 €", "76,00 €", "476,00 €")


def _invoice(labels: dict[str, str], printed: tuple) -> list:
    name, address, number, issued, due, header, first, second, subtotal, tax, total = printed
    return [[(0.05, name)], [(0.05, address)],
            [(0.5, labels["number"]), (0.7, number)], [(0.5, labels["date"]), (0.7, issued)],
            [(0.5, labels["due"]), (0.7, due)],
            [(x, h) for x, h in zip((0.05, 0.55, 0.65, 0.85), header, strict=True)],
            [(0.05, first[0]), (0.55, "2"), (0.65, first[1]), (0.85, first[2])],
            [(0.05, second[0]), (0.55, "1"), (0.65, second[1]), (0.85, second[2])],
            [(0.6, labels["subtotal"]), (0.85, subtotal)], [(0.6, labels["tax"]), (0.85, tax)],
            [(0.6, labels["total"]), (0.85, total)]]


def _cases() -> list:
    out = []
    for lang, table, printed, want in (
            ("en", ENGLISH, ENGLISH_INVOICE, ("INV-20931", "2024-03-12", "2024-04-11", "400.00", "80.00", "480.00")),
            *((lang, table, CONTINENTAL_INVOICE, ("2024-0931", "2024-03-12", "2024-04-11", "400.00", "76.00",
                                                  "476.00"))
              for lang, table in OTHERS.items())):
        first = {field: wordings[0] for field, wordings in table.items()}
        for field, wordings in table.items():
            out += [pytest.param(_invoice({**first, field: w}, printed), want, id=f"{lang}-{field}-{w}")
                    for w in wordings]
    return out


_ENGINE = create_engine("baseline")


@pytest.mark.parametrize(("rows", "want"), _cases())
def test_a_label_wording_reads_every_field(rows: list, want: tuple[str, ...]) -> None:
    (result,) = _ENGINE.extract_batch([EngineRequest(id="doc", words=layout(rows), target=Invoice)])
    d = result.data
    assert (d["invoice_number"], d["invoice_date"], d["due_date"], d["subtotal"], d["tax"], d["total"]) == want


CLAIM = {
    "name": ["Name of insured", "Policyholder name", "Full name", "Insured", "Claimant", "Claimant name", "Name",
             "Insured person", "Policy holder", "Your name", "Name of claimant"],
    "dob": ["Date of birth", "DOB", "Birth date", "Born", "D.O.B."],
    "policy": ["Policy No.", "Policy #", "Policy number", "Certificate No.", "Policy ID", "Policy ref.",
               "Contract number", "Member ID"],
    "street": ["Address", "Street", "Street address", "Home address", "Mailing address"],
    "city": ["City", "Town", "City/Town"],
    "postcode": ["Postcode", "ZIP", "Postal code", "ZIP code", "Post code"],
    "date": ["Date of loss", "Date of accident", "Incident date", "Date of incident", "Loss date",
             "When did it happen?", "Date of event", "Accident date"],
    "amount": ["Amount claimed", "Estimated loss", "Claim amount", "Total claimed", "Amount of claim",
               "Estimated cost", "Claimed amount"],
    "type": ["Type of claim", "Claim type", "Cover", "Type of loss", "Nature of claim", "Cover affected"],
    "police": ["Police report filed?", "Reported to police?", "Police report", "Was a police report made?"],
    "signature": ["Signature", "Signed", "Signature of claimant", "Claimant's signature"],
}
CLAIM_WANT = {"claimant_name": "Olivia Bennett", "date_of_birth": "1980-02-14", "policy_number": "PC-2291834",
              "claim_type": "home", "address": {"street": "14 Station Road", "city": "Leeds", "postal_code": "LS1 4AP"},
              "incident_date": "2023-05-03", "claim_amount": "1250.00", "police_report_filed": False, "signed": True}


def _claim(labels: dict[str, str]) -> list:
    return [[(0.05, "Northgate Insurance plc")], [(0.05, "Insurance Claim Form")],
            [(0.05, labels["name"]), (0.4, "Olivia Bennett")], [(0.05, labels["dob"]), (0.4, "14/02/1980")],
            [(0.05, labels["policy"]), (0.4, "PC-2291834")], [(0.05, labels["street"]), (0.4, "14 Station Road")],
            [(0.05, labels["city"]), (0.4, "Leeds")], [(0.05, labels["postcode"]), (0.4, "LS1 4AP")],
            [(0.05, labels["date"]), (0.4, "03/05/2023")], [(0.05, labels["amount"]), (0.4, "£1,250.00")],
            [(0.05, labels["type"]), (0.4, "[ ] Motor [X] Home [ ] Health [ ] Travel")],
            [(0.05, labels["police"]), (0.4, "[ ] Yes [X] No")],
            [(0.05, "I declare that the information given is true.")],
            [(0.05, labels["signature"]), (0.4, "Olivia Bennett"), (0.7, "Date"), (0.8, "05/05/2023")]]


@pytest.mark.parametrize("rows", [pytest.param(_claim({**{f: w[0] for f, w in CLAIM.items()}, field: wording}),
                                               id=f"{field}-{wording}")
                                  for field, wordings in CLAIM.items() for wording in wordings])
def test_a_claim_form_label_wording_reads_every_field(rows: list) -> None:
    (result,) = _ENGINE.extract_batch([EngineRequest(id="doc", words=layout(rows), target=ClaimForm)])
    assert result.data == CLAIM_WANT


#: a claim form's labels in German, French, Spanish, Italian, Dutch, Polish, Portuguese, Swedish and Danish, with its
#: title, the claim type's and the police report's boxes, the dates of birth, of the incident and of the signature,
#: and the amount as printed there
CLAIM_OTHERS = {
    "de": {
        "title": "Schadenmeldung",
        "name": ["Versicherungsnehmer", "Name des Versicherten", "Name, Vorname", "Antragsteller", "Vor- und Nachname", "Name"],
        "dob": ["Geburtsdatum", "Geb.-Datum", "geboren am"],
        "policy": ["Versicherungsscheinnummer", "Vertragsnummer", "Policen-Nr.", "Versicherungsnummer", "Vers.-Nr."],
        "street": ["Straße, Hausnr.", "Straße", "Anschrift"],
        "city": ["Ort", "Wohnort", "Stadt"],
        "postcode": ["PLZ", "Postleitzahl"],
        "date": ["Schadendatum", "Datum des Schadens", "Schadentag", "Unfalldatum", "Tag des Schadens", "Erste Behandlung am",
                 "Tag des Ereignisses"],
        "amount": ["Schadenhöhe", "Geschätzter Schaden", "Forderungsbetrag", "Schadensumme", "Summe der Rechnungen"],
        "type": ["Schadenart", "Art des Schadens", "Sparte"],
        "police": ["Polizeilich gemeldet?", "Polizeibericht", "Anzeige bei der Polizei erstattet?",
                   "Wurde die Polizei verständigt?"],
        "signature": ["Unterschrift", "Unterschrift des Versicherungsnehmers"],
        "type_boxes": "[ ] Kfz [X] Hausrat [ ] Kranken [ ] Reise",
        "police_boxes": "[ ] Ja [X] Nein",
        "dates": ("14.02.1980", "03.05.2023", "05.05.2023"),
        "claimed": "1.250,00 €",
    },
    "fr": {
        "title": "Déclaration de sinistre",
        "name": ["Nom de l'assuré", "Assuré", "Nom et prénom", "Souscripteur", "Nom", "Déclarant"],
        "dob": ["Date de naissance", "Né(e) le"],
        "policy": ["N° de police", "Numéro de contrat", "N° de contrat", "Police n°"],
        "street": ["Adresse", "Rue", "Adresse postale"],
        "city": ["Ville", "Commune", "Localité"],
        "postcode": ["Code postal", "CP"],
        "date": ["Date du sinistre", "Date de l'accident", "Survenu le", "Date de l'événement"],
        "amount": ["Montant réclamé", "Montant estimé", "Montant du sinistre", "Estimation des dommages",
                   "Estimation du préjudice"],
        "type": ["Type de sinistre", "Nature du sinistre", "Garantie concernée"],
        "police": ["Plainte déposée ?", "Rapport de police", "Dépôt de plainte", "La police a-t-elle été prévenue ?",
                   "Police / gendarmerie prévenue"],
        "signature": ["Signature", "Signature de l'assuré"],
        "type_boxes": "[ ] Auto [X] Habitation [ ] Santé [ ] Voyage",
        "police_boxes": "[ ] Oui [X] Non",
        "dates": ("14/02/1980", "03/05/2023", "05/05/2023"),
        "claimed": "1 250,00 €",
    },
    "es": {
        "title": "Parte de siniestro",
        "name": ["Nombre del asegurado", "Asegurado", "Tomador", "Tomador del seguro", "Nombre y apellidos", "Nombre"],
        "dob": ["Fecha de nacimiento", "F. nacimiento"],
        "policy": ["Nº de póliza", "Número de póliza", "Póliza nº"],
        "street": ["Dirección", "Domicilio", "Calle"],
        "city": ["Ciudad", "Localidad", "Población", "Municipio"],
        "postcode": ["Código postal", "C.P."],
        "date": ["Fecha del siniestro", "Fecha del accidente", "Fecha de ocurrencia", "Primera asistencia"],
        "amount": ["Importe reclamado", "Importe estimado", "Cuantía reclamada", "Valoración de daños"],
        "type": ["Tipo de siniestro", "Ramo"],
        "police": ["¿Denuncia policial?", "Denuncia presentada", "Atestado policial", "¿Se presentó denuncia?"],
        "signature": ["Firma", "Firma del asegurado"],
        "type_boxes": "[ ] Automóvil [X] Hogar [ ] Salud [ ] Viaje",
        "police_boxes": "[ ] Sí [X] No",
        "dates": ("14/02/1980", "03/05/2023", "05/05/2023"),
        "claimed": "1.250,00 €",
    },
    "it": {
        "title": "Denuncia di sinistro",
        "name": ["Nome dell'assicurato", "Assicurato", "Contraente", "Cognome e nome", "Nome", "Nominativo"],
        "dob": ["Data di nascita", "Nato il"],
        "policy": ["Numero di polizza", "Polizza n.", "N. polizza"],
        "street": ["Indirizzo", "Via"],
        "city": ["Città", "Comune", "Località"],
        "postcode": ["CAP", "Codice postale"],
        "date": ["Data del sinistro", "Data dell'incidente", "Data evento", "Avvenuto il", "Data dell'evento",
                 "Data prima visita"],
        "amount": ["Importo richiesto", "Danno stimato", "Importo del danno"],
        "type": ["Tipo di sinistro", "Ramo"],
        "police": ["Denuncia alle autorità?", "Verbale di polizia", "Denuncia presentata", "È stata sporta denuncia?"],
        "signature": ["Firma", "Firma dell'assicurato"],
        "type_boxes": "[ ] Auto [X] Casa [ ] Salute [ ] Viaggio",
        "police_boxes": "[ ] Sì [X] No",
        "dates": ("14/02/1980", "03/05/2023", "05/05/2023"),
        "claimed": "€ 1.250,00",
    },
    "nl": {
        "title": "Schadeformulier",
        "name": ["Naam verzekeringnemer", "Verzekerde", "Naam", "Naam en voorletters", "Voor- en achternaam"],
        "dob": ["Geboortedatum"],
        "policy": ["Polisnummer", "Polisnr.", "Contractnummer"],
        "street": ["Adres", "Straat en huisnummer", "Straat"],
        "city": ["Woonplaats", "Plaats"],
        "postcode": ["Postcode"],
        "date": ["Schadedatum", "Datum van de schade", "Datum ongeval", "Datum voorval"],
        "amount": ["Geclaimd bedrag", "Schadebedrag", "Geschatte schade"],
        "type": ["Soort schade", "Type claim", "Aard van de schade"],
        "police": ["Aangifte gedaan?", "Proces-verbaal", "Aangifte bij politie", "Is er aangifte gedaan?"],
        "signature": ["Handtekening", "Handtekening verzekeringnemer", "Handtekening verzekerde"],
        "type_boxes": "[ ] Auto [X] Woning [ ] Zorg [ ] Reis",
        "police_boxes": "[ ] Ja [X] Nee",
        "dates": ("14-02-1980", "03-05-2023", "05-05-2023"),
        "claimed": "€ 1.250,00",
    },
    "pl": {
        "title": "Zgłoszenie szkody",
        "name": ["Imię i nazwisko", "Ubezpieczony", "Nazwisko i imię", "Ubezpieczający", "Zgłaszający"],
        "dob": ["Data urodzenia"],
        "policy": ["Numer polisy", "Nr polisy", "Polisa nr"],
        "street": ["Adres", "Ulica"],
        "city": ["Miejscowość", "Miasto"],
        "postcode": ["Kod pocztowy"],
        "date": ["Data szkody", "Data zdarzenia", "Data wypadku"],
        "amount": ["Kwota roszczenia", "Szacowana wartość szkody", "Wysokość szkody", "Wnioskowana kwota",
                   "Szacunkowa wartość szkody"],
        "type": ["Rodzaj szkody", "Typ szkody"],
        "police": ["Zgłoszono na policję?", "Zawiadomienie policji", "Czy powiadomiono policję?", "Notatka policyjna"],
        "signature": ["Podpis", "Podpis ubezpieczonego"],
        "type_boxes": "[ ] Komunikacyjna [X] Mieszkaniowa [ ] Zdrowotna [ ] Podróżna",
        "police_boxes": "[ ] Tak [X] Nie",
        "dates": ("14.02.1980", "03.05.2023", "05.05.2023"),
        "claimed": "1 250,00 zł",
    },
    "pt": {
        "title": "Participação de sinistro",
        "name": ["Nome do segurado", "Segurado", "Tomador", "Tomador do seguro", "Nome completo"],
        "dob": ["Data de nascimento"],
        "policy": ["N.º da apólice", "Apólice n.º", "Número da apólice"],
        "street": ["Morada", "Endereço"],
        "city": ["Localidade", "Cidade"],
        "postcode": ["Código postal"],
        "date": ["Data do sinistro", "Data da ocorrência", "Data do acidente"],
        "amount": ["Valor reclamado", "Valor estimado", "Montante do prejuízo (EUR)", "Valor estimado dos danos"],
        "type": ["Tipo de sinistro", "Ramo"],
        "police": ["Participação à polícia?", "Foi feita queixa?", "Foi apresentada participação às autoridades?"],
        "signature": ["Assinatura", "Assinatura do segurado"],
        "type_boxes": "[ ] Automóvel [X] Habitação [ ] Saúde [ ] Viagem",
        "police_boxes": "[ ] Sim [X] Não",
        "dates": ("14/02/1980", "03/05/2023", "05/05/2023"),
        "claimed": "1 250,00 €",
    },
    "sv": {
        "title": "Skadeanmälan",
        "name": ["För- och efternamn", "Försäkringstagare", "Namn"],
        "dob": ["Födelsedatum"],
        "policy": ["Försäkringsnr", "Försäkringsnummer"],
        "street": ["Gatuadress", "Postadress", "Adress"],
        "city": ["Postort", "Ort"],
        "postcode": ["Postnummer", "Postnr"],
        "date": ["Skadedatum", "Datum för olyckan"],
        "amount": ["Uppskattat belopp", "Begärt belopp"],
        "type": ["Typ av skada"],
        "police": ["Har polisanmälan gjorts?", "Polisrapport upprättad?"],
        "signature": ["Namnteckning", "Underskrift"],
        "type_boxes": "[ ] Motor / Bil [X] Hemförsäkring [ ] Hälsa [ ] Reseförsäkring",
        "police_boxes": "[ ] Ja [X] Nej",
        "dates": ("1980-02-14", "2023-05-03", "2023-05-05"),
        "claimed": "1 250,00 SEK",
    },
    "da": {
        "title": "Skadeanmeldelse",
        "name": ["Navn", "Forsikringstager"],
        "dob": ["Fødselsdato"],
        "policy": ["Policenummer", "Policenr."],
        "street": ["Vej og husnr.", "Adresse"],
        "city": ["By"],
        "postcode": ["Postnummer", "Postnr."],
        "date": ["Skadedato"],
        "amount": ["Anslået skadebeløb", "Anslået beløb", "Anmeldt beløb (DKK)", "Krav (beløb) (DKK)", "Kravbeløb"],
        "type": ["Forsikringstype"],
        "police": ["Er der indgivet politianmeldelse?", "Politianmeldelse"],
        "signature": ["Underskrift forsikringstager", "Underskrift"],
        "type_boxes": "[ ] Bil [X] Hus / Indbo [ ] Sygdom [ ] Rejseforsikring",
        "police_boxes": "[ ] Ja [X] Nej",
        "dates": ("14-02-1980", "03-05-2023", "05-05-2023"),
        "claimed": "1.250,00 kr.",
    },
    "cs": {
        "title": "Oznámení pojistné události",
        "name": ["Jméno pojištěného", "Pojistník", "Jméno a příjmení"],
        "dob": ["Datum narození"],
        "policy": ["Číslo pojistné smlouvy"],
        "street": ["Ulice a č. p.", "Adresa"],
        "city": ["Obec"],
        "postcode": ["PSČ"],
        "date": ["Datum události"],
        "amount": ["Požadovaná částka", "Odhad výše škody"],
        "type": ["Druh škody"],
        "police": ["Oznámeno policii?"],
        "signature": ["Podpis"],
        "type_boxes": "[ ] Vozidlo [X] Domácnost [ ] Zdraví [ ] Cestování",
        "police_boxes": "[ ] Ano [X] Ne",
        "dates": ("14.02.1980", "03.05.2023", "05.05.2023"),
        "claimed": "1 250,00 Kč",
    },
}


def _claim_abroad(labels: dict[str, str], form: dict) -> list:
    born, happened, signed = form["dates"]
    return [[(0.05, "Northgate Versicherung AG")], [(0.05, form["title"])],
            [(0.05, labels["name"]), (0.4, "Olivia Bennett")], [(0.05, labels["dob"]), (0.4, born)],
            [(0.05, labels["policy"]), (0.4, "PC-2291834")], [(0.05, labels["street"]), (0.4, "14 Station Road")],
            [(0.05, labels["city"]), (0.4, "Leeds")], [(0.05, labels["postcode"]), (0.4, "LS1 4AP")],
            [(0.05, labels["date"]), (0.4, happened)], [(0.05, labels["amount"]), (0.4, form["claimed"])],
            [(0.05, labels["type"]), (0.4, form["type_boxes"])], [(0.05, labels["police"]), (0.4, form["police_boxes"])],
            [(0.05, labels["signature"]), (0.4, "Olivia Bennett"), (0.7, "Datum"), (0.8, signed)]]


@pytest.mark.parametrize("rows", [
    pytest.param(_claim_abroad({**{f: form[f][0] for f in CLAIM}, field: wording}, form), id=f"{lang}-{field}-{wording}")
    for lang, form in CLAIM_OTHERS.items() for field in CLAIM for wording in form[field]])
def test_a_claim_form_label_wording_abroad_reads_every_field(rows: list) -> None:
    (result,) = _ENGINE.extract_batch([EngineRequest(id="doc", words=layout(rows), target=ClaimForm)])
    assert result.data == CLAIM_WANT


@pytest.mark.parametrize("wording", ["TOTAL", "Total", "Amount", "TOTAL EUR", "Grand Total", "BALANCE DUE",
                                     "AMOUNT DUE", "Total to pay", "TOTAL DUE", "Sale total", "Total paid",
                                     "TOTAL GBP", "Amount paid", "To pay", "Net to pay"])
def test_a_receipts_total_wording_is_read_beside_the_cash_and_change(wording: str) -> None:
    rows = [[(0.3, "CORNER CAFE")], [(0.3, "12 High Street")], [(0.3, "Leeds LS1 4AP")],
            [(0.08, "12/03/2024 10:22"), (0.6, "Till 2")], [(0.08, "Coffee"), (0.8, "2.50")],
            [(0.08, "Muffin"), (0.8, "3.10")], [(0.08, "Subtotal"), (0.8, "5.60")], [(0.08, wording), (0.8, "5.60")],
            [(0.08, "Cash"), (0.8, "10.00")], [(0.08, "Change"), (0.8, "4.40")],
            [(0.08, "VAT 20%"), (0.6, "4.67"), (0.8, "0.93")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="doc", words=layout(rows), target=Receipt)])
    assert (result.data["merchant_name"], result.data["date"], result.data["total"]) == \
        ("CORNER CAFE", "2024-03-12", "5.60")


#: a till receipt's total in nine languages, with the words of its cash, change, VAT and subtotal lines
RECEIPT_OTHERS = {
    "de": (["SUMME", "GESAMT", "ZU ZAHLEN", "Summe EUR", "GESAMTBETRAG", "Endsumme", "BETRAG"], "BAR", "RÜCKGELD",
           "MwSt 19%", "Zwischensumme"),
    "fr": (["TOTAL", "TOTAL TTC", "A PAYER", "NET A PAYER", "MONTANT DU", "TOTAL EUR"], "ESPECES", "RENDU", "TVA 20%",
           "SOUS-TOTAL"),
    "es": (["TOTAL", "IMPORTE", "TOTAL A PAGAR", "TOTAL EUROS", "IMPORTE TOTAL"], "EFECTIVO", "CAMBIO", "IVA 21%",
           "SUBTOTAL"),
    "it": (["TOTALE", "TOTALE COMPLESSIVO", "TOTALE EURO", "IMPORTO PAGATO", "TOTALE DOCUMENTO"], "CONTANTI", "RESTO",
           "IVA 22%", "SUBTOTALE"),
    "nl": (["TOTAAL", "TE BETALEN", "TOTAAL EUR", "BEDRAG", "TOTAALBEDRAG"], "CONTANT", "WISSELGELD", "BTW 21%",
           "SUBTOTAAL"),
    "pl": (["SUMA", "RAZEM", "DO ZAPŁATY", "SUMA PLN", "RAZEM PLN"], "GOTÓWKA", "RESZTA", "PTU A 23%", "SUMA NETTO"),
    "pt": (["TOTAL", "TOTAL A PAGAR", "TOTAL EUR", "VALOR A PAGAR"], "NUMERÁRIO", "TROCO", "IVA 23%", "SUBTOTAL"),
    "sv": (["ATT BETALA", "TOTALT", "SUMMA", "TOTALT SEK", "SUMMA ATT BETALA"], "KONTANT", "VÄXEL", "MOMS 25%",
           "DELSUMMA"),
    "da": (["I ALT", "AT BETALE", "TOTAL", "TOTAL DKK", "BELØB"], "KONTANT", "BYTTEPENGE", "MOMS 25%", "SUBTOTAL"),
}


@pytest.mark.parametrize(("wording", "cash", "change", "vat", "subtotal"), [
    pytest.param(wording, *words, subtotal, id=f"{lang}-{wording}-{'subtotal' if subtotal else 'alone'}")
    for lang, (wordings, *words, sub) in RECEIPT_OTHERS.items() for wording in wordings for subtotal in (None, sub)])
def test_a_receipts_total_wording_abroad_is_read_beside_the_cash_and_change(wording: str, cash: str, change: str,
                                                                          vat: str, subtotal: str | None) -> None:
    rows = [[(0.3, "CORNER CAFE")], [(0.3, "Hauptstraße 12")], [(0.3, "10115 Berlin")],
            [(0.08, "12.03.2024 10:22"), (0.6, "Kasse 2")], [(0.08, "Kaffee"), (0.8, "2,50")],
            [(0.08, "Muffin"), (0.8, "3,10")], *([[(0.08, subtotal), (0.8, "5,60")]] if subtotal else []),
            [(0.08, wording), (0.8, "5,60")], [(0.08, cash), (0.8, "10,00")], [(0.08, change), (0.8, "4,40")],
            [(0.08, vat), (0.6, "4,67"), (0.8, "0,93")]]
    (result,) = _ENGINE.extract_batch([EngineRequest(id="doc", words=layout(rows), target=Receipt)])
    assert (result.data["merchant_name"], result.data["date"], result.data["total"]) == \
        ("CORNER CAFE", "2024-03-12", "5.60")


def test_the_vat_a_gross_total_includes_is_the_tax() -> None:
    """ "Total includes VAT 20%  13.60" under "Total GBP 81.60": the tax the gross total holds, no second total."""
    rows = [[(0.07, "Waggy Tails Grooming Ltd")], [(0.6, "Invoice no.:"), (0.75, "159/26")],
            [(0.6, "Invoice date:"), (0.75, "24/03/2026")],
            [(0.09, "Description"), (0.55, "Qty"), (0.65, "Unit price"), (0.82, "Amount")],
            [(0.09, "De-matting, per 15 minutes"), (0.56, "1"), (0.66, "62.05"), (0.83, "62.05")],
            [(0.09, "Nail clipping"), (0.56, "1"), (0.66, "19.55"), (0.83, "19.55")],
            [(0.61, "Total GBP"), (0.83, "81.60")], [(0.54, "Total includes VAT 20%"), (0.83, "13.60")]]
    data = read_baseline(layout(rows), Invoice)
    assert (data["subtotal"], data["tax"], data["total"]) == (None, "13.60", "81.60")


@pytest.mark.parametrize(("wording", "concept"), [
    ("Total s/ IVA", "subtotal"), ("Základ", "subtotal"),  # Portuguese "without VAT", Czech "(tax) base"
    ("Jméno pojištěného", "claimant"), ("Anmeldt beløb", "claim_amount"),  # Czech "insured's name", Danish
    ("Puhelin", "contact"), ("Sähköposti", "contact"), ("Tlf.", "contact"),  # Finnish phone, e-mail; Danish phone
    ("Or t", "city"),  # "Ort" in a plotter's stroke font, its last letter set apart
    ("Sales Ta× 7.25%", "tax"),  # a scan's x read as a multiplication sign
    ("Laskunro", "invoice_number"), ("Lasku nro", "invoice_number"),  # Finnish "invoice no."
])
def test_a_wording_names_its_field_outright(wording: str, concept: str) -> None:
    """A label the rules must know by itself, not only from the figures around it (a totals block printed off the
    item table's columns, a name under its caption)."""
    assert label_score(label_tokens(wording), concept_phrases(concept), concept) == 1.0


@pytest.mark.parametrize("title", ["Lasku", "Rechnung", "Faktura"])
def test_an_invoices_number_after_its_bare_title_beside_the_issuer(title: str) -> None:
    """A Finnish invoice's number after its title on the issuer's line ("Lasku 180480"), as other languages'."""
    rows = [[(0.115, "Koivu IT-palvelut Ky"), (0.43, f"{title} 180480")], [(0.1, "Rantatie 156 | 20937 Turku")],
            [(0.103, "Laskutusosoite:"), (0.466, "Laskun päivämäärä"), (0.753, "29. kesäkuuta 2025")],
            [(0.105, "Mikko Nieminen"), (0.469, "Asiakasnumero"), (0.852, "44662")],
            [(0.106, "Kuvaus"), (0.578, "Määrä"), (0.706, "à-hinta"), (0.828, "Yhteensä")],
            [(0.104, "Kopiopaperi A4 80 g"), (0.605, "20"), (0.729, "5,63"), (0.818, "112,60 EUR")],
            [(0.5, "Yhteensä"), (0.818, "112,60 EUR")]]
    data = read_baseline(layout(rows), Invoice)
    assert (data["invoice_number"], data["vendor_name"]) == ("180480", "Koivu IT-palvelut Ky")


def test_a_phone_caption_beside_the_city_caption_is_no_city() -> None:
    """A Finnish form's captions over their cells: "Postinumero | Postitoimipaikka | Puhelin" over "90843 | Oulu |
    +36 967 188238" (the phone's caption had been read as the city)."""
    rows = [[(0.067, "Nordic Shield Vakuutus")], [(0.399, "VAHINKOILMOITUS")], [(0.074, "Nimi")],
            [(0.077, "Sanna Mäkinen")], [(0.074, "Syntymäaika"), (0.507, "Vakuutusnumero")],
            [(0.077, "03.01.1954"), (0.51, "H/2023/0580672")], [(0.074, "Katuosoite")], [(0.077, "Mannerheimintie 85")],
            [(0.074, "Postinumero"), (0.276, "Postitoimipaikka"), (0.507, "Puhelin")],
            [(0.077, "90843"), (0.279, "Oulu"), (0.51, "+36 967 188238")]]
    address = read_baseline(layout(rows), ClaimForm)["address"]
    assert (address["postal_code"], address["city"]) == ("90843", "Oulu")
