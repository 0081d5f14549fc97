"""Word lists for names, companies, addresses, goods and services, per locale.

Everything is built from these lists and a seeded RNG; no external data. Lists are keyed by locale code
(``de-DE``) or language (``de``); :func:`pick` falls back from code to language to English.
"""

from __future__ import annotations

import random
import string
from collections.abc import Mapping, Sequence
from typing import TypeVar

__all__ = [
    "CITIES",
    "COMPANY_SUFFIXES",
    "COMPANY_WORDS",
    "FIRST_NAMES",
    "GOODS",
    "INCIDENTS",
    "INSURERS",
    "LAST_NAMES",
    "RECEIPT_ITEMS",
    "STREET_NAMES",
    "fill_pattern",
    "lookup",
]

T = TypeVar("T")


def lookup(table: Mapping[str, T], code: str) -> T:
    """``table[code]``, else ``table[language]``, else ``table['en']``."""
    if code in table:
        return table[code]
    lang = code.split("-")[0]
    return table[lang] if lang in table else table["en"]


FIRST_NAMES: dict[str, Sequence[str]] = {
    "en": ("James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
           "William", "Susan", "Richard", "Jessica", "Thomas", "Sarah", "Daniel", "Karen", "Emily", "Oliver",
           "Amelia", "George", "Harry", "Sophie", "Chloe", "Jack", "Grace", "Megan", "Aaron", "Zoe"),
    "en-IN": ("Aarav", "Priya", "Rahul", "Ananya", "Vikram", "Sneha", "Arjun", "Kavya", "Rohan", "Meera",
              "Sanjay", "Deepa", "Karthik", "Lakshmi", "Amit", "Pooja"),
    "de": ("Lukas", "Anna", "Maximilian", "Sophie", "Jonas", "Marie", "Felix", "Laura", "Paul", "Lea", "Stefan",
           "Sabine", "Jürgen", "Ursula", "Tobias", "Katharina", "Matthias", "Birgit", "Florian", "Jana"),
    "fr": ("Louis", "Camille", "Lucas", "Léa", "Hugo", "Manon", "Julien", "Chloé", "Antoine", "Inès", "Nicolas",
           "Élodie", "Mathieu", "Céline", "François", "Aurélie"),
    "nl": ("Daan", "Emma", "Sem", "Julia", "Lucas", "Sophie", "Jan", "Anouk", "Pieter", "Sanne", "Bram", "Fleur",
           "Joost", "Marloes", "Thijs", "Lotte"),
    "es": ("Hugo", "Lucía", "Martín", "Sofía", "Pablo", "María", "Alejandro", "Paula", "Javier", "Carmen",
           "Diego", "Elena", "Sergio", "Nuria", "Álvaro", "Marta"),
    "it": ("Leonardo", "Giulia", "Francesco", "Sofia", "Alessandro", "Aurora", "Lorenzo", "Chiara", "Matteo",
           "Francesca", "Andrea", "Valentina", "Marco", "Elisa", "Giovanni", "Federica"),
    "pl": ("Jakub", "Zuzanna", "Antoni", "Julia", "Jan", "Zofia", "Szymon", "Maja", "Piotr", "Agnieszka",
           "Krzysztof", "Małgorzata", "Tomasz", "Katarzyna", "Łukasz", "Magdalena"),
}

LAST_NAMES: dict[str, Sequence[str]] = {
    "en": ("Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Taylor", "Clark",
           "Walker", "Hall", "Young", "Wright", "Hughes", "Evans", "Roberts", "Turner", "Phillips", "Cooper",
           "Morgan", "Bennett", "Foster", "Hayes", "Price", "Fletcher", "O'Brien", "McAllister", "Hart", "Lloyd"),
    "en-IN": ("Sharma", "Patel", "Iyer", "Reddy", "Nair", "Gupta", "Singh", "Kumar", "Menon", "Rao", "Joshi",
              "Mehta", "Das", "Verma", "Pillai", "Chatterjee"),
    "de": ("Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann",
           "Koch", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann", "Braun", "Krüger",
           "Hartmann", "Lange", "Werner", "Krause", "Köhler", "Baumann", "Vogel", "Keller", "Frank", "Berger"),
    "fr": ("Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau",
           "Simon", "Laurent", "Lefebvre", "Michel", "Garcia", "David", "Bertrand", "Roux", "Vincent", "Fournier",
           "Morel", "Girard", "Lambert", "Bonnet", "Rousseau", "Mercier"),
    "nl": ("de Jong", "Jansen", "de Vries", "van den Berg", "van Dijk", "Bakker", "Janssen", "Visser", "Smit",
           "Meijer", "de Boer", "Mulder", "de Groot", "Bos", "Vos", "Peters", "Hendriks", "van Leeuwen", "Dekker",
           "Brouwer", "de Wit", "Dijkstra", "Smits", "de Graaf", "van der Meer"),
    "es": ("García", "Rodríguez", "González", "Fernández", "López", "Martínez", "Sánchez", "Pérez", "Gómez",
           "Martín", "Jiménez", "Ruiz", "Hernández", "Díaz", "Moreno", "Muñoz", "Álvarez", "Romero", "Navarro",
           "Torres", "Domínguez", "Vázquez", "Ramos", "Gil", "Serrano"),
    "it": ("Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco",
           "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo", "Lombardi", "Moretti",
           "Barbieri", "Fontana", "Santoro", "Mariani", "Rinaldi"),
    "pl": ("Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kowalczyk", "Kamiński", "Lewandowski", "Zieliński",
           "Szymański", "Woźniak", "Dąbrowski", "Kozłowski", "Jankowski", "Mazur", "Kwiatkowski", "Krawczyk",
           "Piotrowski", "Grabowski", "Nowakowski", "Pawłowski", "Michalski", "Nowicki", "Adamczyk", "Dudek"),
}

#: (company-name pieces: first words, second words) per language.
COMPANY_WORDS: dict[str, tuple[Sequence[str], Sequence[str]]] = {
    "en": (("Northwind", "Bluebird", "Summit", "Redwood", "Harbor", "Silverline", "Oakridge", "Pinnacle", "Brightway",
            "Evergreen", "Ironbridge", "Crescent", "Maple Leaf", "Granite", "Horizon", "Kestrel", "Lighthouse",
            "Meridian", "Nimbus", "Orchard", "Riverside", "Sterling", "Thistle", "Westfield", "Acorn", "Beacon"),
           ("Supplies", "Consulting", "Logistics", "Print & Design", "Software", "Engineering", "Catering",
            "Office Solutions", "Electrical", "Plumbing", "Media", "Analytics", "Hosting", "Furniture",
            "Cleaning Services", "Legal Services", "Builders", "Trading", "Labs", "Systems", "Studio", "Motors")),
    "en-IN": (("Shree", "Sai", "Ganesh", "Lotus", "Sunrise", "Tata", "Vishal", "Indus", "Krishna", "Deccan",
               "Royal", "Himalaya", "Coromandel", "Nilgiri"),
              ("Enterprises", "Traders", "Infotech", "Textiles", "Electronics", "Agencies", "Hospitality",
               "Industries", "Solutions", "Distributors")),
    "de": (("Nordlicht", "Alpen", "Rhein", "Elbe", "Schwarzwald", "Hanse", "Bergmann", "Sonnen", "Adler",
            "Lindenhof", "Eichen", "Kranich", "Spree", "Isar", "Mosel", "Weser", "Harz", "Bodensee"),
           ("Elektrotechnik", "Bau", "Holzbau", "Druckerei", "Logistik", "Software", "Beratung", "Haustechnik",
            "Büroservice", "Gebäudereinigung", "Sanitär", "Metallbau", "Medien", "Feinkost", "Werkzeuge",
            "Maschinenbau", "IT-Systeme", "Transporte")),
    "fr": (("Atelier", "Maison", "Groupe", "Société", "Comptoir", "Établissements", "Cabinet", "Boulangerie",
            "Imprimerie", "Transports", "Menuiserie"),
           ("du Lac", "des Alpes", "de la Loire", "du Midi", "Lumière", "Provence", "Bretagne", "Saint-Michel",
            "Bellevue", "des Halles", "Beaulieu", "du Rhône", "Montmartre", "Normandie")),
    "nl": (("Noordzee", "Tulp", "Polder", "Molen", "Delta", "Dijk", "Grachten", "Vlieland", "Zonnebloem",
            "Oranje", "Hollands", "Kempen"),
           ("Installatietechniek", "Bouw", "Logistiek", "Drukwerk", "Advies", "Software", "Schilderwerken",
            "Kantoorartikelen", "Groothandel", "Transport", "Media", "Schoonmaak")),
    "es": (("Suministros", "Construcciones", "Talleres", "Distribuciones", "Transportes", "Gráficas",
            "Instalaciones", "Comercial", "Servicios"),
           ("Ibéricos", "del Norte", "Mediterráneo", "Castilla", "Levante", "Sol", "Atlántico", "Andaluces",
            "Galicia", "Aragón", "Montserrat")),
    "it": (("Costruzioni", "Forniture", "Tipografia", "Trasporti", "Officine", "Impianti", "Studio", "Commerciale",
            "Pasticceria", "Arredamenti"),
           ("Adriatica", "del Po", "Alpina", "Toscana", "Lombarda", "Mediterranea", "Vesuvio", "Dolomiti",
            "San Marco", "Riviera", "Etrusca")),
    "pl": (("Usługi", "Budownictwo", "Transport", "Hurtownia", "Drukarnia", "Serwis", "Zakład", "Instalacje",
            "Handel", "Biuro"),
           ("Wisła", "Mazowsze", "Bałtyk", "Tatry", "Orzeł", "Kraków", "Pomorze", "Warta", "Odra", "Podhale",
            "Mazury")),
}

COMPANY_SUFFIXES: dict[str, Sequence[str]] = {
    "en-US": ("Inc.", "LLC", "Corp.", "Co.", "Inc", ""),
    "en-GB": ("Ltd", "Ltd.", "Limited", "PLC", "LLP", ""),
    "en-IN": ("Pvt. Ltd.", "Private Limited", "LLP", ""),
    "de": ("GmbH", "GmbH & Co. KG", "AG", "KG", "e.K.", "UG (haftungsbeschränkt)"),
    "de-CH": ("AG", "GmbH", "SA", "Sàrl"),
    "fr": ("SARL", "SAS", "SA", "EURL", ""),
    "nl": ("B.V.", "BV", "V.O.F.", "N.V.", ""),
    "es": ("S.L.", "S.A.", "S.L.U.", ""),
    "it": ("S.r.l.", "S.p.A.", "S.n.c.", "S.a.s."),
    "pl": ("Sp. z o.o.", "S.A.", "Sp.j.", "s.c."),
    "en": ("Ltd", "Inc."),
}

STREET_NAMES: dict[str, Sequence[str]] = {
    "en": ("Main", "Oak", "Maple", "Cedar", "Park", "Washington", "Lake", "Hill", "Church", "Mill", "Station",
           "Victoria", "King", "Queen", "High", "Bridge", "Market", "Elm", "Chestnut", "Willow"),
    "en-IN": ("MG", "Brigade", "Residency", "Nehru", "Gandhi", "Anna Salai", "Linking", "Park", "Church"),
    "de": ("Haupt", "Bahnhof", "Schiller", "Goethe", "Garten", "Linden", "Berg", "Kirch", "Wald", "Ring",
           "Mozart", "Friedrich", "Kaiser", "Rosen", "Industrie", "Mühlen"),
    "fr": ("de la République", "Victor Hugo", "Jean Jaurès", "de la Gare", "Pasteur", "du Général de Gaulle",
           "des Lilas", "de Paris", "Saint-Honoré", "Voltaire", "des Écoles", "du Moulin"),
    "nl": ("Kerk", "Dorps", "School", "Molen", "Wilhelmina", "Julianna", "Beatrix", "Prinsen", "Heren", "Keizers",
           "Stations", "Spoor", "Vondel", "Hoofd"),
    "es": ("Mayor", "Real", "de Alcalá", "Gran Vía", "del Sol", "de la Constitución", "de Cervantes", "Nueva",
           "del Carmen", "San Juan", "de Goya"),
    "it": ("Roma", "Garibaldi", "Mazzini", "Cavour", "Dante", "Verdi", "Marconi", "Vittorio Emanuele", "Manzoni",
           "della Repubblica", "XX Settembre"),
    "pl": ("Marszałkowska", "Długa", "Polna", "Leśna", "Słoneczna", "Krótka", "Szkolna", "Ogrodowa",
           "Mickiewicza", "Kościuszki", "Piłsudskiego", "Lipowa"),
}

#: (city, postal-code pattern) with ``9`` a digit and ``A`` a capital letter; US entries carry the state.
CITIES: dict[str, Sequence[tuple[str, str]]] = {
    "en-US": (("Springfield, IL", "62799"), ("Austin, TX", "78799"), ("Portland, OR", "97299"),
              ("Columbus, OH", "43299"), ("Denver, CO", "80299"), ("Raleigh, NC", "27699"),
              ("Madison, WI", "53799"), ("Boise, ID", "83799"), ("Albany, NY", "12299"),
              ("Tucson, AZ", "85799")),
    "en-GB": (("London", "EC1A 9AA"), ("Leeds", "LS1 9AA"), ("Bristol", "BS1 9AA"), ("Manchester", "M1 9AA"),
              ("Edinburgh", "EH1 9AA"), ("Cardiff", "CF10 9AA"), ("Norwich", "NR1 9AA"), ("York", "YO1 9AA"),
              ("Brighton", "BN1 9AA"), ("Oxford", "OX1 9AA")),
    "en-IN": (("Bengaluru", "560099"), ("Mumbai", "400099"), ("Chennai", "600099"),
              ("Pune", "411099"), ("Hyderabad", "500099"), ("Kochi", "682099")),
    "de-DE": (("Berlin", "10999"), ("Hamburg", "20999"), ("München", "80999"), ("Köln", "50999"),
              ("Frankfurt am Main", "60999"), ("Stuttgart", "70999"), ("Leipzig", "04999"), ("Bremen", "28999"),
              ("Dresden", "01999"), ("Freiburg im Breisgau", "79999"), ("Münster", "48999")),
    "de-CH": (("Zürich", "8999"), ("Bern", "3999"), ("Basel", "4999"), ("Luzern", "6999"), ("St. Gallen", "9999")),
    "fr-FR": (("Paris", "75999"), ("Lyon", "69999"), ("Marseille", "13999"), ("Toulouse", "31999"),
              ("Nantes", "44999"), ("Bordeaux", "33999"), ("Lille", "59999"), ("Rennes", "35999"),
              ("Strasbourg", "67999")),
    "nl-NL": (("Amsterdam", "1099 AA"), ("Rotterdam", "3099 AA"), ("Utrecht", "3599 AA"), ("Den Haag", "2599 AA"),
              ("Eindhoven", "5699 AA"), ("Groningen", "9799 AA"), ("Haarlem", "2099 AA"), ("Leiden", "2399 AA")),
    "es-ES": (("Madrid", "28999"), ("Barcelona", "08999"), ("Valencia", "46999"), ("Sevilla", "41999"),
              ("Bilbao", "48999"), ("Zaragoza", "50999"), ("Málaga", "29999"), ("Salamanca", "37999")),
    "it-IT": (("Milano", "20999"), ("Roma", "00999"), ("Torino", "10999"), ("Napoli", "80999"),
              ("Bologna", "40999"), ("Firenze", "50999"), ("Verona", "37999"), ("Genova", "16999")),
    "pl-PL": (("Warszawa", "99-999"), ("Kraków", "39-999"), ("Gdańsk", "89-999"), ("Wrocław", "59-999"),
              ("Poznań", "69-999"), ("Łódź", "99-999"), ("Lublin", "29-999")),
}

#: Goods and services: (description, unit, price range low, high, fractional quantities allowed).
GOODS: dict[str, Sequence[tuple[str, str, float, float, bool]]] = {
    "en": (
        ("Consulting services", "h", 60, 220, True), ("Software development", "h", 70, 180, True),
        ("Project management", "h", 55, 150, True), ("On-site support visit", "visit", 90, 400, False),
        ("Website hosting - annual plan", "yr", 60, 600, False), ("Domain renewal (.com)", "pc", 9, 25, False),
        ("SSL certificate, 1 year", "pc", 20, 180, False), ("Cloud storage 500 GB (monthly)", "mo", 5, 40, False),
        ("A4 copy paper 80 g/m², box of 5 reams", "box", 18, 45, False),
        ("Toner cartridge, black", "pc", 35, 140, False),
        ("Ergonomic office chair", "pc", 120, 650, False), ("Standing desk frame", "pc", 220, 900, False),
        ("USB-C docking station", "pc", 80, 260, False), ("27-inch monitor", "pc", 160, 520, False),
        ("Wireless keyboard and mouse set", "pc", 25, 95, False), ("Copper pipe 15 mm", "m", 4, 12, True),
        ("Installation labour", "h", 45, 95, True), ("Electrical inspection and certificate", "pc", 90, 350, False),
        ("Cable tray, galvanised, 3 m", "pc", 15, 60, False), ("Pallet delivery", "pallet", 40, 180, False),
        ("Freight charges", "", 15, 220, False), ("Business cards, 500 pcs", "set", 25, 90, False),
        ("Brochure printing, A5, 1000 copies", "job", 180, 900, False), ("Logo design", "job", 250, 2400, False),
        ("Catering - lunch buffet per person", "pers", 12, 45, False), ("Room hire, half day", "pc", 150, 700, False),
        ("Translation EN>DE", "word", 0.08, 0.25, False), ("Annual maintenance contract", "yr", 300, 4800, False),
        ("Monthly retainer - bookkeeping", "mo", 250, 1500, False), ("Photography session", "h", 80, 250, True),
        ("Cleaning service - office", "h", 20, 45, True), ("Window cleaning", "job", 60, 300, False),
        ("Replacement filter set", "set", 18, 70, False),
        ("Stainless steel screws M6 (box of 100)", "box", 6, 25, False),
        ("Training workshop (1 day)", "day", 450, 2200, False),
        ("Licence: Pro edition, per seat", "seat", 8, 60, False),
        ("Travel expenses", "", 20, 600, False), ("Data migration", "h", 75, 160, True),
        ("Security audit", "day", 600, 1800, False), ("Paint, white matt, 10 L", "pc", 35, 95, False),
        ("Timber 45x95 mm, 4.8 m", "pc", 6, 22, False), ("Diesel fuel", "l", 1.2, 2.2, True),
        ("Coffee beans, 1 kg", "kg", 14, 38, True), ("Bottled water, case of 24", "case", 6, 18, False),
    ),
    "de": (
        ("Beratungsleistung", "Std.", 80, 180, True), ("Softwareentwicklung", "Std.", 75, 150, True),
        ("Montagearbeiten", "Std.", 45, 85, True), ("Anfahrtspauschale", "psch.", 25, 90, False),
        ("Kupferrohr 15 mm", "m", 5, 14, True), ("Kabelkanal 40x60, 2 m", "Stk.", 6, 25, False),
        ("Druckerpapier A4, 500 Blatt", "Pck.", 4, 9, False), ("Tonerkartusche schwarz", "Stk.", 40, 140, False),
        ("Bürostuhl, ergonomisch", "Stk.", 150, 600, False), ("Wartungsvertrag (jährlich)", "Jahr", 300, 3000, False),
        ("Webhosting Business, 12 Monate", "Stk.", 80, 400, False), ("Versandkosten", "", 5, 45, False),
        ("Lieferung frei Haus", "", 10, 80, False), ("Schrauben M6x40, verzinkt (100 Stk.)", "Pck.", 5, 18, False),
        ("Entsorgung Altmaterial", "psch.", 40, 250, False), ("Fliesen 30x60, grau", "m²", 18, 55, True),
        ("Fensterreinigung", "Std.", 25, 45, True), ("Schulung (ganztägig)", "Tag", 600, 1800, False),
        ("Visitenkarten, 250 Stk.", "Satz", 25, 80, False), ("Kaffeebohnen 1 kg", "kg", 15, 35, True),
    ),
    "fr": (
        ("Prestation de conseil", "h", 70, 200, True), ("Développement logiciel", "jour", 400, 900, False),
        ("Main d'œuvre", "h", 40, 75, True), ("Frais de déplacement", "forfait", 25, 120, False),
        ("Ramette papier A4 80 g", "u", 4, 9, False), ("Cartouche d'encre noire", "u", 25, 90, False),
        ("Hébergement web annuel", "an", 60, 400, False), ("Frais de port", "", 6, 40, False),
        ("Peinture acrylique blanche 10 L", "u", 40, 110, False), ("Contrat de maintenance", "an", 300, 2500, False),
        ("Formation bureautique (1 jour)", "jour", 450, 1200, False), ("Nettoyage des locaux", "h", 22, 40, True),
        ("Impression flyers A5 (1000 ex.)", "lot", 90, 300, False), ("Livraison sur site", "", 30, 150, False),
    ),
    "nl": (
        ("Advieswerkzaamheden", "uur", 70, 160, True), ("Installatiewerk", "uur", 45, 80, True),
        ("Voorrijkosten", "", 25, 60, False), ("Kopieerpapier A4, doos", "doos", 20, 45, False),
        ("Onderhoudscontract (jaarlijks)", "jaar", 250, 2000, False), ("Verzendkosten", "", 5, 30, False),
        ("Schilderwerk binnen", "m²", 12, 35, True), ("Hosting pakket Pro", "mnd", 8, 40, False),
        ("Bureaustoel Comfort", "st", 140, 550, False), ("Schoonmaakwerkzaamheden", "uur", 22, 38, True),
        ("Drukwerk visitekaartjes (500 st)", "set", 30, 85, False), ("Koffiebonen 1 kg", "kg", 14, 32, True),
    ),
    "es": (
        ("Servicios de consultoría", "h", 50, 150, True), ("Mano de obra", "h", 30, 60, True),
        ("Desplazamiento", "", 20, 70, False), ("Papel A4 80 g, caja 5 paquetes", "caja", 18, 40, False),
        ("Mantenimiento anual", "año", 250, 2200, False), ("Portes", "", 6, 35, False),
        ("Pintura plástica blanca 15 L", "ud", 35, 90, False), ("Alojamiento web anual", "año", 50, 300, False),
        ("Silla de oficina ergonómica", "ud", 120, 450, False), ("Limpieza de oficinas", "h", 15, 28, True),
    ),
    "it": (
        ("Consulenza tecnica", "ore", 60, 150, True), ("Manodopera", "ore", 30, 60, True),
        ("Spese di trasporto", "", 10, 60, False), ("Carta A4 80 g, risma", "pz", 4, 8, False),
        ("Canone di assistenza annuale", "anno", 300, 2400, False), ("Toner nero", "pz", 35, 120, False),
        ("Sedia ergonomica da ufficio", "pz", 130, 480, False), ("Tinteggiatura pareti", "mq", 8, 20, True),
        ("Hosting web annuale", "anno", 60, 350, False), ("Pulizia uffici", "ore", 16, 30, True),
    ),
    "pl": (
        ("Usługa doradcza", "godz.", 120, 450, True), ("Robocizna", "godz.", 60, 160, True),
        ("Dojazd", "usł.", 50, 200, False), ("Papier ksero A4, karton", "szt.", 90, 180, False),
        ("Serwis roczny", "usł.", 900, 6000, False), ("Koszty wysyłki", "", 15, 60, False),
        ("Farba biała 10 l", "szt.", 90, 260, False), ("Hosting WWW - 12 miesięcy", "szt.", 200, 900, False),
        ("Krzesło biurowe", "szt.", 350, 1500, False), ("Sprzątanie biura", "godz.", 35, 70, True),
    ),
}

#: Till items: (description, price low, high).
RECEIPT_ITEMS: dict[str, Sequence[tuple[str, float, float]]] = {
    "en": (("Milk 2L", 1.1, 3.5), ("Sourdough loaf", 2.2, 5.5), ("Bananas", 0.8, 2.5),
           ("Free range eggs x12", 2.5, 5.5),
           ("Cheddar 400g", 2.8, 6.5), ("Coffee latte", 2.6, 4.9), ("Croissant", 1.2, 3.2),
           ("Orange juice 1L", 1.5, 4.0),
           ("Pasta 500g", 0.8, 2.2), ("Tomatoes", 1.0, 3.5), ("Chicken breast", 4.5, 9.5), ("Dish soap", 1.2, 3.5),
           ("Batteries AA 4pk", 3.5, 8.0), ("Sandwich", 3.0, 6.5), ("Sparkling water", 0.8, 2.0),
           ("Chocolate bar", 0.9, 2.5), ("Newspaper", 1.5, 3.5), ("Apples 1kg", 1.8, 4.0), ("Greek yoghurt", 1.2, 3.8),
           ("Toothpaste", 1.5, 4.5), ("Cappuccino", 2.5, 4.5), ("Muffin", 1.8, 3.5), ("Parking", 2.0, 12.0)),
    "de": (("Vollmilch 1L", 0.9, 1.6), ("Bauernbrot", 2.5, 4.9), ("Bananen", 0.9, 2.2), ("Eier 10 Stk.", 2.0, 3.9),
           ("Gouda 400g", 2.5, 5.5), ("Kaffee Crema", 2.4, 4.2), ("Brezel", 0.7, 1.5), ("Apfelsaft 1L", 1.2, 2.9),
           ("Spaghetti 500g", 0.8, 2.0), ("Tomaten", 1.2, 3.5), ("Hähnchenbrust", 4.5, 8.9), ("Spülmittel", 0.9, 2.5),
           ("Mineralwasser", 0.5, 1.5), ("Schokolade", 0.9, 2.3), ("Äpfel 1kg", 1.9, 3.9), ("Joghurt", 0.5, 1.6),
           ("Pfand", 0.25, 3.3), ("Butter 250g", 1.8, 3.2), ("Laugenbrötchen", 0.5, 1.1)),
    "fr": (("Baguette", 0.9, 1.5), ("Lait demi-écrémé 1L", 0.9, 1.6), ("Croissant", 0.9, 1.8), ("Café", 1.5, 3.0),
           ("Camembert", 1.8, 4.5), ("Pommes 1kg", 1.9, 3.9), ("Eau minérale 1,5L", 0.4, 1.2),
           ("Yaourt nature x4", 1.2, 2.9), ("Jambon 4 tranches", 2.2, 4.5), ("Pain au chocolat", 1.0, 1.9),
           ("Tomates", 1.5, 3.8), ("Vin rouge", 4.5, 14.0), ("Liquide vaisselle", 1.2, 3.0)),
    "nl": (("Halfvolle melk 1L", 0.9, 1.5), ("Volkorenbrood", 2.0, 3.8), ("Bananen", 1.0, 2.2),
           ("Kaas jong belegen", 3.5, 7.5),
           ("Koffie verkeerd", 2.5, 4.2), ("Stroopwafels", 1.5, 3.5), ("Appels 1kg", 1.9, 3.5), ("Hagelslag", 1.8, 3.2),
           ("Eieren 10 st", 2.2, 3.9), ("Jus d'orange", 1.5, 3.5), ("Afwasmiddel", 1.0, 2.8),
           ("Statiegeld", 0.15, 1.0)),
    "es": (("Leche entera 1L", 0.8, 1.4), ("Barra de pan", 0.6, 1.5), ("Plátanos", 1.0, 2.5),
           ("Huevos 12 uds", 2.0, 3.9),
           ("Café con leche", 1.3, 2.5), ("Aceite de oliva 1L", 5.0, 11.0), ("Tomates", 1.2, 3.0),
           ("Queso manchego", 4.5, 12.0),
           ("Agua mineral 1,5L", 0.4, 1.0), ("Jamón serrano", 2.5, 7.5), ("Churros", 1.5, 3.5)),
    "it": (("Latte intero 1L", 1.0, 1.8), ("Pane casereccio", 1.8, 3.8), ("Caffè espresso", 1.0, 1.6),
           ("Cornetto", 1.0, 1.8),
           ("Parmigiano 200g", 3.5, 7.5), ("Pomodori", 1.2, 3.2), ("Pasta 500g", 0.8, 2.2),
           ("Acqua naturale 1,5L", 0.3, 0.9),
           ("Mozzarella", 1.0, 2.9), ("Prosciutto crudo", 2.5, 6.5), ("Olio extravergine 1L", 6.0, 12.0)),
    "pl": (("Mleko 2% 1L", 2.5, 4.5), ("Chleb żytni", 3.5, 7.5), ("Banany", 3.0, 6.5), ("Jajka 10 szt.", 7.0, 12.0),
           ("Ser żółty", 4.5, 9.5), ("Kawa latte", 9.0, 16.0), ("Pączek", 2.5, 5.5), ("Sok jabłkowy 1L", 3.5, 7.0),
           ("Makaron 500g", 3.0, 6.5), ("Pomidory", 5.0, 12.0), ("Woda mineralna", 1.5, 3.5), ("Masło 200g", 5.5, 9.5)),
}

#: Short incident descriptions for claim forms.
INCIDENTS: dict[str, dict[str, Sequence[str]]] = {
    "en": {
        "auto": ("Rear-ended at a traffic light; bumper and tailgate damaged.",
                 "Vehicle scratched while parked overnight on the street.",
                 "Windscreen cracked by a stone on the motorway."),
        "home": ("Water leak from the washing machine damaged the kitchen floor.",
                 "Storm damage to roof tiles and gutter.", "Burglary: laptop and jewellery taken."),
        "health": ("Emergency dental treatment after a fall.", "Physiotherapy sessions following knee surgery.",
                   "Hospital stay of two nights for observation."),
        "travel": ("Luggage lost on a connecting flight.", "Trip cancelled due to illness.",
                   "Medical treatment abroad after a sprained ankle."),
    },
    "de": {
        "auto": ("Auffahrunfall an einer Ampel, Stoßstange beschädigt.", "Parkschaden über Nacht.",
                 "Steinschlag in der Windschutzscheibe."),
        "home": ("Wasserschaden durch defekte Waschmaschine.", "Sturmschaden am Dach.", "Einbruchdiebstahl."),
        "health": ("Zahnärztliche Notfallbehandlung.", "Physiotherapie nach Knieoperation."),
        "travel": ("Gepäck bei Umstieg verloren.", "Reiserücktritt wegen Krankheit."),
    },
    "fr": {
        "auto": ("Accrochage sur un parking, portière endommagée.", "Bris de pare-brise sur autoroute."),
        "home": ("Dégât des eaux dans la salle de bain.", "Cambriolage, vol d'un ordinateur portable."),
        "health": ("Soins dentaires d'urgence.", "Séances de kinésithérapie."),
        "travel": ("Bagage perdu lors d'une correspondance.", "Annulation du voyage pour maladie."),
    },
    "nl": {
        "auto": ("Aanrijding bij een kruising, bumper beschadigd.", "Ruitschade door steenslag."),
        "home": ("Waterschade door lekkende leiding.", "Stormschade aan het dak."),
        "health": ("Spoedbehandeling tandarts.", "Fysiotherapie na operatie."),
        "travel": ("Bagage kwijtgeraakt tijdens overstap.", "Reis geannuleerd wegens ziekte."),
    },
    "es": {
        "auto": ("Colisión trasera en un semáforo.", "Rotura de luna delantera."),
        "home": ("Daños por agua en la cocina.", "Robo en la vivienda."),
        "health": ("Tratamiento dental de urgencia.", "Sesiones de fisioterapia."),
        "travel": ("Pérdida de equipaje en escala.", "Cancelación del viaje por enfermedad."),
    },
    "it": {
        "auto": ("Tamponamento al semaforo.", "Rottura del parabrezza in autostrada."),
        "home": ("Danni da acqua in cucina.", "Furto in abitazione."),
        "health": ("Cure dentistiche urgenti.", "Sedute di fisioterapia."),
        "travel": ("Bagaglio smarrito durante lo scalo.", "Annullamento del viaggio per malattia."),
    },
    "pl": {
        "auto": ("Najechanie na tył pojazdu na skrzyżowaniu.", "Uszkodzenie szyby przedniej."),
        "home": ("Zalanie mieszkania przez sąsiada.", "Kradzież z włamaniem."),
        "health": ("Pilne leczenie stomatologiczne.", "Rehabilitacja po operacji kolana."),
        "travel": ("Zagubiony bagaż podczas przesiadki.", "Rezygnacja z podróży z powodu choroby."),
    },
}

INSURERS: Sequence[str] = (
    "Meridian Mutual", "Northstar Assurance", "Helvetia Direkt", "Atlas Insurance Group", "Bluewater Insurance",
    "Lindenbaum Versicherung AG", "Assurances du Rhône", "Polderzekering N.V.", "Mutua Ibérica", "Assicurazioni Aurora",
    "Towarzystwo Ubezpieczeń Bałtyk", "Crown Shield Insurance",
)


def fill_pattern(rng: random.Random, pattern: str) -> str:
    """Replace ``9`` with a random digit and ``A`` with a random capital letter."""
    out = []
    for ch in pattern:
        if ch == "9":
            out.append(rng.choice(string.digits))
        elif ch == "A":
            out.append(rng.choice(string.ascii_uppercase))
        else:
            out.append(ch)
    return "".join(out)
