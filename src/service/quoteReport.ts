// The `quote` command's human report: the chosen service, the runner-up and the difference, every eligible service
// with its breakdown, then every excluded service with its reason. Italian, amounts written the Italian way.
import type { Quote, QuoteLine } from '../engine/index';
import { formats } from '../shared/format';

const IT = formats('it');

const serviceName = (line: Pick<QuoteLine, 'courierName' | 'serviceName' | 'corriere' | 'servizio'>) =>
  `${line.courierName} ${line.serviceName} (${line.corriere}/${line.servizio})`;

/** The breakdown as label/amount rows, zero parts left out; services and options one row each. */
function breakdownRows(line: QuoteLine): [string, number][] {
  const b = line.breakdown;
  const rows: [string, number][] = [
    ['Tariffa base', b.base],
    ['Colli oltre il primo', b.extraParcels],
    ['Diritto fisso per spedizione', b.perShipment],
    [`Località disagiata: ${line.remoteArea}`, b.remoteArea],
    ['Supplemento carburante', b.fuel],
    ['Contrassegno', b.cashOnDelivery],
    ['Assicurazione', b.insurance],
    ...line.charges.map((c): [string, number] => [
      c.part === 'services' ? `Servizio: ${c.label}` : `Opzione: ${c.label}`,
      c.amount,
    ]),
    ['Integrazione al minimo fatturabile', b.minimumTopUp],
  ];
  return rows.filter(([, amount]) => amount !== 0);
}

function describeLine(line: QuoteLine, rank: number): string[] {
  const money = (n: number) => IT.money(n, line.currency).padStart(12);
  const out = [
    `${String(rank).padStart(3)}. ${serviceName(line)} · zona ${line.zoneName} · peso tassabile ` +
      `${IT.kg(line.billedWeightKg)}`,
  ];
  for (const [label, amount] of breakdownRows(line)) out.push(`       ${label.padEnd(40)}${money(amount)}`);
  out.push(`       ${'Totale IVA esclusa'.padEnd(40)}${money(line.total)}`);
  out.push(`       ${'IVA'.padEnd(40)}${money(line.vat)}`);
  out.push(`       ${'Totale IVA inclusa'.padEnd(40)}${money(line.totalWithVat)}`);
  return out;
}

export function formatQuote(quote: Quote, destination = ''): string {
  const out: string[] = [];
  if (destination) out.push(`Spedizione: ${destination}`, '');
  const [best, second] = quote.eligible;
  if (best) {
    out.push(
      `Scelto: ${serviceName(best)} — ${IT.money(best.total, best.currency)} + IVA ` +
        `${IT.money(best.vat, best.currency)} = ${IT.money(best.totalWithVat, best.currency)}`,
    );
    if (second) {
      const difference = Math.round((second.total - best.total) * 100) / 100;
      const tie = difference === 0 ? ' (stesso prezzo: vince il numero di corriere, poi di servizio, più basso)' : '';
      out.push(
        `Seconda scelta: ${serviceName(second)} — ${IT.money(second.total, second.currency)}, ` +
          `${IT.money(difference, second.currency)} in più${tie}`,
      );
    } else {
      out.push("Seconda scelta: nessuna, è l'unico servizio disponibile");
    }
    out.push('', `Servizi disponibili, dal più economico (${quote.eligible.length}):`);
    quote.eligible.forEach((line, i) => out.push(...describeLine(line, i + 1)));
  } else {
    out.push('Nessun servizio può portare questa spedizione.');
  }
  if (quote.excluded.length > 0) {
    out.push('', `Servizi esclusi (${quote.excluded.length}):`);
    for (const e of quote.excluded) out.push(`  - ${serviceName(e)}: ${e.reason}`);
  }
  return `${out.join('\n')}\n`;
}
