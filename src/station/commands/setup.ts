// The first-run setup: finishing it is remembered, and the answer is the settings the bench opens with.
import { ok } from '../../shared/ipc/result';
import { SETTING_KEYS as KEYS } from '../settings/keys';
import type { Handlers } from './context';
import { settingsOf } from './settings';

export const setupHandlers: Handlers<'setup.finish'> = {
  'setup.finish'(ctx) {
    ctx.station.engine.settings.set(KEYS.setupDone, '1');
    return ok(settingsOf(ctx));
  },
};
