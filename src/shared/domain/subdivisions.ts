// The recipient's province (`rcpt_prov`, two characters, required) for every country: Italy's own; a state, province
// or canton code where the country has one (United States, Canada, Spain, Switzerland), from the order's code or
// name; elsewhere EE, "Estero", as Italian shipping software fills it. What is printed never shows EE nor a code the
// country does not have (docs/decisions.md, "real addresses").

/** What Italian shipping software writes in the province of an address abroad: never printed. */
export const ABROAD_PROVINCE = 'EE';

/** "AL Alabama, AK Alaska, …" as code → name. */
const codeTable = (text: string): Readonly<Record<string, string>> =>
  Object.fromEntries(
    text
      .split(',')
      .map((entry) => entry.trim())
      .map((entry) => [entry.slice(0, 2), entry.slice(3)]),
  );

const US_STATES = codeTable(`
AL Alabama, AK Alaska, AZ Arizona, AR Arkansas, CA California, CO Colorado, CT Connecticut, DE Delaware,
DC District of Columbia, FL Florida, GA Georgia, HI Hawaii, ID Idaho, IL Illinois, IN Indiana, IA Iowa,
KS Kansas, KY Kentucky, LA Louisiana, ME Maine, MD Maryland, MA Massachusetts, MI Michigan, MN Minnesota,
MS Mississippi, MO Missouri, MT Montana, NE Nebraska, NV Nevada, NH New Hampshire, NJ New Jersey, NM New Mexico,
NY New York, NC North Carolina, ND North Dakota, OH Ohio, OK Oklahoma, OR Oregon, PA Pennsylvania,
RI Rhode Island, SC South Carolina, SD South Dakota, TN Tennessee, TX Texas, UT Utah, VT Vermont, VA Virginia,
WA Washington, WV West Virginia, WI Wisconsin, WY Wyoming, AS American Samoa, GU Guam,
MP Northern Mariana Islands, PR Puerto Rico, VI Virgin Islands, UM United States Minor Outlying Islands,
AA Armed Forces Americas, AE Armed Forces Europe, AP Armed Forces Pacific
`);

const CANADIAN_PROVINCES = codeTable(`
AB Alberta, BC British Columbia, MB Manitoba, NB New Brunswick, NL Newfoundland and Labrador, NS Nova Scotia,
NT Northwest Territories, NU Nunavut, ON Ontario, PE Prince Edward Island, QC Quebec, SK Saskatchewan, YT Yukon
`);

/**
 * Spain's provinces with a two-letter code (ISO 3166-2:ES, as Shopify exports them). The thirteen with a one-letter
 * code (M Madrid, B Barcelona, V Valencia, …) do not fit the field: EE, the postal code's first two digits name the
 * province anyway.
 */
const SPANISH_PROVINCES = codeTable(`
AB Albacete, AL Almería, AV Ávila, BA Badajoz, BI Bizkaia, BU Burgos, CA Cádiz, CC Cáceres, CE Ceuta, CO Córdoba,
CR Ciudad Real, CS Castellón, CU Cuenca, GC Las Palmas, GI Girona, GR Granada, GU Guadalajara, HU Huesca,
LE León, LO La Rioja, LU Lugo, MA Málaga, ML Melilla, MU Murcia, NA Navarra, OR Ourense, PM Illes Balears,
PO Pontevedra, SA Salamanca, SE Sevilla, SG Segovia, SO Soria, SS Gipuzkoa, TE Teruel, TF Santa Cruz de Tenerife,
TO Toledo, VA Valladolid, VI Araba, ZA Zamora
`);

/** Switzerland's cantons, which Swiss addresses and shops give. */
const SWISS_CANTONS = codeTable(`
AG Aargau, AI Appenzell Innerrhoden, AR Appenzell Ausserrhoden, BE Bern, BL Basel-Landschaft, BS Basel-Stadt,
FR Fribourg, GE Genève, GL Glarus, GR Graubünden, JU Jura, LU Luzern, NE Neuchâtel, NW Nidwalden, OW Obwalden,
SG St. Gallen, SH Schaffhausen, SO Solothurn, SZ Schwyz, TG Thurgau, TI Ticino, UR Uri, VD Vaud, VS Valais, ZG Zug,
ZH Zürich
`);

interface Subdivisions {
  codes: Readonly<Record<string, string>>;
  /** The address is not whole without one (a US state): a code that is none is for the operator to correct. */
  required: boolean;
}

const SUBDIVISIONS: Readonly<Record<string, Subdivisions>> = {
  US: { codes: US_STATES, required: true },
  CA: { codes: CANADIAN_PROVINCES, required: true },
  ES: { codes: SPANISH_PROVINCES, required: false },
  CH: { codes: SWISS_CANTONS, required: false },
};

const nameKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const BY_NAME: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  Object.entries(SUBDIVISIONS).map(([country, { codes }]) => [
    country,
    new Map(Object.entries(codes).map(([code, name]) => [nameKey(name), code])),
  ]),
);

const countryOf = (country: string) => country.trim().toUpperCase() || 'IT';

/**
 * What `rcpt_prov` carries: in Italy the province as typed (capitals); where the country has codes the couriers use,
 * the code given or named ("ny", "New York" → NY), or what was typed when it is none of them and one is required (the
 * form says so); anywhere else EE, whatever was typed to fill a required field.
 */
export function recipientProvince(country: string, typed: string): string {
  const code = countryOf(country);
  const text = typed.trim();
  if (code === 'IT') return text.toUpperCase();
  const list = SUBDIVISIONS[code];
  if (!list) return ABROAD_PROVINCE;
  const upper = text.toUpperCase();
  if (list.codes[upper] !== undefined) return upper;
  const named = BY_NAME.get(code)?.get(nameKey(text));
  if (named) return named;
  return list.required ? upper : ABROAD_PROVINCE;
}

/** Whether the province is typed for this country (Italy, and where there are codes); elsewhere it is EE. */
export const provinceTyped = (country: string): boolean =>
  countryOf(country) === 'IT' || SUBDIVISIONS[countryOf(country)] !== undefined;

/** Whether the country's address needs a state or province code the form must check (US, Canada). */
export const needsSubdivision = (country: string): boolean => SUBDIVISIONS[countryOf(country)]?.required ?? false;

/** Whether a code is one of the country's states or provinces (true for any code where there is no list). */
export function isSubdivisionOf(country: string, prov: string): boolean {
  const list = SUBDIVISIONS[countryOf(country)];
  return !list || list.codes[prov.trim().toUpperCase()] !== undefined;
}

/**
 * The province as labels, manifests, invoices and e-mails print it: Italy's; a real state or province code; nothing
 * for EE or for a code the country does not have (an "OS" typed for Oslo is not printed).
 */
export function printedProvince(country: string, prov: string): string {
  const code = countryOf(country);
  const text = prov.trim().toUpperCase();
  if (text === '' || text === ABROAD_PROVINCE) return '';
  if (code === 'IT') return text;
  return SUBDIVISIONS[code]?.codes[text] !== undefined ? text : '';
}
