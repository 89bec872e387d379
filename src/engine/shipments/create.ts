// POST Shipment, the part both modes share: first-level validation (400), the caller owning the client, courier and
// service given together (or 0 and 0 for the cheapest), blank sender fields from the client's sender profile. What
// happens next is the engine's flow (flow.ts).
import { MSG } from '../../shared/api/messages';
import { parseCreateShipment } from '../../shared/api/shipmentRequest';
import { withSender } from '../../shared/domain/senderProfile';
import type { Caller } from '../auth/users';
import type { EngineContext } from '../context';
import type { CreateOutcome } from './flow';

export async function createShipment(ctx: EngineContext, caller: Caller, raw: unknown): Promise<CreateOutcome> {
  const parsed = parseCreateShipment(raw);
  if (!parsed.ok) return { kind: 'invalid', error: parsed.error };
  const input = parsed.value;
  if (!ctx.auth.owns(caller, input.client_id)) {
    return { kind: 'invalid', error: MSG.invalidFields([`client_id: ${MSG.clientIdNotOwned(input.client_id)}`]) };
  }
  if ((input.corriere === 0) !== (input.servizio === 0)) {
    const both = 'corriere, servizio: indicare entrambi, oppure 0 e 0 per il corriere più economico';
    return { kind: 'invalid', error: MSG.invalidFields([both]) };
  }
  // Blank sender fields come from the client's profile, so every label and manifest names who ships.
  return ctx.flow.create(caller, withSender(input, ctx.senders.get(input.client_id)?.profile));
}
