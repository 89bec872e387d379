// The weight last given to a parcel at this bench, kept with its settings until the scale shows the pan changed: a
// parcel left on the pan never becomes the next order's weight, not even across a restart of the station.
import { panChanged, type ScaleReading } from '../../shared/domain/scale';
import { SETTING_KEYS } from '../settings/keys';

export interface HeldWeight {
  /** The weight held, or null once the pan has changed since (or none was ever taken). */
  kg(): number | null;
  hold(kg: number): void;
  /** A reading from the scale: the weight is let go once it shows the pan emptied or a clearly different weight. */
  seen(reading: ScaleReading): void;
}

interface Settings {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

export function heldWeight(settings: Settings): HeldWeight {
  const stored = Number(settings.get(SETTING_KEYS.scaleHeld) ?? '');
  let held = Number.isFinite(stored) && stored > 0 ? stored : null;
  // Written only when it changes: readings come four times a second, a weight is taken once a parcel.
  const keep = (kg: number | null) => {
    held = kg;
    settings.set(SETTING_KEYS.scaleHeld, kg === null ? '' : String(kg));
  };
  return {
    kg: () => held,
    hold: keep,
    seen(reading) {
      if (held !== null && panChanged(held, reading)) keep(null);
    },
  };
}
