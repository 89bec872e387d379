// "Da gestire" at the station: the bench's "no movement" days (a Banco setting), and the screens told whenever the
// parcels that need a person change (after a state, an action, a setting, and every hour).
import type { Caller, Engine } from '../../engine/index';
import { DEFAULT_QUIET_DAYS, QuietDaysSchema } from '../../shared/domain/attention';
import { backgroundClock, type Clock } from '../../shared/clock';
import type { StationEvent } from '../../shared/ipc/events';
import { SETTING_KEYS } from '../settings/keys';

/** The bench's "no movement" days as saved (3 when never set or unreadable). */
export function quietDaysOf(settings: Engine['settings']): number {
  const parsed = QuietDaysSchema.safeParse(Number(settings.get(SETTING_KEYS.attentionDays)));
  return parsed.success ? parsed.data : DEFAULT_QUIET_DAYS;
}

const RECHECK_MS = 60 * 60_000;
/**
 * New states are told at most this often: a look at 10,000 followed parcels costs tens of milliseconds, and the
 * follower keeps states a pass of ten at a time (a look after each would cost more than the questions themselves).
 */
const AFTER_STATES_MS = 5 * 60_000;

export interface AttentionTeller {
  /** Looks again now (after an action, a change of the N days) and tells the screens if it changed. */
  changed(): void;
  /** New states were kept: looks again within a few minutes, once for all those kept meanwhile. */
  soon(): void;
  stop(): void;
}

/**
 * Tells the screens when the list changed (a parcel in or out, or its state changed while it stays, held after a
 * missed delivery); the count alone would miss the last case. Looked at after an action or a setting at once, after new
 * states within a few minutes, and every hour, since a parcel passes the N days without news by time alone.
 */
export function startAttentionTeller(
  engine: Engine,
  caller: Caller,
  emit: (event: StationEvent) => void,
  clock: Clock = backgroundClock,
): AttentionTeller {
  let told: string | undefined;
  const changed = () => {
    const items = engine.parcels.attention(caller, quietDaysOf(engine.settings));
    const said = items.map((i) => `${i.shipmentId}:${i.reason}:${i.quietSince}`).join(',');
    if (said === told) return;
    told = said;
    emit({ name: 'attention.changed', payload: { count: items.length } });
  };
  let cancel = clock.setTimer(RECHECK_MS, function recheck() {
    cancel = clock.setTimer(RECHECK_MS, recheck);
    changed();
  });
  let pending: (() => void) | undefined;
  const soon = () => {
    pending ??= clock.setTimer(AFTER_STATES_MS, () => {
      pending = undefined;
      changed();
    });
  };
  return {
    changed,
    soon,
    stop() {
      cancel();
      pending?.();
    },
  };
}
