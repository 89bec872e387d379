// Orders waiting belong to the bench, not to one connection: each connection has a database of its own,
// so when the bench changes connection its waiting orders move with it. They are set aside in a file of the data
// folder (written whole before they leave the old database), taken into the new one as it starts, and the file keeps
// only what the new connection cannot take (an order for a client it does not have), to be taken where it fits.
// A stop in between loses nothing: the next start takes the file in.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writePrivateFile, type Caller, type Engine } from '../../engine/index';
import { WaitingOrderSchema, type WaitingOrder } from '../../shared/domain/orders';

export const MOVING_ORDERS_FILE = 'ordini-da-spostare.json';
const PAGE = 500;

const MovingSchema = z.object({ orders: z.array(WaitingOrderSchema) });

const fileOf = (dataDir: string) => join(dataDir, MOVING_ORDERS_FILE);

function readMoving(dataDir: string): WaitingOrder[] {
  const file = fileOf(dataDir);
  if (!existsSync(file)) return [];
  const parsed = MovingSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${MOVING_ORDERS_FILE} illeggibile: ${parsed.error.message}`);
  return parsed.data.orders;
}

function writeMoving(dataDir: string, orders: readonly WaitingOrder[]): void {
  if (orders.length === 0) rmSync(fileOf(dataDir), { force: true });
  else writePrivateFile(fileOf(dataDir), `${JSON.stringify({ orders })}\n`);
}

/** Sets the waiting orders of the station being left aside (file first, then out of its database); how many. */
export function setOrdersAside(engine: Engine, caller: Caller, dataDir: string): number {
  const waiting: WaitingOrder[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = engine.orders.list(caller, { state: 'waiting', limit: PAGE, offset });
    waiting.push(...page.rows);
    if (page.rows.length < PAGE) break;
  }
  if (waiting.length === 0) return 0;
  const already = readMoving(dataDir);
  const refs = new Set(waiting.map((order) => `${order.clientId}|${order.orderRef}`));
  writeMoving(dataDir, [...already.filter((order) => !refs.has(`${order.clientId}|${order.orderRef}`)), ...waiting]);
  for (const order of waiting) engine.orders.remove(caller, order.id);
  return waiting.length;
}

/**
 * The client of this connection that takes the place of one it does not have. Connections that share a client keep
 * each client's own (another client waits for a connection that has it); a bench moving to an account that shares
 * none (the demo clients to the account's, one account to another) puts everything under its first client, where
 * nothing else would ever find a place. `undefined`: stays where it is.
 */
function clientTakingPlace(clientId: number, fromClients: readonly number[], caller: Caller): number | undefined {
  if (caller.clientIds.includes(clientId)) return clientId;
  const shared = fromClients.some((id) => caller.clientIds.includes(id));
  return shared ? undefined : caller.clientIds[0];
}

export interface TakenOrders {
  /** Taken into this station's database (new, or the same order already there). */
  taken: number;
  /** Left in the file: orders for clients this connection does not have. */
  left: number;
  /** Of those taken, the orders of a client this connection does not have, taken under its first client. */
  reassigned: number;
}

/** Takes the orders set aside into the station starting; those it cannot take stay set aside. */
export function takeOrdersIn(engine: Engine, caller: Caller, dataDir: string): TakenOrders {
  const moving = readMoving(dataDir);
  if (moving.length === 0) return { taken: 0, left: 0, reassigned: 0 };
  const from = [...new Set(moving.map((order) => order.clientId))];
  const fits: WaitingOrder[] = [];
  const left: WaitingOrder[] = [];
  let reassigned = 0;
  for (const order of moving) {
    const clientId = clientTakingPlace(order.clientId, from, caller);
    if (clientId === undefined) left.push(order);
    else fits.push({ ...order, clientId });
    if (clientId !== undefined && clientId !== order.clientId) reassigned += 1;
  }
  const refused: WaitingOrder[] = [];
  const bySource = new Map<string, WaitingOrder[]>();
  for (const order of fits) bySource.set(order.source, [...(bySource.get(order.source) ?? []), order]);
  for (const [source, orders] of bySource) {
    const drafts = orders.map((order, line) => ({
      line,
      clientId: order.clientId,
      orderRef: order.orderRef,
      values: order.values,
      lines: order.lines,
    }));
    const added = engine.orders.add(caller, drafts, source);
    for (const issue of added.invalid) refused.push(orders[issue.line]!);
  }
  writeMoving(dataDir, [...left, ...refused]);
  return { taken: fits.length - refused.length, left: left.length + refused.length, reassigned };
}
