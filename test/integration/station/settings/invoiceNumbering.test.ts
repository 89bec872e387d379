// The station's own invoice numbers (issue 39, item 8): Settings › Banco's next number is never set back onto a number
// already given in its numbering (prefix and year), also once the shipment that had it is deleted; a new prefix is a
// numbering of its own, and going back to the old one is refused while the next number is already given there.
import { afterEach, describe, expect, it } from 'vitest';
import { zurichShipment } from '../../../fixtures/customsLines';
import { createDispatcher } from '../../../../src/station/dispatch';
import { createStation, type Station } from '../../../../src/station/index';
import { commandValue } from '../../../helpers/stationCommands';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

let station: Station | undefined;
afterEach(async () => {
  await station?.close();
  station = undefined;
  removeTempDirs();
});

const YEAR = String(new Date().getFullYear());

describe("the station's invoice numbers", () => {
  it('refuses a next number already given, under its field, and keeps numbering after the last one', async () => {
    station = await createStation({ dataDir: tempDir() });
    const { dispatch } = createDispatcher(station);
    const numberOf = (id: number) => station?.engine.shipmentInvoice(station.caller, id)?.number;
    const ship = async () => {
      const { id } = commandValue<{ id: number }>(await dispatch('shipments.create', { body: zurichShipment() }));
      return id;
    };
    const ids = [await ship(), await ship(), await ship()];
    expect(ids.map(numberOf)).toEqual([`FT-${YEAR}-0001`, `FT-${YEAR}-0002`, `FT-${YEAR}-0003`]);

    const back = await dispatch('settings.update', { invoiceNext: 2 });
    expect(!back.ok && back.error.code).toBe('invalid');
    expect(!back.ok && back.error.fields?.invoiceNext).toMatchObject({
      code: 'invoiceNumberUsed',
      value: `FT-${YEAR}-0003`,
    });
    expect(!back.ok && back.error.message).toContain(`l'ultima fattura di questa numerazione è FT-${YEAR}-0003`);
    expect(commandValue<{ invoiceNext: number }>(await dispatch('settings.get', {})).invoiceNext).toBe(4);
    expect(numberOf(await ship())).toBe(`FT-${YEAR}-0004`);

    // Forward is allowed; a number given to a shipment since deleted stays given.
    commandValue(await dispatch('settings.update', { invoiceNext: 10 }));
    const tenth = await ship();
    expect(numberOf(tenth)).toBe(`FT-${YEAR}-0010`);
    commandValue(await dispatch('shipments.delete', { id: tenth }));
    const again = await dispatch('settings.update', { invoiceNext: 10 });
    expect(!again.ok && again.error.fields?.invoiceNext?.value).toBe(`FT-${YEAR}-0010`);

    // A new prefix numbers on its own; back to the old one only past its last number.
    commandValue(await dispatch('settings.update', { invoicePrefix: 'EXP-', invoiceNext: 1 }));
    expect(numberOf(await ship())).toBe(`EXP-${YEAR}-0001`);
    const old = await dispatch('settings.update', { invoicePrefix: 'FT-' });
    expect(!old.ok && old.error.fields?.invoicePrefix?.value).toBe(`FT-${YEAR}-0010`);
    expect(commandValue<{ invoicePrefix: string }>(await dispatch('settings.get', {})).invoicePrefix).toBe('EXP-');
    commandValue(await dispatch('settings.update', { invoicePrefix: 'FT-', invoiceNext: 11 }));
    expect(numberOf(await ship())).toBe(`FT-${YEAR}-0011`);
  });
});
