// The queue's calls over the remote client's one request path (its pool, limiter, deadlines and redaction): each
// builds its request from the endpoint table and reads the answer with remoteQueue.ts's liberal readers.
import { z } from 'zod';
import { ENDPOINTS, type EndpointDef } from '../shared/api/endpoints';
import { MSG } from '../shared/api/messages';
import type { Call } from './remoteCall';
import { PostedOrderReader, QueuePageReader, readClaim } from './remoteQueue';
import type { ClaimAnswer, QueueRemote, RemoteOutcome } from './types';

type Send = <D extends EndpointDef, T>(
  def: D & { responses: { 200: z.ZodType<T> } },
  call: Call<D>,
  reader?: z.ZodType<T>,
) => Promise<RemoteOutcome<T>>;

/** A 2xx read with one of remoteQueue.ts's liberal readers; what they cannot read at all is a refusal, said. */
function readWith<T>(outcome: RemoteOutcome<unknown>, reader: z.ZodType<T>): RemoteOutcome<T> {
  if (outcome.kind !== 'ok') return outcome;
  const read = reader.safeParse(outcome.body);
  return read.success
    ? { ...outcome, body: read.data }
    : { kind: 'rejected', status: outcome.status, error: `${MSG.syncUnreadable}: ${read.error.message.slice(0, 200)}` };
}

/** A refusal's JSON body read by `read`; undefined when it is not JSON or `read` does not take it. */
export function readRefusal(text: string, read: (body: unknown) => unknown): unknown {
  try {
    return read(JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** The most references asked in one GET (the query stays well under any server's line limit). */
const REFS_PER_GET = 50;

export function queueCalls(send: Send): QueueRemote {
  return {
    postOrder: async (body) => readWith(await send(ENDPOINTS.createOrder, { body }, z.unknown()), PostedOrderReader),
    amendOrder: async (id, body) =>
      readWith(await send(ENDPOINTS.amendOrder, { pathValue: id, body }, z.unknown()), PostedOrderReader),
    async ordersByRef(clientId, refs) {
      const found = [];
      for (let i = 0; i < refs.length; i += REFS_PER_GET) {
        const slice = refs.slice(i, i + REFS_PER_GET);
        const pairs: [string, string | number][] = [
          ['client_id[0]', clientId],
          ...slice.map((ref, n): [string, string] => [`order_ref[${n}]`, ref]),
          ['perPage', 100],
          // The rows too: an order kept at the bench needs them (its slip, its item check, its customs lines).
          ['withDetails', 1],
        ];
        const page = readWith(await send(ENDPOINTS.listOrders, { pairs }, z.unknown()), QueuePageReader);
        if (page.kind !== 'ok') return page;
        found.push(...page.body.orders);
      }
      return { kind: 'ok', status: 200, body: found };
    },
    async waiting(page, perPage) {
      const pairs: [string, string | number][] = [
        ['status[0]', 'waiting'],
        ['page', page],
        ['perPage', perPage],
        ['orderBy', 'id'],
        ['order', 'ASC'],
      ];
      return readWith(await send(ENDPOINTS.listOrders, { pairs }, z.unknown()), QueuePageReader);
    },
    async claim(body): Promise<ClaimAnswer> {
      // A refusal is read whatever its HTTP status, when its body says so (`status` ERROR): it names the shipment.
      const refusal = (_status: number, answer: unknown) =>
        typeof answer === 'object' && answer !== null && 'status' in answer ? answer : undefined;
      const answer = await send(ENDPOINTS.orderToShipment, { body, refusal }, z.unknown());
      if (answer.kind !== 'ok') return answer;
      return readClaim(answer.body);
    },
  };
}
