// Every call the renderer can make to the station, in one typed table (STYLE.md example 1): name → input and output
// schemas. Electron's IPC bridge and the browser host both carry exactly these, and the station validates each input.
// Each domain's commands live in a file of their own beside this one; the table is their union.
import { z } from 'zod';
import { ATTENTION_COMMANDS } from './attentionCommands';
import { BOX_COMMANDS } from './boxCommands';
import { ORDER_COMMANDS } from './orderCommands';
import { RULE_COMMANDS } from './ruleCommands';
import { RETURN_COMMANDS } from './returnCommands';
import { BATCH_COMMANDS } from './batchCommands';
import { SCALE_COMMANDS } from './scaleCommands';
import { CONFIRM_COMMANDS } from './confirmCommands';
import { COD_COMMANDS } from './codCommands';
import { PARTNER_COMMANDS } from './partnerCommands';
import { PRINTING_COMMANDS } from './printingCommands';
import { PICKUP_COMMANDS } from './pickupCommands';
import { PRODUCT_COMMANDS } from './productCommands';
import { SETTINGS_COMMANDS } from './settingsCommands';
import { SHIPMENT_COMMANDS } from './shipmentCommands';
import { SHOP_COMMANDS } from './shopCommands';
import { STATION_COMMANDS } from './stationCommands';

export const COMMANDS = {
  ...STATION_COMMANDS,
  ...SHIPMENT_COMMANDS,
  ...CONFIRM_COMMANDS,
  ...PRINTING_COMMANDS,
  ...SETTINGS_COMMANDS,
  ...PARTNER_COMMANDS,
  ...ORDER_COMMANDS,
  ...BATCH_COMMANDS,
  ...SCALE_COMMANDS,
  ...PRODUCT_COMMANDS,
  ...SHOP_COMMANDS,
  ...ATTENTION_COMMANDS,
  ...COD_COMMANDS,
  ...BOX_COMMANDS,
  ...RULE_COMMANDS,
  ...PICKUP_COMMANDS,
  ...RETURN_COMMANDS,
} as const;

export type CommandName = keyof typeof COMMANDS;
export type CommandInput<N extends CommandName> = z.input<(typeof COMMANDS)[N]['input']>;
/** A command's input as its handler gets it: parsed, defaults filled in. */
export type CommandArgs<N extends CommandName> = z.infer<(typeof COMMANDS)[N]['input']>;
export type CommandOutput<N extends CommandName> = z.infer<(typeof COMMANDS)[N]['output']>;
