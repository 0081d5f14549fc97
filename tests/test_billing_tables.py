"""Tables and totals of invoices made by web billing tools: tax lines that print the amount a rate is charged on
inside their label, Brazil's service tax, a list price beside the net price a row's quantity multiplies, hours
under a header no wording names, Czech item headers, a promotion's discount before split Indian GST; and claim
forms: dates in boxes filled day first on a form whose typed dates are month first, a date's caption that names
the claim, a logo monogram of the first letters of a name."""

from __future__ import annotations

import pytest

from engine.base import EngineRequest
from engine.dates import DateOrder, boxed_figures_order
from engine.labels import label_tokens
from engine.registry import create_engine
from pipeline.classify import classify_words
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import layout

_ENGINE = create_engine("baseline")


def _read(rows: list, target: type) -> dict:
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=target)])
    return result.data


_HEAD = [[(0.08, "Cherubini e Oliva s.r.l."), (0.7, "FATTURA")], [(0.08, "Fattura n.: ZC29874")],
         [(0.08, "Data: 23 ottobre 2023")]]


def test_a_tax_line_that_prints_its_base_inside_the_label() -> None:
    assert label_tokens("IVA 22% su 79,72:") == ("iva",)
    assert label_tokens("MwSt. 19 % auf 1.234,56 EUR") == ("mwst",)
    data = _read([*_HEAD, [(0.08, "Articolo"), (0.85, "Importo")],
                  [(0.08, "Fresh Pants"), (0.87, "77,77")], [(0.08, "Frozen Cheese"), (0.85, "1.695,62")],
                  [(0.08, "Unbranded Chicken"), (0.88, "1,95")],
                  [(0.74, "Imponibile: € 1.775,34")], [(0.7, "IVA 22% su 79,72: € 17,54")],
                  [(0.68, "IVA 10% su 1.695,62: € 169,56")], [(0.76, "Totale: € 1.962,44")]], Invoice)
    assert (data["subtotal"], data["tax"], data["total"]) == ("1775.34", "187.10", "1962.44")


def test_brazils_service_tax() -> None:
    data = _read([[(0.08, "Batista e Albuquerque"), (0.7, "FATURA")], [(0.08, "Número da fatura INV-2022-0364")],
                  [(0.08, "Descrição"), (0.88, "Valor")], [(0.08, "UX research"), (0.85, "BRL 471,20")],
                  [(0.08, "Mesa Refinado"), (0.85, "BRL 528,80")],
                  [(0.6, "Subtotal"), (0.85, "BRL 1.000,00")], [(0.6, "ISS 5%"), (0.86, "BRL 50,00")],
                  [(0.6, "Total"), (0.85, "BRL 1.050,00")]], Invoice)
    assert (data["subtotal"], data["tax"], data["total"]) == ("1000.00", "50.00", "1050.00")


def _discounted(list_label: str, net_label: str) -> list:
    return [[(0.08, "Schahbasian-Riekmann"), (0.77, "RECHNUNG")], [(0.77, "Rechnungs-Nr. F-051249")],
            [(0.08, "Bezeichnung"), (0.54, "Menge"), (0.62, list_label), (0.71, "Rab."), (0.76, net_label),
             (0.88, "Gesamt")],
            [(0.08, "Elegant Ball"), (0.56, "24"), (0.63, "2.938,17"), (0.72, "–"), (0.76, "2.938,17"),
             (0.87, "70.516,08")],
            [(0.08, "Refined Concrete Shirt"), (0.57, "2"), (0.64, "250,29"), (0.71, "10 %"), (0.77, "225,26"),
             (0.88, "450,52")],
            [(0.7, "Summe netto"), (0.87, "70.966,60")]]


def test_the_net_price_beside_a_list_price_is_the_unit_price() -> None:
    for list_label, net_label in (("Listenpreis", "Nettopreis"), ("Pris", "Nettopris")):
        rows = _read(_discounted(list_label, net_label), Invoice)["line_items"]
        assert [(r["quantity"], r["unit_price"], r["amount"]) for r in rows] == [
            ("24", "2938.17", "70516.08"), ("2", "225.26", "450.52")], list_label


def test_hours_under_a_header_no_wording_names() -> None:
    rows = _read([[(0.07, "Atelier Dubois Sàrl"), (0.8, "FACTURE")], [(0.07, "Facture N° F-2021-88")],
                  [(0.07, "Date"), (0.19, "Désignation"), (0.63, "H"), (0.69, "Taux horaire"), (0.87, "Montant")],
                  [(0.07, "31/07/2021"), (0.19, "Video editing"), (0.63, "7"), (0.73, "122.00"), (0.88, "854.00")],
                  [(0.07, "31/07/2021"), (0.19, "Logo design"), (0.62, "2.5"), (0.73, "104.00"), (0.88, "260.00")],
                  [(0.07, "01/08/2021"), (0.19, "Bookkeeping"), (0.62, "10"), (0.73, "108.00"),
                   (0.87, "1'080.00")],
                  [(0.7, "Total"), (0.87, "2'194.00")]], Invoice)["line_items"]
    assert [(r["quantity"], r["unit_price"], r["amount"]) for r in rows] == [
        ("7", "122.00", "854.00"), ("2.5", "104.00", "260.00"), ("10", "108.00", "1080.00")]


def test_a_czech_item_header_and_its_unit_column() -> None:
    rows = _read([[(0.08, "Zelinka a Zouhar a.s."), (0.8, "FAKTURA")], [(0.08, "Číslo faktury 2023-0412")],
                  [(0.08, "#"), (0.1, "Kód"), (0.18, "Položka"), (0.51, "Počet"), (0.56, "MJ"), (0.6, "Cena"),
                   (0.84, "Cena celkem")],
                  [(0.08, "1"), (0.1, "ZJ-740894"), (0.18, "Tasty Cotton Ball"), (0.54, "2"), (0.56, "kus"),
                   (0.61, "29,01"), (0.89, "58,02")],
                  [(0.08, "2"), (0.1, "H-03741"), (0.18, "Tasty Car"), (0.54, "1"), (0.56, "ks"),
                   (0.61, "816,11"), (0.88, "816,11")],
                  [(0.7, "Celkem"), (0.88, "874,13")]], Invoice)["line_items"]
    assert [r["description"] for r in rows] == ["Tasty Cotton Ball", "Tasty Car"]


def test_a_promotions_discount_before_split_gst() -> None:
    data = _read([[(0.08, "Bhat, Marar and Embranthiri"), (0.8, "INVOICE")], [(0.08, "Invoice # RE-96993")],
                  [(0.08, "Description"), (0.6, "Qty"), (0.7, "Price"), (0.85, "Amount")],
                  [(0.08, "Priority onboarding"), (0.6, "2"), (0.7, "Rs. 50,000.00"), (0.85, "Rs. 1,00,000.00")],
                  [(0.6, "Subtotal"), (0.84, "Rs. 1,00,000.00")], [(0.6, "Promo discount"), (0.84, "-Rs. 10,000.00")],
                  [(0.6, "CGST 9%"), (0.85, "Rs. 8,100.00")], [(0.6, "SGST 9%"), (0.85, "Rs. 8,100.00")],
                  [(0.6, "TOTAL"), (0.84, "Rs. 1,06,200.00")]], Invoice)
    assert (data["subtotal"], data["tax"], data["total"]) == ("100000.00", "16200.00", "106200.00")
    assert len(data["line_items"]) == 1


def _us_claim(birth: str, loss: str, amount_label: str = "Total claimed", amount: str = "55.57 USD") -> list:
    return [[(0.08, "SI"), (0.13, "Stanton Insurance Group"), (0.84, "Claim Form")],
            [(0.07, "Full name"), (0.64, "Date of birth")], [(0.08, "Jaleel Koch"), (0.65, birth)],
            [(0.07, "Certificate no."), (0.5, "Phone")], [(0.08, "XP-30259313"), (0.51, "(570) 261-7866")],
            [(0.07, "Type of claim"), (0.23, "☐ Motor"), (0.32, "☐ Home"), (0.4, "☒ Health"), (0.48, "☐ Travel")],
            [(0.07, "Date of loss"), (0.5, amount_label)], [(0.08, loss), (0.51, amount)],
            [(0.07, "Was the incident reported to the police?"), (0.81, "☒ Yes"), (0.87, "☐ No")],
            [(0.08, "✍"), (0.68, "08/29/2024")], [(0.07, "Signature of claimant"), (0.68, "Date")]]


def test_boxed_dates_follow_the_forms_boxes_not_its_typed_dates() -> None:
    assert boxed_figures_order(["08061986", "20082024", "08/29/2024"]) is DateOrder.DMY
    assert boxed_figures_order(["08061986", "08292024"]) is DateOrder.MDY
    assert boxed_figures_order(["08061986", "20082024", "08292024"]) is None
    data = _read(_us_claim("08061986", "20082024"), ClaimForm)
    assert (data["date_of_birth"], data["incident_date"]) == ("1986-06-08", "2024-08-20")
    assert data["claimant_name"] == "Jaleel Koch"


def test_a_date_captioned_with_the_claim_is_no_claim_amount() -> None:
    rows = [[(0.07, "Fecha del siniestro"), (0.24, "20062023"), (0.5, "Importe reclamado")],
            [(0.07, "¿Denuncia policial?"), (0.8, "☐ Sí"), (0.86, "☒ No")]]
    data = _read([[(0.07, "Seguros Ortega"), (0.7, "Parte de siniestro")], [(0.07, "Nombre"), (0.23, "Ana Ruiz")],
                  *rows], ClaimForm)
    assert data["incident_date"] == "2023-06-20"
    assert data["claim_amount"] is None


def test_a_monogram_of_the_names_first_letters_whatever_their_case() -> None:
    for mono, name in (("OE", "Oberlin et Brogli"), ("JV", "Jacobs, van der Linden and Dekker")):
        data = _read([[(0.05, f"{mono} {name}"), (0.8, "Invoice")], [(0.05, "Invoice no. 2024-118")],
                      [(0.05, "Description"), (0.85, "Amount")], [(0.05, "Logo design"), (0.85, "100.00")],
                      [(0.6, "Total"), (0.85, "100.00")]], Invoice)
        assert data["vendor_name"] == name


def test_a_finnish_web_shops_receipt_is_a_receipt() -> None:
    words = layout([[(0.08, "Kuittisi – Jokinen, Hirvonen and Savolainen")], [(0.08, "Myyntikuitti #0952-7318")],
                    [(0.08, "MAKSETTU YHTEENSÄ"), (0.36, "MAKSUPÄIVÄ"), (0.64, "MAKSUTAPA")],
                    [(0.08, "201,31 €"), (0.36, "03.06.2021"), (0.64, "Käteinen")], [(0.08, "YHTEENVETO")],
                    [(0.1, "Office chair mat"), (0.86, "33,78 €")], [(0.1, "Maksettu yhteensä"), (0.85, "201,31 €")],
                    [(0.1, "ALV 25,5%: 40,90 €")]])
    assert classify_words(words).doc_type == "receipt"


def test_a_receipt_title_before_a_dash_and_the_merchants_name() -> None:
    data = _read([[(0.08, "Kuittisi – Jokinen, Hirvonen and Savolainen")], [(0.08, "Myyntikuitti #0952-7318")],
                  [(0.08, "MAKSETTU YHTEENSÄ"), (0.36, "MAKSUPÄIVÄ")], [(0.08, "201,31 €"), (0.36, "03.06.2021")],
                  [(0.1, "Office chair mat"), (0.86, "201,31 €")], [(0.1, "Maksettu yhteensä"), (0.85, "201,31 €")],
                  [(0.08, "Jokinen, Hirvonen and Savolainen")], [(0.08, "Kinnunenkaari 95")], [(0.08, "86275 Espoo")]],
                 Receipt)
    assert data["merchant_name"] == "Jokinen, Hirvonen and Savolainen"
    assert data["merchant_address"] == "Kinnunenkaari 95, 86275 Espoo"


def test_a_date_whose_year_a_narrow_cell_wrapped_under_its_day() -> None:
    words = layout([[(0.07, "Colón Rivero Hermanos"), (0.81, "FACTURA")],
                    [(0.07, "Número de factura"), (0.29, "Fecha"), (0.51, "Fecha de vencimiento"),
                     (0.73, "Importe a pagar")],
                    [(0.07, "#5282"), (0.29, "23 de octubre de 2022"), (0.51, "22 de noviembre de"),
                     (0.73, "69.198,33")],
                    [(0.51, "2022")], [(0.07, "ARTÍCULO"), (0.56, "CANT."), (0.63, "PRECIO"), (0.88, "TOTAL")],
                    [(0.07, "Photography session"), (0.59, "1"), (0.68, "57.188,70"), (0.86, "57.188,70")],
                    [(0.55, "Total"), (0.85, "69.198,33")]], leading=1.1)
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=words, target=Invoice)])
    assert (result.data["invoice_date"], result.data["due_date"]) == ("2022-10-23", "2022-11-22")


def test_czech_issue_date_and_payment_reference() -> None:
    data = _read([[(0.03, "Plaček a Jelen a.s."), (0.3, "FAKTURA – daňový doklad")],
                  [(0.03, "Běchorská 69"), (0.74, "Variabilní symbol")], [(0.74, "RE-23907")],
                  [(0.03, "79658 Verneřice"), (0.74, "Vystaveno")], [(0.74, "3.12.2024")],
                  [(0.74, "Splatné do")], [(0.74, "2.1.2025")], [(0.74, "Č. zákazníka")], [(0.74, "K5009")],
                  [(0.31, "Položka"), (0.63, "Množství"), (0.73, "Jedn. cena"), (0.85, "Cena celkem")],
                  [(0.31, "Social media management"), (0.68, "1"), (0.74, "2 883,99"), (0.87, "2 883,99")],
                  [(0.6, "Celkem k úhradě"), (0.87, "2 883,99 Kč")]], Invoice)
    assert (data["invoice_number"], data["invoice_date"], data["due_date"]) == ("RE-23907", "2024-12-03",
                                                                                "2025-01-02")


def test_a_czech_claim_form() -> None:
    data = _read([[(0.2, "Žídek pojišťovna, a.s."), (0.78, "Číslo škody (vyplní pojišťovna)")],
                  [(0.07, "Hlášení pojistné události")], [(0.07, "Oznamovatel")],
                  [(0.07, "Příjmení a jméno"), (0.51, "Datum narození")], [(0.07, "Xaverius Doskočil"),
                                                                           (0.51, "14. 3. 1975")],
                  [(0.07, "Ulice"), (0.51, "Č. smlouvy")], [(0.07, "V Lázních 54"), (0.51, "588.376.258")],
                  [(0.07, "PSČ"), (0.51, "Obec")], [(0.07, "39466"), (0.51, "Město Touškov")],
                  [(0.07, "Typ škody")],
                  [(0.07, "☐ Vozidlo"), (0.17, "☐ Domov"), (0.26, "☒ Zdraví"), (0.35, "☐ Cestovní")],
                  [(0.07, "Datum vzniku škody"), (0.51, "Odhad výše škody")],
                  [(0.07, "22. 2. 2025"), (0.51, "9 622,00 Kč")],
                  [(0.07, "Byla událost oznámena policii?"), (0.31, "☒ Ano"), (0.38, "☐ Ne")]], ClaimForm)
    assert data == {"claimant_name": "Xaverius Doskočil", "date_of_birth": "1975-03-14",
                    "policy_number": "588.376.258", "claim_type": "health",
                    "address": {"street": "V Lázních 54", "city": "Město Touškov", "postal_code": "39466"},
                    "incident_date": "2025-02-22", "claim_amount": "9622.00", "police_report_filed": True,
                    "signed": None}


def test_a_finnish_line_sum_column() -> None:
    rows = _read([[(0.08, "Mattila Oy"), (0.6, "Lasku")], [(0.6, "Laskun numero"), (0.8, "2024-118")],
                  [(0.08, "Nimike"), (0.71, "Kpl"), (0.78, "Hinta"), (0.85, "Rivisumma")],
                  [(0.08, "Infrastructure Planner"), (0.7, "12,5"), (0.77, "148,84"), (0.87, "1 860,50")],
                  [(0.08, "Recycled Tuna"), (0.73, "5"), (0.79, "7,30"), (0.89, "36,50")],
                  [(0.6, "Yhteensä"), (0.87, "1 897,00 €")]], Invoice)["line_items"]
    assert [r["amount"] for r in rows] == ["1860.50", "36.50"]


def test_a_tax_line_after_the_subtotal_ends_the_items_past_a_sidebars_words() -> None:
    data = _read([[(0.03, "Caridad Narváez Zayas"), (0.8, "Factura")], [(0.03, "Factura N.º RE-84248")],
                  [(0.03, "billing@old-creator.com"), (0.31, "Artículo"), (0.9, "Total")],
                  [(0.31, "SEO audit"), (0.85, "$ 553.894,20")],
                  [(0.03, "Datos de pago"), (0.57, "Subtotal"), (0.86, "$ 553.894,20")],
                  [(0.03, "Datos de pago: 735-027651 / 39279620"), (0.57, "IVA 21%"), (0.86, "$ 116.317,78")],
                  [(0.57, "Total"), (0.84, "$ 670.211,98")], [(0.03, "B7600 Mar del Plata")],
                  [(0.03, "CUIT 77-45403798-6")]], Invoice)
    assert len(data["line_items"]) == 1
    assert (data["subtotal"], data["tax"], data["total"]) == ("553894.20", "116317.78", "670211.98")
    assert data["currency"] == "ARS"


def test_polish_partnerships_and_a_customer_caption_beside_the_issuers() -> None:
    data = _read([[(0.07, "TS Tracz Sp. j."), (0.69, "FAKTURA VAT")],
                  [(0.07, "Nr faktury"), (0.29, "Data"), (0.51, "Zapłata do")],
                  [(0.07, "RE-33958"), (0.29, "19.12.2024"), (0.51, "02.01.2025")],
                  [(0.08, "Wystawca"), (0.51, "Klient")], [(0.08, "Tracz Sp. j."), (0.51, "Nawrocki Sp. p.")],
                  [(0.08, "droga Gwóźdź 4/8"), (0.51, "droga Banaś 86c")],
                  [(0.07, "TOWAR/USŁUGA"), (0.58, "IL."), (0.71, "CENA"), (0.86, "KWOTA")],
                  [(0.07, "Workshop facilitation"), (0.59, "1"), (0.7, "209,99"), (0.87, "209,99")],
                  [(0.6, "Razem"), (0.87, "209,99")]], Invoice)
    assert data["vendor_name"] == "Tracz Sp. j."


def _form(name_caption: str, birth_caption: str, policy_caption: str, police: str, under_signature: str) -> list:
    return [[(0.07, "Verzekeraar NV"), (0.7, "Schadeformulier")],
            [(0.07, name_caption), (0.64, birth_caption)], [(0.08, "Dr. Lieze Dewilde"), (0.65, "25.03.1979")],
            [(0.07, policy_caption), (0.5, "Tel.")], [(0.08, "HM-33272750"), (0.51, "03 334 15 36")],
            [(0.07, "Date du sinistre"), (0.5, "Montant réclamé")], [(0.08, "17/10/2025"), (0.51, "CHF 20.33")],
            [(0.07, police), (0.8, "☐ Oui"), (0.86, "☒ Non")],
            [(0.07, "Firma del asegurado"), (0.68, "Lugar y fecha")], [(0.07, under_signature)]]


def test_more_claim_captions_and_an_insurers_own_part() -> None:
    data = _read(_form("Naam en voorletters", "Nar.", "Sopimusnumero", "Un procès-verbal a-t-il été établi ?",
                       "A cumplimentar por la compañía"), ClaimForm)
    assert (data["claimant_name"], data["date_of_birth"], data["policy_number"]) == (
        "Dr. Lieze Dewilde", "1979-03-25", "HM-33272750")
    assert data["police_report_filed"] is False
    assert data["signed"] is False


def test_an_invoices_number_and_date_captions_outweigh_a_card_payment() -> None:
    words = layout([[(0.08, "CB Claeys BVBA")], [(0.07, "Factuur"), (0.5, "Bestelnummer: SO0059500")],
                    [(0.07, "Factuurnummer: 2023/964"), (0.5, "Debiteurnr.: CU85786")],
                    [(0.07, "Uitgiftedatum: 1/04/2023"), (0.5, "Betaalmethode: Visa •••• 8209")],
                    [(0.07, "SKU"), (0.19, "Omschrijving"), (0.61, "Aant."), (0.74, "Tarief"), (0.89, "Totaal")],
                    [(0.07, "JKU-62567"), (0.19, "Desk organiser"), (0.63, "4"), (0.7, "48,48 EUR"),
                     (0.84, "193,92 EUR")], [(0.56, "Totaalbedrag"), (0.83, "193,92 EUR")]])
    assert classify_words(words).doc_type == "invoice"


def test_an_italian_applicants_caption_is_no_name() -> None:
    data = _read([[(0.21, "Silvestro Assicurazioni S.p.A."), (0.79, "N. pratica (uso interno)")],
                  [(0.09, "Denuncia di sinistro")], [(0.09, "Contraente / Richiedente")],
                  [(0.09, "Richiedente"), (0.51, "Data di nascita")],
                  [(0.09, "Alessandro Di Vita"), (0.51, "19-12-2001")],
                  [(0.09, "Residenza"), (0.51, "Numero di polizza")],
                  [(0.09, "Contrada Balboni 394"), (0.51, "IM-568-098635")]], ClaimForm)
    assert (data["claimant_name"], data["policy_number"]) == ("Alessandro Di Vita", "IM-568-098635")


def test_an_ocr_read_tlf_line_ends_a_receipts_address() -> None:
    data = _read([[(0.3, "APOTEK NYGÅRD")], [(0.32, "Karlsens Vei 5")], [(0.31, "0936 Sandstad")],
                  [(0.3, "TIf. 222 73 034")], [(0.04, "Kvittering 9-9407-012")], [(0.04, "Dato 12.03.2024 14:02")],
                  [(0.04, "Paracet 500 mg"), (0.8, "42,90")], [(0.04, "TOTALT"), (0.8, "42,90")]], Receipt)
    assert data["merchant_address"] == "Karlsens Vei 5, 0936 Sandstad"


def test_illness_is_health_cover() -> None:
    data = _read([[(0.07, "Tryg Forsikring A/S"), (0.7, "Skadesanmeldelse")], [(0.07, "Forsikringstype")],
                  [(0.07, "☐ Bil"), (0.13, "☐ Indbo"), (0.22, "☒ Sygdom"), (0.33, "☐ Rejseforsikring")],
                  [(0.07, "Dato for hændelsen"), (0.51, "Krævet beløb")], [(0.07, "17-09-2023")]], ClaimForm)
    assert data["claim_type"] == "health"


def test_a_customers_partnership_under_a_polish_delivery_caption_is_no_issuer() -> None:
    data = _read([[(0.1, "NL Niedźwiecki-Lach"), (0.77, "www.internal-duffel.org.pl")],
                  [(0.09, "Faktura VAT"), (0.5, "Nr zamówienia: SO15730")],
                  [(0.09, "Nr faktury: F202386292"), (0.5, "Nr klienta: CU7114793")],
                  [(0.09, "Data faktury: 6 lutego 2023")], [(0.09, "Odbiorca"), (0.5, "Dostawa do")],
                  [(0.09, "Jarosz Sp. p:"), (0.5, "Jarosz Sp. p.")], [(0.09, "Wanda Lesiak"), (0.5, "Wanda Lesiak")],
                  [(0.09, "86-308 Gryfice"), (0.5, "86-308 Gryfice")],
                  [(0.09, "Opis"), (0.6, "Ilość"), (0.7, "Cena"), (0.85, "Wartość")],
                  [(0.09, "Desk organiser"), (0.6, "1"), (0.7, "209,99"), (0.86, "209,99")],
                  [(0.6, "Razem"), (0.86, "209,99")]], Invoice)
    assert data["vendor_name"] == "Niedźwiecki-Lach"


_FOLIO = [[(0.43, "Alpenhof")], [(0.08, "James Walker"), (0.78, "Guest folio")],
          [(0.08, "Invoice #"), (0.2, "Date of issue"), (0.32, "Folio No."), (0.55, "Room No."), (0.67, "Arrival"),
           (0.79, "Departure")],
          [(0.08, "INV36427"), (0.2, "10 Sep 2024"), (0.32, "1739906"), (0.55, "829"), (0.67, "8 Sep 2024"),
           (0.79, "10 Sep 2024")],
          [(0.08, "Date"), (0.2, "Details"), (0.61, "Units"), (0.7, "Unit price"), (0.86, "Amount")],
          [(0.08, "08/09/2024"), (0.2, "Overnight stay"), (0.64, "2"), (0.73, "119.90"), (0.87, "239.80")],
          [(0.08, "08/09/2024"), (0.2, "Minibar"), (0.88, "27.93")],
          [(0.08, "10/09/2024"), (0.2, "Parking"), (0.64, "2"), (0.74, "12.00"), (0.88, "24.00")],
          [(0.08, "10/09/2024"), (0.2, "Payment Visa ****5919"), (0.86, "-291.73")],
          [(0.62, "Total charges"), (0.82, "291.73 GBP")], [(0.67, "Payment"), (0.82, "-291.73 GBP")],
          [(0.63, "Balance due"), (0.84, "0.00 GBP")], [(0.08, "VAT 20% included: 48.62")]]


def test_a_hotel_folio_paid_at_departure() -> None:
    assert classify_words(layout(_FOLIO)).doc_type == "invoice"
    data = _read(_FOLIO, Invoice)
    assert data["total"] == "291.73"
    assert [r["description"] for r in data["line_items"]] == ["Overnight stay", "Minibar", "Parking"]


def test_a_payment_booked_in_a_credit_column_is_no_item() -> None:
    rows = _read([[(0.41, "Hotel Bellevue")], [(0.76, "Facture hôtel")], [(0.1, "N° de facture: RE-48478")],
                  [(0.1, "Date"), (0.22, "Description"), (0.74, "Débit"), (0.86, "Crédit")],
                  [(0.1, "16/10/2023"), (0.22, "Chambre"), (0.74, "87,00")],
                  [(0.1, "17/10/2023"), (0.22, "Chambre"), (0.74, "87,00")],
                  [(0.1, "20/10/2023"), (0.22, "Règlement Visa****2918"), (0.86, "174,00")],
                  [(0.58, "Total des prestations"), (0.84, "174,00 €")]], Invoice)["line_items"]
    assert [r["description"] for r in rows] == ["Chambre", "Chambre"]


def test_the_address_lines_own_town_over_another_partys() -> None:
    data = _read([[(0.12, "Mapfre Verzekeringen")], [(0.07, "Kfz-Schadenmeldung")],
                  [(0.07, "Teil 1 – Versicherungsnehmer")],
                  [(0.07, "Vor- und Nachname:"), (0.2, "Sophie Koch"), (0.6, "Geburtsdatum:"), (0.7, "29.12.1955")],
                  [(0.07, "Adresse:"), (0.13, "Gartenweg 105, 04610 Leipzig")],
                  [(0.07, "Versicherungsnummer:"), (0.21, "TV/2080/321944")], [(0.07, "Teil 2 – Beteiligter Dritter")],
                  [(0.07, "Vor- und Nachname:"), (0.2, "Claudia Müller")],
                  [(0.07, "Straße:"), (0.12, "Hauptstraße 106"), (0.5, "Postleitzahl:"), (0.58, "04959"), (0.66, "Ort:"),
                   (0.69, "Leipzig")],
                  [(0.07, "Datum des Unfalls:"), (0.19, "08.02.2025")],
                  [(0.07, "Wurde der Unfall polizeilich aufgenommen?"), (0.71, "☒ Ja"), (0.82, "☐ Nein")],
                  [(0.07, "Forderungsbetrag:"), (0.19, "12.488,11 EUR")]], ClaimForm)
    assert data["address"] == {"street": "Gartenweg 105", "city": "Leipzig", "postal_code": "04610"}
    assert data["claim_type"] == "auto"  # named by the form's title
    assert data["police_report_filed"] is True


def test_a_medical_claims_kind_onset_and_amount_requested() -> None:
    data = _read([[(0.12, "Allianz Verzekeringen")], [(0.07, "Reembolso de gastos de salud")],
                  [(0.07, "Apartado 1 – Tomador")], [(0.07, "Nombre y apellidos"), (0.6, "Fecha de nacimiento")],
                  [(0.07, "María Martínez Ruiz"), (0.6, "14/04/1976")],
                  [(0.07, "Fecha de inicio de la enfermedad")], [(0.07, "19/12/2024")],
                  [(0.07, "Fecha de asistencia"), (0.23, "Profesional"), (0.49, "Concepto"), (0.84, "Importe")],
                  [(0.07, "19/12/2024"), (0.23, "Dr. Gil"), (0.49, "Sesión de fisioterapia"), (0.88, "252,31")],
                  [(0.51, "Importe total solicitado:"), (0.84, "252,31 EUR")]], ClaimForm)
    assert (data["claim_type"], data["incident_date"], data["claim_amount"]) == ("health", "2024-12-19", "252.31")


def test_a_quantity_and_price_written_in_the_description() -> None:
    rows = _read([[(0.07, "Tobias Becker"), (0.8, "Invoice")], [(0.07, "Invoice no. 2023-118")],
                  [(0.07, "Description"), (0.87, "Line total")],
                  [(0.07, "2023-05-08"), (0.15, "Testing 8.5 h @ 150.00"), (0.87, "1,275.00")],
                  [(0.07, "Toner cartridge 3 x 12.50"), (0.88, "37.50")],
                  [(0.07, "Energy 412 kWh × 0.25"), (0.88, "103.00")], [(0.07, "Parking"), (0.88, "232.19")],
                  [(0.64, "Total"), (0.86, "1,647.69")]], Invoice)["line_items"]
    assert [(r["quantity"], r["unit_price"], r["amount"]) for r in rows] == [
        ("8.5", "150.00", "1275.00"), ("3", "12.50", "37.50"), ("412", "0.25", "103.00"), (None, None, "232.19")]


def test_a_tip_after_the_tax_the_total_holds() -> None:
    for tip in ("Gorjeta", "Dricks", "Napiwek"):
        data = _read([[(0.3, "Tasca do Rui")], [(0.37, "Rua Direita 12")], [(0.37, "8011-083 Faro")],
                      [(0.09, "Mesa 4"), (0.58, "Atendido por: Rui")], [(0.09, "2023-02-02 08:56")],
                      [(0.09, "1 x Bitoque"), (0.81, "16,06")], [(0.09, "1 x Bacalhau à Brás"), (0.81, "14,08")],
                      [(0.1, "TOTAL"), (0.74, "30,14 €")], [(0.09, "IVA 13% incluído"), (0.84, "3,47")],
                      [(0.09, tip), (0.83, "3,50")], [(0.09, "Total pago"), (0.77, "33,64 €")],
                      [(0.09, "Cartão"), (0.81, "33,64")]], Receipt)
        assert data["total"] == "33.64", tip


def test_a_taxi_rides_start_is_no_merchant() -> None:
    data = _read([[(0.31, "Funktaxi Schmidt")], [(0.33, "Kärntner Straße 87")], [(0.42, "1971 Wien")],
                  [(0.36, "Tel. 335 5988252")], [(0.41, "Quittung Taxi")], [(0.09, "27.02.2024"), (0.3, "09:08")],
                  [(0.09, "Von"), (0.78, "Station")], [(0.09, "Nach"), (0.57, "Kärntner Straße 87")],
                  [(0.09, "Strecke"), (0.78, "31,9 km")], [(0.09, "Fahrpreis"), (0.82, "80,40")],
                  [(0.09, "Gesamt"), (0.82, "80,40 €")]], Receipt)
    assert data["merchant_name"] == "Funktaxi Schmidt"
    assert data["merchant_address"] == "Kärntner Straße 87, 1971 Wien"


def test_a_folios_city_tax_rows_and_a_dare_avere_table() -> None:
    data = _read([[(0.4, "Hotel Miramare")], [(0.76, "Fattura")],
                  [(0.08, "Numero fattura"), (0.2, "Data fattura"), (0.55, "Camera"), (0.67, "Arrivo"),
                   (0.79, "Partenza")],
                  [(0.08, "H67464-19"), (0.2, "08/12/2024"), (0.55, "225"), (0.67, "06/12/2024"), (0.79, "08/12/2024")],
                  [(0.08, "Data"), (0.21, "Descrizione"), (0.76, "Dare"), (0.88, "Avere")],
                  [(0.08, "06/12/2024"), (0.21, "Pernottamento"), (0.74, "136,00")],
                  [(0.08, "06/12/2024"), (0.21, "Tassa di soggiorno"), (0.76, "7,00")],
                  [(0.08, "07/12/2024"), (0.21, "Pernottamento"), (0.74, "136,00")],
                  [(0.08, "07/12/2024"), (0.21, "Tassa di soggiorno"), (0.76, "7,00")],
                  [(0.08, "08/12/2024"), (0.21, "Pagamento Visa ****4410"), (0.86, "286,00")],
                  [(0.6, "Totale addebiti"), (0.84, "286,00 €")], [(0.6, "Saldo"), (0.86, "0,00 €")]], Invoice)
    assert [r["description"] for r in data["line_items"]] == ["Pernottamento", "Tassa di soggiorno"] * 2
    assert data["total"] == "286.00"


def test_a_sections_captioned_sum_and_reverse_charge_vat() -> None:
    data = _read([[(0.07, "Horizon Logística S.L."), (0.8, "Factura")], [(0.07, "Nº de factura: 2025-118")],
                  [(0.07, "Fecha"), (0.15, "Concepto"), (0.65, "Horas"), (0.75, "Tarifa"), (0.88, "Importe")],
                  [(0.07, "03/04/2025"), (0.15, "Revisión de código"), (0.65, "3,00"), (0.75, "110,00"),
                   (0.88, "330,00")],
                  [(0.07, "07/04/2025"), (0.15, "Corrección de errores"), (0.65, "5,00"), (0.75, "110,00"),
                   (0.88, "550,00")],
                  [(0.07, "h: 8,00"), (0.79, "Honorarios:"), (0.87, "880,00")], [(0.07, "Gastos suplidos")],
                  [(0.07, "Concepto"), (0.9, "Total")], [(0.07, "Aparcamiento"), (0.89, "17,63")],
                  [(0.77, "Gastos suplidos:"), (0.89, "17,63")], [(0.66, "Importe neto"), (0.83, "897,63 EUR")],
                  [(0.57, "IVA (0%) (reverse charge)"), (0.86, "0,00 EUR")],
                  [(0.63, "Total a pagar"), (0.82, "897,63 EUR")]], Invoice)
    assert [r["amount"] for r in data["line_items"]] == ["330.00", "550.00", "17.63"]
    assert (data["subtotal"], data["tax"], data["total"]) == ("897.63", "0.00", "897.63")


def test_a_swedish_claim_for_care_costs() -> None:
    data = _read([[(0.12, "Ethias Versicherung")], [(0.07, "Ansökan om ersättning för vårdkostnader")],
                  [(0.07, "1. Försäkrad")], [(0.07, "För- och efternamn"), (0.61, "Födelsedatum")],
                  [(0.08, "Maria Lindström"), (0.61, "1957-08-17")],
                  [(0.07, "Gata och nummer"), (0.51, "Postnummer"), (0.66, "Postort")],
                  [(0.08, "Vasagatan 83"), (0.51, "721 73"), (0.66, "Västerås")],
                  [(0.07, "Försäkringsnummer")], [(0.08, "DVX95183628")],
                  [(0.07, "Datum för insjuknande")], [(0.08, "2024-06-15")],
                  [(0.5, "Summa ersättningsanspråk:"), (0.83, "284,90 SEK")]], ClaimForm)
    assert data["claim_type"] == "health"
    assert data["address"] == {"street": "Vasagatan 83", "city": "Västerås", "postal_code": "721 73"}
    assert (data["incident_date"], data["claim_amount"]) == ("2024-06-15", "284.90")


@pytest.mark.parametrize(("title", "onset", "amount_label", "kind"), [
    ("Žádost o proplacení léčebných výloh", "Datum vzniku onemocnění", "Požadovaná částka", "health"),
    ("Formulaire de remboursement soins", "Début de la maladie", "Total demandé:", "health"),
    ("Declaratieformulier zorgkosten", "Begin klachten", "Totaal te vergoeden:", "health"),
    ("Anmälan om trafikolycka", "Datum för olyckan", "Summa ersättningsanspråk:", "auto"),
])
def test_a_claims_kind_onset_and_total_in_more_languages(title: str, onset: str, amount_label: str,
                                                          kind: str) -> None:
    data = _read([[(0.16, "Achmea Ubezpieczenia"), (0.84, "Form 6P/55")], [(0.1, title)],
                  [(0.11, "Jméno a příjmení"), (0.6, "Datum narození")], [(0.11, "Tomáš Novák"), (0.6, "10.01.1961")],
                  [(0.11, "Adresa")], [(0.11, "Masarykova 41, 301 00 Plzeň")],
                  [(0.11, onset)], [(0.11, "23.03.2023")], [(0.5, amount_label), (0.81, "497,73 EUR")]], ClaimForm)
    assert data["claim_type"] == kind
    assert data["incident_date"] == "2023-03-23"
    assert data["claim_amount"] == "497.73"
    assert data["address"] == {"street": "Masarykova 41", "city": "Plzeň", "postal_code": "301 00"}
