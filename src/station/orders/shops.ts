// Shops connected to this bench: a connection is checked with the shop before it is kept (Shopify answers with the
// shop's name, or says in its own words why not), its token goes to the key store under the connection's id and is
// never shown back or logged, and the shop worker (src/shops) reads the shops' orders and sends their fulfilments.
import { join } from 'node:path';
import type { Caller, Engine, ShopConnectionView, ShopPlatform } from '../../engine/index';
import { shopAddress } from '../../shops/address';
import { clientFor, shopPlatform } from '../../shops/registry';
import { startShopWorker, type ShopWorker } from '../../shops/worker';
import type { Log } from '../../shared/log';
import { codWords } from './fromFiles';
import { createKeyStore, plainCodec, SECRETS_FILE, type KeyStore } from '../settings/keyStore';
import type { Services } from '../services';

/** How the host tunes the shop worker (StationOptions.shops). */
export interface ShopOptions {
  pollEveryMs?: number;
  backoff?: { baseMs: number; maxMs: number };
  giveUpAfterMs?: number;
  /** A shop request's total deadline, headers and body (20 s by default). */
  timeoutMs?: number;
  /** The throttle's waits (tests shorten them). */
  sleep?: (ms: number) => Promise<void>;
}

export interface ConnectShop {
  platform: ShopPlatform;
  address: string;
  /** Shopify: the Admin API access token; WooCommerce: the consumer key. */
  token: string;
  /** WooCommerce: the consumer secret. */
  secret?: string;
  clientId: number;
  notifyCustomer: boolean;
}

export interface StationShops {
  /** Refused: why, and the field it concerns (the address, or the credentials). */
  connect(
    input: ConnectShop,
  ): Promise<{ ok: true; connection: ShopConnectionView } | { ok: false; error: string; field: 'address' | 'token' }>;
  remove(id: number): boolean;
  /** Reads every shop's new orders now (the settings' "leggi ora", and tests). */
  pollNow(): Promise<void>;
  worker: ShopWorker;
}

const secretName = (id: number) => `shop-${id}`;

/** One spelling per shop: `host[/path]`, or the whole origin for a loopback address reached over plain http. */
function keptAddress(typed: string): string {
  const where = shopAddress(typed);
  return where.plain ? where.origin : `${where.host}${where.path}`;
}

/** What the operator reads when the check fails: the shop's words, and where to look. */
function refusal(platform: ShopPlatform, message: string): string {
  return `${shopPlatform(platform).name} non ha accettato il collegamento: ${message}`;
}

export function startShops(
  engine: Engine,
  caller: Caller,
  given: { dataDir: string; keyStore?: KeyStore; options: ShopOptions; ordersChanged: () => void; log: Log },
  services: Services,
): StationShops {
  // The browser and headless stations keep secrets in the data folder's key file, as their remote's key.
  const keys = given.keyStore ?? createKeyStore(join(given.dataDir, SECRETS_FILE), plainCodec());
  const worker = startShopWorker({
    port: engine.shops,
    secret(connection) {
      const loaded = keys.load(secretName(connection.id));
      return loaded.ok ? loaded.value : undefined;
    },
    codWords: () => codWords(engine),
    onOrders: given.ordersChanged,
    ...given.options,
    log: given.log,
  });
  const unsubscribe = engine.shops.onQueued(() => worker.kick());
  services.add('shop worker', () => {
    unsubscribe();
    return worker.stop();
  });
  return {
    async connect(input) {
      const secret = shopPlatform(input.platform).secretOf(input.token, input.secret ?? '');
      let address: string;
      try {
        address = keptAddress(input.address);
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error), field: 'address' };
      }
      const client = clientFor({ platform: input.platform, address }, secret, { timeoutMs: 15_000 });
      try {
        const checked = await client.check();
        if (!checked.ok) {
          // No answer at all, or not a shop's: the address is what to look at; a refusal is the credentials'.
          const field = checked.failure.kind === 'unauthorized' ? 'token' : 'address';
          return { ok: false, error: refusal(input.platform, checked.failure.message), field };
        }
        const existed = engine.shops
          .connections(caller)
          .some((c) => c.platform === input.platform && c.address === address);
        const kept = engine.shops.save(caller, {
          clientId: input.clientId,
          platform: input.platform,
          address,
          name: checked.data.name,
          notifyCustomer: input.notifyCustomer,
        });
        if (!kept.ok) return { ...kept, field: 'token' };
        const saved = keys.save(secretName(kept.connection.id), secret);
        if (!saved.ok) {
          // A new connection without its secret is useless; one that existed keeps its rows and its old secret.
          if (!existed) engine.shops.remove(caller, kept.connection.id);
          return { ok: false, error: saved.message, field: 'token' };
        }
        worker.pollNow().catch(() => undefined);
        return kept;
      } finally {
        await client.close();
      }
    },
    remove(id) {
      const removed = engine.shops.remove(caller, id);
      if (removed) keys.remove(secretName(id));
      return removed;
    },
    pollNow: () => worker.pollNow(),
    worker,
  };
}
