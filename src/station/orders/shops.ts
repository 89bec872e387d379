// Shops connected to this bench: a connection is checked with the shop before it is kept (its values by their shape,
// then the shop's check; a refusal said by its cause, refusal.ts), its token goes to the key store
// under the connection's id and is never shown back or logged, and the shop worker (src/shops) reads the shops'
// orders and sends their fulfilments.
import { join } from 'node:path';
import type { Caller, Engine, ShopConnectionView, ShopPlatform } from '../../engine/index';
import { shopAddress } from '../../shops/address';
import { connectRefusal, type ConnectRefusal } from '../../shops/refusal';
import { clientFor, shopPlatform } from '../../shops/registry';
import { fieldIssue, otherIssue, type FieldIssue } from '../../shared/api/fieldIssues';
import { shopRefusalValue } from '../../shared/api/shopRefusals';
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
  ): Promise<{ ok: true; connection: ShopConnectionView } | { ok: false; issue: FieldIssue; field: ShopField }>;
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

/** The connect form's field a refusal is shown beside. */
export type ShopField = 'address' | 'token' | 'secret';

/** What the operator reads when the check fails: the cause by its code, and where in the shop's admin to look. */
function refused(platform: ShopPlatform, why: ConnectRefusal): { ok: false; issue: FieldIssue; field: ShopField } {
  return { ok: false, issue: fieldIssue(why.code, shopRefusalValue(platform, why.detail)), field: why.field };
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
      const platform = shopPlatform(input.platform);
      const shape = platform.shape({ address: input.address, token: input.token, secret: input.secret ?? '' });
      if (!shape.ok)
        return { ok: false, issue: fieldIssue(shape.code, shopRefusalValue(input.platform)), field: shape.field };
      const secret = platform.secretOf(input.token, input.secret ?? '');
      let address: string;
      try {
        address = keptAddress(shape.address);
      } catch {
        return { ok: false, issue: fieldIssue('shopAddress', shopRefusalValue(input.platform)), field: 'address' };
      }
      const client = clientFor({ platform: input.platform, address }, secret, { timeoutMs: 15_000 });
      try {
        const checked = await client.check();
        if (!checked.ok) return refused(input.platform, connectRefusal(checked.failure));
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
        if (!kept.ok) return { ok: false, issue: otherIssue(kept.error), field: 'token' };
        const saved = keys.save(secretName(kept.connection.id), secret);
        if (!saved.ok) {
          // A new connection without its secret is useless; one that existed keeps its rows and its old secret.
          if (!existed) engine.shops.remove(caller, kept.connection.id);
          return { ok: false, issue: otherIssue(saved.message), field: 'token' };
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
