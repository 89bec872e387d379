// The settings screen's connection form: the runtime checks, asks the remote and restarts the station; the answer
// carries the settings of the station that now runs.
import { ok } from '../../shared/ipc/result';
import type { Handlers } from './context';
import { settingsOf } from './stationInfo';

export const connectionHandlers: Handlers<'settings.connection' | 'settings.mail'> = {
  async 'settings.mail'({ runtime }, input) {
    const changed = await runtime.changeMail(input);
    if (!changed.ok) return changed;
    return ok({ ...changed.value, settings: settingsOf({ station: runtime.station, runtime }) });
  },
  async 'settings.connection'({ runtime }, input) {
    const changed = await runtime.changeConnection(input);
    if (!changed.ok) return changed;
    return ok({ ...changed.value, settings: settingsOf({ station: runtime.station, runtime }) });
  },
};
