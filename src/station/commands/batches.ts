// The batches' commands: a selection of the orders list made into a batch (made and printed by the station's batch
// loop), its progress, pause and resume, and its A4 pick list.
import type { BatchView } from '../../shared/domain/batches';
import { fail, ok, type Result } from '../../shared/ipc/result';
import type { Station } from '../index';
import type { Handlers } from './context';

type BatchCommand =
  'batches.create' | 'batches.get' | 'batches.list' | 'batches.pause' | 'batches.resume' | 'batches.pickList';

const NOT_FOUND = 'Lotto non trovato';
/** The batches the orders list shows. */
const RECENT_BATCHES = 20;

/** The batch with its printers as the bench names them. */
function named(station: Station, batch: BatchView): BatchView {
  const printers = station.printing?.printers ?? [];
  const name = (id: string) => printers.find((p) => p.id === id)?.name ?? id;
  return { ...batch, jobs: batch.jobs.map((job) => ({ ...job, printerName: name(job.printerId) })) };
}

const namedResult = (station: Station, result: Result<BatchView>): Result<BatchView> =>
  result.ok ? ok(named(station, result.value)) : result;

export const batchHandlers: Handlers<BatchCommand> = {
  'batches.create'({ station }, { orderIds, pickOrder }) {
    return namedResult(station, station.batches.create(orderIds, pickOrder));
  },
  'batches.get'({ station }, { id }) {
    const batch = station.engine.batches.get(station.caller, id);
    return batch ? ok(named(station, batch)) : fail('not_found', NOT_FOUND);
  },
  'batches.list'({ station }) {
    return ok({ batches: station.engine.batches.recent(station.caller, RECENT_BATCHES) });
  },
  'batches.pause'({ station }, { id }) {
    return namedResult(station, station.batches.pause(id));
  },
  'batches.resume'({ station }, { id }) {
    return namedResult(station, station.batches.resume(id));
  },
  async 'batches.pickList'({ station }, { id }) {
    const pdf = await station.engine.batches.pickListPdf(station.caller, id);
    if (!pdf) return fail('not_found', NOT_FOUND);
    return ok({ fileName: `lista-prelievo-lotto-${id}.pdf`, base64: Buffer.from(pdf).toString('base64') });
  },
};
