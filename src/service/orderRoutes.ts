// The order queue's endpoints (GET/POST Orders, GET/PATCH Orders/{id}, OrderToShipment) over the engine's queue:
// the documented bodies, `{error, code}` for the Orders errors as the aggregator writes its 404, and the claim's
// outcomes as its OK and ERROR bodies (docs/decisions.md, "the order queue at the service").
import type { ClaimOutcome } from '../engine/index';
import { MSG } from '../shared/api/messages';
import { parseOrdersQuery } from '../shared/api/ordersList';
import { orderDataError } from '../shared/api/orderToShipment';
import { pagedBody, queryOf, single, type AnswerOf, type Handlers } from './handler';
import type { FastifyRequest } from 'fastify';

type OrderEndpoint = 'listOrders' | 'getOrder' | 'createOrder' | 'amendOrder' | 'orderToShipment';

const coded = <C extends number>(code: C, message: string) => ({ code, body: { error: message, code } });

/** The order id of the path, or undefined when it is not one (an order no one has). */
function orderId(request: FastifyRequest): number | undefined {
  const text = single((request.params as Record<string, unknown>).order_id);
  return text !== undefined && /^\d{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}

function claimAnswer(outcome: ClaimOutcome): AnswerOf<'orderToShipment'> {
  const base = { status: 'ERROR' as const, order_ref: outcome.orderRef };
  switch (outcome.kind) {
    case 'shipped': {
      const { record } = outcome;
      const labels = { label_jpg: record.label_jpg, label_pdf: record.label_pdf, label_zpl: record.label_zpl };
      const body = { status: 'OK' as const, order_ref: outcome.orderRef, ...labels };
      return { code: 200, body: { ...body, id: record.id, ddt_alpha: record.ddt_alpha } };
    }
    case 'invalid':
      return { code: 400, body: orderDataError(outcome.orderRef, outcome.detail) };
    case 'not_found':
      return { code: 404, body: { ...base, error_description: MSG.orderNotFound } };
    case 'taken':
      return {
        code: 409,
        body: {
          ...base,
          error_description: MSG.orderClaimed(outcome.shipmentId, outcome.ddtAlpha, outcome.platform),
          id_spedizione: outcome.shipmentId,
          ddt_alpha: outcome.ddtAlpha,
          platform: outcome.platform,
        },
      };
    case 'refused':
      return { code: 400, body: { ...base, error_description: outcome.error } };
    case 'unfinished':
      // Temporary, as POST Shipment's: the shipment holds the order; asking again (same platform) answers it.
      return { code: 503, body: { ...base, error_description: outcome.error } };
  }
}

export const orderHandlers: Pick<Handlers, OrderEndpoint> = {
  listOrders(engine, caller, request) {
    const query = parseOrdersQuery(queryOf(request));
    if (!query.ok) return coded(400, query.message);
    const found = engine.queue.list(caller, query.value);
    return { code: 200, body: pagedBody(request, found, found.orders) };
  },

  getOrder(engine, caller, request) {
    const id = orderId(request);
    const order = id === undefined ? undefined : engine.queue.get(caller, id);
    return order ? { code: 200, body: order } : coded(404, MSG.orderNotFound);
  },

  createOrder(engine, caller, request) {
    const outcome = engine.queue.create(caller, request.body);
    return outcome.kind === 'invalid' ? coded(400, outcome.error) : { code: 200, body: outcome.order };
  },

  amendOrder(engine, caller, request) {
    const id = orderId(request);
    if (id === undefined) return coded(404, MSG.orderNotFound);
    const outcome = engine.queue.amend(caller, id, request.body);
    switch (outcome.kind) {
      case 'amended':
        return { code: 200, body: outcome.order };
      case 'not_found':
        return coded(404, MSG.orderNotFound);
      case 'shipped':
        return coded(400, MSG.orderShipped);
      case 'invalid':
        return coded(400, outcome.error);
    }
  },

  async orderToShipment(engine, caller, request) {
    return claimAnswer(await engine.queue.toShipment(caller, request.body));
  },
};
