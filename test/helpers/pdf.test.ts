// The tests read PDFs on a machine that has nothing but Node (issue 10): the PDF helpers run in a real process that
// can start no program at all, so neither poppler nor any other system tool can be behind them.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

// Runs in the child: a label and a manifest made by the engine, read back through the helpers, as JSON on stdout.
const READ_BACK = `
import { buildLabelModel, renderPdf } from './src/engine/labels/index.ts';
import { renderManifestPdf } from './src/engine/manifests/pdf.ts';
import { sampleLabelData } from './test/fixtures/labelData.ts';
import { manifestData, manifestRows } from './test/fixtures/manifestData.ts';
import { decodeBarcodes } from './test/helpers/barcode.ts';
import { pdfFonts, pdfInfo, pdfPages, pdfText } from './test/helpers/pdf.ts';
import { rasterizePdf } from './test/helpers/rasterize.ts';
import { resources } from './test/helpers/resources.ts';
const label = await renderPdf(resources, buildLabelModel(resources, sampleLabelData()));
const manifest = await renderManifestPdf(resources, manifestData({ rows: manifestRows(3) }));
console.log(JSON.stringify({
  labelText: await pdfText(label),
  barcodes: await decodeBarcodes(await rasterizePdf(label, 203)),
  manifestPages: await pdfPages(manifest),
  producer: (await pdfInfo(manifest)).producer,
  fonts: (await pdfFonts(manifest)).length,
}));
`;

describe('reading PDFs in tests', () => {
  it('extracts text, info and fonts and scans a rasterised label in a process whose PATH is empty', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', READ_BACK], {
      cwd: ROOT,
      env: { PATH: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });

    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const read = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(read.labelText).toContain('Città di Castello');
    expect(read.barcodes).toEqual(['1234567890ABC12']);
    expect(read.manifestPages).toEqual([expect.stringContaining('ORD-000003')]);
    expect(read.producer).toBe('shipping-station');
    expect(read.fonts).toBe(2);
  });
});
