// The words registers use for the service's enum values, in English beyond the labels and in
// German, French, Spanish, Italian, Dutch and Portuguese: a French contract list's "Statut"
// column says "Actif" and "Résilié", its "Type" "Achat"; a German one's payment terms "30 Tage
// netto". The service's values are the same for every account, so such a word is read as its
// value as a label is (map/coerce.ts coerceEnum), unlike a lookup's names, which each account
// chooses (those `mapping suggest` proposes as value tables). A word means one value of its
// field only (test/resources/value-words.test.ts). Written from knowledge of the languages, as
// the header words (languages.ts) are. Pure data.

/** Words for each value of one enum field, by the service's value. */
export type ValueWords = Readonly<Record<string, readonly string[]>>;

const days = (n: number): string[] => [
  `${n} days`,
  `net ${n} days`,
  `N${n}`,
  `${n} Tage`,
  `${n} Tage netto`,
  `netto ${n}`,
  `${n} jours`,
  `${n} jours net`,
  `net ${n} jours`,
  `${n} días`,
  `${n} giorni`,
  `${n} dagen`,
  `${n} dias`,
];

const years = (n: number): string[] => [
  `${n} years`,
  `${n * 12} months`,
  `${n} Jahre`,
  `${n * 12} Monate`,
  `${n} ans`,
  `${n * 12} mois`,
  `${n} años`,
  `${n * 12} meses`,
  `${n} anni`,
  `${n * 12} mesi`,
  `${n} jaar`,
  `${n * 12} maanden`,
  `${n} anos`,
];

export const CONTRACT_TYPE_WORDS: ValueWords = {
  buy_side: ['Buy', 'Purchase', 'Einkauf', 'Beschaffung', 'Achat', 'Compra', 'Acquisto', 'Inkoop'],
  sell_side: ['Sell', 'Sale', 'Verkauf', 'Vertrieb', 'Vente', 'Venta', 'Vendita', 'Verkoop', 'Venda'],
};

export const CONTRACT_STATUS_WORDS: ValueWords = {
  active: [
    'Aktiv',
    'Laufend',
    'In Kraft',
    'Actif',
    'En cours',
    'En vigueur',
    'Activo',
    'Vigente',
    'Attivo',
    'In vigore',
    'Actief',
    'Lopend',
    'Ativo',
    'Em vigor',
  ],
  archived: ['Archiviert', 'Archivé', 'Archivado', 'Archiviato', 'Gearchiveerd', 'Arquivado'],
  cancelled: ['Canceled', 'Storniert', 'Annulé', 'Cancelado', 'Anulado', 'Annullato', 'Geannuleerd'],
  draft: ['Entwurf', 'Brouillon', 'Borrador', 'Bozza', 'Rascunho'],
  expired: [
    'Abgelaufen',
    'Ausgelaufen',
    'Expiré',
    'Échu',
    'Vencido',
    'Caducado',
    'Expirado',
    'Scaduto',
    'Verlopen',
  ],
  suspended: ['Ausgesetzt', 'Pausiert', 'Suspendu', 'Suspendido', 'Sospeso', 'Opgeschort', 'Suspenso'],
  terminated: [
    'Gekündigt',
    'Beendet',
    'Résilié',
    'Rescindido',
    'Terminado',
    'Cessato',
    'Beëindigd',
    'Opgezegd',
  ],
};

export const END_OF_TERM_CLAUSE_WORDS: ValueWords = {
  auto_renewed: [
    'Auto renew',
    'Automatische Verlängerung',
    'Verlängert sich automatisch',
    'Tacite reconduction',
    'Reconduction tacite',
    'Renovación automática',
    'Rinnovo automatico',
    'Rinnovo tacito',
    'Stilzwijgende verlenging',
    'Renovação automática',
  ],
  auto_expires: [
    'Endet automatisch',
    'Sans reconduction',
    'Sin renovación',
    'Senza rinnovo',
    'Sem renovação',
  ],
};

export const EXPENDITURE_TYPE_WORDS: ValueWords = {
  capex: [
    'Investition',
    'Investitionsausgaben',
    'Investissement',
    'Inversión',
    'Investimento',
    'Investering',
  ],
  opex: [
    'Betriebsausgaben',
    'Betriebskosten',
    'Fonctionnement',
    "Dépenses d'exploitation",
    'Gasto operativo',
    'Spesa operativa',
    'Exploitatie',
    'Despesa operacional',
  ],
  blended: ['Gemischt', 'Mixte', 'Mixto', 'Misto', 'Gemengd'],
};

export const PAYMENT_TERMS_WORDS: ValueWords = {
  net_30: days(30),
  net_45: days(45),
  net_60: days(60),
};

export const FINANCING_WORDS: ValueWords = {
  financed: ['Finanziert', 'Financé', 'Financiado', 'Finanziato', 'Gefinancierd'],
  leased: [
    'Lease',
    'Leasing',
    'Geleast',
    'Loué',
    'Crédit-bail',
    'En location',
    'Arrendado',
    'In leasing',
    'Geleased',
  ],
  self_paid: [
    'Eigenfinanziert',
    'Autofinancé',
    'Fonds propres',
    'Autofinanciado',
    'Autofinanziato',
    'Zelf betaald',
  ],
};

export const WARRANTY_STATUS_WORDS: ValueWords = {
  within_warranty: [
    'In warranty',
    'Under warranty',
    'In Garantie',
    'Sous garantie',
    'En garantie',
    'En garantía',
    'In garanzia',
    'Onder garantie',
    'Em garantia',
  ],
  out_of_warranty: [
    'Warranty expired',
    'Expired',
    'Garantie abgelaufen',
    'Außerhalb der Garantie',
    'Ausserhalb der Garantie',
    'Hors garantie',
    'Garantie expirée',
    'Fuera de garantía',
    'Fuori garanzia',
    'Buiten garantie',
    'Fora de garantia',
  ],
  none: [
    'No warranty',
    'Keine Garantie',
    'Sans garantie',
    'Sin garantía',
    'Senza garanzia',
    'Geen garantie',
    'Sem garantia',
  ],
};

export const SUPPORT_STATUS_WORDS: ValueWords = {
  within_support: [
    'In support',
    'Under support',
    'Mit Wartung',
    'Sous contrat',
    'Con soporte',
    'In assistenza',
  ],
  out_of_support: [
    'Support expired',
    'Wartung abgelaufen',
    'Hors support',
    'Sin soporte',
    'Fuori assistenza',
  ],
};

export const DEPRECIATION_SCHEDULE_WORDS: ValueWords = {
  '3_year_33_percent': years(3),
  '5_year_20_percent': years(5),
  '10_year_10_percent': years(10),
};

export const CONTACT_TYPE_WORDS: ValueWords = {
  account_management: [
    'Account manager',
    'Kundenbetreuung',
    'Gestion de compte',
    'Gestión de cuentas',
    'Gestione clienti',
    'Accountbeheer',
    'Gestão de conta',
  ],
  billing: [
    'Invoicing',
    'Accounts payable',
    'Rechnung',
    'Rechnungswesen',
    'Buchhaltung',
    'Facturation',
    'Comptabilité',
    'Facturación',
    'Fatturazione',
    'Facturatie',
    'Faturação',
  ],
  executive: ['Management', 'Geschäftsführung', 'Direction', 'Dirección', 'Direzione', 'Directie', 'Direção'],
  sales: ['Vertrieb', 'Verkauf', 'Commercial', 'Ventes', 'Ventas', 'Vendite', 'Verkoop', 'Vendas'],
  support: ['Kundendienst', 'Soporte', 'Supporto', 'Suporte', 'Service client'],
  technical: ['Technik', 'Technisch', 'Technique', 'Técnico', 'Tecnico'],
};
