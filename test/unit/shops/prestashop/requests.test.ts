// What the PrestaShop client asks and how it reads the shop's states: the open states from their flags, the shipped
// state by its e-mail template, the first read by state and the later ones by date_upd, and paging that neither
// skips nor loops on a second holding more orders than a page.
import { describe, expect, it } from 'vitest';
import { cursorOf, nextCursor, ordersQuery, PER_PAGE, stateMeanings } from '../../../../src/shops/prestashop/requests';
import type { PrestaShopOrderState } from '../../../../src/shops/prestashop/types';
import { orderStates } from '../../../fixtures/prestashopOrders';

describe('the PrestaShop requests', () => {
  it('ships the paid, validated states and the cash-on-delivery one, never refunded, shipped or cancelled', () => {
    // As the client gets them: the Webservice's JSON.
    const meanings = stateMeanings(JSON.parse(JSON.stringify(orderStates())) as PrestaShopOrderState[]);
    expect([...meanings.open].sort()).toEqual(['13', '2', '3']);
    expect(meanings.shipped).toBe('4');
    expect([...meanings.gone].sort()).toEqual(['4', '5']);
  });

  it('finds a renamed shop’s shipped state by its template, and skips deleted states', () => {
    const states = [
      { id: '20', shipped: '1', delivery: '1', send_email: '0', template: '' },
      { id: '21', shipped: '1', delivery: '0', send_email: '1', template: [{ id: '1', value: 'shipped' }] },
      { id: '22', paid: '1', logable: '1', deleted: '1' },
    ];
    const meanings = stateMeanings(states);
    expect(meanings.shipped).toBe('21');
    expect(meanings.open.size).toBe(0);
  });

  it('reads the open states first, then every order from the watermark on, oldest change first', () => {
    expect(ordersQuery({ after: '', offset: 0 }, ['2', '13'], true)).toEqual({
      display: 'full',
      sort: '[date_upd_ASC]',
      limit: `0,${PER_PAGE}`,
      'filter[current_state]': '[2|13]',
    });
    const later = ordersQuery({ after: '2026-11-26 10:00:00', offset: 50 }, ['2'], false);
    expect(later).toMatchObject({ 'filter[date_upd]': '[2026-11-26 10:00:00,9999-12-31 23:59:59]', date: '1' });
    expect(later['filter[current_state]']).toBeUndefined();
  });

  it('goes on from the latest change, by offset within one second, and stops at a short page', () => {
    const at = cursorOf(null, '2026-11-26 10:00:00');
    expect(nextCursor(at, 10, '2026-11-26 11:00:00')).toBeNull();
    expect(JSON.parse(nextCursor(at, PER_PAGE, '2026-11-26 11:00:00')!)).toEqual({
      after: '2026-11-26 11:00:00',
      offset: 0,
    });
    const same = cursorOf(nextCursor(at, PER_PAGE, '2026-11-26 10:00:00'), '');
    expect(same).toEqual({ after: '2026-11-26 10:00:00', offset: PER_PAGE });
    expect(cursorOf('not ours', 'w')).toEqual({ after: 'w', offset: 0 });
  });
});
