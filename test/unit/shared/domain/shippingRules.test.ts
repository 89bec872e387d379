// A rules file read back from JSON: a good one as it was written, a bad one refused with what is wrong at each path
// (so the operator finds the rule and the field), never partly.
import { describe, expect, it } from 'vitest';
import { parseRuleSet, zoneOf, type RuleSet } from '../../../../src/shared/domain/shippingRules';

const GOOD: RuleSet = {
  version: 1,
  rules: [
    {
      name: 'Contrassegno leggero',
      when: { cod: true, weightKg: { max: 3 } },
      then: { courier: { corriere: 70, servizio: 1 }, codType: 12 },
    },
    {
      name: 'Svizzera',
      when: { countries: ['CH'] },
      then: { courier: { corriere: 71, servizio: 3 }, insurance: 'order' },
    },
  ],
};

describe('a rules file', () => {
  it('reads back what was exported', () => {
    expect(parseRuleSet(JSON.stringify(GOOD))).toEqual({ ok: true, value: GOOD });
  });

  it('is refused with each mistake at its path', () => {
    const bad = {
      version: 1,
      rules: [
        { name: 'A', when: { weightKg: { min: 5, max: 2 } }, then: {} },
        { name: '', when: { countries: ['Svizzera'], colour: 'red' }, then: { codType: 3 } },
      ],
    };
    const parsed = parseRuleSet(JSON.stringify(bad));
    expect(parsed.ok).toBe(false);
    const paths = !parsed.ok ? parsed.issues.map((i) => i.path) : [];
    expect(paths).toEqual(
      expect.arrayContaining([
        'rules.0.when.weightKg',
        'rules.0.then',
        'rules.1.name',
        'rules.1.when.countries.0',
        'rules.1.when',
        'rules.1.then.codType',
      ]),
    );
    expect(!parsed.ok && parsed.issues.find((i) => i.path === 'rules.0.when.weightKg')?.message).toBe(
      'Il minimo supera il massimo',
    );
    // By code too, so a screen says them in its own language.
    const codes = !parsed.ok ? Object.fromEntries(parsed.issues.map((i) => [i.path, i.issue.code])) : {};
    expect(codes).toMatchObject({
      'rules.0.when.weightKg': 'rangeOrder',
      'rules.0.then': 'ruleNoAction',
      'rules.1.when.countries.0': 'country',
      'rules.1.then.codType': 'enumOf',
    });
    expect(!parsed.ok && parsed.issues.find((i) => i.path === 'rules.0.then')?.message).toBe(
      'La regola non dice cosa fare',
    );
  });

  it('is refused when it is not JSON, or of another version', () => {
    const notJson = parseRuleSet('{ regole');
    expect(!notJson.ok && notJson.issues[0]?.path).toBe('');
    expect(!notJson.ok && notJson.issues[0]?.issue.code).toBe('json');
    expect(!notJson.ok && notJson.issues[0]?.message).toMatch(/^Non è JSON: /);
    const later = parseRuleSet(JSON.stringify({ ...GOOD, version: 2 }));
    expect(!later.ok && later.issues.map((i) => i.path)).toEqual(['version']);
  });

  it('puts Italy, the rest of the EU and the world in their zones', () => {
    expect([zoneOf('it'), zoneOf('DE'), zoneOf('CH')]).toEqual(['domestic', 'eu', 'world']);
  });
});
