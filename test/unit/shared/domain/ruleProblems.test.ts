// A rule list checked as a whole before it is saved: services and boxes the bench lacks, rules never reached because
// an earlier rule takes every order they would, and two rules with the same conditions and different results.
import { describe, expect, it } from 'vitest';
import { covers, ruleProblems } from '../../../../src/shared/domain/ruleProblems';
import type { Rule } from '../../../../src/shared/domain/shippingRules';

const catalog = {
  hasService: ({ corriere }: { corriere: number }) => corriere === 70,
  hasBox: (name: string) => name.toUpperCase() === 'MEDIA',
};
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

  it('says a rule is never reached when an earlier one takes every order it would', () => {
    const problems = ruleProblems(
      [rule('Contrassegno', { cod: true }), rule('Contrassegno leggero', { cod: true, weightKg: { max: 3 } })],
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
      [rule('Svizzera', { countries: ['CH'] }), rule('Svizzera bis', { countries: ['CH'] }, { hold: true })],
      catalog,
    );
    expect(problems.map((p) => [p.index, p.code, p.other])).toEqual([[1, 'contradicts', 0]]);
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
