// Confirmation commands: by selection, by client id, by scanned numeric references; the manifest is optional.
import { fail, ok, type Result } from '../../shared/ipc/result';
import type { CommandOutput } from '../../shared/ipc/commands';
import type { ConfirmOutcome, ConfirmPreview, ConfirmResultOutcome } from '../../engine/index';
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

/** Weights summed to the gram and money to the cent (float sums of kilograms and euros drift). */
const grams = (kg: number) => Math.round(kg * 1000);
const cents = (eur: number) => Math.round(eur * 100);

type CourierSum = CommandOutput<'confirm.preview'>['couriers'][number];

/** The engine's preview as the screens read it: summed per courier, COD shipments listed under their courier. */
function previewView(preview: ConfirmPreview): CommandOutput<'confirm.preview'> {
  const byCourier = new Map<number, CourierSum & { grams: number; cents: number }>();
  for (const row of preview.ready) {
    const empty = { courier: row.corriere, shipments: 0, parcels: 0, weightKg: 0, cod: 0, grams: 0, cents: 0 };
    const sum = byCourier.get(row.corriere) ?? { ...empty, codShipments: [] };
    sum.shipments += 1;
    sum.parcels += row.colli;
    sum.grams += grams(row.peso);
    if (row.contrassegno > 0) {
      sum.cents += cents(row.contrassegno);
      sum.codShipments.push({
        id: row.id,
        waybill: row.num_spedizione,
        reference: row.ddt_alpha || String(row.ddt_num),
        recipient: row.rcpt_name,
        amount: row.contrassegno,
      });
    }
    byCourier.set(row.corriere, sum);
  }
  const couriers = [...byCourier.values()]
    .sort((a, b) => a.courier - b.courier)
    .map(({ grams: g, cents: c, ...sum }) => ({ ...sum, weightKg: g / 1000, cod: c / 100 }));
  const days = [...preview.ready, ...preview.refused].flatMap((row) => row.created_at?.slice(0, 10) ?? []);
  const earlier = days.filter((day) => day < preview.today).sort();
  return {
    shipments: preview.ready.length,
    parcels: couriers.reduce((n, c) => n + c.parcels, 0),
    weightKg: couriers.reduce((n, c) => n + grams(c.weightKg), 0) / 1000,
    cod: couriers.reduce((n, c) => n + cents(c.cod), 0) / 100,
    couriers,
    refused: preview.refused.map(errorView),
    ids: [...new Set([...preview.ready.map((row) => row.id), ...preview.refused.flatMap((row) => row.id ?? [])])],
    fromEarlierDays: earlier.length,
    earliestDay: earlier[0] ?? null,
  };
}

export const confirmHandlers: Handlers<'confirm.byIds' | 'confirm.byClient' | 'confirm.byDdtNums' | 'confirm.preview'> =
  {
    'confirm.preview'({ station }, target) {
      const preview = station.engine.previewConfirm(station.caller, target);
      if (!preview) return fail('invalid', MSG.clientIdNotOwned('clientId' in target ? (target.clientId ?? 0) : 0));
      return ok(previewView(preview));
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
