// Refusing a wrong operator file (issue 27): a price-list file of about 5 MB (the most `pricing.import` takes) in the
// shapes that give the most problems per byte, next to JSON.parse of the same text, the least any reading costs. On
// the code before, a 100 kB file of this kind took 9–11 s and a 5 MB one would take hours.
import { readFileSync } from 'node:fs';
import { readPriceListFile } from '../../src/engine/pricing/priceListFile';
import { median, timeOnce, type Row } from './stats';

const ROUNDS = 5;
const SIZE = 5_000_000;

const ACCOUNT = JSON.parse(readFileSync(new URL('../fixtures/pricelists/account.json', import.meta.url), 'utf8')) as {
  price_lists: Array<Record<string, unknown>>;
};
const LIST = ACCOUNT.price_lists[0] ?? {};

function wrongFiles(): Array<[string, string]> {
  const ones = Array<number>(Math.ceil(SIZE / 2)).fill(1);
  const prices: Record<string, string> = {};
  // Each entry `"Z123456":"x",` is about 14 characters.
  for (let i = 0; i < SIZE / 14; i++) prices[`Z${i}`] = 'x';
  const listSize = JSON.stringify(LIST).length;
  const lists = Array.from({ length: Math.ceil(SIZE / listSize) }, (_, i) => ({
    ...LIST,
    servizio: i + 1,
    vat_pct: 'x',
    fuel_pct: -1,
  }));
  return [
    ['one list, a wrong value every 2 bytes', JSON.stringify({ ...LIST, zones: ones })],
    ['one list, thousands of wrong keys in one object', JSON.stringify({ ...LIST, brackets: [{ max_kg: 1, prices }] })],
    ['about 1,700 lists with two wrong values each', JSON.stringify({ price_lists: lists })],
  ];
}

export async function benchOperatorFiles(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [name, text] of wrongFiles()) {
    const refuse: number[] = [];
    const parse: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      parse.push(await timeOnce(() => JSON.parse(text)));
      refuse.push(await timeOnce(() => readPriceListFile(text)));
    }
    const read = readPriceListFile(text);
    rows.push({
      name: `refuse a ${(text.length / 1e6).toFixed(1)} MB price-list file: ${name}`,
      medianMs: median(refuse),
      baseline: 'JSON.parse of the same text',
      baselineMs: median(parse),
      extra: read.ok ? 'accepted?' : `${read.errors.length} lines in the answer`,
    });
  }
  return rows;
}
