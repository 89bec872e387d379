// Partner orders at the bench: each client's endpoint, kept by the engine (its URL in the bench's database,
// its secret in the key store), and the delivery log with "send again". A connected bench's service sends the
// events of its shipments, so there is nothing to set here.
import { fail, failFields, ok } from '../../shared/ipc/result';
import type { Handlers } from './context';

const CONNECTED =
  'Con un account collegato gli eventi ai sistemi partner li invia il servizio: gli endpoint si impostano lì.';
const STANDALONE = 'Gli eventi partono da questa postazione verso l’endpoint di ciascun cliente.';

export const partnerHandlers: Handlers<'partners.list' | 'partners.save' | 'partners.log' | 'partners.resend'> = {
  'partners.list'({ station }) {
    const partners = station.engine.partners;
    if (!partners)
      return ok({ available: false, message: CONNECTED, clients: [], counts: { pending: 0, delivered: 0, failed: 0 } });
    return ok({
      available: true,
      message: STANDALONE,
      clients: partners.endpoints(station.caller),
      counts: partners.counts(),
    });
  },
  'partners.save'({ station }, { clientId, url, secret, remove }) {
    const partners = station.engine.partners;
    if (!partners) return fail('refused', CONNECTED);
    const saved = partners.saveEndpoint(station.caller, clientId, remove ? null : { url, secret });
    if (saved.ok) return ok({ saved: saved.value !== null });
    if ('notOwned' in saved) return fail('not_found', `Codice cliente ${clientId} non gestito da questa postazione`);
    return failFields(saved.fields);
  },
  'partners.log'({ station }, { clientId, limit }) {
    const partners = station.engine.partners;
    if (!partners) return ok([]);
    return ok(partners.log(station.caller, { ...(clientId ? { clientId } : {}), limit }));
  },
  'partners.resend'({ station }, { id }) {
    const resent = station.engine.partners?.resend(station.caller, id) ?? false;
    return resent ? ok({ resent }) : fail('not_found', 'Evento non trovato o non da inviare di nuovo');
  },
};
