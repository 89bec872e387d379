// Sender profiles per client id: listed and saved through the engine, which refuses a client this station does not
// serve.
import { fail, failFields, ok } from '../../shared/ipc/result';
import type { Handlers } from './context';

export const senderHandlers: Handlers<'senders.list' | 'senders.save'> = {
  'senders.list'({ station }) {
    return ok(station.engine.senderProfiles(station.caller));
  },
  'senders.save'({ station }, { clientId, profile }) {
    const saved = station.engine.saveSenderProfile(station.caller, clientId, profile);
    if (saved.ok) return ok({ profile: saved.value });
    if ('notOwned' in saved) return fail('not_found', `Codice cliente ${clientId} non gestito da questa postazione`);
    return failFields(saved.fields);
  },
};
