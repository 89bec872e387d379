// The manifest PDF read back the way a person or a tool would: its text laid out per page, where runs of text sit,
// its document info and its fonts (test/helpers/pdf.ts: pdf.js and the font dictionaries, no system tools).
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderManifestPdf } from '../../../../src/engine/manifests/pdf';
import { openResources } from '../../../../src/engine/resources';
import { pdfFonts, pdfInfo, pdfPages, pdfTextRuns } from '../../../helpers/pdf';
import { manifestData, manifestRow, manifestRows } from '../../../fixtures/manifestData';
import { resources } from '../../../helpers/resources';

function lineWith(text: string, needle: string): string {
  const line = text.split('\n').find((l) => l.includes(needle));
  if (line === undefined) throw new Error(`no line with ${needle}`);
  return line;
}

describe('renderManifestPdf', () => {
  it(
    'lists the manifest id, its date, the sender, the ' + 'clients and every row reference, pages counted per courier',
    async () => {
      const rows = manifestRows(12, { twoCouriers: true });
      const pages = await pdfPages(await renderManifestPdf(resources, manifestData({ rows })));
      const text = pages.join('\n');

      expect(pages).toHaveLength(3);
      expect(text).toContain('Distinta di consegna al corriere');
      expect(text).toContain('Distinta n. 4711 del 14/03/2025 16:45');
      expect(text).toContain('Bottega Artigiana di Forlì');
      expect(text).toContain('Clienti: 12, 15');
      expect(pages[0]).toMatch(/Distinta n\. 4711 – 14\/03\/2025 16:45 · Rapido Express\s+Pagina 1 di 1/);
      expect(pages[1]).toMatch(/Distinta n\. 4711 – 14\/03\/2025 16:45 · Corriere Lampo\s+Pagina 1 di 1/);
      expect(pages[2]).toMatch(/Distinta n\. 4711 – 14\/03\/2025 16:45 · Riepilogo\s+Pagina 1 di 1/);
      for (const row of rows) {
        const line = lineWith(text, row.ddtAlpha);
        expect(line).toContain(String(row.ddtNum));
        expect(line).toContain(row.numSpedizione);
        expect(line).toContain(row.serviceName);
      }
    },
  );

  it('starts each courier on its own page, each with its own signature box for sender and driver', async () => {
    const rows = manifestRows(12, { twoCouriers: true });
    const pages = await pdfPages(await renderManifestPdf(resources, manifestData({ rows })));

    expect(pages[0]).toContain('Corriere: Rapido Express');
    expect(pages[0]).not.toContain('Corriere Lampo');
    expect(pages[1]).toContain('Corriere: Corriere Lampo');
    expect(pages[1]).not.toContain('Rapido Express');
    // The summary of every courier is the sender's page, with nothing for a driver to sign.
    expect(pages[2]).toContain('Riepilogo della distinta: tutti i corrieri');
    expect(pages[2]).not.toContain('Firma');
    for (const page of pages.slice(0, 2)) {
      expect(page).toContain('Firma del mittente');
      expect(page).toContain("Firma dell'autista / ritiro");
      expect(page).toContain('Nome e cognome');
      expect(page).toContain('Ora');
    }
  });

  it('prints each courier’s totals on its own pages only, and the manifest’s on the summary, to the gram', async () => {
    const lampo = { courierId: 2, courierName: 'Corriere Lampo', serviceName: 'Espresso 24h' };
    const rows = [
      manifestRow(1, { colli: 2, pesoKg: 12.5, contrassegno: 100, valuta: 'EUR' }),
      manifestRow(2, { colli: 1, pesoKg: 0.75, contrassegno: 25.5, valuta: 'EUR' }),
      manifestRow(3, { colli: 4, pesoKg: 2, contrassegno: 30, valuta: 'CHF' }),
      manifestRow(4, { ...lampo, colli: 7, pesoKg: 1234.5, contrassegno: 0 }),
    ];
    const pages = await pdfPages(await renderManifestPdf(resources, manifestData({ rows })));

    expect(pages).toHaveLength(3);
    expect(lineWith(pages[0] ?? '', 'ORD-000002')).toMatch(/0,750\s+25,50 EUR/);
    const rapido = lineWith(pages[0] ?? '', 'Totale Rapido Express');
    expect(rapido).toMatch(/Totale Rapido Express: 3 spedizioni\s+7\s+15,250\s+30,00 CHF/);
    expect(pages[0]).toMatch(/\n\s+125,50 EUR\s*\n/);
    const rapidoTotals = 'Totale corriere: 3 spedizioni · 7 colli · 15,250 kg · contrassegni 30,00 CHF + 125,50 EUR';
    const rapidoHeading = lineWith(pages[0] ?? '', 'Totale corriere');
    expect(rapidoHeading).toMatch(/^Corriere: Rapido Express\s+Totale corriere: /);
    expect(rapidoHeading).toContain(rapidoTotals);
    const lampoLine = lineWith(pages[1] ?? '', 'Totale Corriere Lampo');
    expect(lampoLine).toMatch(/Totale Corriere Lampo: 1 spedizione\s+7\s+1\.234,500\s+—/);
    // No cash on delivery for this courier: its totals say nothing of money.
    expect(lineWith(pages[1] ?? '', 'Totale corriere')).toMatch(
      /Totale corriere: 1 spedizione · 7 colli · 1\.234,500 kg$/,
    );
    for (const page of pages.slice(0, 2)) expect(page).not.toMatch(/Totale distinta|14 colli|1\.249,750/);
    expect(lineWith(pages[2] ?? '', 'Rapido Express')).toMatch(
      /Rapido Express\s+3\s+7\s+15,250\s+30,00 CHF \+ 125,50 EUR/,
    );
    expect(lineWith(pages[2] ?? '', 'Corriere Lampo')).toMatch(/Corriere Lampo\s+1\s+7\s+1\.234,500\s+—/);
    expect(lineWith(pages[2] ?? '', 'Totale distinta')).toMatch(
      /Totale distinta \(tutti i corrieri\)\s+4\s+14\s+1\.249,750\s+30,00 CHF \+ 125,50 EUR/,
    );
  });

  it('shows each shipment’s reference beside its waybill, a long one cut with "…" short of the waybill', async () => {
    const long = 'SHOPIFY-ORDER-2025-000012345-RESO-CAMBIO-TAGLIA';
    const rows = [manifestRow(1, { ddtAlpha: '#1002' }), manifestRow(2, { ddtAlpha: long })];
    const pdf = await renderManifestPdf(resources, manifestData({ rows }));
    const [page = ''] = await pdfPages(pdf);

    expect(lineWith(page, '#1002')).toMatch(/^\s*1\s+#1002\s+RX000001IT\s+10001\s+Standard/);
    expect(page).toMatch(/Riferimento\s+N\. spedizione/);
    expect(page).not.toContain('CAMBIO-TAGLIA');
    const runs = (await pdfTextRuns(pdf))[0] ?? [];
    const cut = runs.find((r) => r.text.startsWith('SHOPIFY-ORDER') && r.text.endsWith('…'));
    const waybill = runs.find((r) => r.text === 'RX000002IT');
    expect(cut).toBeDefined();
    expect(cut?.size).toBeGreaterThanOrEqual(6.5);
    expect(cut?.xMax ?? Infinity).toBeLessThan(waybill?.xMin ?? 0);
  });

  it('repeats the page header, the courier heading and the table header on every page of a long section', async () => {
    const pages = await pdfPages(await renderManifestPdf(resources, manifestData({ rows: manifestRows(100) })));

    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => {
      expect(page).toContain('Distinta di consegna al corriere');
      expect(page).toContain('Distinta n. 4711');
      expect(page).toContain(`Pagina ${i + 1} di ${pages.length}`);
      expect(page).toContain('Totale corriere: 100 spedizioni · 200 colli');
      const heading = [
        'N.',
        'Riferimento',
        'N. spedizione',
        'DDT n.',
        'Servizio',
        'Destinatario',
        'Città (prov.)',
        'Paese',
      ];
      const columns = [...heading, 'Colli', 'Peso kg', 'Contrassegno'];
      const escaped = columns.map((c) => c.replace(/[.()]/g, '\\$&').replace(/ /g, '\\s+'));
      expect(page).toMatch(new RegExp(escaped.join('\\s+')));
      expect(page).toContain(i === 0 ? 'Corriere: Rapido Express' : 'Corriere: Rapido Express (segue)');
    });
  });

  it('spreads a 1,000-row manifest over many pages and lists every ddt_alpha exactly once', async () => {
    const rows = manifestRows(1000, { twoCouriers: true });
    const pdf = await renderManifestPdf(resources, manifestData({ rows }));
    const pages = await pdfPages(pdf);
    const text = pages.join('\n');

    expect(pages.length).toBeGreaterThan(25);
    const rapidoPages = pages.filter((p) => p.includes('Corriere: Rapido Express')).length;
    const lampoPages = pages.filter((p) => p.includes('Corriere: Corriere Lampo')).length;
    expect(rapidoPages + lampoPages + 1).toBe(pages.length);
    expect(pages[rapidoPages - 1]).toContain(`Pagina ${rapidoPages} di ${rapidoPages}`);
    expect(pages[pages.length - 2]).toContain(`Pagina ${lampoPages} di ${lampoPages}`);
    expect(pages[pages.length - 1]).toContain('Totale distinta (tutti i corrieri)');
    const seen = new Map<string, number>();
    for (const ref of text.match(/ORD-\d{6}/g) ?? []) seen.set(ref, (seen.get(ref) ?? 0) + 1);
    expect(seen.size).toBe(1000);
    for (const row of rows) expect(seen.get(row.ddtAlpha)).toBe(1);
    expect(text).toContain('Totale Rapido Express: 667 spedizioni');
    expect(text).toContain('Totale Corriere Lampo: 333 spedizioni');
  });

  it('cuts a very long recipient name with "…" so it never runs into the city column', async () => {
    const longName = 'Società Cooperativa Agricola Produttori Ortofrutticoli Riuniti della Bassa Romagna a r.l.';
    const rows = [manifestRow(1, { rcptName: longName, rcptCity: 'Forlì', rcptProv: 'FC' }), manifestRow(2)];
    const pdf = await renderManifestPdf(resources, manifestData({ rows }));

    const line = lineWith((await pdfPages(pdf))[0] ?? '', 'ORD-000001');
    expect(line).toMatch(/Società Cooperativa .*…\s+Forlì \(FC\)\s+IT\s+2\s+2,500/);
    expect(line).not.toContain('a r.l.');

    // Geometry, not just reading order: the cut name ends left of where the city starts.
    const runs = (await pdfTextRuns(pdf))[0] ?? [];
    const cut = runs.find((r) => r.text.endsWith('…'));
    const onCutLine = (r: { baseline: number }): boolean =>
      cut !== undefined && Math.abs(r.baseline - cut.baseline) < 2;
    const city = runs.find((r) => r.text === 'Forlì (FC)' && onCutLine(r));
    expect(cut).toBeDefined();
    expect(city).toBeDefined();
    expect(cut?.xMax ?? Infinity).toBeLessThan(city?.xMin ?? 0);
  });

  it('keeps Italian accents in names and places (Forlì, Città, Cefalù)', async () => {
    const rows = manifestRows(6).map((r) => (r.id === 1 ? { ...r, rcptName: 'Caffè Perù di Niccolò' } : r));
    const text = (await pdfPages(await renderManifestPdf(resources, manifestData({ rows })))).join('\n');

    expect(text).toContain('Forlì (FC)');
    expect(text).toContain('Città di Castello (PG)');
    expect(text).toContain('Cefalù (PA)');
    expect(text).toContain('Caffè Perù di Niccolò');
    expect(text).toContain('47121 Forlì (FC) – IT');
  });

  it('names the manifest and the courier in the barcode text, and still fits a ten-digit manifest id', async () => {
    const rows = manifestRows(3, { twoCouriers: true });
    const pages = await pdfPages(await renderManifestPdf(resources, manifestData({ manifestId: 9_999_999_999, rows })));

    expect(pages[0]).toContain('DIST9999999999.1');
    expect(pages[1]).toContain('DIST9999999999.2');
    expect(pages[2]).toContain('DIST9999999999');
  });

  it('renders a manifest with no rows as one valid page that says there are no shipments', async () => {
    const pdf = await renderManifestPdf(resources, manifestData({ rows: [] }));

    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    const [page] = await pdfPages(pdf);
    expect(page).toContain('Nessuna spedizione in questa distinta.');
    expect(page).toContain('Distinta n. 4711');
    expect(page).toContain('Pagina 1 di 1');
  });

  it('gives the same bytes for the same input, dated from the manifest and produced by shipping-station', async () => {
    const data = manifestData({ rows: manifestRows(40, { twoCouriers: true }) });
    const first = await renderManifestPdf(resources, data);
    const second = await renderManifestPdf(resources, structuredClone(data));

    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const info = await pdfInfo(first);
    expect(info.producer).toBe('shipping-station');
    expect(info.creator).toBe('shipping-station');
    expect(info.creationDate).toBe('2025-03-14T16:45:09Z');
    expect(info.modDate).toBe('2025-03-14T16:45:09Z');
    expect(info.pageSize).toBe('841.89 x 595.28');
  });

  it('gives the same bytes whether the fonts were parsed for it or for documents drawn before', async () => {
    const data = manifestData({ rows: manifestRows(12, { twoCouriers: true }) });
    const fresh = await renderManifestPdf(openResources(), data);
    const used = openResources();
    await renderManifestPdf(used, manifestData({ rows: manifestRows(30) }));
    const after = await renderManifestPdf(used, structuredClone(data));

    expect(Buffer.from(after).equals(Buffer.from(fresh))).toBe(true);
  });

  it('gives the same bytes after a manifest with accented names (their letters still copy and search)', async () => {
    // DejaVu draws À, É, Ä… from the plain letter and an accent: a font shared between documents must not carry what
    // one document's accents did to the plain letters into the next one's text map.
    const data = manifestData({ rows: manifestRows(12, { twoCouriers: true }) });
    const fresh = await renderManifestPdf(openResources(), structuredClone(data));
    for (const accented of ['ÀÀ', 'ÄÄ', 'ÂÂ', 'Élise Çà']) {
      const used = openResources();
      await renderManifestPdf(
        used,
        manifestData({ rows: [manifestRow(1, { rcptName: accented, rcptCity: accented })] }),
      );
      const after = await renderManifestPdf(used, structuredClone(data));
      expect(Buffer.from(after).equals(Buffer.from(fresh)), accented).toBe(true);
    }
  });

  it('embeds only subsets of the bundled DejaVu fonts', async () => {
    const fonts = await pdfFonts(await renderManifestPdf(resources, manifestData({ rows: manifestRows(5) })));

    expect(fonts).toHaveLength(2);
    for (const font of fonts) {
      expect(font.name).toMatch(/^[A-Z]{6}\+DejaVuSans(-Bold)?$/);
      expect(font).toMatchObject({ type: 'CID TrueType', encoding: 'Identity-H' });
      expect(font).toMatchObject({ embedded: true, subset: true, unicode: true });
    }
  });
});
