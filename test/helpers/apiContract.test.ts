// The test client's check of every answer against the endpoint table: it must catch a wrong body and an unlisted
// status, and let the spec's own answers through.
import { describe, expect, it } from 'vitest';
import { contractBreach } from './apiContract';

describe('the endpoint table check of the test client', () => {
  it("lets the spec's answers through, with or without an instance and in both capitalisations", () => {
    expect(contractBreach('DELETE', '/acme/Shipment?id=1', 200, { error: '' })).toBeUndefined();
    expect(contractBreach('PATCH', '/acme/shipment/5', 404, { result: 'Spedizione non trovata', status: 500 })).toBe(
      undefined,
    );
    expect(contractBreach('GET', '/ShipmentByDdtalpha?ddt_alpha=A', 403, { status: false, error: 'x' })).toBe(
      undefined,
    );
    expect(contractBreach('POST', '/Shipment', 503, { error: 'Archivio dati pieno' })).toBeUndefined();
    expect(contractBreach('GET', '/nowhere', 404, { error: 'Risorsa non trovata' })).toBeUndefined();
  });

  it('catches a body of another shape and a status the table does not list', () => {
    expect(contractBreach('GET', '/Shipment?id=1', 200, { error: 'x' })).toContain('a body its schema refuses');
    expect(contractBreach('PATCH', '/Shipment/5', 400, { error: 'x' })).toContain('a body its schema refuses');
    expect(contractBreach('DELETE', '/Shipment?id=1', 403, { error: 'x' })).toContain('a body its schema refuses');
    expect(contractBreach('POST', '/shipmentConfirm', 404, { error: 'x' })).toContain('does not list');
    expect(contractBreach('GET', '/nowhere', 200, 'ok')).toContain('does not list');
  });
});
