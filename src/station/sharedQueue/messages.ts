// What the bench says about the shared order queue, in the style of the spec's own errors (shared/api/messages.ts).
export const QUEUE_MSG = {
  noOrder: 'Ordine non trovato',
  shipped: (ref: string) => `Ordine ${ref} già spedito o non più in attesa`,
  shippedBy: (ref: string, bench: string) => `Ordine ${ref} già spedito dal banco «${bench}»: niente da stampare`,
  taken: (ref: string, bench: string, shipment: number) =>
    `Ordine ${ref} già preso dal banco «${bench || '?'}»${shipment ? ` (spedizione ${shipment} sull'hub)` : ''}: ` +
    'niente da stampare',
  offline: (ref: string) =>
    `Hub non raggiungibile: ordine ${ref} non preso. ` +
    "Senza l'hub si spediscono solo gli ordini già presi da questo banco",
  answerLost: (ref: string) =>
    `Nessuna risposta dall'hub per l'ordine ${ref}: appena l'hub risponde si rilegge l'ordine, e se è di questo ` +
    "banco l'etichetta si stampa (mai presa due volte)",
  labelsPending: (ref: string) => `Ordine ${ref} preso: etichetta non ancora pronta sull'hub, si stampa appena arriva`,
  inFlight: (ref: string) => `Ordine ${ref}: presa già in corso su questo banco`,
  notAtHub: (ref: string) => `Ordine ${ref} non presente nella coda dell'hub`,
  refused: (ref: string, why: string) => `Ordine ${ref} non preso dall'hub: ${why}`,
  invoiceRefused: (ref: string, number: string, why: string) =>
    `Ordine ${ref} non preso: l'hub non ha accettato il numero di fattura ${number} (resta dato, mai riusato): ${why}`,
  customsRefused: (ref: string, why: string) =>
    `Ordine ${ref} non preso: l'hub non ha accettato i dati doganali delle righe presi dai prodotti: ${why}`,
  postRefused: (ref: string, why: string) => `Ordine ${ref} non accettato nella coda dell'hub: ${why}`,
  needsRemote: "La coda condivisa è di un servizio remoto (l'hub): collegare prima il banco",
  noBench: 'Indicare il nome di questo banco per usare la coda condivisa',
} as const;
