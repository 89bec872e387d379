// Labels as a printer needs them: ZPL at the printer's resolution (drawn again from the same model when the stored
// labels were made at another one and the courier is local), or the stored PDFs. The barcode never changes.
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import { buildLabelModel, renderZpl } from '../labels';
import { labelDataFor } from './labelData';
import { parseStoredData } from './record';
import { madeHere } from './store';

export function labelsForPrint(
  ctx: EngineContext,
  caller: Caller,
  shipmentId: number,
  format: 'ZPL' | 'PDF',
  dpi: 203 | 300,
): Uint8Array[] | undefined {
  const row = ctx.shipments.byId(caller.userId, shipmentId);
  if (!row || row.state !== 'ok') return undefined;
  const courier = ctx.couriers.get(row.corriere);
  if (format === 'ZPL' && dpi !== ctx.zplDpi && madeHere(row) && courier) {
    const parcels = ctx.shipments.parcels(row.id);
    return labelDataFor(row, parseStoredData(row), parcels, courier).map((data) =>
      Buffer.from(renderZpl(ctx.resources, buildLabelModel(ctx.resources, data), dpi), 'utf8'),
    );
  }
  const stored = ctx.shipments.labels(row.id).filter((l) => l.format === format);
  return stored.length > 0 ? stored.map((l) => new Uint8Array(l.content)) : undefined;
}
