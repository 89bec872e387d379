// The box presets' commands: kept in the station's engine per user. A scanned text picks a box by its key or by
// `BOX:<name>` (shared/domain/boxes.ts says which text is which), so the scan bar asks here before it looks for an
// order.
import { boxScanned } from '../../shared/domain/boxes';
import { fail, failFields, ok } from '../../shared/ipc/result';
import type { Handlers } from './context';

type BoxCommand = 'boxes.list' | 'boxes.save' | 'boxes.delete' | 'boxes.pick' | 'boxes.forItems';

export const boxHandlers: Handlers<BoxCommand> = {
  'boxes.list'({ station }) {
    return ok({ boxes: station.engine.boxes.list(station.caller) });
  },
  'boxes.save'({ station }, { box, replace }) {
    const saved = station.engine.boxes.save(station.caller, box, replace);
    if (saved.ok) return ok({ box: saved.value });
    return 'fields' in saved
      ? failFields(saved.fields)
      : fail('not_found', `Nessuna scatola di nome ${box.name.trim()}`);
  },
  'boxes.delete'({ station }, { name }) {
    const deleted = station.engine.boxes.remove(station.caller, name);
    return deleted ? ok({ deleted }) : fail('not_found', `Nessuna scatola di nome ${name.trim()}`);
  },
  'boxes.pick'({ station }, { text }) {
    const named = boxScanned(text);
    if (!named) return ok({ box: null });
    const { boxes } = station.engine;
    const box = 'key' in named ? boxes.byKey(station.caller, named.key) : boxes.byName(station.caller, named.name);
    return ok({ box: box ?? null });
  },
  'boxes.forItems'({ station }, { lines }) {
    const { box, itemsCm3, itemsKg } = station.engine.boxes.forItems(station.caller, lines);
    return ok({ box: box ?? null, itemsCm3: itemsCm3 ?? null, itemsKg: itemsKg ?? null });
  },
};
