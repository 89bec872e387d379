// The Orders query read as the aggregator's clients write it: every documented filter, array parameters in each of
// their spellings, the defaults where nothing is said, and the first thing wrong named in Italian.
import { describe, expect, it } from 'vitest';
import { parseOrdersQuery } from '../../../../src/shared/api/ordersList';

describe('parseOrdersQuery', () => {
  it('fills the defaults: 100 a page (the most), the first page, newest id first, no rows', () => {
    expect(parseOrdersQuery({})).toEqual({
      ok: true,
      value: { perPage: 100, page: 1, order: 'DESC', orderBy: 'id', withDetails: false },
    });
  });

  it('reads a list written status[0]=…, status[]=… or repeated, alike', () => {
    const lists = [
      { 'status[0]': 'waiting', 'status[1]': 'SHIPPED' },
      { 'status[]': ['waiting', 'shipped'] },
      { status: ['waiting', 'shipped'] },
    ];
    for (const list of lists) {
      const parsed = parseOrdersQuery(list);
      expect(parsed.ok && parsed.value.status).toEqual(['waiting', 'shipped']);
    }
  });

  it('reads every documented filter', () => {
    const parsed = parseOrdersQuery({
      'id[0]': '4',
      'id[1]': '9',
      'client_id[]': '1001',
      'order_ref[]': ['#1001', 'WEB-2'],
      email: ' anna@example.com ',
      data_ordine_da: '2026-11-01',
      data_ordine_a: '2026-11-30',
      'exclude_status[]': 'cancelled',
      'corriere[0]': '70',
      'invoice_number[0]': 'FT-2026-0001',
      withDetails: '1',
      perPage: '20',
      page: '3',
      orderBy: 'data_ordine',
      order: 'asc',
    });
    expect(parsed).toEqual({
      ok: true,
      value: {
        id: [4, 9],
        client_id: [1001],
        order_ref: ['#1001', 'WEB-2'],
        email: 'anna@example.com',
        from: '2026-11-01 00:00:00',
        to: '2026-11-30 23:59:59',
        exclude_status: ['cancelled'],
        corriere: [70],
        invoice_number: ['FT-2026-0001'],
        withDetails: true,
        perPage: 20,
        page: 3,
        orderBy: 'data_ordine',
        order: 'ASC',
      },
    });
  });

  it('takes withDetails as true or false too, as a JavaScript client writes it', () => {
    expect(parseOrdersQuery({ withDetails: 'true' })).toMatchObject({ ok: true, value: { withDetails: true } });
    expect(parseOrdersQuery({ withDetails: 'false' })).toMatchObject({ ok: true, value: { withDetails: false } });
  });

  it('names the first thing wrong', () => {
    const wrong: [Record<string, unknown>, string][] = [
      [{ perPage: '101' }, 'perPage non valido: indicare un numero da 1 a 100'],
      [{ perPage: '0' }, 'perPage non valido: indicare un numero da 1 a 100'],
      [{ 'status[]': 'sent' }, 'Valore non valido per status'],
      [{ 'id[]': 'abc' }, 'Valore non valido per id'],
      [{ data_ordine_da: '2026-02-30' }, 'Data non valida in data_ordine_da: usare il formato AAAA-MM-GG HH:MM:SS'],
      [{ orderBy: 'name' }, 'Valore non valido per orderBy'],
      [{ withDetails: 'yes' }, 'Valore non valido per withDetails'],
    ];
    for (const [query, message] of wrong) expect(parseOrdersQuery(query)).toEqual({ ok: false, message });
  });
});
