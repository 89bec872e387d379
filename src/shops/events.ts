// The shop worker's sending of a parcel's states after the fulfilment (a Shopify fulfilment event, a WooCommerce
// note): one attempt per due state through the platform's client, which finds a state an earlier attempt already made
// (its answer lost) before it makes it again; a refusal is given up with the shop's words, any other failure waits
// with the fulfilments' backoff, a 429's Retry-After at least.
import type { ShopConnectionRow, ShopEventDue, ShopPort } from '../engine/index';
import type { Clock } from '../shared/clock';
import type { ShopClient } from './client';
import { describe, MISSING_SECRET_ERROR, type ShopFailure } from './types';
import { shopError } from './refusal';
import { errorMessage } from '../shared/errorMessage';

export interface EventSenderDeps {
  port: ShopPort;
  clock: Clock;
  log(line: string): void;
  clientOf(connection: ShopConnectionRow): ShopClient | undefined;
  retryDelay(attempts: number): number;
  giveUpAfterMs: number;
}

export function eventSender(deps: EventSenderDeps): (item: ShopEventDue) => Promise<void> {
  const { port, clock, log } = deps;
  return async (item) => {
    const { orderRef, number, words } = item.body;
    const what = `negozio ${item.connection.address} ordine ${orderRef} (${number}: ${words})`;
    const client = deps.clientOf(item.connection);
    if (!client) return void port.events.failed(item.id, MISSING_SECRET_ERROR);
    port.events.attempted(item.id);
    // An answer the client could not read: an attempt like any failed one, never a pass that throws.
    const outcome = await client.tell(item).catch((error: unknown): ShopFailure => ({
      kind: 'http',
      status: 0,
      message: `Risposta non leggibile: ${errorMessage(error)}`,
      reason: 'unreadable',
    }));
    if ('ok' in outcome) {
      port.events.sent(item.id, outcome.id);
      return log(`${what}: stato inviato (${outcome.id})`);
    }
    const at = clock.now();
    if (outcome.kind === 'refused' || at - item.createdAt >= deps.giveUpAfterMs) {
      port.events.failed(item.id, shopError(outcome, 'send'));
      return log(`${what}: stato non inviato: ${describe(outcome)}`);
    }
    const delay = Math.max(deps.retryDelay(item.attempts + 1), outcome.retryAfterMs ?? 0);
    port.events.retryLater(item.id, at + delay, shopError(outcome, 'send'));
    log(`${what}: ${describe(outcome)}; nuovo tentativo tra ${Math.round(delay / 1000)} s`);
  };
}
