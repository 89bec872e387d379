// The batches' commands: a selection of the orders list made into a batch (made and printed by the station's batch
// loop), its progress, pause and resume, and its A4 pick list.
import { fail, ok } from '../../shared/ipc/result';
import type { Handlers } from './context';

type BatchCommand =
  'batches.create' | 'batches.get' | 'batches.list' | 'batches.pause' | 'batches.resume' | 'batches.pickList';

const NOT_FOUND = 'Lotto non trovato';
/** The batches the orders list shows. */
const RECENT_BATCHES = 20;

export const batchHandlers: Handlers<BatchCommand> = {
  'batches.create'({ station }, { orderIds, pickOrder }) {
    return station.batches.create(orderIds, pickOrder);
  },
  'batches.get'({ station }, { id }) {
    const batch = station.engine.batches.get(station.caller, id);
    return batch ? ok(batch) : fail('not_found', NOT_FOUND);
  },
  'batches.list'({ station }) {
    return ok({ batches: station.engine.batches.recent(station.caller, RECENT_BATCHES) });
  },
  'batches.pause'({ station }, { id }) {
    return station.batches.pause(id);
  },
  'batches.resume'({ station }, { id }) {
    return station.batches.resume(id);
  },
  async 'batches.pickList'({ station }, { id }) {
    const pdf = await station.engine.batches.pickListPdf(station.caller, id);
    if (!pdf) return fail('not_found', NOT_FOUND);
    return ok({ fileName: `lista-prelievo-lotto-${id}.pdf`, base64: Buffer.from(pdf).toString('base64') });
  },
};
