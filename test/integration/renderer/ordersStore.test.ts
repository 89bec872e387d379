// The order file preview's grid against a real station (issue 39): a row being corrected stays in the grid, marked
// ready, though its last fix made it pass, until the operator goes to another row; then it goes.
import { afterEach, describe, expect, it } from 'vitest';
import { createStation, type Station } from '../../../src/station/index';
import { createOrdersStore } from '../../../src/renderer/stores/ordersStore';
import { gridRows } from '../../../src/renderer/screens/orders/previewColumns';
import { orderRef, ordersCsv } from '../../fixtures/orderFiles';
import { rendererApiOver } from '../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

describe('the import grid', () => {
  it('keeps the row being corrected until the operator goes to another, though its fix made it pass', async () => {
    station = await createStation({ dataDir: tempDir() });
    const orders = createOrdersStore(rendererApiOver(station));
    const file = ordersCsv(12, { wrongCap: [4], badEmail: [11] });
    await orders.getState().open('ordini.csv', Buffer.from(file, 'utf8').toString('base64'));
    const rows = () => {
      const { preview, editing } = orders.getState();
      return preview ? gridRows(preview, editing).map((row) => [row.orderRef, Object.keys(row.errors)]) : [];
    };
    expect(rows()).toEqual([
      [orderRef(1005), ['rcpt_cap']],
      [orderRef(1012), ['rcpt_email']],
    ]);
    const line = orders.getState().preview?.problems[0]?.line ?? 0;

    // The operator is in the row and fixes its CAP: the row passes, and stays where it is, with nothing left to say.
    orders.getState().enterRow(line);
    await orders.getState().fix(line, 'rcpt_cap', '00184');
    expect(orders.getState().preview).toMatchObject({ valid: 11, problemCount: 1 });
    expect(rows()).toEqual([
      [orderRef(1005), []],
      [orderRef(1012), ['rcpt_email']],
    ]);
    expect(gridRows(orders.getState().preview!, line)[0]?.cells.rcpt_cap).toBe('00184');

    // The operator goes to the other row: the corrected one goes; the row still to correct stays.
    orders.getState().enterRow(orders.getState().preview?.problems[0]?.line ?? 0);
    expect(rows()).toEqual([[orderRef(1012), ['rcpt_email']]]);
  });
});
