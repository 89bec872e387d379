// A courier's text limits all at once (issue 39): every text longer than the chosen courier takes is named with its
// length, also beside another refusal; when no service takes the texts as typed, the cheapest one that would once
// they are shortened says its limits.
import { describe, expect, it } from 'vitest';
import { checkShipment } from '../../../../src/engine/couriers/check';
import { createCourierRegistry } from '../../../../src/engine/couriers/registry';
import { courierRefusal } from '../../../../src/engine/shipments/courierChoice';
import { quote } from '../../../../src/engine/pricing/quote';
import { cheapestShortening } from '../../../../src/shared/api/exclusionReasons';
import { courierTooLong } from '../../../../src/shared/api/fieldIssues';
import { parseCreateShipment } from '../../../../src/shared/api/shipmentRequest';
import { lists, MILANO, shipment } from '../pricing/support';
import { places, resources } from '../../../helpers/resources';

const couriers = createCourierRegistry(resources);
const express = couriers.service(70, 1);
if (!express) throw new Error('no Demo Express Standard');

/** Longer than Demo Express takes (35 characters of name and address, 30 of city), shorter than the form's limits. */
const LONG = {
  rcpt_name: 'Libreria Antiquaria Bianchi e Figli S.n.c.', // 42
  rcpt_addr: 'Corso Vittorio Emanuele II 81, Centro Storico', // 45
  rcpt_addr2: 'Scala B, interno 7', // 18, fits
};

describe("a courier's text limits", () => {
  it('names every text over them at once, each with its length and the maximum', () => {
    const check = checkShipment(
      express.courier,
      express.service,
      shipment({ ...LONG, corriere: 70, servizio: 1 }),
      places,
    );
    expect(check).toMatchObject({
      ok: false,
      code: 'fieldTooLong',
      field: 'rcpt_name',
      reason:
        'Ragione sociale / nome troppo lungo per Demo Express: al massimo 35 caratteri; ' +
        'Indirizzo troppo lungo per Demo Express: al massimo 35 caratteri',
      issues: { rcpt_name: courierTooLong(35, 42), rcpt_addr: courierTooLong(35, 45) },
    });
    expect(check.ok ? {} : check.issues?.rcpt_name?.message).toBe(
      'il corriere accetta al massimo 35 caratteri, qui 42 (7 di troppo): accorciare il testo',
    );
  });

  it('are said beside another refusal of the same courier, so everything to fix shows together', () => {
    // Too much to collect for Demo Express: the refusal is the amount's, the texts' limits beside it.
    const check = checkShipment(
      express.courier,
      express.service,
      shipment({ ...LONG, corriere: 70, servizio: 1, contrassegno: 999_999 }),
      places,
    );
    expect(check).toMatchObject({ ok: false, code: 'codOverMax', field: 'contrassegno' });
    expect(Object.keys(check.ok ? {} : (check.issues ?? {})).sort()).toEqual([
      'contrassegno',
      'rcpt_addr',
      'rcpt_name',
    ]);
  });

  it("are the cheapest service's when no service takes the texts as typed (corriere 0, servizio 0)", () => {
    const name = 'Consorzio Agrario Interprovinciale di Forlì, Cesena e Rimini'; // 60: over every courier's name
    const input = shipment({ rcpt_name: name });
    const { eligible, excluded } = quote(input, couriers, lists);
    expect(eligible).toEqual([]);
    const cheapest = cheapestShortening(excluded);
    const shortened = quote(shipment(), couriers, lists).eligible[0];
    // Priced as if shortened: the one the shipment goes with once the name fits.
    expect([cheapest?.corriere, cheapest?.servizio]).toEqual([shortened?.corriere, shortened?.servizio]);
    const request = parseCreateShipment({ ...MILANO, rcpt_name: name });
    if (!request.ok) throw new Error(request.error);
    const refusal = courierRefusal({ couriers, priceLists: lists }, request.value);
    expect(refusal?.issues).toEqual(cheapest?.issues);
    expect(refusal?.issues?.rcpt_name).toMatchObject({ code: 'courierMaxChars', length: 60 });
  });
});
