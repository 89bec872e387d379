// A connected bench sends a parcel leaving the EU customs territory as the real clients do: its goods lines as
// `dettagli_ordine` and its commercial invoice as a `trade_documents` entry (base64 PDF named after the invoice number,
// the station's own number when the shop gave none). Checked on the remote (our service as the aggregator).
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import { connectedOptions, useRemote } from '../../helpers/syncSetup';
import { zurichShipment } from '../../fixtures/customsLines';
import { pdfText } from '../../helpers/pdf';

const peers = useRemote();
let station: Station | undefined;

afterEach(async () => {
  await station?.close();
  station = undefined;
});

const ZURICH = zurichShipment({ labelType: 'ZPL' });

interface RemoteRecord {
  status: number;
  invoice_number?: string;
  dettagli_ordine: { sku: string; hs_code: string }[];
  trade_documents: { nome: string; contenuto: string }[];
}

describe('a connected bench’s parcel to Zürich', () => {
  it('reaches the remote with its lines and its invoice, the same file the bench keeps', async () => {
    station = await createStation(connectedOptions(peers.proxy.url));
    const s = station;
    const outcome = await s.engine.createShipment(s.caller, ZURICH);
    if (outcome.kind !== 'created') throw new Error(outcome.error);
    await s.sync?.drained(20_000);

    const ref = encodeURIComponent(outcome.record.ddt_alpha);
    const remote = await peers.direct.request<RemoteRecord>('GET', `/ShipmentByDdtalpha?ddt_alpha=${ref}`);
    expect(remote.status).toBe(200);
    expect(remote.body.status).toBe(0);
    expect(remote.body.dettagli_ordine.map((l) => [l.sku, l.hs_code])).toEqual([
      ['LIB-01', '490199'],
      ['TAZ-02', '691110'],
    ]);
    const [invoice, ...others] = remote.body.trade_documents;
    expect(others).toEqual([]);
    expect(invoice?.nome).toMatch(/^FT-\d{4}-0001\.pdf$/);
    const text = (await pdfText(Buffer.from(invoice?.contenuto ?? '', 'base64'))).replace(/[ \t]+/g, ' ');
    expect(text).toContain('Fattura commerciale / Commercial invoice');
    expect(text).toMatch(/Printed books 490199 IT/);
    expect(text).toMatch(/Porcelain mug 691110 IT/);

    // The bench prints the very file it sent.
    const kept = await s.engine.customsDocument(s.caller, outcome.record.id, 'invoice');
    expect(kept.ok && kept.name).toBe(invoice?.nome);
    expect(kept.ok && kept.pdf.toString('base64')).toBe(invoice?.contenuto);
  });
});
