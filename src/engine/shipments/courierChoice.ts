// Which local courier service takes a request, or why none does (status 0.6): the one asked for, checked by its
// courier's own rules, or for corriere 0 + servizio 0 the cheapest service that can carry it. The same choice, run
// dry, tells the bench's form and an order file's preview what the courier would refuse, before anything is stored.
import { MSG } from '../../shared/api/messages';
import { cheapestShortening } from '../../shared/api/exclusionReasons';
import type { CreateShipmentRequest } from '../../shared/api/shipmentRequest';
import { checkShipment } from '../couriers/check';
import type { CourierCheck, CourierDefinition, CourierService } from '../couriers/types';
import type { EngineContext } from '../context';
import { anyEligible, quote, type Exclusion } from '../pricing/quote';
import type { CourierRefusal } from './flow';

export type CourierChoice =
  | { kind: 'chosen'; courier: CourierDefinition; service: CourierService; servizio: number }
  | ({ kind: 'refused'; corriere: number; servizio: number } & CourierRefusal)
  | { kind: 'invalid'; error: string };

type ChoiceContext = Pick<EngineContext, 'couriers' | 'priceLists'>;

/** Where a route cannot be changed by fixing a field: a refusal for the destination says which services do not go. */
const ROUTE_FIELDS: ReadonlySet<string> = new Set(['rcpt_country_code', 'rcpt_prov']);

/**
 * When no service can carry a shipment, the refusal the operator can act on: the cheapest service refused only for
 * texts too long (all its limits at once), else the first refused for a field other than the route (a weight over
 * the limit), else the first refused for a field at all.
 */
function fixableExclusion(excluded: readonly Exclusion[]): (Exclusion & { field: string }) | undefined {
  const withField = excluded.filter((e): e is Exclusion & { field: string } => e.field !== undefined);
  const shortened = cheapestShortening(withField);
  return shortened ?? withField.find((e) => !ROUTE_FIELDS.has(e.field)) ?? withField[0];
}

export function chooseCourier(ctx: ChoiceContext, input: CreateShipmentRequest): CourierChoice {
  if (input.corriere === 0 && input.servizio === 0) {
    const { eligible, excluded } = quote(input, ctx.couriers, ctx.priceLists);
    const best = eligible[0];
    if (best) {
      const found = ctx.couriers.service(best.corriere, best.servizio);
      if (found) return { kind: 'chosen', ...found, servizio: best.servizio };
    }
    const reasons = [...new Set(excluded.map((e) => e.reason))].slice(0, 3).join('; ');
    const reason = `Nessun corriere disponibile per questa spedizione: ${reasons}`;
    const actionable = fixableExclusion(excluded);
    return {
      kind: 'refused',
      corriere: 0,
      servizio: 0,
      reason,
      field: actionable?.field ?? 'corriere',
      fieldReason: actionable?.reason ?? reason,
      ...(actionable?.issues ? { issues: actionable.issues } : {}),
      ...(actionable ? { exclusion: { code: actionable.code, params: actionable.params } } : {}),
    };
  }
  const found = ctx.couriers.service(input.corriere, input.servizio);
  if (!found) {
    const unavailable = `servizio ${input.servizio} del corriere ${input.corriere} non disponibile`;
    return { kind: 'invalid', error: MSG.invalidFields([`corriere, servizio: ${unavailable}`]) };
  }
  const check = checkShipment(found.courier, found.service, input, ctx.couriers.places);
  if (!check.ok)
    return { kind: 'refused', corriere: input.corriere, servizio: input.servizio, ...refusalOf(check, 'corriere') };
  return { kind: 'chosen', ...found, servizio: input.servizio };
}

/** A failed check as the form shows it: its words at its field (else at `field`), and each field's issue by code. */
export function refusalOf(check: CourierCheck & { ok: false }, field: string): CourierRefusal {
  return {
    reason: check.reason,
    field: check.field ?? field,
    fieldReason: check.reason,
    ...(check.issues ? { issues: check.issues } : {}),
    exclusion: { code: check.code, params: check.params ?? {} },
  };
}

/** The choice run dry: why the request would be refused, with the field it concerns; undefined when it would not. */
export function courierRefusal(ctx: ChoiceContext, input: CreateShipmentRequest): CourierRefusal | undefined {
  // The cheapest choice needs no prices to know it can be made (a file's preview asks this of every order).
  const cheapest = input.corriere === 0 && input.servizio === 0;
  if (cheapest && anyEligible(input, ctx.couriers, ctx.priceLists)) return undefined;
  const choice = chooseCourier(ctx, input);
  if (choice.kind !== 'refused') return undefined;
  const { reason, field, fieldReason, issues, exclusion } = choice;
  return { reason, field, fieldReason, ...(issues ? { issues } : {}), ...(exclusion ? { exclusion } : {}) };
}
