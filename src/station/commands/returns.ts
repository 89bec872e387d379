// Return labels from a departed shipment's detail: the courier's return service where the bench's catalog has one
// (else the outward service), made through the form's own save path (a courier's refusal answered, nothing stored),
// then printed at the bench once the label exists and/or e-mailed to the customer.
import { MSG } from '../../shared/api/messages';
import { fail, ok } from '../../shared/ipc/result';
import type { Station } from '../index';
import { shipFromRequest } from '../orders/shipOrder';
import { offeredCouriers, stationNaming } from '../settings/courierCatalog';
import type { Handlers } from './context';
import { withCourierLabelType } from './shipments';

/** The outward courier's services as the bench's catalog lists them, its return services first. */
function servicesOf(station: Station, corriere: number) {
  const courier = offeredCouriers(station).couriers.find((c) => c.id === corriere);
  const services = (courier?.services ?? []).map((s) => ({
    id: s.id,
    name: s.name,
    forReturns: s.forReturns === true,
  }));
  return [...services.filter((s) => s.forReturns), ...services.filter((s) => !s.forReturns)];
}

export const returnHandlers: Handlers<'returns.draft' | 'returns.make' | 'returns.mail'> = {
  'returns.draft'({ station }, { id }) {
    const record = station.engine.getShipment(station.caller, id);
    if (!record) return fail('not_found', MSG.shipmentNotFound);
    const refused = station.engine.returns.refusal(station.caller, id);
    if (refused) return fail(refused.kind, refused.error);
    const services = servicesOf(station, record.corriere);
    const returnService = services.find((s) => s.forReturns);
    return ok({
      corriere: record.corriere,
      courierName: stationNaming(station)(record.corriere, record.servizio).courierName,
      services,
      servizio: returnService?.id ?? record.servizio,
      colli: record.colli,
      peso: record.peso,
      customerName: String(record.rcpt_name ?? ''),
      customerEmail: String(record.rcpt_email ?? ''),
      canMail: station.engine.recipientMail !== undefined,
      returns: station.engine.returns.links(station.caller, id)?.returns ?? [],
    });
  },
  async 'returns.make'({ station }, { id, servizio, colli, peso, print, mail }) {
    const record = station.engine.getShipment(station.caller, id);
    if (!record) return fail('not_found', MSG.shipmentNotFound);
    // Refused before anything is made: an e-mail the bench could not send would be a promise broken.
    if (mail && station.engine.recipientMail === undefined)
      return fail('refused', 'Nessun server di posta configurato: il reso si può solo stampare');
    // A connected account's courier that gives ZPL labels only has no PDF to attach.
    const formats = offeredCouriers(station).couriers.find((c) => c.id === record.corriere)?.labelFormats;
    if (mail && station.mode === 'connected' && formats && !formats.includes('PDF'))
      return fail('refused', 'Il corriere dà solo etichette ZPL: il reso si può solo stampare');
    const request = station.engine.returns.request(station.caller, id, {
      corriere: record.corriere,
      servizio,
      colli,
      peso,
    });
    if (!request.ok) return fail(request.kind, request.error);
    const made = await shipFromRequest(station, withCourierLabelType(station, request.body), {});
    if (!made.ok) return made;
    const returnId = made.value.id;
    // Kept in the database until queued: a restart before a connected bench's remote answers still prints it.
    if (print) station.printing?.printWhenLabelled(returnId);
    const courier = stationNaming(station)(record.corriere, servizio).courierName;
    const mailed = mail ? station.engine.returns.mail(station.caller, returnId, mail, courier) : undefined;
    return ok({
      id: returnId,
      ddtAlpha: String(request.body.ddt_alpha),
      mailedTo: mailed?.kind === 'queued' ? mailed.to : null,
    });
  },
  'returns.mail'({ station }, { id, language }) {
    const record = station.engine.getShipment(station.caller, id);
    if (!record) return fail('not_found', MSG.shipmentNotFound);
    const courier = stationNaming(station)(record.corriere, record.servizio).courierName;
    const outcome = station.engine.returns.mail(station.caller, id, language, courier);
    if (outcome.kind === 'not_found') return fail('not_found', MSG.shipmentNotFound);
    if (outcome.kind === 'already') return fail('refused', 'Etichetta di reso già inviata per e-mail al cliente');
    if (outcome.kind === 'refused') return fail('refused', outcome.error);
    return ok({ to: outcome.to });
  },
};
