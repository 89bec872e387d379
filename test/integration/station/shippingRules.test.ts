// Shipping rules at a real station, through the command table the screens use, over a real SQLite file: a list with
// an unknown service, a return service, an unknown box, an unreachable rule or a contradiction is refused whole with
// each problem at its path; a good one is kept, exported and imported back (a broken file refused by path); an imported
// order file keeps what the rules chose for each order and why; the preview runs unsaved rules over the orders waiting;
// a fallback (the same conditions again, for what the first rule's service cannot carry) is saved and takes those
// orders.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import type { ImportPreview } from '../../../src/shared/ipc/orderCommands';
import type { RuleSet } from '../../../src/shared/domain/shippingRules';
import { orderRef, ordersCsv } from '../../fixtures/orderFiles';
import { commandValue, rendererApiOver } from '../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Two-parcel orders wait for a person; coffee CAF-0 goes with Demo Poste; two rules that say nothing new. */
const RULES: RuleSet = {
  version: 1,
  rules: [
    { name: 'Due colli', when: { parcels: { min: 2 } }, then: { hold: true } },
    { name: 'Caffè', when: { skus: ['caf-0'] }, then: { courier: { corriere: 72, servizio: 1 }, box: 'Media' } },
  ],
};

describe('shipping rules at the bench', () => {
  it('refuses a list with problems, keeps a good one, and exports and imports it as JSON', async () => {
    const dataDir = tempDir();
    station = await createStation({ dataDir });
    const api = rendererApiOver(station);
    const box = { name: 'Media', key: '2', length: 30, width: 20, height: 15, tare: 0.3, max_weight: 0 };
    expect((await api.call('boxes.save', { box })).ok).toBe(true);

    const bad: RuleSet = {
      version: 1,
      rules: [
        ...RULES.rules,
        { name: 'Colli e basta', when: { parcels: { min: 2 } }, then: { courier: { corriere: 70, servizio: 1 } } },
        { name: 'Fantasma', when: { countries: ['CH'] }, then: { courier: { corriere: 99, servizio: 1 }, box: 'XL' } },
        // Demo Express's return service: an order's shipment goes out, never by it.
        { name: 'Resi', when: { countries: ['FR'] }, then: { courier: { corriere: 70, servizio: 4 } } },
      ],
    };
    const refused = await api.call('rules.save', { rules: bad });
    expect(!refused.ok && refused.error.code).toBe('invalid');
    expect(!refused.ok && Object.keys(refused.error.fields ?? {})).toEqual([
      'rules.2.when',
      'rules.3.then.courier',
      'rules.3.then.box',
      'rules.4.then.courier',
    ]);
    expect(!refused.ok && refused.error.message).toContain('Regola 3: stesse condizioni della regola 1');
    const checked = await api.call('rules.check', { rules: bad });
    expect(checked.ok && checked.value.problems.map((p) => p.code)).toEqual([
      'contradicts',
      'unknownService',
      'unknownBox',
      'returnService',
    ]);
    // Nothing was kept.
    expect(await api.call('rules.get', {})).toEqual({ ok: true, value: { rules: { version: 1, rules: [] } } });

    expect(await api.call('rules.save', { rules: RULES })).toEqual({ ok: true, value: { rules: RULES } });
    const exported = commandValue<{ json: string }>(await api.call('rules.export', {}));
    expect(JSON.parse(exported.json)).toEqual(RULES);

    const broken = await api.call('rules.import', { json: exported.json.replace('"min": 2', '"min": -2') });
    expect(!broken.ok && Object.keys(broken.error.fields ?? {})).toEqual(['rules.0.when.parcels.min']);
    expect(!broken.ok && broken.error.message).toMatch(/^File delle regole non valido: rules\.0\.when\.parcels\.min/);

    await station.close();
    station = await createStation({ dataDir });
    const again = rendererApiOver(station);
    expect(await again.call('rules.get', {})).toEqual({ ok: true, value: { rules: RULES } });
    const emptied = await again.call('rules.import', { json: '{"version":1,"rules":[]}' });
    expect(emptied.ok).toBe(true);
    expect(await again.call('rules.get', {})).toEqual({ ok: true, value: { rules: { version: 1, rules: [] } } });
  });

  it('gives each imported order what the rules chose and why, and previews rules not yet saved', async () => {
    station = await createStation({ dataDir: tempDir() });
    const api = rendererApiOver(station);
    const box = { name: 'Media', key: '2', length: 30, width: 20, height: 15, tare: 0.3, max_weight: 0 };
    expect((await api.call('boxes.save', { box })).ok).toBe(true);
    expect((await api.call('rules.save', { rules: RULES })).ok).toBe(true);

    const file = ordersCsv(4, { twoParcels: [1] });
    const preview = commandValue<ImportPreview>(
      await api.call('orders.preview', { fileName: 'ordini.csv', base64: base64(file) }),
    );
    expect(commandValue(await api.call('orders.import', { importId: preview.importId }))).toMatchObject({ added: 4 });
    const find = (n: number) => station!.engine.orders.find(station!.caller, orderRef(n));
    expect(find(1001)?.rule).toEqual({
      rule: { index: 1, ...RULES.rules[1], service: 'Demo Poste Pacco Ordinario' },
      passed: [],
    });
    expect(find(1002)?.rule?.rule).toMatchObject({ index: 0, name: 'Due colli', then: { hold: true } });
    expect(find(1003)?.rule).toBeUndefined();

    // Demo Poste takes one parcel: a two-parcel coffee order is passed over by the coffee rule, and said so.
    const unsaved: RuleSet = { version: 1, rules: [{ ...RULES.rules[1]!, when: {} }] };
    const previewed = await api.call('rules.preview', { rules: unsaved, limit: 10 });
    expect(previewed.ok && previewed.value).toMatchObject({ total: 4, byRule: [3], cheapest: 1, held: 0 });
    const two = previewed.ok ? previewed.value.rows.find((r) => r.orderRef === orderRef(1002)) : undefined;
    expect(two?.outcome).toEqual({
      passed: [{ index: 0, name: 'Caffè', why: { code: 'tooManyParcels', params: { max: 1 } } }],
    });
    // What the saved rules say of an order now.
    const id = find(1002)!.id;
    const now = await api.call('rules.forOrder', { id });
    expect(now.ok && now.value.outcome.rule?.name).toBe('Due colli');
  });

  it('saves a fallback: the same conditions again for the orders the first rule’s service cannot carry', async () => {
    station = await createStation({ dataDir: tempDir() });
    const api = rendererApiOver(station);
    // Demo Poste takes one parcel; the second rule, with the same (no) conditions, takes the others.
    const fallback: RuleSet = {
      version: 1,
      rules: [
        { name: 'Poste', when: {}, then: { courier: { corriere: 72, servizio: 1 } } },
        { name: 'Ripiego', when: {}, then: { courier: { corriere: 70, servizio: 1 } } },
      ],
    };
    const checked = await api.call('rules.check', { rules: fallback });
    expect(checked.ok && checked.value.problems).toEqual([]);
    expect(await api.call('rules.save', { rules: fallback })).toEqual({ ok: true, value: { rules: fallback } });

    const file = ordersCsv(2, { twoParcels: [1] });
    const preview = commandValue<ImportPreview>(
      await api.call('orders.preview', { fileName: 'ordini.csv', base64: base64(file) }),
    );
    expect(commandValue(await api.call('orders.import', { importId: preview.importId }))).toMatchObject({ added: 2 });
    const find = (n: number) => station!.engine.orders.find(station!.caller, orderRef(n));
    expect(find(1001)?.rule?.rule?.name).toBe('Poste');
    expect(find(1002)?.rule).toMatchObject({
      rule: { index: 1, name: 'Ripiego' },
      passed: [{ index: 0, name: 'Poste', why: { code: 'tooManyParcels' } }],
    });
  });
});
