// Shops connected to the bench: the connections, connecting one (the station checks it with the shop and keeps the
// token in the key store), forgetting one, reading orders now, and a shop's log of fulfilments and of the parcel
// states after them, each with "invia di nuovo".
import { otherIssue } from '../../shared/api/fieldIssues';
import { fail, failFields, ok } from '../../shared/ipc/result';
import type { Handlers } from './context';

export const shopHandlers: Handlers<
  | 'shops.list'
  | 'shops.connect'
  | 'shops.remove'
  | 'shops.poll'
  | 'shops.log'
  | 'shops.resend'
  | 'shops.states'
  | 'shops.resendState'
> = {
  'shops.list': ({ station }) => ok(station.engine.shops.connections(station.caller)),
  async 'shops.connect'({ station }, input) {
    if (!station.caller.clientIds.includes(input.clientId))
      return failFields({ clientId: otherIssue(`Codice cliente ${input.clientId} non gestito da questa postazione`) });
    const connected = await station.shops.connect(input);
    if (!connected.ok) return failFields({ [connected.field]: connected.issue });
    return ok(connected.connection);
  },
  'shops.remove': ({ station }, { id }) => ok({ removed: station.shops.remove(id) }),
  async 'shops.poll'({ station }) {
    await station.shops.pollNow();
    return ok(station.engine.shops.connections(station.caller));
  },
  'shops.log': ({ station }, { id, limit }) => ok(station.engine.shops.log(station.caller, id, limit)),
  'shops.resend'({ station }, { id }) {
    const resent = station.engine.shops.resend(station.caller, id);
    return resent ? ok({ resent }) : fail('not_found', 'Evasione non trovata o non da inviare di nuovo');
  },
  'shops.states': ({ station }, { id, limit }) => ok(station.engine.shops.events.log(station.caller, id, limit)),
  'shops.resendState'({ station }, { id }) {
    const resent = station.engine.shops.events.resend(station.caller, id);
    return resent ? ok({ resent }) : fail('not_found', 'Stato non trovato o non da inviare di nuovo');
  },
};
