// What a bench is first drawn with: its language and whether it is set up. The settings answer says both; the browser
// host reads them to send the page with its navigation bar already drawn (hosts/pageShell.ts).
import type { Language } from '../../shared/ipc/views';
import type { Station } from '../index';
import { SETTING_KEYS } from './keys';

export function savedLanguage(station: Station): Language {
  return station.engine.settings.get(SETTING_KEYS.language) === 'en' ? 'en' : 'it';
}

/** The first-run screen was finished, or the bench has shipments already (it was set up before that screen). */
export function setupDone(station: Station): boolean {
  return station.engine.settings.get(SETTING_KEYS.setupDone) === '1' || station.engine.hasShipments(station.caller);
}
