// PrestaShop's Webservice as the client reads and writes it: a list answered as `{"orders":[…]}` or, when nothing
// matched, as `[]`; anything else unreadable; XML bodies whose values cannot break out of their CDATA.
import { describe, expect, it } from 'vitest';
import { listOf, xmlOf } from '../../../../src/shops/prestashop/api';
import { xmlFields } from '../../../peers/prestashopPeer';

describe('the PrestaShop Webservice on the wire', () => {
  it('reads a list by its resource, an empty answer as no items, and anything else as unreadable', () => {
    expect(listOf({ orders: [{ id: 1 }] }, 'orders')).toEqual([{ id: 1 }]);
    expect(listOf([], 'orders')).toEqual([]);
    expect(listOf({ addresses: [] }, 'orders')).toBeUndefined();
    expect(listOf('<html>', 'orders')).toBeUndefined();
    expect(listOf([{ id: 1 }], 'orders')).toBeUndefined();
  });

  it('writes each field in CDATA, a value holding "]]>" kept whole', () => {
    const xml = xmlOf('order_carrier', { id: '7', tracking_number: 'AB]]><x>1' });
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><prestashop xmlns:xlink=/);
    expect(xml).toContain('<order_carrier><id><![CDATA[7]]></id>');
    expect(xmlFields(xml, 'order_carrier')).toEqual({ id: '7', tracking_number: 'AB]]><x>1' });
    // Without the split, the value's "]]>" would end the CDATA and its rest would be markup.
    expect(xml).not.toContain('AB]]><x>');
  });
});
