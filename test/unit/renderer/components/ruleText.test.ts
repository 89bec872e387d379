// A shipping rule's choice said in the operator's language, as the form, the scan and the preview say it: the rule's
// number and name, its conditions joined, what it gives; a rule passed over says why by the quote's own words.
import { describe, expect, it } from 'vitest';
import { chosenText, passedTexts, ruleFileText } from '../../../../src/renderer/components/ruleText';
import { parseRuleSet } from '../../../../src/shared/domain/shippingRules';
import type { RuleOutcome } from '../../../../src/shared/domain/ruleEvaluation';
import { formats } from '../../../../src/shared/format';
import type { Language } from '../../../../src/shared/ipc/views';
import { translatorIn } from '../../../helpers/translate';

const screen = (language: Language) => ({ t: translatorIn(language), ...formats(language) });
const [it_, en] = [screen('it'), screen('en')];

const COD_LIGHT: RuleOutcome = {
  rule: {
    index: 2,
    name: 'Contrassegno leggero',
    when: { cod: true, weightKg: { max: 3 } },
    then: { courier: { corriere: 70, servizio: 1 } },
    service: 'Demo Express Standard',
  },
  passed: [{ index: 0, name: 'Svizzera', why: { code: 'codUnavailable', params: { country: 'IT' } } }],
};

describe('a shipping rule on screen', () => {
  it('says which rule chose, on what, and what it gave', () => {
    expect(chosenText(it_, COD_LIGHT)).toBe(
      'Regola 3 (Contrassegno leggero): contrassegno e fino a 3,0 kg → Demo Express Standard',
    );
    expect(chosenText(en, COD_LIGHT)).toBe(
      'Rule 3 (Contrassegno leggero): cash on delivery and up to 3.0 kg → Demo Express Standard',
    );
  });

  it('says a rule passed over and why, and the cheapest when no rule chose', () => {
    expect(passedTexts(it_, COD_LIGHT)).toEqual([
      'Regola 1 (Svizzera) non seguita: Contrassegno non disponibile verso IT',
    ]);
    expect(chosenText(en, { passed: [] })).toBe('No rule: the cheapest service');
  });

  it('says the box, the insurance, the collection type and a hold', () => {
    const held: RuleOutcome = {
      rule: {
        index: 0,
        name: 'Svizzera',
        when: { countries: ['ch'], valueEur: { min: 100, max: 500 } },
        then: { hold: true, box: 'Media', insurance: 'order', codType: 12 },
        insured: 250,
      },
      passed: [],
    };
    expect(chosenText(it_, held)).toBe(
      'Regola 1 (Svizzera): verso CH e valore da 100,00 € a 500,00 € → tenuto per una persona, il più economico, ' +
        'scatola Media, assicurata 250,00 €, incasso Solo contanti',
    );
    expect(chosenText(en, held)).toMatch(/^Rule 1 \(Svizzera\): to CH and value from .+ → held for a person/);
  });

  it('says why a rules file was refused, each mistake at its path, in the bench’s language', () => {
    const file = { version: 1, rules: [{ name: 'A', when: { parcels: { min: 3, max: 2 } }, then: { hold: true } }] };
    const parsed = parseRuleSet(JSON.stringify(file));
    if (parsed.ok) throw new Error('refused');
    expect(ruleFileText(en, parsed)).toBe(
      'Rules file not valid, nothing changed: rules.0.when.parcels: the minimum is over the maximum',
    );
    expect(ruleFileText(it_, parsed)).toBe(
      'File delle regole non valido, nulla è cambiato: rules.0.when.parcels: il minimo supera il massimo',
    );
    const notJson = parseRuleSet('{ regole');
    expect(!notJson.ok && ruleFileText(en, notJson)).toMatch(/^Rules file not valid, nothing changed: not JSON \(/);
    const problems = [{ index: 1, code: 'shadowed' as const, path: 'when', other: 0, message: '' }];
    expect(ruleFileText(en, { problems })).toMatch(/^Rules file not valid, nothing changed: Rule 2: /);
  });
});
