// The ShipmentsList query read as the aggregator's clients write it: array parameters in each of their spellings,
// defaults where nothing is said, and the first thing wrong named in Italian.
import { describe, expect, it } from 'vitest';
import { parseShipmentsListQuery } from '../../../../src/shared/api/shipmentsList';

const DATES = { data_da: '2026-03-01 08:00:00', data_a: '2026-03-31 18:00:00' };

describe('parseShipmentsListQuery', () => {
  it('fills the documented defaults: 200 a page, the first page, newest id first', () => {
    expect(parseShipmentsListQuery(DATES)).toEqual({
      ok: true,
      value: {
        from: '2026-03-01 08:00:00',
        to: '2026-03-31 18:00:00',
        perPage: 200,
        page: 1,
        order: 'DESC',
        orderBy: 'id',
      },
    });
  });

  it('reads a list written corriere[0]=…, corriere[]=… or repeated, alike', () => {
    const lists = [
      { 'corriere[0]': '70', 'corriere[1]': '71' },
      { 'corriere[]': ['70', '71'] },
      { corriere: ['70', '71'] },
    ];
    for (const list of lists) {
      const parsed = parseShipmentsListQuery({ ...DATES, ...list });
      expect(parsed.ok && parsed.value.corriere).toEqual([70, 71]);
    }
  });

  it('takes a bare day as the whole day, and the order in either case', () => {
    const parsed = parseShipmentsListQuery({
      data_da: '2026-03-01',
      data_a: '2026-03-02',
      order: 'asc',
      status: '0.6',
    });
    expect(parsed).toMatchObject({
      ok: true,
      value: { from: '2026-03-01 00:00:00', to: '2026-03-02 23:59:59', order: 'ASC', status: 0.6 },
    });
  });

  it('names what is wrong: a missing or impossible date, a page size out of range, an unknown order', () => {
    expect(parseShipmentsListQuery({ data_a: DATES.data_a })).toEqual({
      ok: false,
      message: 'Data iniziale (data_da) non indicata',
    });
    expect(parseShipmentsListQuery({ ...DATES, data_a: '2026-03-31 24:00:00' })).toEqual({
      ok: false,
      message: 'Data non valida in data_a: usare il formato AAAA-MM-GG HH:MM:SS',
    });
    expect(parseShipmentsListQuery({ ...DATES, perPage: '0' })).toMatchObject({ ok: false });
    expect(parseShipmentsListQuery({ ...DATES, orderBy: 'peso' })).toEqual({
      ok: false,
      message: 'Valore non valido per orderBy',
    });
    expect(parseShipmentsListQuery({ ...DATES, status: 'consegnato' })).toEqual({
      ok: false,
      message: 'Valore non valido per status',
    });
  });
});
