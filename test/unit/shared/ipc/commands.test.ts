// The one command table is the union of one table per domain (commands.ts spreads them in): a name declared in two
// tables would silently keep only the last one, so each name must come from exactly one table, and the orders' and
// the scale's tables (once one bench table) hold only their own names.
import { describe, expect, it } from 'vitest';
import { ATTENTION_COMMANDS } from '../../../../src/shared/ipc/attentionCommands';
import { BATCH_COMMANDS } from '../../../../src/shared/ipc/batchCommands';
import { BOX_COMMANDS } from '../../../../src/shared/ipc/boxCommands';
import { COD_COMMANDS } from '../../../../src/shared/ipc/codCommands';
import { COMMANDS } from '../../../../src/shared/ipc/commands';
import { CONFIRM_COMMANDS } from '../../../../src/shared/ipc/confirmCommands';
import { EVENTS } from '../../../../src/shared/ipc/events';
import { ORDER_COMMANDS, ORDER_EVENTS } from '../../../../src/shared/ipc/orderCommands';
import { PARTNER_COMMANDS } from '../../../../src/shared/ipc/partnerCommands';
import { PICKUP_COMMANDS } from '../../../../src/shared/ipc/pickupCommands';
import { PRINTING_COMMANDS } from '../../../../src/shared/ipc/printingCommands';
import { PRODUCT_COMMANDS } from '../../../../src/shared/ipc/productCommands';
import { RETURN_COMMANDS } from '../../../../src/shared/ipc/returnCommands';
import { RULE_COMMANDS } from '../../../../src/shared/ipc/ruleCommands';
import { SCALE_COMMANDS, SCALE_EVENTS } from '../../../../src/shared/ipc/scaleCommands';
import { SETTINGS_COMMANDS } from '../../../../src/shared/ipc/settingsCommands';
import { SHIPMENT_COMMANDS } from '../../../../src/shared/ipc/shipmentCommands';
import { SHOP_COMMANDS } from '../../../../src/shared/ipc/shopCommands';
import { STATION_COMMANDS } from '../../../../src/shared/ipc/stationCommands';

const TABLES = [
  ATTENTION_COMMANDS,
  BATCH_COMMANDS,
  BOX_COMMANDS,
  COD_COMMANDS,
  CONFIRM_COMMANDS,
  ORDER_COMMANDS,
  PARTNER_COMMANDS,
  PICKUP_COMMANDS,
  PRINTING_COMMANDS,
  PRODUCT_COMMANDS,
  RETURN_COMMANDS,
  RULE_COMMANDS,
  SCALE_COMMANDS,
  SETTINGS_COMMANDS,
  SHIPMENT_COMMANDS,
  SHOP_COMMANDS,
  STATION_COMMANDS,
];

describe('the command table', () => {
  it('takes every command from exactly one domain table', () => {
    const names = TABLES.flatMap((table) => Object.keys(table));
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(COMMANDS).sort());
  });

  it('keeps the orders and the scale apart, with the names the bench table had', () => {
    expect(Object.keys(ORDER_COMMANDS).sort()).toEqual([
      'orders.cancelImport',
      'orders.codWords',
      'orders.find',
      'orders.fix',
      'orders.folder',
      'orders.import',
      'orders.list',
      'orders.preview',
      'orders.remap',
      'orders.remove',
    ]);
    expect(Object.keys(SCALE_COMMANDS).sort()).toEqual(['scale.get', 'scale.hold', 'scale.save']);
    expect(Object.keys(ORDER_EVENTS).sort()).toEqual(['orders.changed', 'orders.progress']);
    expect(Object.keys(SCALE_EVENTS)).toEqual(['scale.changed']);
  });

  it('lists the orders and scale events among the station events', () => {
    for (const name of [...Object.keys(ORDER_EVENTS), ...Object.keys(SCALE_EVENTS)]) {
      expect(Object.keys(EVENTS)).toContain(name);
    }
  });
});
