// A rule list checked as a whole before it is saved: services and boxes the bench lacks, rules never reached because
// an earlier rule takes every order they would, and two rules with the same conditions and different results.
import { describe, expect, it } from 'vitest';
import { covers, ruleProblems } from '../../../../src/shared/domain/ruleProblems';
import type { ServiceLimits } from '../../../../src/shared/domain/ruleEvaluation';
import type { Rule, ServiceRef } from '../../../../src/shared/domain/shippingRules';

/** Courier 70: service 1 an express up to 30 kg and 5 parcels in Italy and Switzerland, service 2 a standard. */
const limits = (servizio: number): ServiceLimits => ({
  name: servizio === 1 ? 'Demo Express' : 'Demo Standard',
  destinations: ['IT', 'CH'],
  maxWeightKg: servizio === 1 ? 30 : 100,
  maxParcels: 5,
  cod: { countries: ['IT'], max: 3000, paymentTypes: [12] },
  insurance: { max: 5000 },
});
/** Service 4: the courier's return service. */
const returns: ServiceLimits = { ...limits(2), name: 'Demo Reso', forReturns: true };
const catalog = {
  service: ({ corriere, servizio }: ServiceRef) =>
    corriere !== 70 ? undefined : servizio === 4 ? returns : limits(servizio),
  hasBox: (name: string) => name.toUpperCase() === 'MEDIA',
};
const express = { courier: { corriere: 70, servizio: 1 } };
const standard = { courier: { corriere: 70, servizio: 2 } };
const rule = (name: string, when: Rule['when'], then: Rule['then'] = { courier: { corriere: 70, servizio: 1 } }) => ({
  name,
  when,
  then,
});

describe('problems of a rule list', () => {
  it('finds nothing wrong with rules each reachable, naming what the bench has', () => {
    const rules = [
      rule('Leggeri', { cod: true, weightKg: { max: 3 } }),
      rule('Contrassegno', { cod: true }, { box: 'media' }),
      rule('Svizzera', { countries: ['CH'] }),
    ];
    expect(ruleProblems(rules, catalog)).toEqual([]);
  });

  it('names an unknown courier service and an unknown box at their places', () => {
    const problems = ruleProblems([rule('A', {}, { courier: { corriere: 99, servizio: 1 }, box: 'Enorme' })], catalog);
    expect(problems.map((p) => [p.index, p.code, p.path])).toEqual([
      [0, 'unknownService', 'then.courier'],
      [0, 'unknownBox', 'then.box'],
    ]);
    expect(problems[1]?.message).toBe('Regola 1: nessuna scatola di nome Enorme');
  });

  it('refuses a rule sending orders by a return service: an order’s shipment goes out, not back', () => {
    const problems = ruleProblems(
      [rule('Resi', { countries: ['IT'] }, { courier: { corriere: 70, servizio: 4 } })],
      catalog,
    );
    expect(problems).toEqual([
      {
        index: 0,
        code: 'returnService',
        path: 'then.courier',
        message: 'Regola 1: Demo Reso è un servizio per i resi, non per spedire gli ordini',
      },
    ]);
  });

  it('says a rule is never reached when an earlier one takes every order it would', () => {
    const problems = ruleProblems(
      [
        rule('Contrassegno', { cod: true }, { box: 'media' }),
        rule('Contrassegno leggero', { cod: true, weightKg: { max: 3 } }),
      ],
      catalog,
    );
    expect(problems).toEqual([
      {
        index: 1,
        code: 'shadowed',
        path: 'when',
        other: 0,
        message: 'Regola 2: mai raggiunta, la regola 1 prende già ogni ordine che prenderebbe',
      },
    ]);
  });

  it('says two rules with the same conditions and different results contradict each other', () => {
    const problems = ruleProblems(
      [
        rule('Svizzera', { countries: ['CH'] }, { box: 'media' }),
        rule('Svizzera bis', { countries: ['CH'] }, { hold: true }),
      ],
      catalog,
    );
    expect(problems.map((p) => [p.index, p.code, p.other])).toEqual([[1, 'contradicts', 0]]);
  });

  it('accepts a fallback: the same conditions again, for the orders the earlier rule’s service cannot carry', () => {
    const rules = [rule('Contrassegno veloce', { cod: true }, express), rule('Contrassegno', { cod: true }, standard)];
    expect(ruleProblems(rules, catalog)).toEqual([]);
  });

  it('accepts a narrower rule after one whose service may not carry its orders (weight, parcels, countries)', () => {
    const later = rule('Leggeri', { countries: ['IT'], cod: false, weightKg: { max: 3 } }, standard);
    expect(ruleProblems([rule('Italia', { countries: ['IT'], cod: false }, express), later], catalog)).toEqual([]);
    const farther = rule('Europa', { zone: 'eu', cod: false, weightKg: { max: 3 }, parcels: { max: 2 } }, standard);
    expect(ruleProblems([rule('Tutti', {}, express), farther], catalog)).toEqual([]);
    const insured = rule('Assicurati', { countries: ['IT'], cod: false }, { ...express, insurance: 'order' });
    const after = rule('Dopo', { countries: ['IT'], cod: false, weightKg: { max: 3 }, parcels: { max: 2 } }, standard);
    expect(ruleProblems([insured, after], catalog)).toEqual([]);
  });

  it('still says never reached when the earlier rule’s service carries every order the later one would take', () => {
    const later = rule('Dopo', { countries: ['ch', 'IT'], cod: false, weightKg: { max: 3 }, parcels: { max: 2 } });
    const problems = ruleProblems([rule('Prima', {}, express), { ...later, then: standard }], catalog);
    expect(problems.map((p) => [p.index, p.code, p.other])).toEqual([[1, 'shadowed', 0]]);
    const same = rule('Uguale', { zone: 'domestic', cod: false, weightKg: { max: 3 }, parcels: { max: 1 } }, express);
    const insured = { ...same, then: { ...express, insurance: 100 } };
    expect(ruleProblems([insured, { ...same, then: standard }], catalog).map((p) => p.code)).toEqual(['contradicts']);
  });

  it('knows which conditions take which orders: ranges in ranges, countries in a zone, lists in lists', () => {
    expect(covers({ weightKg: { max: 10 } }, { weightKg: { min: 1, max: 5 } })).toBe(true);
    expect(covers({ weightKg: { max: 10 } }, {})).toBe(false);
    expect(covers({ zone: 'eu' }, { countries: ['de', 'FR'] })).toBe(true);
    expect(covers({ zone: 'eu' }, { countries: ['CH'] })).toBe(false);
    expect(covers({ countries: ['CH', 'DE'] }, { zone: 'world' })).toBe(false);
    expect(covers({ skus: ['A', 'B'] }, { skus: ['b'] })).toBe(true);
    expect(covers({ clients: [1] }, { clients: [1, 2] })).toBe(false);
    expect(covers({ cod: true }, { cod: false })).toBe(false);
  });
});
