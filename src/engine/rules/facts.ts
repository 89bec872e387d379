// What the shipping rules read of an order waiting (or a draft about to be kept): destination, weight from its lines
// (else its own weight), volume, cash on delivery, value from its lines' prices (else its declared values), client,
// where it came from, SKUs and parcels. And what a courier service can carry, from the couriers' catalog.
import type { OrderFacts } from '../../shared/domain/shippingRules';
import type { ServiceLookup } from '../../shared/domain/ruleEvaluation';
import type { OrderLine } from '../../shared/domain/orders';
import type { CourierRegistry } from '../couriers/registry';

/** An order's values are the form's text: a comma may be the decimal point; nothing or 0 is "not said". */
function amount(text: string | undefined): number | undefined {
  const n = Number((text ?? '').trim().replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

function linesTotal(lines: readonly OrderLine[], of: (l: OrderLine) => number | undefined): number | undefined {
  let total = 0;
  for (const line of lines) {
    const each = of(line);
    if (each === undefined) return undefined;
    total += each * line.qty;
  }
  return lines.length > 0 ? round(total) : undefined;
}

export function orderFacts(order: {
  clientId: number;
  values: Readonly<Record<string, string>>;
  lines: readonly OrderLine[];
  source: string;
}): OrderFacts {
  const v = order.values;
  const codEur = amount(v.contrassegno) ?? 0;
  const parcels = Number(v.colli);
  return {
    country: (v.rcpt_country_code ?? '').trim().toUpperCase() || 'IT',
    weightKg: linesTotal(order.lines, (l) => l.weightKg) ?? amount(v.peso),
    volumeM3: amount(v.volume),
    cod: codEur > 0,
    codEur,
    valueEur:
      linesTotal(order.lines, (l) => l.unitValue) ??
      amount(v.valore_doganale) ??
      amount(v.valore) ??
      (codEur > 0 ? codEur : undefined),
    clientId: order.clientId,
    source: order.source,
    skus: order.lines.flatMap((l) => (l.sku ? [l.sku.trim().toUpperCase()] : [])),
    parcels: Number.isInteger(parcels) && parcels > 0 ? parcels : 1,
  };
}

/** The catalog's limits of a courier's service, for the rules; undefined when the bench has no such service. */
export function serviceLookup(couriers: CourierRegistry): ServiceLookup {
  return ({ corriere, servizio }) => {
    const found = couriers.service(corriere, servizio);
    if (!found) return undefined;
    const { courier, service } = found;
    const { cashOnDelivery, insurance } = courier.capabilities;
    return {
      name: `${courier.name} ${service.name}`,
      destinations: service.destinations,
      maxWeightKg: service.maxWeightKg,
      maxParcels: service.maxParcels,
      cod: cashOnDelivery,
      insurance,
      ...(service.forReturns ? { forReturns: true } : {}),
    };
  };
}
