// Which waiting orders the orders list's batch filter chooses: ready (no refusal waiting on it), going to Italy, one
// parcel, the courier the order names (none named: the cheapest) and the rule that would choose, each when asked.
import { describe, expect, it } from 'vitest';
import { matchesFilter, type BatchFilter } from '../../../../src/renderer/stores/batchesStore';
import type { WaitingOrder } from '../../../../src/shared/domain/orders';

const order = (values: Record<string, string>, refusal?: string): WaitingOrder => ({
  id: 1,
  clientId: 1001,
  orderRef: '#1',
  values,
  lines: [],
  source: '',
  state: 'waiting',
  createdAt: 0,
  ...(refusal ? { refusal } : {}),
});

const ALL: BatchFilter = { ready: true, domestic: true, oneParcel: true, courier: '', rule: '' };

describe('the batch filter', () => {
  it('chooses a ready domestic one-parcel order, and leaves out one refused, abroad or of several parcels', () => {
    expect(matchesFilter(order({}), ALL)).toBe(true);
    expect(matchesFilter(order({ rcpt_country_code: 'it', colli: '1' }), ALL)).toBe(true);
    expect(matchesFilter(order({}, 'CAP non valido'), ALL)).toBe(false);
    expect(matchesFilter(order({ rcpt_country_code: 'CH' }), ALL)).toBe(false);
    expect(matchesFilter(order({ colli: '2' }), ALL)).toBe(false);
  });

  it('lets each part through when it is not ticked, and matches the courier the order names', () => {
    const none: BatchFilter = { ready: false, domestic: false, oneParcel: false, courier: '', rule: '' };
    expect(matchesFilter(order({ rcpt_country_code: 'CH', colli: '3' }, 'rifiutato'), none)).toBe(true);
    expect(matchesFilter(order({ corriere: '70' }), { ...none, courier: '70' })).toBe(true);
    expect(matchesFilter(order({ corriere: '70' }), { ...none, courier: '0' })).toBe(false);
    expect(matchesFilter(order({}), { ...none, courier: '0' })).toBe(true);
  });

  it('chooses by the shipping rule that would choose for the order, or by no rule at all', () => {
    const ruleOf = (id: number) => (id === 1 ? 2 : undefined);
    expect(matchesFilter(order({}), { ...ALL, rule: '2' }, ruleOf)).toBe(true);
    expect(matchesFilter(order({}), { ...ALL, rule: '0' }, ruleOf)).toBe(false);
    expect(matchesFilter(order({}), { ...ALL, rule: 'none' }, ruleOf)).toBe(false);
    expect(matchesFilter(order({}), { ...ALL, rule: 'none' })).toBe(true);
  });
});
