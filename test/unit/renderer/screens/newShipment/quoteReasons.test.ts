// The quote says a reason every service gives once, above the list, and each service only its own.
import { describe, expect, it } from 'vitest';
import { splitShared } from '../../../../../src/renderer/screens/newShipment/quoteReasons';
import type { ExclusionCode } from '../../../../../src/shared/api/exclusionReasons';

const said = (code: ExclusionCode, text: string) => ({ code, text });
const text = (e: { text: string }) => e.text;

describe('the quote’s reasons', () => {
  it('says once a CAP that is not the city’s, whatever else a service says', () => {
    const excluded = [said('capCity', 'CAP di Forlì'), said('capCity', 'CAP di Forlì'), said('other', 'solo MI')];
    const { shared, own } = splitShared(excluded, false, text);
    expect(shared).toEqual(['CAP di Forlì']);
    expect(own.map((o) => o.text)).toEqual(['solo MI']);
  });

  it('says once a reason every service gives when none carries the shipment', () => {
    const excluded = [said('weightOverMax', 'oltre 30 kg'), said('weightOverMax', 'oltre 30 kg')];
    expect(splitShared(excluded, false, text)).toEqual({ shared: ['oltre 30 kg'], own: [] });
  });

  it('keeps two services’ alike reason their own while others carry the shipment', () => {
    const excluded = [said('destinationUnavailable', 'non per IT'), said('destinationUnavailable', 'non per IT')];
    const { shared, own } = splitShared(excluded, true, text);
    expect(shared).toEqual([]);
    expect(own).toHaveLength(2);
  });
});
