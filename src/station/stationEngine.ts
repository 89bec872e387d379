// The station's engine options in one place, for its own engine and for the order-check thread's engine on the same
// file (orders/checkThread.ts): whatever a check reads (couriers, price lists, the invoice series rule, the default
// sender) must be the same in both, or the thread's checks would differ from the station's.
import type { EngineDeps } from '../engine/index';
import { engineSwitches } from '../service/engineSwitches';
import { DEMO_SENDER } from '../shared/domain/senderProfile';
import { databaseFileFor } from './connection/connection';
import { sharesShopNumbering } from './settings/invoiceSeries';

/**
 * How long the station waits for another process's write lock on its SQLite file. SQLite waits synchronously, freezing
 * the window's commands and the local API meanwhile: better a short wait and an error (the loops try again) than a
 * bench that stops answering for seconds.
 */
export const STATION_BUSY_TIMEOUT_MS = 250;

/** What the engine's options are made from: plain data, so a thread can be given it. */
export interface StationEngineGiven {
  dataDir: string;
  resourcesDir?: string;
  remoteUrl?: string;
  invoicedClients?: readonly { id: number; name: string }[];
  apiKey: string;
  clientIds: number[];
  /** The mail server's sender address, when the station has one. */
  smtpFrom?: string;
}

/**
 * The station's engine over its database file. Keys in memory: the station's database must hold nothing to test the
 * remote's key (or its own) against. FULL: the outbox's "sending"/"maybe sent" marks and the spooler's job states must
 * survive a power cut, or a shipment reaches the remote twice and a label prints twice (docs/decisions.md, "Storage
 * hardening"). The host adds what is not data: the clock, the log, the partner secrets' store.
 */
export function stationEngineDeps(given: StationEngineGiven): EngineDeps {
  const connected = given.remoteUrl !== undefined;
  const invoicedClients = connected && given.invoicedClients?.length ? [...given.invoicedClients] : undefined;
  const users = [
    {
      api_key: given.apiKey,
      client_ids: given.clientIds,
      label: 'station',
      ...(invoicedClients ? { invoiced_clients: invoicedClients } : {}),
    },
  ];
  return {
    file: databaseFileFor(given.dataDir, given.remoteUrl),
    config: { users },
    resourcesDir: given.resourcesDir,
    connected,
    keysInMemory: true,
    busyTimeoutMs: STATION_BUSY_TIMEOUT_MS,
    synchronous: 'FULL',
    ...engineSwitches(),
    // The bench numbers the invoices of parcels leaving the EU that the shop gave none (customs/numbering.ts).
    invoiceNumbering: true,
    // A bench of several on one shop numbers them only in a series of its own (Settings › Banco).
    invoiceSeriesRequired: (settings) => sharesShopNumbering(connected, settings),
    // A standalone bench's first label names a sender; a real account's sender is the operator's to set (Settings).
    ...(connected ? {} : { defaultSender: DEMO_SENDER }),
    // Standalone with a mail server: dropshipping waybills are e-mailed from here (connected: the remote sends them).
    ...(given.smtpFrom !== undefined && !connected ? { mailFrom: given.smtpFrom } : {}),
    // With a mail server, in both modes: the recipients' e-mails on their parcels' states, when Settings asks for them.
    ...(given.smtpFrom !== undefined ? { noticeMailFrom: given.smtpFrom } : {}),
  };
}
