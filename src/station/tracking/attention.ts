// "Da gestire" at the station: the bench's "no movement" days (a Banco setting), and the screens told whenever the
// parcels that need a person change.
import type { Caller, Engine } from '../../engine/index';
import { DEFAULT_QUIET_DAYS, QuietDaysSchema } from '../../shared/domain/attention';
import type { StationEvent } from '../../shared/ipc/events';
import { SETTING_KEYS } from '../settings/keys';

/** The bench's "no movement" days as saved (3 when never set or unreadable). */
export function quietDaysOf(settings: Engine['settings']): number {
  const parsed = QuietDaysSchema.safeParse(Number(settings.get(SETTING_KEYS.attentionDays)));
  return parsed.success ? parsed.data : DEFAULT_QUIET_DAYS;
}

/**
 * Tells the screens when the list changed (a parcel in or out, or its state changed while it stays, held after a
 * missed delivery): after a new state, an action, a change of the N days. The count alone would miss the last case.
 */
export function attentionTeller(engine: Engine, caller: Caller, emit: (event: StationEvent) => void): () => void {
  let told: string | undefined;
  return () => {
    const items = engine.parcels.attention(caller, quietDaysOf(engine.settings));
    const said = items.map((i) => `${i.shipmentId}:${i.reason}:${i.quietSince}`).join(',');
    if (said === told) return;
    told = said;
    emit({ name: 'attention.changed', payload: { count: items.length } });
  };
}
