// Every error text the API answers with, in Italian as the spec requires. One place, so the service, the station
// and the tests say exactly the same words.
import { REMOTE_ADDR_MAX } from './remoteAddress';

export const MSG = {
  /** The real aggregator's text, as documented (trailing space included): aggregator-facts.md. */
  invalidApiKey: 'Invalid API key ',
  /** Answered with 421 by a loopback-only server to any other Host (DNS rebinding). */
  hostRefused: 'Host non ammesso: rispondo solo a 127.0.0.1 e localhost',
  rateLimited: (what: string) => `Limite di richieste superato (${what}): riprovare più tardi`,
  instanceNotFound: 'Istanza non trovata',
  routeNotFound: 'Risorsa non trovata',
  invalidJson: 'Corpo della richiesta non valido: JSON malformato',
  bodyTooLarge: 'Corpo della richiesta troppo grande',
  bodyNotObject: 'Corpo della richiesta non valido: atteso un oggetto JSON',
  bodyTooDeep: (levels: number) => `Corpo della richiesta non valido: JSON annidato oltre ${levels} livelli`,
  contentTypeJson: 'Content-Type application/json obbligatorio',
  internal: 'Errore interno del servizio',
  /** HTTP 503: the storage (disk full, read-only, locked) did not take the write; nothing was decided. */
  storageUnavailable: 'Archivio dati pieno o non scrivibile: operazione non eseguita, riprovare più tardi',
  /** dropshipping 1 where no mail server is set up (the service config's `smtp`, the station's Settings). */
  dropshippingWithoutMail:
    'Campi non validi: dropshipping: invio della lettera di vettura per e-mail non configurato ' +
    '(manca il server SMTP: "smtp" nel file di configurazione del servizio, o Impostazioni della postazione)',
  /** HTTP 503: the thread making the shipment stopped mid-way; it may be stored or not (look it up by ddt_alpha). */
  createInterrupted:
    'Creazione interrotta da un riavvio interno del servizio: la spedizione potrebbe essere stata registrata. ' +
    'Cercarla per ddt_alpha prima di reinviarla',
  deletedWhileCreated: (id: number, ddtAlpha: string) =>
    `Spedizione ${id} (${ddtAlpha}) eliminata mentre se ne generavano le etichette: non esiste più`,
  shipmentUnfinished: (id: number, ddtAlpha: string) =>
    `Archivio dati pieno o non scrivibile: spedizione ${id} (${ddtAlpha}) registrata con il suo numero ma ` +
    'etichette non generate; sarà completata automaticamente appena possibile. Non reinviarla: rileggerla più tardi',

  shipmentIdMissing: 'ID spedizione non indicata',
  shipmentIdInvalid: 'ID spedizione non valido',
  shipmentNotFound: 'Spedizione non trovata',
  /** GET tracking without `id`, `ddt_num` or `ddt_alpha`: the aggregator's own words. */
  trackingReferenceMissing: 'Riferimento spedizione non indicato',
  /** GET ShipmentsList: both dates are required, written as the aggregator documents them. */
  listDateFromMissing: 'Data iniziale (data_da) non indicata',
  listDateToMissing: 'Data finale (data_a) non indicata',
  listDateInvalid: (name: string) => `Data non valida in ${name}: usare il formato AAAA-MM-GG HH:MM:SS`,
  listPerPageInvalid: (max: number) => `perPage non valido: indicare un numero da 1 a ${max}`,
  listValueInvalid: (name: string) => `Valore non valido per ${name}`,
  /** The order queue: the aggregator's own words where it documents them (aggregator-facts.md, "Orders"). */
  orderNotFound: 'Ordine non trovato',
  orderDataInvalid: 'Dati ordine non presenti o in formato sbagliato',
  orderIdInvalid: 'ID ordine non valido',
  orderFieldsFixed: (fields: string[]) =>
    `Campi non modificabili: ${fields.join(', ')} (un ordine resta del suo cliente e del suo riferimento)`,
  orderShipped: 'Ordine già spedito: non può essere modificato',
  orderCancelled: 'Ordine annullato: riattivarlo (status waiting) prima di spedirlo',
  /** Order To Shipment of an order leaving the EU customs territory that lacks what customs read (queue/goods.ts). */
  orderCustomsMissing: (country: string, zip: string, gaps: readonly string[]) =>
    `Dati doganali mancanti nell'ordine per ${country} ${zip} (fuori dal territorio doganale UE): ${gaps.join('; ')}`,
  orderNetOverWeight: (weight: number, net: number) =>
    `Peso indicato (weight ${weight} kg) minore del peso netto delle righe dell'ordine (${net} kg): ` +
    'pesare di nuovo i colli o correggere peso_riga',
  orderRowsMissing:
    'righe della merce (rows con sku, description, qty, hs_code, country_of_origin, prezzo_singolo, peso_riga)',
  orderInvoiceMissing: 'numero e data della fattura (invoice_number, invoice_date)',
  orderSenderEoriMissing: (clientId: number) =>
    `EORI del mittente (profilo del cliente ${clientId} in questo servizio)`,
  orderClaimed: (shipmentId: number, ddtAlpha: string, platform: string) =>
    `Ordine già spedito con la spedizione ${shipmentId} (${ddtAlpha})` +
    (platform === '' ? '' : `, richiesta da ${platform}`),
  ddtAlphaMissing: 'Riferimento alfanumerico (ddt_alpha) non indicato',
  ddtAlphaNotUnique: 'Riferimento alfanumerico non univoco: indicare client_id',
  ddtNumNotUnique: 'Riferimento numerico non univoco: indicare client_id',
  clientIdInvalid: 'client_id non valido',
  /** invoiced_client_id from a user that is not a reseller, or naming a client that is not the reseller's. */
  invoicedClientNotReseller: 'indicabile solo da un account rivenditore (nessun cliente fatturato configurato)',
  invoicedClientUnknown: (id: number) => `il cliente fatturato ${id} non è tra i clienti di questo rivenditore`,
  clientIdNotOwned: (clientId: number | string) => `client_id ${clientId} non associato a questa API key`,

  deleteConfirmed: 'Spedizione già confermata: non può essere eliminata',
  amendConfirmed: 'Spedizione già confermata: non può essere modificata',
  amendEmpty: 'Nessun campo da modificare',
  amendNotAllowed: (fields: string[]) => `Campi non modificabili per questo corriere: ${fields.join(', ')}`,
  amendDone: 'Spedizione modificata correttamente',

  confirmAlready: 'Spedizione già confermata',
  confirmInError: (reason: string) => `Spedizione in errore: ${reason}`,
  confirmProcessing: 'Spedizione in elaborazione',
  confirmNotFound: 'Spedizione non trovata',
  confirmDeletedRemotely: 'Spedizione eliminata sul servizio remoto',
  syncRemoteUnreachable: 'Servizio remoto non raggiungibile o in errore, nuovo tentativo automatico',
  syncRateLimited: 'Limite di richieste del servizio: nuovo tentativo automatico',
  syncProcessing: 'in elaborazione sul servizio remoto',
  syncUnreadable: 'Risposta del servizio remoto non leggibile: spedizione messa da parte',
  trackingUnreadable: 'Risposta di tracciamento del servizio remoto non leggibile',
  pickupUnreadable: 'Risposta del servizio remoto sul ritiro non leggibile',
  syncKeyMaybeRevoked:
    'Il servizio rifiuta le richieste da oltre 30 minuti: la chiave API potrebbe essere stata revocata. ' +
    'Le spedizioni restano in coda; controllare la chiave nelle impostazioni',
  syncReferenceTaken: (ddtAlpha: string) =>
    `Riferimento ${ddtAlpha} già usato sul servizio remoto da un'altra spedizione: cambiare ddt_alpha e reinviare`,
  nothingToResubmit: 'Nessuna modifica in attesa di intervento per questa spedizione',
  confirmDdtNotUnique: 'Riferimento numerico non univoco',
  confirmSummary: (confirmed: number, errors: number) => `${confirmed} spedizioni confermate, ${errors} errori`,
  /** As the aggregator documents it (aggregator-facts.md). */
  ddtNumMissing: 'ddt_num non indicati o indicati in formato errato',
  createManifestInvalid: 'create_manifest non valido: atteso Y o N',
  confirmIdsInvalid: 'id non valido: atteso un array di ID numerici',

  missingFields: (fields: string[]) => `Campi obbligatori mancanti: ${fields.join(', ')}`,
  invalidFields: (details: string[]) => `Campi non validi: ${details.join('; ')}`,
} as const;

/** Per-check texts used by the field schemas; the field name is put in front by the formatter. */
export const FIELD_MSG = {
  text: 'deve essere un testo',
  required: 'obbligatorio',
  number: 'deve essere un numero',
  integer: 'deve essere un numero intero',
  nonNegative: 'non può essere negativo',
  atLeastOne: 'deve essere almeno 1',
  maxChars: (n: number) => `al massimo ${n} caratteri`,
  max: (n: number) => `al massimo ${n}`,
  maxItems: (n: number) => `al massimo ${n} elementi`,
  country: 'codice paese ISO 3166 di 2 lettere non valido',
  province: 'sigla di 2 caratteri',
  subdivision: (country: string) => `sigla di uno stato o provincia di ${country} (es. NY, ON)`,
  email: 'indirizzo e-mail non valido',
  flagSN: 'valori ammessi: S o N',
  flag01: 'valori ammessi: 0 o 1',
  enumOf: (values: readonly (string | number)[]) => `valori ammessi: ${values.join(', ')}`,
  date: 'data nel formato AAAA-MM-GG',
  dateTime: 'data e ora nel formato AAAA-MM-GG hh:mm:ss',
  time: 'ora nel formato hh:mm:ss',
  currency: 'codice valuta ISO 4217 di 3 lettere',
  array: 'deve essere un array',
  parcelsCount: 'il numero di elementi deve essere uguale a colli',
  notAmendable: 'non modificabile per questo corriere',
  unique: 'codice già presente nella lista',
  courierMaxChars: (n: number, length?: number) =>
    length === undefined
      ? `il corriere accetta al massimo ${n} caratteri: accorciare il testo`
      : `il corriere accetta al massimo ${n} caratteri, qui ${length} (${length - n} di troppo): accorciare il testo`,
  customsRequired: 'obbligatorio fuori dal territorio doganale UE',
  capDigits: "per l'Italia servono 5 cifre",
  capUnknown: 'CAP inesistente',
  capProvince: (provinces: string) => `il CAP è della provincia ${provinces}`,
  capCity: (names: string) => `il CAP è di ${names}`,
  cityProvince: "località di un'altra provincia",
  base64: 'contenuto non in base64',
  customsLines: 'fuori dal territorio doganale UE servono le righe della merce',
  hsCode: 'codice doganale (HS) non valido: da 6 a 10 cifre',
  customsTotal: (total: string) => `diverso dal totale delle righe (${total})`,
  customsNetWeight: (net: string) => `minore del peso netto delle righe (${net} kg)`,
  remoteCut: (lost: string) =>
    `il servizio riceve indirizzo e seconda riga insieme fino a ${REMOTE_ADDR_MAX} caratteri: resterebbe fuori ` +
    `«${lost}»; accorciare, o salvare di nuovo per inviarlo così`,
  invoiceNumberUsed: (last: string) =>
    `numero già dato: l'ultima fattura di questa numerazione è ${last}, il prossimo numero deve venire dopo`,
  invoiceNumberTaken: (holder: string) =>
    `già usato dalla spedizione ${holder} dello stesso cliente: ogni spedizione ha la sua fattura`,
  invoiceSeries: (max: number) => `serie del banco non valida: solo lettere e cifre, al massimo ${max}`,
  invoiceSeriesMissing:
    'questo banco lavora con altri sulla stessa coda ordini e non ha una serie di numerazione fatture: ' +
    'impostarla in Impostazioni › Banco (es. B2), o indicare il numero della fattura del negozio',
  unprintable: (chars: string) =>
    `caratteri che la fattura doganale non può stampare: ${chars}; scrivere la riga in lettere latine (in inglese)`,
  boxKey: 'una sola lettera o cifra',
  boxMaxWeight: (tare: string) => `deve superare la tara della scatola (${tare} kg)`,
  gtin: 'EAN/GTIN non valido: 8, 12, 13 o 14 cifre con la cifra di controllo giusta (o senza)',
  codeShared: (sku: string) => `codice già dell'articolo ${sku}: un codice può indicare un solo articolo`,
  rangeOrder: 'Il minimo supera il massimo',
  rangeBound: 'Indicare almeno un limite (min o max)',
  ruleNoAction: 'La regola non dice cosa fare',
  json: (reason: string) => `Non è JSON: ${reason}`,
  invalid: 'valore non valido',
} as const;

/** 403 texts that mean the key itself is refused: the aggregator's documented one, and our service's former one. */
const INVALID_KEY_TEXTS = ['invalid api key', 'api key non valida'];

/**
 * Whether a 403's text says the key is invalid (compared without regard to case and spaces). Every other 403, whatever
 * its body, is the real aggregator's rate limit, which it answers with 403 and no documented body.
 */
export function isInvalidKeyText(text: string | undefined): boolean {
  if (text === undefined) return false;
  return INVALID_KEY_TEXTS.includes(text.toLowerCase().replace(/\s+/g, ' ').trim());
}
