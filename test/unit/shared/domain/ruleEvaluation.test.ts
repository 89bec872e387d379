// Shipping rules over one order: the first rule the order meets wins and says which and why; a rule whose service
// cannot carry the order is passed over with the reason, never obeyed; none left → the cheapest.
import { describe, expect, it } from 'vitest';
import { evaluateMany, evaluateRules, type ServiceLimits } from '../../../../src/shared/domain/ruleEvaluation';
import type { OrderFacts, Rule } from '../../../../src/shared/domain/shippingRules';

const EXPRESS: ServiceLimits = {
  name: 'Demo Express Standard',
  destinations: ['IT', 'SM', 'VA'],
  maxWeightKg: 30,
  maxParcels: 3,
  cod: { countries: ['IT'], max: 2500, paymentTypes: [12, 10] },
  insurance: { max: 500 },
};
const EUROPA: ServiceLimits = {
  name: 'Demo Europa Worldwide Express',
  destinations: ['IT', 'CH', 'DE', 'US'],
  maxWeightKg: 150,
  maxParcels: 10,
  cod: null,
  insurance: null,
};
const services = ({ corriere, servizio }: { corriere: number; servizio: number }) =>
  corriere === 70 && servizio === 1 ? EXPRESS : corriere === 71 && servizio === 3 ? EUROPA : undefined;

const ORDER: OrderFacts = {
  country: 'IT',
  weightKg: 2,
  volumeM3: undefined,
  cod: true,
  codEur: 40,
  valueEur: 40,
  clientId: 1,
  source: 'ordini.csv',
  skus: ['TAZZA'],
  parcels: 1,
};

const COD_LIGHT: Rule = {
  name: 'Contrassegno leggero',
  when: { cod: true, weightKg: { max: 3 } },
  then: { courier: { corriere: 70, servizio: 1 } },
};
const SWISS: Rule = { name: 'Svizzera', when: { countries: ['ch'] }, then: { courier: { corriere: 71, servizio: 3 } } };
const HEAVY: Rule = { name: 'Pesanti', when: { weightKg: { min: 20 } }, then: { hold: true } };

describe('shipping rules over an order', () => {
  it('lets the first rule the order meets choose, and says which rule and what it asked', () => {
    const outcome = evaluateRules([SWISS, COD_LIGHT, HEAVY], ORDER, services);
    expect(outcome).toEqual({
      rule: {
        index: 1,
        name: 'Contrassegno leggero',
        when: COD_LIGHT.when,
        then: COD_LIGHT.then,
        service: EXPRESS.name,
      },
      passed: [],
    });
  });

  it('leaves an order no rule meets to the cheapest service, as without rules', () => {
    expect(evaluateRules([SWISS, HEAVY], ORDER, services)).toEqual({ passed: [] });
    expect(evaluateRules([], ORDER, services)).toEqual({ passed: [] });
  });

  it('matches country codes in any case, both ends of a range, and a condition on an unknown fact never', () => {
    expect(evaluateRules([SWISS], { ...ORDER, country: 'CH', cod: false }, services).rule?.name).toBe('Svizzera');
    expect(evaluateRules([COD_LIGHT], { ...ORDER, weightKg: 3 }, services).rule?.index).toBe(0);
    expect(evaluateRules([COD_LIGHT], { ...ORDER, weightKg: 3.01 }, services).rule).toBeUndefined();
    expect(evaluateRules([COD_LIGHT], { ...ORDER, weightKg: undefined }, services).rule).toBeUndefined();
    const bySku: Rule = { name: 'Tazze', when: { skus: ['tazza'], zone: 'domestic' }, then: { box: 'Media' } };
    expect(evaluateRules([bySku], ORDER, services).rule?.then).toEqual({ box: 'Media' });
    expect(evaluateRules([bySku], { ...ORDER, skus: ['PIATTO'] }, services).rule).toBeUndefined();
  });

  it('passes over a rule whose service cannot carry the order, says why, and goes on to the next', () => {
    const swissCod: Rule = {
      name: 'Tutto Europa',
      when: { cod: true },
      then: { courier: { corriere: 71, servizio: 3 } },
    };
    const outcome = evaluateRules([swissCod, COD_LIGHT], ORDER, services);
    expect(outcome.passed).toEqual([
      { index: 0, name: 'Tutto Europa', why: { code: 'codUnavailable', params: { country: 'IT' } } },
    ]);
    expect(outcome.rule?.index).toBe(1);

    const tooHeavy = evaluateRules([{ ...COD_LIGHT, when: { cod: true } }], { ...ORDER, weightKg: 40 }, services);
    expect(tooHeavy).toEqual({
      passed: [{ index: 0, name: COD_LIGHT.name, why: { code: 'weightOverMax', params: { max: 30 } } }],
    });
    const abroad = evaluateRules([{ ...COD_LIGHT, when: {} }], { ...ORDER, country: 'DE', cod: false }, services);
    expect(abroad.passed[0]?.why).toEqual({ code: 'destinationUnavailable', params: { country: 'DE' } });
    const insured = evaluateRules(
      [{ ...COD_LIGHT, then: { ...COD_LIGHT.then, insurance: 'order' } }],
      { ...ORDER, valueEur: 800 },
      services,
    );
    expect(insured.passed[0]?.why).toEqual({ code: 'insuranceOverMax', params: { max: 500, currency: 'EUR' } });
    const cheque = evaluateRules([{ ...COD_LIGHT, then: { ...COD_LIGHT.then, codType: 15 } }], ORDER, services);
    expect(cheque.passed[0]?.why).toEqual({ code: 'codTypeRefused', params: { type: 15, allowed: '12, 10' } });
  });

  it('says a service the bench does not have is unavailable rather than choosing it', () => {
    const ghost: Rule = { name: 'Fantasma', when: {}, then: { courier: { corriere: 99, servizio: 1 } } };
    expect(evaluateRules([ghost], ORDER, services)).toEqual({
      passed: [{ index: 0, name: 'Fantasma', why: { code: 'serviceUnavailable', params: { field: 'servizio' } } }],
    });
  });

  it('passes over a rule saved with a return service: an order never goes out by it', () => {
    const returns = { ...EXPRESS, name: 'Demo Express Reso', forReturns: true };
    const byReturn: Rule = { name: 'Resi', when: {}, then: { courier: { corriere: 70, servizio: 4 } } };
    const lookup = (ref: { corriere: number; servizio: number }) => (ref.servizio === 4 ? returns : services(ref));
    expect(evaluateRules([byReturn], ORDER, lookup)).toEqual({
      passed: [
        { index: 0, name: 'Resi', why: { code: 'returnsOnlyService', params: { service: 'Demo Express Reso' } } },
      ],
    });
  });

  it('obeys a rule that holds the order for a person, and gives many orders the same answers one by one would', () => {
    const heavy = { ...ORDER, weightKg: 25, cod: false };
    expect(evaluateRules([COD_LIGHT, HEAVY], heavy, services).rule?.then).toEqual({ hold: true });
    const orders = [ORDER, heavy, { ...ORDER, country: 'CH', cod: false }];
    const rules = [SWISS, COD_LIGHT, HEAVY];
    expect(evaluateMany(rules, orders, services)).toEqual(orders.map((o) => evaluateRules(rules, o, services)));
  });
});
