// The quote command's report as an Italian operator reads it: amounts, ties explained, nothing to choose from.
import { describe, expect, it } from 'vitest';
import type { QuoteLine } from '../../../src/engine/index';
import { formatQuote } from '../../../src/service/quoteReport';

function line(corriere: number, servizio: number, total: number): QuoteLine {
  return {
    corriere,
    servizio,
    courierName: `Corriere ${corriere}`,
    serviceName: `Servizio ${servizio}`,
    zone: 'IT',
    zoneName: 'Italia',
    remoteArea: '',
    billedWeightKg: 2,
    currency: 'EUR',
    charges: [],
    total,
    vat: Math.round(total * 22) / 100,
    totalWithVat: Math.round(total * 122) / 100,
    breakdown: {
      base: total,
      extraParcels: 0,
      perShipment: 0,
      remoteArea: 0,
      fuel: 0,
      cashOnDelivery: 0,
      insurance: 0,
      services: 0,
      options: 0,
      minimumTopUp: 0,
    },
  };
}

describe('the quote report', () => {
  it('explains a tie by the lower courier and service number', () => {
    const text = formatQuote({ eligible: [line(70, 1, 10), line(71, 1, 10)], excluded: [] });
    expect(text).toContain('Scelto: Corriere 70 Servizio 1 (70/1) — 10,00 € + IVA 2,20 € = 12,20 €');
    expect(text).toContain('0,00 € in più (stesso prezzo: vince il numero di corriere, poi di servizio, più basso)');
  });

  it('says when only one service, or none, can carry the shipment', () => {
    expect(formatQuote({ eligible: [line(70, 1, 10)], excluded: [] })).toContain(
      "Seconda scelta: nessuna, è l'unico servizio disponibile",
    );
    const none = formatQuote({
      eligible: [],
      excluded: [
        {
          corriere: 70,
          servizio: 1,
          courierName: 'Demo Express',
          serviceName: 'Standard',
          reason: 'Peso oltre il massimo',
          code: 'weightOverMax',
          params: { max: 30 },
        },
      ],
    });
    expect(none).toContain('Nessun servizio può portare questa spedizione.');
    expect(none).toContain('  - Demo Express Standard (70/1): Peso oltre il massimo');
  });

  it('leaves out the parts that cost nothing and names the remote area', () => {
    const remote = {
      ...line(70, 1, 19),
      remoteArea: 'Isole minori',
      breakdown: { ...line(70, 1, 8).breakdown, remoteArea: 11 },
    };
    const text = formatQuote({ eligible: [remote], excluded: [] });
    expect(text).toMatch(/Località disagiata: Isole minori\s+11,00 €/);
    expect(text).not.toContain('Contrassegno');
  });
});
