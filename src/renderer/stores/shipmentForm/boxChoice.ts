// The box the parcels go in: picked by its key or `BOX:<name>` at the scan, by a shipping rule, or by the volume of
// the loaded order's items; the parcels' sizes (and so the volume sent) come from it, and its tare is added to what
// the order's items weigh when the scale's weight is checked. A key or a rule is never overridden by the volume.
import { BOX_SCAN_PREFIX, boxScanned, type Box } from '../../../shared/domain/boxes';
import type { MessageKey, Params } from '../../i18n/translate';
import type { BoxWhy } from './boxState';
import type { FormContext, FormState, FormStore } from './formState';

const SIDES = [
  ['lunghezza', 'length'],
  ['larghezza', 'width'],
  ['altezza', 'height'],
] as const;

export function createBoxActions({
  api,
  get,
  set,
}: FormContext): Pick<FormState, 'chooseBox' | 'pickBox' | 'boxForItems'> {
  const chooseBox = (preset: Box, why: BoxWhy) => {
    set({ box: { preset, why } });
    const state = get();
    for (const [field, side] of SIDES) {
      const cm = String(preset[side]);
      if (state.detailed) state.parcels.forEach((_, i) => get().setParcel(i, field, cm));
      else get().setDim(field, cm);
    }
  };
  return {
    chooseBox,
    async pickBox(text) {
      const named = boxScanned(text);
      // An order's reference is no box's: the station is asked only of what can name one.
      if (!named) return 'none';
      const answer = await api.call('boxes.pick', { text });
      if (!answer.ok || !answer.value.box) return 'name' in named ? 'unknown' : 'none';
      const preset = answer.value.box;
      chooseBox(preset, 'key' in named ? { by: 'key', key: preset.key } : { by: 'scan' });
      return 'picked';
    },
    async boxForItems(lines) {
      const order = get().order?.id;
      if (order === undefined || lines.length === 0) return;
      const answer = await api.call('boxes.forItems', {
        lines: lines.map((l) => ({
          qty: l.qty,
          ...(l.sku ? { sku: l.sku } : {}),
          ...(l.weightKg ? { weightKg: l.weightKg } : {}),
        })),
      });
      // The operator moved on to another order, or picked a box meanwhile: their choice stands.
      if (!answer.ok || !answer.value.box || answer.value.itemsCm3 === null) return;
      if (get().order?.id !== order || get().box) return;
      chooseBox(answer.value.box, { by: 'volume', itemsCm3: answer.value.itemsCm3 });
    },
  };
}

/**
 * At the scan: a box's key or `BOX:<name>` scanned puts the parcels in that box, and the weighing under way goes on
 * (`weighOn`). True when the text was a box's (or named no box kept: an alert), false when it is an order's reference.
 */
export async function scannedBox(
  form: FormStore,
  text: string,
  say: { alert(key: MessageKey, params: Params): void; note(key: MessageKey, params: Params): void },
  weighOn: () => Promise<void>,
): Promise<boolean> {
  const picked = await form.getState().pickBox(text);
  if (picked === 'none') return false;
  if (picked === 'unknown') {
    say.alert('scan.boxUnknown', { name: text.trim().slice(BOX_SCAN_PREFIX.length).trim() });
    return true;
  }
  say.note('scan.box', { name: form.getState().box?.preset.name ?? '' });
  const { order, weighed, parcels } = form.getState();
  if (order && weighed < parcels.length) await weighOn();
  return true;
}
