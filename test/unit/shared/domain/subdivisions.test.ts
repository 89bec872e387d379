// The province abroad (issue 39): EE where the country has none, the real code where it has one (a US state, a
// Canadian province, a Spanish province, a Swiss canton), named or coded; and never an invented one on paper.
import { describe, expect, it } from 'vitest';
import { printedProvince, recipientProvince } from '../../../../src/shared/domain/subdivisions';

describe('the province sent for an address', () => {
  it('is EE in a country without provinces, whatever was typed to fill the field', () => {
    expect(recipientProvince('NO', '')).toBe('EE');
    expect(recipientProvince('NO', 'OS')).toBe('EE');
    expect(recipientProvince('gb', 'Greater London')).toBe('EE');
    expect(recipientProvince('DE', 'BY')).toBe('EE');
  });

  it("is the state's or province's code where the country has them, from its code or its name", () => {
    expect(recipientProvince('US', 'ny')).toBe('NY');
    expect(recipientProvince('US', 'New York')).toBe('NY');
    expect(recipientProvince('CA', 'Québec')).toBe('QC');
    expect(recipientProvince('ES', 'PM')).toBe('PM');
    expect(recipientProvince('ES', 'Málaga')).toBe('MA');
    expect(recipientProvince('CH', 'ZH')).toBe('ZH');
  });

  it('is EE for a Spanish province of a one-letter code (the postal code names it), kept as typed in the US', () => {
    expect(recipientProvince('ES', 'M')).toBe('EE');
    expect(recipientProvince('ES', 'Madrid')).toBe('EE');
    // Not a state: kept, for the form to say so (a US address is not whole without its state).
    expect(recipientProvince('US', 'xx')).toBe('XX');
    expect(recipientProvince('US', '')).toBe('');
  });

  it('is the Italian province as typed, in capitals', () => {
    expect(recipientProvince('IT', ' fc ')).toBe('FC');
    expect(recipientProvince('', 'rm')).toBe('RM');
  });
});

describe('the province printed on labels, manifests and invoices', () => {
  it('is never EE nor a code the country does not have', () => {
    expect(printedProvince('NO', 'EE')).toBe('');
    expect(printedProvince('NO', 'OS')).toBe('');
    expect(printedProvince('FR', 'PA')).toBe('');
    expect(printedProvince('US', 'XX')).toBe('');
  });

  it("is a real state, province or canton, and Italy's province", () => {
    expect(printedProvince('US', 'NY')).toBe('NY');
    expect(printedProvince('CH', 'zh')).toBe('ZH');
    expect(printedProvince('IT', 'FC')).toBe('FC');
  });
});
