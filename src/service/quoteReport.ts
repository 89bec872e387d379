// The `quote` command's human report: the chosen service, the runner-up and the difference, every eligible service
// with its breakdown, then every excluded service with its reason. Italian, amounts written the Italian way.
import type { Quote, QuoteLine } from '../engine/index';

/** 1234.5 → "1.234,50 €": the way an Italian operator reads an amount. */
export function formatMoney(amount: number, currency = 'EUR'): string {
  const [units = '0', decimals = '00'] = Math.abs(amount).toFixed(2).split('.');
  const grouped = units.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${amount < 0 ? '-' : ''}${grouped},${decimals} ${currency === 'EUR' ? '€' : currency}`;
}

const formatKg = (kg: number) => `${String(kg).replace('.', ',')} kg`;

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
  const money = (n: number) => formatMoney(n, line.currency).padStart(12);
  const out = [
    `${String(rank).padStart(3)}. ${serviceName(line)} · zona ${line.zoneName} · peso tassabile ` +
      `${formatKg(line.billedWeightKg)}`,
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
      `Scelto: ${serviceName(best)} — ${formatMoney(best.total, best.currency)} + IVA ` +
        `${formatMoney(best.vat, best.currency)} = ${formatMoney(best.totalWithVat, best.currency)}`,
    );
    if (second) {
      const difference = Math.round((second.total - best.total) * 100) / 100;
      const tie = difference === 0 ? ' (stesso prezzo: vince il numero di corriere, poi di servizio, più basso)' : '';
      out.push(
        `Seconda scelta: ${serviceName(second)} — ${formatMoney(second.total, second.currency)}, ` +
          `${formatMoney(difference, second.currency)} in più${tie}`,
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
