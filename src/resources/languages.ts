// Header words in German, French, Spanish, Italian, Dutch and Portuguese, by resource and
// field: what registers written in those languages call a column. The mapping (map/headers.ts)
// takes them as synonyms after the English ones (src/resources/<resource>.ts), so an English
// synonym wins over a foreign word spelled the same. Pure data.
//
// Sources. The labels of Snipe-IT's asset form in each language (snipe/snipe-it
// resources/lang/{de-DE,fr-FR,es-ES,it-IT,nl-NL,pt-PT}/admin/hardware/form.php, read for this
// file): de Kaufpreis, Kaufdatum, Hersteller, Modell, Notizen, Seriennummer, Garantie Ablaufdatum,
// Ende der Nutzungsdauer, Herausgegeben an; fr Coût d'achat, Date d'achat, Fabricant, Modèle,
// Remarques, Numéro d'inventaire (its asset tag), Expiration de garantie, Date de fin de vie;
// es Precio Compra, Fecha Compra, Fabricante, Modelo, Notas, N. Serie, Etiqueta, Vencimiento de la
// Garantía, Asignado a; it Costo Acquisto, Data Acquisto, Produttore, Modello, Note, Seriale,
// Etichetta Bene, Scadenza Garanzia, Assegnato a; nl Aankoopprijs, Aankoopdatum, Fabrikant,
// Opmerkingen, Serienummer, Assettag, Garantie vervalt, Uitgecheckt aan; pt Custo de aquisição,
// Data de aquisição, Fabricante, Modelo, Notas, Nº de Série, Etiqueta do Ativo, Garantia expira,
// Alocado a. GLPI's French UI calls the inventory number "Numéro d'inventaire" too. The other
// words are those of hand-kept registers and fixed-asset lists in each country (Inventarnummer,
// Anschaffungswert, Standort; Désignation, Emplacement; Ubicación; Ubicazione, Matricola;
// Leverancier, Locatie; Fornecedor, Localização), written from knowledge of the languages, not
// from a file read: the test registers (test/fixtures/languages) show them in use. SAP's asset
// list (AR01: Anlagenbezeichnung, Aktivierungsdatum) and GLPI's French computer list (Usager,
// Valeur) add the words test/map/register-headers.test.ts lists, with those no field takes; so
// do German and French contract registers and customer lists (Automatische Verlängerung,
// Reconduction tacite, Date de mise en service, Adresszusatz, Complément d'adresse), beside
// the words no field takes: a term (Laufzeit, Durée), a currency, a customer number.
import type { FieldDef } from './fields.js';

export const LANGUAGES = ['de', 'fr', 'es', 'it', 'nl', 'pt'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in English, for the docs and messages. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  nl: 'Dutch',
  pt: 'Portuguese',
};

type Words = Readonly<Partial<Record<Language, readonly string[]>>>;

/** Words for a field (by the service's name, or a derived target's: warranty_months) in each language. */
type FieldWords = Readonly<Record<string, Words>>;

const LOCATION = {
  city: {
    de: ['Ort', 'Stadt'],
    fr: ['Ville'],
    es: ['Ciudad', 'Localidad'],
    it: ['Città', 'Comune'],
    nl: ['Plaats', 'Stad'],
    pt: ['Cidade', 'Localidade'],
  },
  state_province: {
    de: ['Bundesland', 'Kanton'],
    es: ['Provincia'],
    it: ['Provincia'],
    nl: ['Provincie'],
    pt: ['Distrito'],
  },
  country: { de: ['Land'], fr: ['Pays'], es: ['País'], it: ['Paese', 'Nazione'], nl: ['Land'], pt: ['País'] },
} satisfies FieldWords;

const ZIP: Words = {
  de: ['PLZ', 'Postleitzahl'],
  fr: ['Code postal', 'CP'],
  es: ['Código postal', 'CP'],
  it: ['CAP'],
  nl: ['Postcode'],
  pt: ['Código postal', 'CEP'],
};

const ASSET: FieldWords = {
  // "Beschreibung", "Descripción" … are the name only where nothing better is in the sheet (as "description" in English).
  name: {
    de: [
      'Bezeichnung',
      'Anlagenbezeichnung',
      'Gerätename',
      'Gerätebezeichnung',
      'Asset Name',
      'Beschreibung',
    ],
    fr: ['Nom', 'Désignation', "Nom de l'actif", 'Libellé', 'Nom du matériel'],
    es: ['Nombre', 'Equipo', 'Nombre del equipo', 'Denominación', 'Descripción'],
    it: ['Nome', 'Nome Bene', 'Denominazione', 'Nome dispositivo', 'Descrizione'],
    nl: ['Naam', 'Asset naam', 'Benaming', 'Apparaatnaam', 'Omschrijving'],
    pt: ['Nome', 'Nome do Ativo', 'Designação', 'Nome do equipamento', 'Descrição'],
  },
  contract: {
    de: ['Vertrag', 'Vertragsnummer'],
    fr: ['Contrat'],
    es: ['Contrato'],
    it: ['Contratto'],
    pt: ['Contrato'],
  },
  'category.id': {
    de: ['Kategorie', 'Typ', 'Gerätetyp', 'Geräteart'],
    fr: ['Catégorie', 'Type de matériel'],
    es: ['Categoría', 'Tipo', 'Tipo de equipo'],
    it: ['Categoria', 'Tipo', 'Tipologia'],
    nl: ['Categorie', 'Soort'],
    pt: ['Categoria', 'Tipo'],
  },
  'category.subcategory': {
    de: ['Unterkategorie'],
    fr: ['Sous-catégorie'],
    es: ['Subcategoría'],
    it: ['Sottocategoria'],
    nl: ['Subcategorie'],
    pt: ['Subcategoria'],
  },
  attached_supplier: {
    de: ['Lieferant', 'Händler', 'Bezugsquelle'],
    fr: ['Fournisseur', 'Revendeur'],
    es: ['Proveedor', 'Distribuidor'],
    it: ['Fornitore', 'Rivenditore'],
    nl: ['Leverancier'],
    pt: ['Fornecedor'],
  },
  manufacturer: {
    de: ['Hersteller', 'Marke'],
    fr: ['Fabricant', 'Marque', 'Constructeur'],
    es: ['Fabricante', 'Marca'],
    it: ['Produttore', 'Marca', 'Costruttore'],
    nl: ['Fabrikant', 'Merk'],
    pt: ['Fabricante', 'Marca'],
  },
  serial_number: {
    de: ['Seriennummer', 'Seriennr', 'Serien-Nr.'],
    fr: ['Numéro de série', 'N° de série', 'Nº de série', 'No de série', 'Série'],
    es: ['Número de serie', 'N. Serie', 'Nº de serie', 'Núm. serie'],
    it: ['Numero di serie', 'Seriale', 'Matricola', 'N. serie'],
    nl: ['Serienummer'],
    pt: ['Número de série', 'Nº de Série', 'N° de série'],
  },
  bldng_name: {
    de: ['Gebäude'],
    fr: ['Bâtiment'],
    es: ['Edificio'],
    it: ['Edificio'],
    nl: ['Gebouw'],
    pt: ['Edifício', 'Prédio'],
  },
  street: { de: ['Straße', 'Strasse'], fr: ['Rue'], es: ['Calle'], it: ['Via'], nl: ['Straat'], pt: ['Rua'] },
  floor: {
    de: ['Etage', 'Stockwerk', 'Geschoss'],
    fr: ['Étage'],
    es: ['Planta', 'Piso'],
    it: ['Piano'],
    nl: ['Verdieping'],
    pt: ['Andar', 'Piso'],
  },
  room: {
    de: ['Raum', 'Raumnummer', 'Büro'],
    fr: ['Salle', 'Bureau', 'Pièce'],
    es: ['Sala', 'Despacho', 'Oficina'],
    it: ['Stanza', 'Ufficio', 'Locale'],
    nl: ['Ruimte', 'Kamer', 'Lokaal'],
    pt: ['Sala', 'Gabinete'],
  },
  address: {
    de: ['Adresse', 'Anschrift'],
    fr: ['Adresse'],
    es: ['Dirección', 'Domicilio'],
    it: ['Indirizzo'],
    nl: ['Adres'],
    pt: ['Morada', 'Endereço'],
  },
  ...LOCATION,
  zip_code: ZIP,
  location_description: {
    de: ['Standort', 'Aufstellort'],
    fr: ['Emplacement', 'Localisation', 'Lieu'],
    es: ['Ubicación', 'Ubicacion', 'Sede'],
    it: ['Ubicazione', 'Sede', 'Posizione'],
    nl: ['Locatie', 'Vestiging'],
    pt: ['Localização', 'Local'],
  },
  asset_owner: {
    de: ['Benutzer', 'Nutzer', 'Mitarbeiter', 'Verantwortlicher', 'Herausgegeben an', 'Zugewiesen an'],
    fr: ['Utilisateur', 'Usager', 'Attribué à', 'Affecté à', 'Propriétaire', 'Responsable'],
    es: ['Usuario', 'Asignado a', 'Responsable', 'Empleado'],
    it: ['Utente', 'Assegnato a', 'Assegnatario', 'Responsabile', 'Dipendente'],
    nl: ['Gebruiker', 'Toegewezen aan', 'Uitgecheckt aan', 'Medewerker', 'Eigenaar'],
    pt: ['Utilizador', 'Usuário', 'Alocado a', 'Atribuído a', 'Responsável', 'Colaborador'],
  },
  business_unit: {
    de: ['Abteilung', 'Bereich'],
    fr: ['Service', 'Département'],
    es: ['Departamento'],
    it: ['Reparto', 'Dipartimento'],
    nl: ['Afdeling'],
    pt: ['Departamento', 'Setor', 'Sector'],
  },
  // As "warranty" in English: a status, unless its values are months (warranty_months) or dates.
  warranty_status: {
    de: ['Garantie'],
    fr: ['Garantie'],
    es: ['Garantía'],
    it: ['Garanzia'],
    nl: ['Garantie'],
    pt: ['Garantia'],
  },
  warranty_months: {
    de: ['Garantie (Monate)', 'Garantie in Monaten', 'Garantiedauer'],
    fr: ['Garantie (mois)', 'Durée de garantie'],
    es: ['Garantía (meses)', 'Meses de garantía'],
    it: ['Garanzia (mesi)', 'Mesi di garanzia', 'Durata garanzia'],
    nl: ['Garantie (maanden)', 'Garantieduur'],
    pt: ['Garantia (meses)', 'Meses de garantia'],
  },
  warranty_start_date: {
    de: ['Garantiebeginn'],
    fr: ['Début de garantie'],
    es: ['Inicio de garantía'],
    it: ['Inizio garanzia'],
    nl: ['Begin garantie'],
    pt: ['Início da garantia'],
  },
  warranty_end_date: {
    de: ['Garantie bis', 'Garantieende', 'Garantie Ablaufdatum', 'Gewährleistung bis'],
    fr: ['Fin de garantie', 'Expiration de garantie', "Garantie jusqu'au", 'Date de fin de garantie'],
    es: ['Fin de garantía', 'Vencimiento de la garantía', 'Garantía hasta'],
    it: ['Scadenza garanzia', 'Fine garanzia', 'Garanzia fino al'],
    nl: ['Garantie tot', 'Einde garantie', 'Garantie vervalt', 'Garantie einddatum'],
    pt: ['Fim da garantia', 'Garantia até', 'Garantia expira', 'Validade da garantia'],
  },
  end_of_life_date: {
    de: ['Ende der Nutzungsdauer', 'Nutzungsende'],
    fr: ['Date de fin de vie', 'Fin de vie'],
    es: ['Fecha EOL', 'Fin de vida útil'],
    it: ['Data EOL', 'Fine vita'],
    nl: ['EOL datum', 'Einde levensduur'],
    pt: ['Data de EOL', 'Fim de vida'],
  },
  // German "Status" is the English word; "Zustand" is French "État".
  asset_usage_status: {
    de: ['Zustand'],
    fr: ['Statut', 'État'],
    es: ['Estado', 'Situación'],
    it: ['Stato'],
    pt: ['Estado', 'Situação'],
  },
  asset_tag: {
    de: ['Inventarnummer', 'Inventar-Nr.', 'Inventarnr', 'Anlagennummer', 'Asset Tag'],
    fr: [
      "Numéro d'inventaire",
      "N° d'inventaire",
      "Nº d'inventaire",
      'N° inventaire',
      'No inventaire',
      'Numéro inventaire',
      'Étiquette',
    ],
    es: [
      'Número de inventario',
      'Nº de inventario',
      'Etiqueta',
      'Número de activo',
      'Nº de activo',
      'N.º de activo',
      'Código de activo',
    ],
    it: [
      'Numero di inventario',
      'N. inventario',
      'Etichetta Bene',
      'Numero cespite',
      'Codice cespite',
      'N. cespite',
      'Cespite',
    ],
    nl: ['Inventarisnummer', 'Assettag'],
    pt: [
      'Número de inventário',
      'Nº de inventário',
      'Etiqueta do Ativo',
      'Número de património',
      'Patrimônio',
    ],
  },
  asset_notes: {
    de: ['Bemerkung', 'Bemerkungen', 'Notizen', 'Anmerkungen', 'Kommentar', 'Beschreibung'],
    fr: ['Remarques', 'Commentaires', 'Commentaire', 'Observations'],
    es: ['Notas', 'Observaciones', 'Comentarios', 'Descripción'],
    it: ['Note', 'Commenti', 'Osservazioni', 'Descrizione'],
    nl: ['Opmerkingen', 'Notities', 'Opmerking', 'Omschrijving'],
    pt: ['Notas', 'Observações', 'Comentários', 'Descrição'],
  },
  original_cost: {
    de: ['Anschaffungswert', 'Anschaffungskosten', 'Kaufpreis', 'Preis', 'Wert'],
    fr: ["Coût d'achat", "Prix d'achat", "Valeur d'achat", 'Prix', 'Coût', 'Montant', 'Valeur'],
    es: ['Precio de compra', 'Precio Compra', 'Coste', 'Costo', 'Precio', 'Valor de adquisición', 'Importe'],
    it: ['Costo Acquisto', 'Prezzo di acquisto', 'Prezzo', 'Costo', 'Valore'],
    nl: ['Aankoopprijs', 'Aanschafwaarde', 'Aanschafprijs', 'Prijs', 'Kosten'],
    pt: ['Custo de aquisição', 'Valor de aquisição', 'Preço', 'Custo', 'Valor'],
  },
  service_start_date: {
    de: ['Kaufdatum', 'Anschaffungsdatum', 'Aktivierungsdatum', 'Inbetriebnahme'],
    fr: ["Date d'achat", "Date d'acquisition", 'Date de mise en service'],
    es: ['Fecha de compra', 'Fecha Compra', 'Fecha de adquisición', 'Fecha de alta'],
    it: ['Data Acquisto', 'Data di acquisto', 'Data di acquisizione'],
    nl: ['Aankoopdatum', 'Aanschafdatum', 'Datum aankoop', 'Ingebruikname'],
    pt: ['Data de aquisição', 'Data de compra'],
  },
  depreciation_schedule: {
    de: ['Abschreibung'],
    fr: ['Amortissement'],
    es: ['Amortización'],
    it: ['Ammortamento'],
    nl: ['Afschrijving'],
    pt: ['Depreciação'],
  },
  estimated_salvage_value: {
    de: ['Restwert'],
    fr: ['Valeur résiduelle'],
    es: ['Valor residual'],
    it: ['Valore residuo'],
    nl: ['Restwaarde'],
    pt: ['Valor residual'],
  },
  manufacturer_part_number: {
    de: ['Artikelnummer', 'Herstellernummer'],
    fr: ['Référence fabricant'],
    es: ['Número de pieza', 'Referencia del fabricante'],
    it: ['Codice articolo', 'Codice prodotto'],
    nl: ['Artikelnummer'],
    pt: ['Referência do fabricante'],
  },
  'asset_hardware_model.id': {
    de: ['Modell', 'Gerätemodell'],
    fr: ['Modèle'],
    es: ['Modelo'],
    it: ['Modello'],
    nl: ['Model'],
    pt: ['Modelo'],
  },
  'currency.value': {
    de: ['Währung'],
    fr: ['Devise', 'Monnaie'],
    es: ['Moneda', 'Divisa'],
    it: ['Valuta'],
    nl: ['Valuta'],
    pt: ['Moeda'],
  },
};

const CUSTOMER: FieldWords = {
  name: {
    de: ['Kunde', 'Kundenname', 'Firma', 'Firmenname', 'Unternehmen', 'Name'],
    fr: ['Client', 'Nom du client', 'Raison sociale', 'Société', 'Entreprise', 'Nom'],
    es: ['Cliente', 'Nombre del cliente', 'Razón social', 'Empresa', 'Nombre'],
    it: ['Cliente', 'Ragione sociale', 'Azienda', 'Società', 'Nome'],
    nl: ['Klant', 'Klantnaam', 'Bedrijf', 'Bedrijfsnaam', 'Naam'],
    pt: ['Cliente', 'Nome do cliente', 'Empresa', 'Razão social', 'Nome'],
  },
  category: {
    de: ['Branche', 'Kategorie'],
    fr: ['Secteur', "Secteur d'activité", 'Catégorie'],
    es: ['Sector', 'Categoría'],
    it: ['Settore', 'Categoria'],
    nl: ['Branche', 'Categorie'],
    pt: ['Setor', 'Categoria'],
  },
  'contact_person.name': {
    de: ['Ansprechpartner', 'Kontaktperson', 'Kontakt'],
    fr: ['Interlocuteur', 'Contact', 'Nom du contact'],
    es: ['Persona de contacto', 'Contacto'],
    it: ['Referente', 'Contatto'],
    nl: ['Contactpersoon'],
    pt: ['Pessoa de contacto', 'Contacto', 'Contato'],
  },
  'contact_person.email': {
    de: ['E-Mail-Adresse'],
    fr: ['Courriel', 'Adresse e-mail'],
    es: ['Correo electrónico', 'Correo'],
    it: ['Posta elettronica', 'Indirizzo email'],
    nl: ['E-mailadres'],
    pt: ['Endereço de e-mail', 'Correio eletrónico'],
  },
  'contact_person.type': {
    de: ['Kontaktart', 'Art des Kontakts', 'Rolle'],
    fr: ['Type de contact', 'Rôle du contact'],
    es: ['Tipo de contacto'],
    it: ['Tipo di contatto'],
    nl: ['Type contact', 'Contacttype'],
    pt: ['Tipo de contacto'],
  },
  address_line_1: {
    de: ['Straße', 'Strasse', 'Adresse', 'Anschrift'],
    fr: ['Adresse', 'Rue'],
    es: ['Dirección', 'Calle', 'Domicilio'],
    it: ['Indirizzo', 'Via'],
    nl: ['Adres', 'Straat'],
    pt: ['Morada', 'Endereço', 'Rua'],
  },
  address_line_2: { de: ['Adresszusatz', 'Adresse 2'], fr: ["Complément d'adresse", 'Adresse 2'] },
  ...LOCATION,
  zip_postal_code: ZIP,
  phone: {
    de: ['Telefon', 'Telefonnummer'],
    fr: ['Téléphone'],
    es: ['Teléfono'],
    it: ['Telefono'],
    nl: ['Telefoon', 'Telefoonnummer'],
    pt: ['Telefone'],
  },
  mobile: {
    de: ['Mobil', 'Handy', 'Mobiltelefon'],
    fr: ['Portable'],
    es: ['Móvil'],
    it: ['Cellulare'],
    nl: ['Mobiel'],
    pt: ['Telemóvel', 'Celular'],
  },
  website: {
    de: ['Webseite', 'Internetseite'],
    fr: ['Site web', 'Site internet'],
    es: ['Sitio web', 'Página web'],
    it: ['Sito web', 'Sito'],
    pt: ['Sítio web', 'Site'],
  },
  general_description: {
    de: ['Beschreibung', 'Bemerkungen', 'Notizen'],
    fr: ['Remarques'],
    es: ['Descripción', 'Observaciones', 'Notas'],
    it: ['Descrizione', 'Note'],
    nl: ['Omschrijving', 'Opmerkingen'],
    pt: ['Descrição', 'Observações', 'Notas'],
  },
  nda_signed: {
    de: ['NDA unterschrieben', 'Geheimhaltungsvereinbarung'],
    fr: ['NDA signé', 'Accord de confidentialité'],
    es: ['NDA firmado', 'Acuerdo de confidencialidad'],
    it: ['NDA firmato', 'Accordo di riservatezza'],
    nl: ['NDA getekend', 'Geheimhoudingsverklaring'],
    pt: ['NDA assinado', 'Acordo de confidencialidade'],
  },
  nda_signed_date: {
    de: ['NDA Datum'],
    fr: ['Date NDA', 'Date de signature NDA'],
    es: ['Fecha NDA'],
    it: ['Data NDA'],
    nl: ['NDA datum'],
    pt: ['Data NDA', 'Data do NDA'],
  },
  msa_signed: {
    de: ['Rahmenvertrag', 'Rahmenvertrag unterschrieben'],
    fr: ['Contrat-cadre', 'Contrat-cadre signé'],
    es: ['Contrato marco', 'Contrato marco firmado'],
    it: ['Contratto quadro', 'Contratto quadro firmato'],
    nl: ['Raamovereenkomst'],
    pt: ['Contrato-quadro'],
  },
  msa_signed_date: {
    de: ['Rahmenvertrag Datum'],
    fr: ['Date du contrat-cadre'],
    es: ['Fecha contrato marco'],
    it: ['Data contratto quadro'],
    nl: ['Datum raamovereenkomst'],
    pt: ['Data do contrato-quadro'],
  },
};

// Contract registers: the words of contract lists kept by purchasing and legal teams.
const CONTRACT: FieldWords = {
  contract_type: {
    de: ['Vertragsart'],
    fr: ['Type de contrat'],
    es: ['Tipo de contrato'],
    it: ['Tipo di contratto'],
    nl: ['Contracttype'],
    pt: ['Tipo de contrato'],
  },
  name: {
    de: ['Vertragsname', 'Bezeichnung', 'Vertragsbezeichnung'],
    fr: ['Nom du contrat', 'Intitulé', 'Objet'],
    es: ['Nombre del contrato', 'Nombre', 'Objeto'],
    it: ['Nome contratto', 'Denominazione', 'Oggetto'],
    nl: ['Contractnaam', 'Naam'],
    pt: ['Nome do contrato', 'Designação', 'Objeto'],
  },
  number: {
    de: ['Vertragsnummer', 'Vertrags-Nr.', 'Vertragsnr'],
    fr: ['Numéro de contrat', 'N° de contrat', 'N° contrat', 'Référence'],
    es: ['Número de contrato', 'Nº de contrato', 'Referencia'],
    it: ['Numero contratto', 'N. contratto', 'Riferimento'],
    nl: ['Contractnummer', 'Referentie'],
    pt: ['Número do contrato', 'Nº do contrato', 'Referência'],
  },
  customer: {
    de: ['Kunde'],
    fr: ['Client'],
    es: ['Cliente'],
    it: ['Cliente'],
    nl: ['Klant'],
    pt: ['Cliente'],
  },
  supplier: {
    de: ['Lieferant', 'Vertragspartner', 'Anbieter'],
    fr: ['Fournisseur', 'Prestataire'],
    es: ['Proveedor'],
    it: ['Fornitore'],
    nl: ['Leverancier'],
    pt: ['Fornecedor'],
  },
  country: LOCATION.country,
  status: { fr: ['Statut'], es: ['Estado'], it: ['Stato'], pt: ['Estado'] },
  'category.id': {
    de: ['Kategorie', 'Vertragskategorie'],
    fr: ['Catégorie'],
    es: ['Categoría'],
    it: ['Categoria'],
    nl: ['Categorie'],
    pt: ['Categoria'],
  },
  description: {
    de: ['Beschreibung'],
    fr: ['Description'],
    es: ['Descripción'],
    it: ['Descrizione'],
    nl: ['Omschrijving'],
    pt: ['Descrição'],
  },
  business_unit: {
    de: ['Abteilung'],
    fr: ['Service', 'Département'],
    es: ['Departamento'],
    it: ['Reparto'],
    nl: ['Afdeling'],
    pt: ['Departamento'],
  },
  contract_start_date: {
    de: ['Vertragsbeginn', 'Beginn', 'Laufzeit ab'],
    fr: ['Date de début', 'Début'],
    es: ['Fecha de inicio', 'Inicio'],
    it: ['Data inizio', 'Inizio'],
    nl: ['Startdatum', 'Ingangsdatum'],
    pt: ['Data de início', 'Início'],
  },
  contract_end_date: {
    de: ['Vertragsende', 'Ende', 'Laufzeit bis'],
    fr: ['Date de fin', 'Fin', 'Échéance'],
    es: ['Fecha de fin', 'Fecha de vencimiento', 'Vencimiento'],
    it: ['Data fine', 'Scadenza'],
    nl: ['Einddatum', 'Vervaldatum'],
    pt: ['Data de fim', 'Data de término', 'Vencimento'],
  },
  notice_period: {
    de: ['Kündigungsfrist (Tage)', 'Kündigungsfrist'],
    fr: ['Préavis (jours)', 'Préavis'],
    es: ['Preaviso (días)', 'Preaviso'],
    it: ['Preavviso (giorni)', 'Preavviso'],
    nl: ['Opzegtermijn (dagen)', 'Opzegtermijn'],
    pt: ['Pré-aviso (dias)', 'Aviso prévio'],
  },
  service_start_date: {
    de: ['Leistungsbeginn', 'Inbetriebnahme'],
    fr: ['Date de mise en service', 'Mise en service'],
  },
  end_of_term_clause: {
    de: ['Automatische Verlängerung', 'Verlängerung'],
    fr: ['Reconduction tacite', 'Reconduction'],
  },
  total_contract_spend_value: {
    de: ['Vertragswert', 'Gesamtwert'],
    fr: ['Montant du contrat', 'Valeur du contrat', 'Montant total'],
    es: ['Importe del contrato', 'Valor del contrato'],
    it: ['Valore del contratto', 'Importo contratto'],
    nl: ['Contractwaarde'],
    pt: ['Valor do contrato'],
  },
  mrc: {
    de: ['Monatliche Kosten', 'Monatsgebühr'],
    fr: ['Coût mensuel', 'Mensualité'],
    es: ['Cuota mensual', 'Coste mensual'],
    it: ['Canone mensile'],
    nl: ['Maandelijkse kosten'],
    pt: ['Mensalidade', 'Custo mensal'],
  },
  payment_terms: {
    de: ['Zahlungsbedingungen', 'Zahlungsziel'],
    fr: ['Conditions de paiement'],
    es: ['Condiciones de pago'],
    it: ['Condizioni di pagamento'],
    nl: ['Betalingstermijn', 'Betalingsvoorwaarden'],
    pt: ['Condições de pagamento'],
  },
  signed_date: {
    de: ['Unterschrieben am', 'Unterzeichnet am'],
    fr: ['Date de signature'],
    es: ['Fecha de firma'],
    it: ['Data firma'],
    nl: ['Datum ondertekening'],
    pt: ['Data de assinatura'],
  },
  signer: {
    de: ['Unterzeichner'],
    fr: ['Signataire'],
    es: ['Firmante'],
    it: ['Firmatario'],
    nl: ['Ondertekenaar'],
    pt: ['Signatário'],
  },
  approver: {
    de: ['Genehmiger', 'Freigabe durch'],
    fr: ['Approbateur'],
    es: ['Aprobador'],
    it: ['Approvatore'],
    nl: ['Goedkeurder'],
    pt: ['Aprovador'],
  },
};

/** Header words by resource (our name for it), then field. */
export const HEADER_WORDS: Readonly<Record<string, FieldWords>> = {
  asset: ASSET,
  contract: CONTRACT,
  customer: CUSTOMER,
};

/**
 * A field's header words in every language, each with its place in its language's list (the
 * earlier, the likelier, as for the English synonyms). Empty for none.
 */
export function localSynonyms(
  resource: string,
  field: FieldDef | string,
): { word: string; rank: number; language: Language }[] {
  const words = HEADER_WORDS[resource]?.[typeof field === 'string' ? field : field.name];
  return words
    ? LANGUAGES.flatMap((language) => (words[language] ?? []).map((word, rank) => ({ word, rank, language })))
    : [];
}
