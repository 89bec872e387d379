// "Da gestire" at the station: the bench's "no movement" days (a Banco setting), and how many parcels need a person
// told to the screens whenever it changes.
import type { Caller, Engine } from '../../engine/index';
import { DEFAULT_QUIET_DAYS, QuietDaysSchema } from '../../shared/domain/attention';
import type { StationEvent } from '../../shared/ipc/events';
import { SETTING_KEYS } from '../settings/keys';

/** The bench's "no movement" days as saved (3 when never set or unreadable). */
export function quietDaysOf(settings: Engine['settings']): number {
  const parsed = QuietDaysSchema.safeParse(Number(settings.get(SETTING_KEYS.attentionDays)));
  return parsed.success ? parsed.data : DEFAULT_QUIET_DAYS;
}

/** Tells the screens the count when it differs from the one last told (after a new state, an action, a setting). */
export function attentionTeller(engine: Engine, caller: Caller, emit: (event: StationEvent) => void): () => void {
  let told: number | undefined;
  return () => {
    const count = engine.parcels.attention(caller, quietDaysOf(engine.settings)).length;
    if (count === told) return;
    told = count;
    emit({ name: 'attention.changed', payload: { count } });
  };
}
