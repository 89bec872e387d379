// An order of a batch as the request its shipment is made from: the order's values in the new-shipment form, as a scan
// loads them, one parcel at the weight its items and its box give, the label in the label printer's
// language. What a batch cannot make without a person (goods lines for customs, several parcels) is said instead.
import type { WaitingOrder } from '../../shared/domain/orders';
import { buildBody, emptyValues, FORM_FIELDS, needsCustoms } from '../../shared/domain/shipmentForm';
import { orderGoodsWord } from '../../shared/domain/goodsWord';

export const NO_WEIGHT_REASON =
  'Peso non stimabile: un articolo non ha il peso (né nell\u2019ordine né nell\u2019elenco prodotti); ' +
  'spedire con la scansione';
export const CUSTOMS_REASON = 'Spedizione fuori dall\u2019UE: le righe doganali si completano alla scansione';
export const PARCELS_REASON = 'Ordine di più colli: i colli si pesano alla scansione';
/** Why an order a shipping rule holds for a person is left waiting ("Regola 3"). */
export const heldReason = (rule: number) => `Trattenuto dalla regola ${rule} per una persona: spedire con la scansione`;

/** What a shipping rule chose for the order, put into its request as the scan puts it into the form. */
export interface RuledChoice {
  courier?: { corriere: number; servizio: number } | undefined;
  codType?: number | undefined;
  insured?: number | undefined;
}

export function batchRequest(
  order: WaitingOrder,
  estimatedKg: number | undefined,
  options: { goodsDefault: string; labelType: 'ZPL' | 'PDF' | undefined; ruled?: RuledChoice | undefined },
): { ok: true; request: Record<string, unknown> } | { ok: false; reason: string } {
  const values = emptyValues();
  for (const field of FORM_FIELDS) {
    const value = order.values[field];
    if (value !== undefined && value !== '') values[field] = value;
  }
  if (needsCustoms(values)) return { ok: false, reason: CUSTOMS_REASON };
  const colli = values.colli.trim();
  if (colli !== '' && colli !== '1') return { ok: false, reason: PARCELS_REASON };
  if (estimatedKg === undefined) return { ok: false, reason: NO_WEIGHT_REASON };
  values.client_id = String(order.clientId);
  values.ddt_alpha = order.orderRef;
  values.merce = orderGoodsWord(order, options.goodsDefault);
  values.colli = '1';
  const { courier, codType, insured } = options.ruled ?? {};
  if (courier) Object.assign(values, { corriere: String(courier.corriere), servizio: String(courier.servizio) });
  if (codType !== undefined) values.tipo_incasso = String(codType);
  if (insured !== undefined) values.valore = String(insured);
  values.peso = String(estimatedKg);
  if (values.volume.trim() === '') values.volume = '0';
  const body = buildBody(values, [], false);
  return { ok: true, request: options.labelType ? { ...body, labelType: options.labelType } : body };
}
