// The order queue as the engine offers it (GET/POST/PATCH Orders, Order To Shipment): one port built per engine over
// its connection, each operation scoped by the caller's clients.
import type { OrderRecord } from '../../shared/api/orders';
import type { OrdersQuery } from '../../shared/api/ordersList';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { orderToShipment, type ClaimOutcome } from './claim';
import {
  amendOrder,
  createOrder,
  getOrder,
  listOrders,
  type OrderAmended,
  type OrderCreated,
  type OrdersPage,
} from './orders';
import { createQueueRepo } from './repo';

export type { ClaimOutcome } from './claim';
export type { OrderAmended, OrderCreated, OrdersPage } from './orders';

export interface QueuePort {
  /** POST Orders: stored, or the order the client already has under that reference (nothing changed). */
  create(caller: Caller, body: unknown): OrderCreated;
  get(caller: Caller, id: number): OrderRecord | undefined;
  list(caller: Caller, query: OrdersQuery): OrdersPage;
  amend(caller: Caller, id: number, body: unknown): OrderAmended;
  /** Order To Shipment: the order's one shipment, made by the first asker (claim.ts). */
  toShipment(caller: Caller, body: unknown): Promise<ClaimOutcome>;
}

export function queuePort(engine: EngineContext): QueuePort {
  const ctx = { ...engine, queue: createQueueRepo(engine.db) };
  return {
    create: (caller, body) => createOrder(ctx, caller, body),
    get: (caller, id) => getOrder(ctx, caller, id),
    list: (caller, query) => listOrders(ctx, caller, query),
    amend: (caller, id, body) => amendOrder(ctx, caller, id, body),
    toShipment: (caller, body) => orderToShipment(ctx, caller, body),
  };
}
