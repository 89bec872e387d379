// Operator files brought to a connected bench in Settings (price lists, the courier catalog) when they are wrong in
// the ways a hostile or broken file is: nested thousands of levels, numbers JSON cannot hold, absurd amounts, 5 MB of
// errors. Each is a file error the operator can read, never "Errore interno", and the saved lists stay as they were.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accountCatalog } from '../../../fixtures/catalogs';
import { connectBench, useBenches, value, type Bench } from '../../../helpers/bench';
import { useRemote } from '../../../helpers/syncSetup';

const peers = useRemote();
const openBench = useBenches();
const ACCOUNT_LISTS = readFileSync(new URL('../../../fixtures/pricelists/account.json', import.meta.url), 'utf8');

async function connectedBench(): Promise<Bench> {
  const bench = await openBench();
  await connectBench(bench, peers.proxy.url);
  value(await bench.call('catalog.save', { catalog: accountCatalog() }));
  value(await bench.call('pricing.import', { text: ACCOUNT_LISTS }));
  return bench;
}

describe('a wrong operator file at a connected bench', () => {
  it('is refused with its reason and changes none of the saved price lists', async () => {
    const bench = await connectedBench();
    const saved = value(await bench.call('pricing.lists', {})).lists;
    expect(saved).toHaveLength(2);
    const refusal = async (text: string) => {
      const answer = value(await bench.call('pricing.import', { text }));
      expect(answer.lists).toEqual(saved);
      return answer.errors;
    };

    const deep = 10_000;
    expect(await refusal('['.repeat(deep) + ']'.repeat(deep))).toEqual([
      { line: 1, path: '', message: 'File troppo annidato: più di 32 livelli di parentesi [ ] o { }' },
    ]);
    expect(await refusal(ACCOUNT_LISTS.replace('"vat_pct": 22', '"vat_pct": 1e400'))).toEqual([
      expect.objectContaining({ path: 'price_lists.0.vat_pct', message: 'Numero troppo grande' }),
    ]);
    expect(await refusal(ACCOUNT_LISTS.replace('"min_charge": ', '"min_charge": 1e9, "was": '))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'price_lists.0.min_charge',
          message: 'Importo troppo grande: al massimo 100.000',
        }),
      ]),
    );

    // Close to the 5 MB the command takes: one problem per value, answered with 50 of them and a count.
    const wrong = JSON.stringify({ price_lists: [{ corriere: 70, zones: Array(2_400_000).fill(1) }] });
    expect(wrong.length).toBeGreaterThan(4_800_000);
    expect(await refusal(wrong)).toEqual([
      { line: 1, path: 'price_lists.0', message: 'Listino troppo grande: più di 20.000 valori' },
    ]);
    const many = JSON.stringify({ price_lists: Array.from({ length: 20 }, (_, i) => ({ servizio: i + 1 })) });
    const errors = await refusal(many);
    expect(errors).toHaveLength(51);
    expect(errors.at(-1)?.message).toMatch(/^… e altri \d+ errori$/);
  });

  it('of a courier catalog is refused field by field, however long or deep, and the saved catalog stays', async () => {
    const bench = await connectedBench();
    const saved = value(await bench.call('catalog.get', {})).catalog;
    let deep: unknown = 'Uno';
    for (let i = 0; i < 10_000; i++) deep = { name: deep };
    const courier = { id: 70, name: 'Uno', services: [{ id: 1, name: 'Base' }] };
    const refused = async (catalog: unknown) => {
      const answer = await bench.call('catalog.save', { catalog });
      expect(value(await bench.call('catalog.get', {})).catalog).toEqual(saved);
      return answer.ok
        ? {}
        : Object.fromEntries(Object.entries(answer.error.fields ?? {}).map(([k, v]) => [k, v.code]));
    };
    expect(await refused({ couriers: [{ ...courier, name: deep }] })).toEqual({ 'couriers.0.name': 'text' });
    expect(await refused({ couriers: Array(1_000_000).fill({ id: 'x' }) })).toEqual({ couriers: 'maxItems' });
    expect(await refused({ couriers: [{ ...courier, id: Infinity }] })).toEqual({ 'couriers.0.id': 'max' });
  });
});
