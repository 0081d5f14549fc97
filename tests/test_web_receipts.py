"""Layouts of a SaaS or web shop's documents: an emailed receipt that names its merchant in its title and again over
the address at its foot; an invoice whose issuer block ends on its country; Finnish, Italian and Norwegian due
dates; streets of Norway and Finland; a claim form's office-use caption under the signature line."""

from __future__ import annotations

from engine.base import EngineRequest
from engine.registry import create_engine
from engine.rules import name_like, split_postal_city, street_line
from engine.spandoc import SpanDoc
from schemas import ClaimForm, Invoice, Receipt
from tests.layout import layout

_ENGINE = create_engine("baseline")


def _read(rows: list, target: type) -> dict:
    (result,) = _ENGINE.extract_batch([EngineRequest(id="d", words=layout(rows), target=target)])
    return result.data


def test_an_emailed_receipts_address_is_read_under_the_name_printed_again_at_its_foot() -> None:
    data = _read([[(0.09, "SB"), (0.14, "www.apprehensive-stock.net")],
                  [(0.08, "Your receipt from Sanford Brothers")], [(0.08, "Receipt # 3536-0253")],
                  [(0.08, "TOTAL PAID"), (0.36, "DATE PAID"), (0.64, "PAID WITH")],
                  [(0.08, "68.87 AUD"), (0.36, "09/02/2021"), (0.64, "MAESTRO – 3469")],
                  [(0.08, "ORDER SUMMARY")], [(0.1, "Backpack 20 L"), (0.84, "27.03 AUD")],
                  [(0.1, "Starter plan"), (0.84, "41.84 AUD")], [(0.1, "Total paid"), (0.84, "68.87 AUD")],
                  [(0.08, "Sanford Brothers")], [(0.08, "632 Aiden Track")], [(0.08, "Port Willow SA 2044")],
                  [(0.08, "zara.kris@yahoo.com")]], Receipt)
    assert data["merchant_name"] == "Sanford Brothers"
    assert data["merchant_address"] == "632 Aiden Track, Port Willow SA 2044"


_ITEMS = [[(0.09, "Ydelse"), (0.56, "Antal"), (0.73, "Pris"), (0.88, "I alt")],
          [(0.09, "Priority onboarding"), (0.58, "20"), (0.69, "175,00 kr."), (0.84, "3.500,00 kr.")],
          [(0.6, "I alt"), (0.84, "3.500,00 kr.")]]


def test_a_country_closing_the_issuers_address_is_no_issuer() -> None:
    data = _read([[(0.09, "Faktura"), (0.88, "DD")], [(0.09, "Faktura nr. 2333")], [(0.09, "Dato 16/1/2024")],
                  [(0.09, "Dragør Drift"), (0.5, "Faktureres til")], [(0.09, "Lyngvej 346"), (0.5, "Cecilie Klit")],
                  [(0.09, "1591 Højslev Stationsby"), (0.5, "Nedre Gade 673")], [(0.09, "Danmark"), (0.5, "1856 Køge")],
                  [(0.09, "billing82@glad-trin.dk")], *_ITEMS], Invoice)
    assert data["vendor_name"] == "Dragør Drift"
    doc = SpanDoc(layout([[(0.09, "Danmark")], [(0.09, "United Kingdom")], [(0.09, "Česká republika")],
                          [(0.09, "Dragør Drift")]]))
    assert [name_like(doc, s) for s in doc.spans] == [False, False, False, True]


def test_norwegian_and_finnish_streets_are_streets() -> None:
    for street in ("Søndre Prestegrenda 4", "Martinsenveien 3", "Miettinenkuja 437", "Rantanenrinne 276",
                   "Mannerheimintie 12"):
        assert street_line(street), street
    for name in ("Tuominen Inc", "Italia Trasporti", "Nordby-Andersen Finstad"):
        assert not street_line(name), name


def test_finnish_italian_and_norwegian_due_dates() -> None:
    for label, date, expected in (("Erääntyy", "17.8.2022", "2022-08-17"),
                                  ("Da pagare entro:", "20/05/2022", "2022-05-20"),
                                  ("Betales innen", "1.9.2021", "2021-09-01")):
        data = _read([[(0.1, "Tuominen Oy"), (0.6, "Lasku")], [(0.6, "Laskun numero"), (0.8, "FV/57/08/2022")],
                      [(0.6, "Päiväys"), (0.8, "3.8.2022")], [(0.6, label), (0.8, date)],
                      [(0.1, "Nimike"), (0.6, "Määrä"), (0.72, "Hinta"), (0.86, "Yhteensä")],
                      [(0.1, "Video editing"), (0.6, "1"), (0.72, "288,77"), (0.86, "288,77")],
                      [(0.6, "Maksettava"), (0.86, "288,77 €")]], Invoice)
        assert data["due_date"] == expected, label


def _claim(under_signature: str) -> list:
    return [[(0.07, "Verzekeraar NV"), (0.7, "Schadeformulier")], [(0.07, "Naam"), (0.25, "Jan de Vries")],
            [(0.07, "Polisnummer"), (0.25, "NL-448812")], [(0.07, "Adres"), (0.25, "Kerkstraat 12")],
            [(0.07, "Postcode"), (0.25, "1234 AB"), (0.5, "Plaats"), (0.6, "Utrecht")],
            [(0.07, "Type claim"), (0.24, "☐ Auto"), (0.33, "☐ Woning"), (0.43, "☐ Zorg"), (0.52, "☒ Reis")],
            [(0.07, "Datum voorval"), (0.25, "28/01/2025")],
            [(0.07, "Is er aangifte gedaan bij de politie?"), (0.79, "☐ Ja"), (0.85, "☒ Nee")],
            [(0.07, "Handtekening"), (0.68, "Datum")], [(0.07, under_signature), (0.71, "Schadenr. ________")]]


def test_an_office_use_caption_under_the_signature_line_is_no_signature() -> None:
    assert _read(_claim("Niet invullen door klant"), ClaimForm)["signed"] is False
    assert _read(_claim("For office use only"), ClaimForm)["signed"] is False
    assert _read(_claim("Jan de Vries"), ClaimForm)["signed"] is True


def test_finnish_totals_before_and_after_vat() -> None:
    data = _read([[(0.08, "Mattila Oy"), (0.6, "Lasku")], [(0.6, "Laskun numero"), (0.8, "2024-118")],
                  [(0.6, "Päiväys"), (0.8, "3.8.2024")],
                  [(0.08, "Nimike"), (0.71, "Kpl"), (0.78, "Hinta"), (0.86, "Rivisumma")],
                  [(0.08, "Mobility Designer"), (0.72, "2"), (0.77, "500,00"), (0.88, "1 000,00")],
                  [(0.08, "Recycled Tuna"), (0.72, "5"), (0.77, "100,00"), (0.88, "500,00")],
                  [(0.6, "Yhteensä ilman ALV"), (0.86, "1 500,00 €")], [(0.6, "ALV 25,5%"), (0.86, "255,00 €")],
                  [(0.6, "ALV 14 %"), (0.86, "70,00 €")], [(0.6, "Yhteensä sis. ALV"), (0.86, "1 825,00 €")]],
                 Invoice)
    assert (data["subtotal"], data["tax"], data["total"]) == ("1500.00", "325.00", "1825.00")
    data = _read([[(0.08, "Mattila Oy"), (0.6, "Lasku")], [(0.6, "Laskun numero"), (0.8, "2024-118")],
                  [(0.08, "Nimike"), (0.71, "Kpl"), (0.78, "Hinta"), (0.86, "Rivisumma")],
                  [(0.08, "Mobility Designer"), (0.72, "2"), (0.77, "500,00"), (0.88, "1 000,00")],
                  [(0.6, "Välisumma"), (0.86, "1 000,00 EUR")], [(0.6, "Arvonlisävero 25,5 %"), (0.86, "255,00 EUR")],
                  [(0.6, "Loppusumma"), (0.86, "1 255,00 EUR")]], Invoice)
    assert (data["subtotal"], data["tax"], data["total"]) == ("1000.00", "255.00", "1255.00")


def test_a_finnish_phone_line_ends_a_receipts_address() -> None:
    data = _read([[(0.3, "Leipomo Salminen")], [(0.4, "Laaksorinne 2")], [(0.37, "72353 Rovaniemi")],
                  [(0.35, "Puh. 02 81 97 52 26")], [(0.34, "Y-tunnus 6966200198")], [(0.04, "Kuitti 9-9407-012")],
                  [(0.04, "Pvm 12.03.2024 14:02")], [(0.04, "Ruisleipä"), (0.8, "4,20")],
                  [(0.04, "YHTEENSÄ"), (0.8, "4,20")]], Receipt)
    assert data["merchant_address"] == "Laaksorinne 2, 72353 Rovaniemi"


def test_finnish_and_danish_claim_forms() -> None:
    finnish = _read([[(0.07, "Hiltunen Vakuutus Oy"), (0.77, "Ilmoitus vahingosta")], [(0.07, "A. Vakuutuksenottaja")],
                     [(0.07, "Koko nimi"), (0.64, "Synt.")], [(0.08, "Petteri Toivonen"), (0.65, "1.3.1971")],
                     [(0.07, "Vakuutusnumero"), (0.5, "Puh.")], [(0.08, "22.772.535"), (0.51, "018 29 48 06 89")],
                     [(0.07, "Katuosoite")], [(0.08, "Johannespolku 55")], [(0.07, "Postinumero"), (0.36, "Kaupunki")],
                     [(0.08, "82362"), (0.37, "Helsinki")],
                     [(0.07, "Vahinkolaji"), (0.23, "☐ Ajoneuvo"), (0.34, "☐ Koti"), (0.41, "☒ Terveys"),
                      (0.51, "☐ Matka")],
                     [(0.07, "Tapahtumapäivä"), (0.5, "Vaadittu summa")], [(0.08, "19.6.2024"), (0.51, "1 250,00")],
                     [(0.07, "Poliisi-ilmoitus tehty?"), (0.8, "☐ Kyllä"), (0.87, "☒ Ei")]], ClaimForm)
    assert finnish["claimant_name"] == "Petteri Toivonen"
    assert finnish["date_of_birth"] == "1971-03-01"
    assert finnish["address"] == {"street": "Johannespolku 55", "city": "Helsinki", "postal_code": "82362"}
    assert finnish["incident_date"] == "2024-06-19"
    assert finnish["police_report_filed"] is False
    danish = _read([[(0.07, "Tryg Forsikring"), (0.77, "Skadeanmeldelse")], [(0.07, "Fulde navn"), (0.64, "Født")],
                    [(0.08, "Steen Christensen"), (0.65, "16.09.1948")], [(0.07, "Police nr."), (0.5, "Tlf.")],
                    [(0.08, "UJP975076X"), (0.51, "2216 5960")], [(0.07, "Vej og nr.")],
                    [(0.08, "Klostermarken 73A")], [(0.07, "Postnr."), (0.36, "By")],
                    [(0.08, "5589"), (0.37, "Lynge-Uggeløse")],
                    [(0.07, "Skadetype"), (0.24, "☒ Bil"), (0.32, "☐ Hus/indbo"), (0.44, "☐ Sundhed")],
                    [(0.07, "Skadedato")], [(0.08, "02.05.2024")],
                    [(0.07, "Er skaden meldt til politiet?"), (0.8, "☒ Ja"), (0.86, "☐ Nej")]], ClaimForm)
    assert danish["claimant_name"] == "Steen Christensen"
    assert danish["date_of_birth"] == "1948-09-16"
    assert danish["address"]["city"] == "Lynge-Uggeløse" and danish["address"]["postal_code"] == "5589"
    assert danish["police_report_filed"] is True


def test_postal_codes_printed_in_two_groups() -> None:
    assert split_postal_city("558 68 Sokolov") == ("558 68", "Sokolov")
    assert split_postal_city("921 14") == ("921 14", "")
    assert split_postal_city("239 531 Sholavandan") == ("239 531", "Sholavandan")
    data = _read([[(0.31, "Mráz a Jakl v.o.s.")], [(0.35, "Novotného Lávka 4")], [(0.38, "558 68 Sokolov")],
                  [(0.37, "Tel. 736 386 148")], [(0.37, "DIČ CZ84803513")], [(0.06, "Pokladna 1"), (0.86, "#671")],
                  [(0.06, "Datum 12.03.2024")], [(0.06, "CROISSANT"), (0.83, "172,75")],
                  [(0.06, "CELKEM"), (0.78, "172,75")]], Receipt)
    assert data["merchant_address"] == "Novotného Lávka 4, 558 68 Sokolov"


def test_more_finnish_and_danish_claim_captions() -> None:
    data = _read([[(0.2, "Heinonen Vakuutus Oy")], [(0.07, "Vahinkoilmoitus")],
                  [(0.07, "Etu- ja sukunimi"), (0.5, "Syntymäaika")], [(0.07, "Maarit Laaksonen"), (0.5, "9.9.1944")],
                  [(0.07, "Katuosoite"), (0.5, "Vakuutusnro")], [(0.07, "Turunentie 25"), (0.5, "POL-3191184")],
                  [(0.07, "Postinro"), (0.5, "Postitoimipaikka")], [(0.07, "67359"), (0.5, "Oulu")],
                  [(0.07, "Vakuutuslaji")],
                  [(0.07, "☒ Auto"), (0.15, "☐ Kotivakuutus"), (0.28, "☐ Terveys"), (0.38, "☐ Matka")],
                  [(0.07, "Vahinkopäivä"), (0.5, "Vahingon määrä")], [(0.07, "9.3.2025"), (0.5, "137,08 €")]],
                 ClaimForm)
    assert data["claimant_name"] == "Maarit Laaksonen"
    assert data["policy_number"] == "POL-3191184"
    assert data["address"] == {"street": "Turunentie 25", "city": "Oulu", "postal_code": "67359"}
    assert data["claim_type"] == "auto"
    assert data["claim_amount"] == "137.08"
    danish = _read([[(0.07, "Tryg Forsikring"), (0.77, "Skadeanmeldelse")], [(0.07, "Navn"), (0.5, "Policenr.")],
                    [(0.07, "Steen Christensen"), (0.5, "UJP975076X")], [(0.07, "Adresse")],
                    [(0.07, "Skovbrynet 61B")], [(0.07, "Postnr."), (0.5, "Postdistrikt")],
                    [(0.07, "5369"), (0.5, "Helsinge")], [(0.07, "Skadedato")], [(0.07, "02.05.2024")]], ClaimForm)
    assert danish["address"]["city"] == "Helsinge" and danish["address"]["postal_code"] == "5369"


def test_an_online_orders_confirmation_gives_its_merchants_address_in_a_footer_of_columns() -> None:
    """A shop's order confirmation names the merchant at its head and again at its foot, over its address, the
    footer's other columns (VAT id, web address) on the same lines."""
    rows = [[(0.071, "Biomarkt Grünblatt"), (0.837, "BELEG")], [(0.071, "Online order")],
            [(0.071, "Beleg No."), (0.357, "9117/267")], [(0.071, "Datum"), (0.357, "10. Februar 2025 16:33")],
            [(0.086, "Item"), (0.704, "Qty"), (0.874, "CHF")], [(0.086, "Pasta 500g"), (0.723, "1"), (0.871, "7.49")],
            [(0.086, "Butter 250g"), (0.723, "1"), (0.871, "3.24")], [(0.524, "Bezahlter Betrag CHF"), (0.847, "10.73")],
            [(0.071, "Karte VISA ****6590")], [(0.071, "Vielen Dank für Ihren Einkauf!")],
            [(0.071, "Biomarkt Grünblatt"), (0.644, "UStIdNr. CHE385.568.733 MWST")],
            [(0.071, "Kirchgasse 177"), (0.742, "www.biomarkt.example")], [(0.071, "8047 Zürich")]]
    data = _read(rows, Receipt)
    assert (data["merchant_name"], data["merchant_address"]) == ("Biomarkt Grünblatt", "Kirchgasse 177, 8047 Zürich")


def test_the_tax_a_total_holds_printed_with_its_rate_under_the_total_is_no_total() -> None:
    """"incl. BTW" labels a Dutch receipt's total as often as the tax it holds; with its rate after it ("incl. BTW
    21 % €3,46" under "TOTAAL 19,92 EUR") it is the tax, and the total is the one labelled so."""
    rows = [[(0.13, "Bouwmarkt de Boer B.V.")], [(0.125, "Prinsengracht 138 · 5637 GV Eindhoven")],
            [(0.105, "KASSABON"), (0.316, "#9619031")], [(0.106, "Datum"), (0.313, "14-01-2024"), (0.413, "10:36")],
            [(0.109, "LED bulb E27"), (0.733, "3"), (0.836, "€19,92")], [(0.503, "Subtotaal"), (0.84, "€19,92")],
            [(0.503, "incl. BTW 21 %"), (0.848, "€3,46")], [(0.506, "TOTAAL"), (0.784, "19,92 EUR")],
            [(0.103, "Bedankt en tot ziens!")]]
    data = _read(rows, Receipt)
    assert (data["total"], data["merchant_address"]) == ("19.92", "Prinsengracht 138, 5637 GV Eindhoven")


def test_a_czech_square_on_one_line_with_its_town_and_a_tills_title_under_an_address() -> None:
    """A Czech shop's address on one line, set apart by a middle dot, its street a square ("Václavské náměstí
    153 · 602 16 Brno", "Palackého 163 · 301 51 Plzeň"), and the till's title under it ("ÚČTENKA", "TICKET"),
    which is no part of the address."""
    for name, address, title, expected in (
            ("Obchod Svoboda s.r.o.", "Václavské náměstí 153 · 602 16 Brno", "ÚČTENKA",
             "Václavské náměstí 153, 602 16 Brno"),
            ("Obchod Kučera s.r.o.", "Palackého 163 · 301 51 Plzeň", "ÚČTENKA", "Palackého 163, 301 51 Plzeň"),
            ("Ferretería Ruiz S.L.", "Calle de Alcalá 15, 41012 Sevilla", "TICKET", "Calle de Alcalá 15, 41012 Sevilla")):
        rows = [[(0.104, name)], [(0.104, address)], [(0.081, title)], [(0.084, "Datum"), (0.302, "18.05.2025")],
                [(0.089, "Headlamp"), (0.751, "1"), (0.839, "705,16")], [(0.504, "Celkem"), (0.839, "705,16")]]
        assert _read(rows, Receipt)["merchant_address"] == expected, name
