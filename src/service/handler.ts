// What every endpoint's handler is: typed from its row of the endpoint table (a handler cannot answer a status or a
// shape the table does not show), and the small readers of a request they share.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Caller, Engine } from '../engine/index';
import type { ENDPOINTS, EndpointName } from '../shared/api/endpoints';

type Responses<N extends EndpointName> = (typeof ENDPOINTS)[N]['responses'];

/**
 * An answer an endpoint may give, typed from its row of the endpoint table: a status it lists, with a body of that
 * status's schema. A handler cannot answer a status or a shape the table does not show.
 */
export type AnswerOf<N extends EndpointName> = {
  [S in keyof Responses<N> & number]: { code: S; body: z.input<Responses<N>[S] & z.ZodType> };
}[keyof Responses<N> & number];

/**
 * A 200 whose JSON body is written already (a created shipment's record around its labels' bytes: recordAnswer.ts),
 * which only the endpoints in WrittenAnswers may give.
 */
export interface WrittenAnswer {
  code: 200;
  bytes: Buffer;
}

type WrittenAnswers = 'createShipment';

export type Handler<N extends EndpointName> = (
  engine: Engine,
  caller: Caller,
  request: FastifyRequest,
) =>
  | Promise<AnswerOf<N> | (N extends WrittenAnswers ? WrittenAnswer : never)>
  | AnswerOf<N>
  | (N extends WrittenAnswers ? WrittenAnswer : never);

export type Handlers = { [N in EndpointName]: Handler<N> };

export function queryOf(request: FastifyRequest): Record<string, unknown> {
  return (request.query ?? {}) as Record<string, unknown>;
}

export function single(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : undefined;
}

/** The request's own path and query with another `page`: relative to the host, as the caller reached us. */
function pageUrl(requestUrl: string, page: number): string {
  const url = new URL(requestUrl, 'http://service.invalid');
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

/** A paged list's envelope (ShipmentsList's, as the aggregator documents it) around one page of `payload`. */
export function pagedBody<T>(
  request: FastifyRequest,
  found: { page: number; totPages: number; totEntries: number },
  payload: T[],
) {
  const urlOf = (page: number) => (page >= 1 && page <= found.totPages ? pageUrl(request.url, page) : null);
  return {
    status: 200 as const,
    page: found.page,
    totPages: found.totPages,
    totEntries: found.totEntries,
    entries: payload.length,
    payload,
    previousPageUrl: urlOf(Math.min(found.page - 1, found.totPages)),
    nextPageUrl: urlOf(found.page + 1),
  };
}
