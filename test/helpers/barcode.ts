// Decodes the barcodes and 2D codes printed on a rendered label (PNG or JPEG bytes), so tests prove a label scans.
// zxing-wasm would fetch its .wasm from a CDN; the copy shipped in the package is loaded instead (no network).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReadInputBarcodeFormat } from 'zxing-wasm/reader';

let prepared: Promise<unknown> | undefined;

function prepare(): Promise<unknown> {
  if (!prepared) {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const wasmBinary = wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength);
    prepared = prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  }
  return prepared;
}

/** Texts of every symbol of the given formats (Code 128 unless told) found in the image, in reading order. */
export async function decodeBarcodes(
  image: Uint8Array,
  formats: readonly ReadInputBarcodeFormat[] = ['Code128'],
): Promise<string[]> {
  await prepare();
  const results = await readBarcodes(image, { formats: [...formats], tryHarder: true, maxNumberOfSymbols: 8 });
  return results.filter((r) => r.isValid).map((r) => r.text);
}

/** Texts of every QR code found in the image. */
export function decodeQr(image: Uint8Array): Promise<string[]> {
  return decodeBarcodes(image, ['QRCode']);
}
