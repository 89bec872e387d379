import { describe, expect, it } from 'vitest';
import {
  catalogFileText,
  newCatalog,
  parseCatalog,
  TEST_COURIERS,
  type CourierCatalog,
} from '../../../../src/shared/domain/courierCatalog';
import { accountCatalog } from '../../../fixtures/catalogs';

const parsed = (raw: unknown): CourierCatalog => {
  const result = parseCatalog(raw);
  if (!result.ok) throw new Error(JSON.stringify(result.fields));
  return result.value;
};
const issues = (raw: unknown) => {
  const result = parseCatalog(raw);
  return result.ok ? {} : Object.fromEntries(Object.entries(result.fields).map(([k, v]) => [k, v.code]));
};

describe('the courier catalog file', () => {
  it('reads a catalog and writes it back the same (export then import on another bench)', () => {
    const catalog = parsed(accountCatalog());
    expect(parsed(JSON.parse(catalogFileText(catalog)))).toEqual(catalog);
    expect(catalogFileText(catalog)).toContain('\n  "couriers": [');
  });

  it('fills what a hand-written file may leave out: format, version, "Più economico", formats and fields', () => {
    const catalog = parsed({ couriers: [{ id: 101, name: 'Rapido', services: [{ id: 1, name: 'Base' }] }] });
    expect(catalog).toEqual({
      format: 'courier-catalog',
      version: 1,
      cheapest: true,
      couriers: [
        { id: 101, name: 'Rapido', services: [{ id: 1, name: 'Base' }], labelFormats: ['ZPL', 'PDF'], fields: [] },
      ],
    });
  });

  it('names every wrong field by its path, with a code the screens can say in either language', () => {
    const courier = { id: 70, name: 'Uno', services: [{ id: 1, name: 'Base' }] };
    expect(
      issues({
        couriers: [
          courier,
          {
            ...courier,
            name: '  ',
            services: [
              { id: 0, name: 'X' },
              { id: 'due', name: 'Y' },
            ],
          },
          { ...courier, id: 71, labelFormats: ['JPG'], fields: ['carrier9_nope'] },
          { ...courier, id: 72, services: [] },
        ],
      }),
    ).toEqual({
      'couriers.1.id': 'unique',
      'couriers.1.name': 'required',
      'couriers.1.services.0.id': 'atLeastOne',
      'couriers.1.services.1.id': 'integer',
      'couriers.2.labelFormats.0': 'enumOf',
      'couriers.2.fields.0': 'enumOf',
      'couriers.3.services': 'atLeastOne',
    });
    expect(issues({ couriers: [{ ...courier, services: [courier.services[0], courier.services[0]] }] })).toEqual({
      'couriers.0.services.1.id': 'unique',
    });
  });

  it('refuses another kind of file by its name, not by a puzzling field', () => {
    expect(issues({ format: 'price-list', couriers: [] })).toEqual({ format: 'other' });
    expect(issues({ version: 2, couriers: [] })).toEqual({ version: 'other' });
    expect(issues([1, 2])).toEqual({ catalog: 'other' });
  });

  it('starts a new connection with only "Più economico", and offers the test couriers 70–79 apart', () => {
    expect(newCatalog()).toMatchObject({ cheapest: true, couriers: [] });
    expect(TEST_COURIERS.map((c) => c.id)).toEqual([70, 71, 72, 73, 74, 75, 76, 77, 78, 79]);
    expect(TEST_COURIERS[0]).toMatchObject({ name: 'Dummy 1' });
    for (const c of TEST_COURIERS) expect(parsed({ couriers: [c] }).couriers).toEqual([c]);
  });
});

describe('a courier catalog file out of bounds', () => {
  const courier = { id: 70, name: 'Uno', services: [{ id: 1, name: 'Base' }] };

  it('says an id too big for JSON (1e400, read as Infinity) is over the largest id, not that it is no integer', () => {
    const catalog = JSON.parse(
      '{"couriers": [{"id": 1e400, "name": "Uno", "services": [{"id": -1e400, "name": "B"}]}]}',
    );
    const result = parseCatalog(catalog);
    expect(result.ok ? {} : result.fields).toEqual({
      'couriers.0.id': { code: 'max', message: 'al massimo 9999', value: '9999' },
      'couriers.0.services.0.id': { code: 'max', message: 'al massimo 9999', value: '9999' },
    });
  });

  it('refuses a list longer than a catalog holds by its length, with one error, not one per item', () => {
    const wrong = { id: 'x', name: 7, services: 'none' };
    expect(issues({ couriers: Array(1_000_000).fill(wrong) })).toEqual({ couriers: 'maxItems' });
    const longLists = {
      ...courier,
      services: Array(100_000).fill({ id: 'x' }),
      labelFormats: Array(100_000).fill('JPG'),
      fields: Array(100_000).fill('nope'),
    };
    expect(issues({ couriers: [courier, longLists] })).toEqual({
      'couriers.1.services': 'maxItems',
      'couriers.1.labelFormats': 'maxItems',
      'couriers.1.fields': 'maxItems',
    });
  });
});
