// A setting kept as JSON text and read on hot paths (every list page names its couriers, every quote reads the
// price lists): parsed once per text, per station, and again only when the text changed.
import type { Station } from '../index';

const parsed = new WeakMap<Station, Map<string, { text: string | undefined; value: unknown }>>();

export function storedSetting<T>(station: Station, key: string, parse: (text: string | undefined) => T): T {
  const text = station.engine.settings.get(key);
  let byKey = parsed.get(station);
  if (!byKey) parsed.set(station, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit && hit.text === text) return hit.value as T;
  const value = parse(text);
  byKey.set(key, { text, value });
  return value;
}
