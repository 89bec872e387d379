// Confirmation commands: by selection, by client id, by scanned numeric references; the manifest is optional.
import { fail, ok, type Result } from '../../shared/ipc/result';
import type { CommandOutput } from '../../shared/ipc/commands';
import type { ConfirmOutcome, ConfirmResultOutcome } from '../../engine/index';
import { MSG } from '../../shared/api/messages';
import type { ConfirmRefusal } from '../../shared/api/confirm';
import type { Handlers } from './context';

const errorView = (e: { id?: number; ddt_num?: number; error: string; why?: ConfirmRefusal }) => ({
  ...(e.id !== undefined ? { id: e.id } : {}),
  ...(e.ddt_num !== undefined ? { ddtNum: e.ddt_num } : {}),
  error: e.error,
  ...(e.why ? { why: e.why } : {}),
});

function view(outcome: ConfirmResultOutcome | ConfirmOutcome): Result<CommandOutput<'confirm.byIds'>> {
  if (outcome.kind === 'invalid') return fail('invalid', outcome.error);
  return ok({
    status: outcome.status,
    confirmed: outcome.confirmedIds.length,
    errors: outcome.errors.map(errorView),
    manifestId: outcome.manifest && outcome.manifest.id > 0 ? outcome.manifest.id : null,
  });
}

/** Weights summed to the gram (a float sum of kilograms drifts). */
const grams = (kg: number) => Math.round(kg * 1000);

export const confirmHandlers: Handlers<'confirm.byIds' | 'confirm.byClient' | 'confirm.byDdtNums' | 'confirm.preview'> =
  {
    'confirm.preview'({ station }, target) {
      const preview = station.engine.previewConfirm(station.caller, target);
      if (!preview) return fail('invalid', MSG.clientIdNotOwned('clientId' in target ? (target.clientId ?? 0) : 0));
      const byCourier = new Map<number, { courier: number; shipments: number; parcels: number; grams: number }>();
      for (const row of preview.ready) {
        const sum = byCourier.get(row.corriere) ?? { courier: row.corriere, shipments: 0, parcels: 0, grams: 0 };
        sum.shipments += 1;
        sum.parcels += row.colli;
        sum.grams += grams(row.peso);
        byCourier.set(row.corriere, sum);
      }
      const couriers = [...byCourier.values()]
        .sort((a, b) => a.courier - b.courier)
        .map(({ grams: g, ...sum }) => ({ ...sum, weightKg: g / 1000 }));
      return ok({
        shipments: preview.ready.length,
        parcels: couriers.reduce((n, c) => n + c.parcels, 0),
        weightKg: couriers.reduce((n, c) => n + Math.round(c.weightKg * 1000), 0) / 1000,
        couriers,
        refused: preview.refused.map(errorView),
      });
    },
    async 'confirm.byIds'({ station }, { ids, createManifest }) {
      return view(await station.engine.confirmByIds(station.caller, ids, createManifest));
    },
    async 'confirm.byClient'({ station }, { clientId, createManifest }) {
      return view(await station.engine.confirmByClient(station.caller, clientId, createManifest));
    },
    async 'confirm.byDdtNums'({ station }, { ddtNums, clientId, createManifest }) {
      return view(await station.engine.confirmByDdtNums(station.caller, ddtNums, clientId, createManifest));
    },
  };
