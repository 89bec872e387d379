// Decodes the barcodes printed on a rendered label (PNG or JPEG bytes), so tests prove a label scans.
// zxing-wasm would fetch its .wasm from a CDN; the copy shipped in the package is loaded instead (no network).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

let prepared: Promise<unknown> | undefined;

function prepare(): Promise<unknown> {
  if (!prepared) {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    prepared = prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  }
  return prepared;
}

/** Texts of every Code 128 symbol found in the image, in reading order. */
export async function decodeBarcodes(image: Uint8Array): Promise<string[]> {
  await prepare();
  const results = await readBarcodes(image, { formats: ['Code128'], tryHarder: true, maxNumberOfSymbols: 8 });
  return results.filter((r) => r.isValid).map((r) => r.text);
}
