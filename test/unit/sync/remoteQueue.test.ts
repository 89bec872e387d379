// How a bench reads the hub's order queue, liberally, as the real aggregator may write it: a claim made (with the
// shipment it became, when the answer names it), a claim refused naming the bench and shipment that have the order,
// and a page of orders in any envelope, numbers as text, unreadable entries left out rather than the whole page.
import { describe, expect, it } from 'vitest';
import { QueuePageReader, readClaim } from '../../../src/sync/remoteQueue';

describe("the hub's answers to a bench", () => {
  it('read a claim made, with its shipment and labels, and one refused naming who has the order', () => {
    expect(readClaim({ status: 'OK', order_ref: 'A-1', id: '42', ddt_alpha: 'A-1', label_zpl: ['^XA^XZ'] })).toEqual({
      kind: 'made',
      shipmentId: 42,
      ddtAlpha: 'A-1',
      labels: { zpl: ['^XA^XZ'], pdf: [], jpg: [] },
    });
    const taken = { status: 'ERROR', error_description: 'Ordine già spedito', id_spedizione: 7, platform: 'Banco 2' };
    expect(readClaim(taken)).toEqual({ kind: 'refused', error: 'Ordine già spedito', shipmentId: 7, bench: 'Banco 2' });
    // The aggregator's own refusal names nobody: said as it is.
    expect(readClaim({ status: 'ERROR', error_description: 'Ordine non trovato', order_ref: 'X' })).toEqual({
      kind: 'refused',
      error: 'Ordine non trovato',
    });
    // Our hub's words of which data are wrong come with its documented refusal.
    const bad = { status: 'ERROR', error_description: 'Dati ordine non presenti o in formato sbagliato', detail: 'x' };
    expect(readClaim(bad)).toEqual({ kind: 'refused', error: 'Dati ordine non presenti o in formato sbagliato: x' });
  });

  it('read a page of orders from the paging envelope or a bare list, keeping the readable ones', () => {
    const order = { id: '5', client_id: 1001, order_ref: 1234, status: 'Shipped', shipment_id: 9, platform: 'Banco 1' };
    const page = QueuePageReader.parse({ status: 200, totPages: 3, payload: [order, { nonsense: true }] });
    expect(page.totPages).toBe(3);
    expect(page.orders).toEqual([
      { id: 5, client_id: 1001, order_ref: '1234', status: 'shipped', shipment_id: 9, platform: 'Banco 1', fields: {} },
    ]);
    const bare = QueuePageReader.parse([{ id: 6, client_id: 1001, order_ref: 'W-6', name: 'Anna' }]);
    expect(bare).toEqual({
      orders: [
        {
          id: 6,
          client_id: 1001,
          order_ref: 'W-6',
          status: '',
          shipment_id: 0,
          platform: '',
          fields: { name: 'Anna' },
        },
      ],
      totPages: 1,
    });
  });
});
