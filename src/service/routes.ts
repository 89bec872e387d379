// One handler per endpoint of the spec: reads query, path and body, calls the engine and answers the spec's status
// code and body. No HTTP here beyond the request object, so each mapping reads as the spec's table.
import type { FastifyRequest } from 'fastify';
import type { Engine } from '../engine/index';
import { parseConfirmByDdtnum, parseConfirmById } from '../shared/api/confirm';
import type { ConfirmResult } from '../shared/api/confirm';
import { MSG } from '../shared/api/messages';
import { parseShipmentsListQuery } from '../shared/api/shipmentsList';
import { PICKUP_MSG } from '../shared/api/pickups';
import { pagedBody, queryOf, single, type AnswerOf, type Handlers } from './handler';
import { orderHandlers } from './orderRoutes';
import { createAnswer } from './createAnswer';

const error = <C extends number>(code: C, message: string) => ({ code, body: { error: message } });
const patch = <C extends number>(code: C, result: string, status: 200 | 400 | 500) => ({
  code,
  body: { result, status },
});

/** A positive integer id, or why not. */
function parseId(value: unknown): { ok: true; id: number } | { ok: false; message: string } {
  const text = single(value);
  if (text === undefined) return { ok: false, message: MSG.shipmentIdMissing };
  if (!/^\d{1,15}$/.test(text) || Number(text) <= 0) return { ok: false, message: MSG.shipmentIdInvalid };
  return { ok: true, id: Number(text) };
}

function parseDdtAlphaQuery(
  request: FastifyRequest,
): { ok: true; ddtAlpha: string; clientId?: number } | { ok: false; answer: ReturnType<typeof error<400>> } {
  const query = queryOf(request);
  const ddtAlpha = single(query.ddt_alpha);
  if (ddtAlpha === undefined) return { ok: false, answer: error(400, MSG.ddtAlphaMissing) };
  const clientText = single(query.client_id);
  if (clientText === undefined) return { ok: true, ddtAlpha };
  if (!/^\d{1,7}$/.test(clientText)) return { ok: false, answer: error(400, MSG.clientIdInvalid) };
  return { ok: true, ddtAlpha, clientId: Number(clientText) };
}

function deleteAnswer(outcome: ReturnType<Engine['deleteShipment']>): AnswerOf<'deleteShipment'> {
  switch (outcome) {
    case 'deleted':
      return { code: 200, body: { error: '' } };
    case 'not_found':
      return error(404, MSG.shipmentNotFound);
    case 'confirmed':
      return error(400, MSG.deleteConfirmed);
    case 'ambiguous':
      return error(400, MSG.ddtAlphaNotUnique);
  }
}

/** A whole number a reference gives (`id`, `ddt_num`); NaN when it is given but is not one (it names nothing). */
function referenceNumber(value: unknown): number | undefined {
  const text = single(value);
  if (text === undefined) return undefined;
  return /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
}

export const handlers: Handlers = {
  ...orderHandlers,

  tracking(engine, caller, request) {
    const query = queryOf(request);
    const id = referenceNumber(query.id);
    const ddtNum = referenceNumber(query.ddt_num);
    const ddtAlpha = single(query.ddt_alpha);
    const ref =
      id !== undefined ? { id } : ddtNum !== undefined ? { ddt_num: ddtNum } : ddtAlpha ? { ddt_alpha: ddtAlpha } : {};
    const outcome = engine.tracking(caller, ref);
    if (outcome.kind === 'no_reference') return error(400, MSG.trackingReferenceMissing);
    if (outcome.kind === 'not_found') return error(404, MSG.shipmentNotFound);
    const [only, ...more] = outcome.records;
    return { code: 200, body: only && more.length === 0 ? only : outcome.records };
  },

  shipmentsList(engine, caller, request) {
    const query = parseShipmentsListQuery(queryOf(request));
    if (!query.ok) return error(400, query.message);
    const found = engine.shipmentsList(caller, query.value);
    return { code: 200, body: pagedBody(request, found, found.records) };
  },

  bookPickup(engine, caller, request) {
    const outcome = engine.pickups.book(caller, request.body);
    return outcome.kind === 'invalid' ? error(400, outcome.error) : { code: 200, body: outcome.answer };
  },

  getPickup(engine, caller, request) {
    const text = single(queryOf(request).id);
    if (text === undefined) return error(400, PICKUP_MSG.idMissing);
    if (!/^\d{1,15}$/.test(text) || Number(text) <= 0) return error(400, PICKUP_MSG.idInvalid);
    const answer = engine.pickups.read(caller, Number(text));
    return answer ? { code: 200, body: answer } : error(404, PICKUP_MSG.notFound);
  },

  getShipment(engine, caller, request) {
    const id = parseId(queryOf(request).id);
    if (!id.ok) return error(400, id.message);
    const record = engine.getShipment(caller, id.id);
    return record ? { code: 200, body: record } : error(404, MSG.shipmentNotFound);
  },

  createShipment: (engine, caller, request) => createAnswer(engine, caller, request.body),

  deleteShipment(engine, caller, request) {
    const id = parseId(queryOf(request).id);
    if (!id.ok) return error(400, id.message);
    return deleteAnswer(engine.deleteShipment(caller, id.id));
  },

  amendShipment(engine, caller, request) {
    const id = parseId((request.params as Record<string, unknown>).shipment_id);
    if (!id.ok) return patch(400, id.message, 400);
    const outcome = engine.amendShipment(caller, id.id, request.body);
    switch (outcome.kind) {
      case 'amended':
        return patch(200, MSG.amendDone, 200);
      case 'not_found':
        return patch(404, MSG.shipmentNotFound, 500);
      case 'refused':
        return patch(400, outcome.error, 400);
    }
  },

  getShipmentByDdtalpha(engine, caller, request) {
    const query = parseDdtAlphaQuery(request);
    if (!query.ok) return query.answer;
    const found = engine.getShipmentByDdtAlpha(caller, query.ddtAlpha, query.clientId);
    if (found.kind === 'found') return { code: 200, body: found.value };
    return found.kind === 'ambiguous' ? error(400, MSG.ddtAlphaNotUnique) : error(404, MSG.shipmentNotFound);
  },

  getShipmentByDdtnum(engine, caller, request) {
    const query = queryOf(request);
    const ddtNum = single(query.ddt_num);
    if (ddtNum === undefined) return error(400, MSG.ddtNumMissing);
    if (!/^\d{1,15}$/.test(ddtNum) || Number(ddtNum) <= 0) return error(400, MSG.ddtNumMissing);
    const clientText = single(query.client_id);
    if (clientText !== undefined && !/^\d{1,7}$/.test(clientText)) return error(400, MSG.clientIdInvalid);
    const found = engine.getShipmentByDdtNum(caller, Number(ddtNum), clientText ? Number(clientText) : undefined);
    if (found.kind === 'found') return { code: 200, body: found.value };
    return found.kind === 'ambiguous' ? error(400, MSG.ddtNumNotUnique) : error(404, MSG.shipmentNotFound);
  },

  deleteShipmentByDdtalpha(engine, caller, request) {
    const query = parseDdtAlphaQuery(request);
    if (!query.ok) return query.answer;
    return deleteAnswer(engine.deleteShipmentByDdtAlpha(caller, query.ddtAlpha, query.clientId));
  },

  async confirmById(engine, caller, request) {
    const parsed = parseConfirmById(request.body);
    if (!parsed.ok) return error(400, parsed.error);
    const { ids, clientId, createManifest } = parsed.value;
    const outcome = ids
      ? await engine.confirmByIds(caller, ids, createManifest)
      : await engine.confirmByClient(caller, clientId ?? 0, createManifest);
    if (outcome.kind === 'invalid') return error(400, outcome.error);
    const body: ConfirmResult = { status: outcome.status, errors: outcome.errors };
    if (outcome.manifest) {
      body.manifest = outcome.manifest.pdfBase64;
      body.manifest_id = outcome.manifest.id;
    }
    return { code: 200, body };
  },

  async confirmByDdtnum(engine, caller, request) {
    const parsed = parseConfirmByDdtnum(request.body);
    if (!parsed.ok) return error(400, parsed.error);
    const { ddtNums, clientId, createManifest } = parsed.value;
    const outcome = await engine.confirmByDdtNums(caller, ddtNums, clientId, createManifest);
    if (outcome.kind === 'invalid') return error(400, outcome.error);
    const body: ConfirmResult = { status: outcome.status, errors: outcome.errors };
    // The spec documents only `manifest` for this endpoint (manifest_id belongs to the by-id response).
    if (outcome.manifest) body.manifest = outcome.manifest.pdfBase64;
    return { code: 200, body };
  },
};
