// Why a shop was not connected, as data the connect form shows in the bench's language: a code (a field error code of
// fieldIssues.ts), the platform and what the code speaks of (the missing scopes, why nobody answered), and the Italian
// the station answers with. Never a library's or the shop's own words: each says where in the shop's admin to look.

/** What the shop's answer (or its silence) says: met at the connect form, and after connecting (shopFailures.ts). */
export const SHOP_ANSWER_CODES = [
  /** Nobody answered at the address: the detail is why (NETWORK_CAUSES). */
  'shopUnreachable',
  /** The shop answered 401: the token or key is wrong or revoked. */
  'shopTokenRefused',
  /** The shop refused what the bench reads: the detail is the missing access scopes, comma separated, when named. */
  'shopScopes',
  /** The app may not read the customers' names, addresses, e-mails and phones (Shopify's protected customer data). */
  'shopProtectedData',
  /** Something answered at the address, but not the platform's API (a 404, a web page: the detail is its title). */
  'shopNotShop',
  /** The shop's own trouble (a 5xx, a throttle): the detail is the HTTP status. */
  'shopTrouble',
  /** The platform's version is older than the bench reads (WooCommerce before 5.8: no `modified_after`). */
  'shopVersion',
] as const;
export type ShopAnswerCode = (typeof SHOP_ANSWER_CODES)[number];

export const SHOP_REFUSAL_CODES = [
  /** Not the shape of the platform's shop address (a Shopify store's own domain instead of NAME.myshopify.com). */
  'shopAddress',
  /** Not the shape of the platform's token or key (Shopify's shpat_…, WooCommerce's ck_…). */
  'shopToken',
  /** Not the shape of WooCommerce's consumer secret (cs_…). */
  'shopSecret',
  ...SHOP_ANSWER_CODES,
] as const;
export type ShopRefusalCode = (typeof SHOP_REFUSAL_CODES)[number];

/**
 * Why nobody answered: the name does not exist, the port refused, no answer in time, a bad certificate, an answer
 * sending elsewhere (a redirect, never followed: the credentials stay at the address typed), a name leading inside
 * this computer or its network (the credentials are not sent there), or else.
 */
export const NETWORK_CAUSES = ['dns', 'refused', 'timeout', 'tls', 'redirect', 'inner', 'other'] as const;
export type NetworkCause = (typeof NETWORK_CAUSES)[number];

const CODES = new Set<string>(SHOP_REFUSAL_CODES);
export const isShopRefusal = (code: string): code is ShopRefusalCode => CODES.has(code);

/** The value: the platform, and after a colon what the code speaks of. */
export const shopRefusalValue = (platform: string, detail = ''): string =>
  detail ? `${platform}:${detail}` : platform;

export function shopRefusalParts(value: string | undefined): { platform: string; detail: string } {
  const [platform = '', ...rest] = (value ?? '').split(':');
  return { platform, detail: rest.join(':') };
}

/**
 * The message's name (`shopUnreachable.dns`, `shopToken.shopify`, `shopTrouble.any`) and its places: the code with the
 * cause, or with the platform whose admin it points to where `known` has that text, else the code's text for any
 * platform. The renderer's dictionaries use the same names under `shopRefusal.` (and, for the failures after
 * connecting, shopFailures.ts's under `shopFailure.`).
 */
export function shopRefusalKey(
  code: string,
  value: string | undefined,
  known: (name: string) => boolean,
): { name: string; params: { scopes: string; status: string; page: string } } {
  const { platform, detail } = shopRefusalParts(value);
  const variant = code === 'shopUnreachable' ? detail || 'other' : platform;
  const specific = `${code}.${variant}`;
  const params = {
    scopes: code === 'shopScopes' ? detail : '',
    status: code === 'shopTrouble' ? detail : '',
    // What answered instead of the API (a page's title), quoted as it came: the same in every language.
    page: code === 'shopNotShop' && detail ? ` («${detail}»)` : '',
  };
  return { name: known(specific) ? specific : `${code}.any`, params };
}

const SHOPIFY_APP = 'in Shopify: Impostazioni → App → Sviluppa app → la tua app';
const WOO_KEYS = 'nella bacheca di WordPress: WooCommerce → Impostazioni → Avanzate → REST API';
const PS_KEYS = 'nel pannello di PrestaShop: Parametri avanzati → Webservice';

/** The Italian of each refusal, by the names shopRefusalKey gives; `{scopes}` and `{status}` are filled in. */
export const SHOP_REFUSAL_IT = {
  'shopAddress.shopify':
    'non è un indirizzo di Shopify: serve quello che finisce con .myshopify.com (lo trovi in Shopify: ' +
    'Impostazioni → Domini; va bene anche incollare l’indirizzo dell’admin, admin.shopify.com/store/…)',
  'shopAddress.woocommerce':
    'indirizzo del sito non valido: serve l’indirizzo del sito WordPress, ad esempio https://negozio.it (quello ' +
    'che apri per vedere il negozio)',
  'shopAddress.any': 'indirizzo del negozio non valido: scrivi l’indirizzo del sito, ad esempio https://negozio.it',
  'shopToken.shopify':
    `non è un token di accesso dell'API Admin: inizia con shpat_ e lo trovi ${SHOPIFY_APP} → Credenziali API ` +
    '(non la chiave API né la chiave segreta API, che iniziano diversamente)',
  'shopToken.woocommerce': `non è una Chiave utente: inizia con ck_ e la trovi ${WOO_KEYS}`,
  'shopToken.prestashop':
    'non è una chiave del Webservice: è di 32 lettere e cifre, e la trovi ' + `${PS_KEYS} (colonna Chiave)`,
  'shopToken.any': 'credenziale non valida: copiala di nuovo dal pannello del negozio',
  'shopSecret.woocommerce':
    `non è una Chiave segreta: inizia con cs_ e si vede solo quando la chiave viene generata (${WOO_KEYS}); ` +
    'se non l’hai più, genera una nuova chiave',
  'shopSecret.any': 'chiave segreta non valida: copiala di nuovo dal pannello del negozio',
  'shopUnreachable.dns': 'nessun sito ha questo nome: controlla come è scritto l’indirizzo',
  'shopUnreachable.refused':
    'a questo indirizzo non risponde nessun sito (connessione rifiutata): controlla l’indirizzo',
  'shopUnreachable.timeout':
    'il negozio non ha risposto in tempo: controlla l’indirizzo e la connessione a internet, poi riprova',
  'shopUnreachable.tls':
    'il sito non ha un certificato https valido: il negozio deve essere in https con un certificato valido',
  'shopUnreachable.redirect':
    'questo indirizzo risponde con un rinvio altrove, e la postazione non segue i rinvii: scrivi l’indirizzo esatto ' +
    'del negozio, quello a cui arrivi aprendolo nel browser (in https)',
  'shopUnreachable.inner':
    'questo indirizzo porta a questo computer o alla rete interna, dove la postazione non manda le credenziali del ' +
    'negozio: scrivi l’indirizzo pubblico del negozio',
  'shopUnreachable.other': 'il negozio non è raggiungibile: controlla l’indirizzo e la connessione a internet',
  'shopTokenRefused.shopify':
    "Shopify ha rifiutato il token: è sbagliato, o l'app è stata disinstallata. Copia di nuovo il token " +
    `${SHOPIFY_APP} → Credenziali API (se non si vede più, disinstalla e reinstalla l’app per averne uno nuovo)`,
  'shopTokenRefused.woocommerce':
    'il sito ha rifiutato la chiave: Chiave utente o Chiave segreta sbagliata, o chiave revocata. Controllala ' +
    `${WOO_KEYS} (o generane una nuova)`,
  'shopTokenRefused.prestashop':
    `PrestaShop ha rifiutato la chiave: è sbagliata o non è attiva. Controllala ${PS_KEYS} (la chiave deve ` +
    'essere attiva e il webservice abilitato)',
  'shopTokenRefused.any': 'il negozio ha rifiutato le credenziali: copiale di nuovo dal pannello del negozio',
  'shopScopes.shopify':
    `all'app mancano degli accessi ({scopes}): aggiungili ${SHOPIFY_APP} → Configurazione → Ambiti dell'API ` +
    "Admin, salva e reinstalla l'app",
  'shopScopes.woocommerce': `la chiave non ha i permessi che servono: dalle i permessi Lettura/Scrittura ${WOO_KEYS}`,
  'shopScopes.prestashop': `alla chiave mancano dei permessi ({scopes}): spuntali ${PS_KEYS} → la chiave, e salva`,
  'shopScopes.any': 'le credenziali non hanno i permessi che servono: controllali nel pannello del negozio',
  'shopProtectedData.shopify':
    "l'app non può leggere i dati dei clienti (nome, indirizzo, e-mail, telefono) che servono alle etichette: " +
    `${SHOPIFY_APP} → Configurazione → Accesso ai dati protetti dei clienti, chiedi i dati dei clienti e i campi ` +
    'nome, indirizzo, e-mail e telefono',
  'shopProtectedData.any': 'il negozio non dà accesso ai dati dei clienti: concedilo nel pannello del negozio',
  'shopNotShop.shopify':
    'a questo indirizzo risponde altro{page}, non un negozio Shopify: controlla l’indirizzo NOME.myshopify.com',
  'shopNotShop.woocommerce':
    'a questo indirizzo risponde altro{page}, non l’API REST di WooCommerce: controlla l’indirizzo del sito (quello ' +
    'della home page) e che i permalink di WordPress non siano «Semplice»',
  'shopNotShop.prestashop':
    'a questo indirizzo risponde altro{page}, non il Webservice di PrestaShop: controlla l’indirizzo del negozio e ' +
    `che il webservice sia abilitato (${PS_KEYS})`,
  'shopNotShop.any': 'a questo indirizzo risponde altro{page}, non il negozio: controlla l’indirizzo',
  'shopTrouble.any': 'il negozio ha risposto con un errore (HTTP {status}): riprova tra qualche minuto',
  'shopVersion.woocommerce':
    'il sito usa una versione di WooCommerce troppo vecchia per la postazione, che legge gli ordini per data di ' +
    'modifica: aggiorna WooCommerce alla 5.8 o successiva (bacheca di WordPress → Aggiornamenti), poi riprova',
  'shopVersion.any': 'il negozio usa una versione troppo vecchia per la postazione: aggiornala, poi riprova',
} as const;
export type ShopRefusalName = keyof typeof SHOP_REFUSAL_IT;

const hasItalian = (name: string): name is ShopRefusalName => Object.hasOwn(SHOP_REFUSAL_IT, name);

/** A refusal's Italian, as the station answers it. */
export function shopRefusalItalian(code: ShopRefusalCode, value: string | undefined): string {
  const { name, params } = shopRefusalKey(code, value, hasItalian);
  const text: string = hasItalian(name) ? SHOP_REFUSAL_IT[name] : SHOP_REFUSAL_IT['shopTokenRefused.any'];
  return text
    .replace('{scopes}', params.scopes || 'vedi gli accessi elencati sotto il modulo')
    .replace('{status}', params.status)
    .replace('{page}', params.page);
}
