// The bench's own set-up follows it to another connection's database, as its settings and waiting orders do: the
// sender profiles (with the exporter's EORI and VAT number a parcel leaving the EU needs) and the product list. Each
// is taken only where the new database has none of its own, so going back to a connection finds it as it was left.
import type { Caller, Engine } from '../../engine/index';
import type { TakenOrders } from '../orders/moving';
import type { Product } from '../../shared/domain/products';
import type { SenderProfile } from '../../shared/domain/senderProfile';

export interface BenchSetup {
  /** The profiles saved at the bench (not the configured or demo ones), by the client they were saved for. */
  senders: { clientId: number; profile: SenderProfile }[];
  products: Product[];
}

export interface TakenSetup {
  /** Client ids given a profile of the bench before this connection. */
  senders: number[];
  /** Products the new database did not have. */
  products: number;
}

/** At most this many products travel (the product file's own limit is lower): a bound on a connection change. */
const MAX_PRODUCTS = 200_000;

/** What the station being left has set up at the bench. */
export function benchSetupOf(engine: Engine, caller: Caller): BenchSetup {
  const senders = engine
    .senderProfiles(caller)
    .flatMap(({ clientId, profile, source }) => (profile && source === 'station' ? [{ clientId, profile }] : []));
  return { senders, products: engine.products.list(caller, { limit: MAX_PRODUCTS }).rows };
}

/** Takes the set-up into the station starting, where it has none of its own. */
export function takeSetupIn(engine: Engine, caller: Caller, setup: BenchSetup): TakenSetup {
  const taken: TakenSetup = { senders: [], products: 0 };
  const sharesClient = setup.senders.some((s) => caller.clientIds.includes(s.clientId));
  const own = new Map(engine.senderProfiles(caller).map((entry) => [entry.clientId, entry.profile]));
  for (const clientId of caller.clientIds) {
    if (own.get(clientId)) continue;
    // The client's own profile; with no client shared, the bench's first one: the same warehouse ships for each.
    const carried = setup.senders.find((s) => s.clientId === clientId) ?? (sharesClient ? undefined : setup.senders[0]);
    if (carried && engine.saveSenderProfile(caller, clientId, carried.profile).ok) taken.senders.push(clientId);
  }
  // SKUs are matched as the product list matches them (any case): a product this database has stays as it is.
  const missing = setup.products.filter((p) => engine.products.lookup(caller, [p.sku]).length === 0);
  if (missing.length > 0) taken.products = engine.products.saveAll(caller, missing).added;
  return taken;
}

/** What a connection change carried over, for the settings screen's message ('' when nothing). */
export function movedBenchText(orders: TakenOrders, setup: TakenSetup, caller: Caller): string {
  const { taken, left, reassigned } = orders;
  const many = (n: number, one: string, several: string) => (n === 1 ? one : several.replace('{n}', String(n)));
  const parts = [
    taken > 0
      ? `${many(taken, '1 ordine in attesa è passato', '{n} ordini in attesa sono passati')} al nuovo collegamento.`
      : '',
    reassigned > 0
      ? `${many(reassigned, 'Uno di essi era', '{n} di essi erano')} di clienti che questo collegamento non ha: ` +
        `ora ${many(reassigned, 'è', 'sono')} del cliente ${caller.clientIds[0]}.`
      : '',
    left > 0
      ? `${many(left, '1 ordine resta', '{n} ordini restano')} da parte: clienti che questo collegamento non ha; ` +
        'torneranno in attesa con il collegamento che li ha.'
      : '',
    setup.senders.length > 0
      ? `Il mittente della postazione (con EORI e partita IVA) vale ora per ` +
        `${many(setup.senders.length, 'il cliente', 'i clienti')} ${setup.senders.join(', ')}.`
      : '',
    setup.products > 0
      ? `${many(setup.products, '1 prodotto è passato', '{n} prodotti sono passati')} all'elenco prodotti del ` +
        'nuovo collegamento.'
      : '',
  ];
  return parts.filter(Boolean).join(' ');
}
