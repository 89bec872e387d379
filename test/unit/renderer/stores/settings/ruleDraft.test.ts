// A rule typed in Settings › Regole: the texts the operator typed (lists with commas, numbers with a decimal comma)
// become the rule the station keeps, and a rule read back fills the same texts; a mistake is said at its field.
import { describe, expect, it } from 'vitest';
import { ruleFromTexts, ruleTexts } from '../../../../../src/renderer/stores/settings/ruleDraft';
import type { Rule } from '../../../../../src/shared/domain/shippingRules';
import { fieldErrorText } from '../../../../../src/renderer/components/fieldErrorText';
import { englishText, italianText } from '../../../../helpers/translate';

const RULE: Rule = {
  name: 'Contrassegno leggero',
  when: { countries: ['IT', 'SM'], cod: true, weightKg: { max: 2.5 }, skus: ['TAZZA', 'PIATTO'], parcels: { min: 1 } },
  then: { courier: { corriere: 70, servizio: 1 }, insurance: 'order', box: 'Media', codType: 12 },
};

describe('a rule typed in Settings', () => {
  it('is the rule it was read from, texts and back', () => {
    expect(ruleFromTexts(ruleTexts(RULE))).toEqual({ ok: true, rule: RULE });
  });

  it('reads lists with commas or semicolons, codes in any case and numbers with a decimal comma', () => {
    const typed = { ...ruleTexts(), name: 'Svizzera', countries: 'ch; li', weightMin: '0,5', service: '71/3' };
    expect(ruleFromTexts(typed)).toEqual({
      ok: true,
      rule: {
        name: 'Svizzera',
        when: { countries: ['CH', 'LI'], weightKg: { min: 0.5 } },
        then: { courier: { corriere: 71, servizio: 3 } },
      },
    });
  });

  it('says each mistake at its field: a word for a number, a minimum over the maximum, a rule doing nothing', () => {
    const wrong = { ...ruleTexts(), name: '', weightMin: 'tre', valueMin: '50', valueMax: '10' };
    const made = ruleFromTexts(wrong);
    expect(!made.ok && made.errors.weightMin?.code).toBe('number');
    const second = ruleFromTexts({ ...wrong, weightMin: '' });
    expect(!second.ok && Object.keys(second.errors).sort()).toEqual(['name', 'service', 'valueMin']);
    expect(!second.ok && second.errors.valueMin?.message).toBe('Il minimo supera il massimo');
    expect(!second.ok && second.errors.service?.message).toBe('La regola non dice cosa fare');
  });

  it('says the schema’s refusals by code, in the bench’s language: English words on an English bench', () => {
    const wrong = { ...ruleTexts(), name: ' ', valueMin: '50', valueMax: '10', clients: '12, tre', countries: 'CHE' };
    const made = ruleFromTexts(wrong);
    expect(!made.ok && made.errors.clients?.code).toBe('integer');
    const second = ruleFromTexts({ ...wrong, clients: '' });
    if (second.ok) throw new Error('refused');
    expect(second.errors).toMatchObject({
      name: { code: 'required' },
      valueMin: { code: 'rangeOrder' },
      countries: { code: 'country' },
      service: { code: 'ruleNoAction' },
    });
    const english = (field: 'valueMin' | 'service' | 'name') => fieldErrorText(englishText, second.errors[field]!);
    expect([english('valueMin'), english('name')]).toEqual(['the minimum is over the maximum', 'required']);
    expect(english('service')).toMatch(/^the rule says nothing to do: choose a service, a box/);
    expect(fieldErrorText(italianText, second.errors.valueMin!)).toBe('il minimo supera il massimo');
  });
});
