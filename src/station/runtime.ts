// The running station as a host (Electron main, the browser host) holds it: the current Station, and the one way to
// change its connection from the settings screen — check what was typed, ask the remote, then close the station and
// start it again on the new connection while commands wait, with the bench's settings carried over. It holds the data
// folder's lock for its whole life (across connection changes): every host passes here, so no two share a folder.
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { StationEvent } from '../shared/ipc/events';
import { fail, ok, type Result } from '../shared/ipc/result';
import { apiKeyName, databaseFileFor, loadConnection, saveConnection } from './connection/connection';
import type { Station, StationOptions } from './index';
import { lockDataFolder } from '../engine/index';
import type { KeyStore, KeyStoreStatus } from './settings/keyStore';
import { loadMailSettings, saveMailSettings } from './settings/mail';
import type { SmtpConfig } from '../shared/domain/smtp';
import {
  checkConnectionChange,
  unsentChangesRefusal,
  type ConnectionChange,
  type ConnectionOutcome,
  type LastRemote,
} from './connection/change';
import { checkMailChange, mailViewOf, type MailChange, type MailView } from './settings/mailChange';
import { startStationSwitch } from './connection/switch';
import { movedBenchText } from './connection/movingSetup';

export type { ConnectionChange, ConnectionOutcome } from './connection/change';
export type { MailChange, MailView } from './settings/mailChange';

/** What a host can do beyond the station itself. */
export interface HostCapabilities {
  /** Shows a PDF in a window of its own, with the system's print dialog (the desktop app). */
  showPdf?(pdf: Buffer, title: string): Promise<{ ok: true } | { ok: false; message: string }>;
}

export interface StationRuntimeOptions {
  dataDir: string;
  keyStore: KeyStore;
  /** Given by a command line or a test. A remote given here wins over the connection saved from the settings screen. */
  station?: Omit<Partial<StationOptions>, 'dataDir'>;
  host?: HostCapabilities;
  /** How long to wait for the remote when checking a new connection. */
  checkTimeoutMs?: number;
}

export interface StationRuntime {
  readonly station: Station;
  readonly host: HostCapabilities;
  keyStatus(): KeyStoreStatus;
  /** Runs a command against the current station; waits while the connection is being changed. */
  run<T>(work: (station: Station) => Promise<T> | T): Promise<T>;
  changeConnection(change: ConnectionChange): Promise<Result<ConnectionOutcome>>;
  /** Checks the mail server with the server itself, keeps it and restarts the station on it (or without one). */
  changeMail(change: MailChange): Promise<Result<{ message: string }>>;
  mailView(): MailView;
  /** The current station's events, whichever station that is, and `station.changed` after a switch. */
  onEvent(listener: (event: StationEvent) => void): () => void;
  close(): Promise<void>;
}

export const MISSING_KEY = 'Chiave API mancante: inseriscila in Impostazioni per inviare le spedizioni al servizio.';
const ACCOUNT_KEYS = ['remoteUrl', 'apiKey', 'clientIds', 'invoicedClients', 'syncBlocked'] as const;

/** A key nobody knows: the local engine needs one for its user while the real key is missing. */
const unusableKey = () => `missing-${randomBytes(24).toString('hex')}`;

export async function startStationRuntime(options: StationRuntimeOptions): Promise<StationRuntime> {
  const dataDir = resolve(options.dataDir);
  const given = options.station ?? {};
  const base: Omit<Partial<StationOptions>, 'dataDir'> = { ...given };
  for (const key of ACCOUNT_KEYS) delete base[key];
  delete base.smtp;
  const listeners = new Set<(event: StationEvent) => void>();
  const emit = (event: StationEvent) => listeners.forEach((listener) => listener(event));

  /** The bench's mail server (a start option wins over the saved one); every station started here uses it. */
  let mail: SmtpConfig | undefined = given.smtp ?? loadMailSettings(dataDir, options.keyStore);
  const withMail = (o: StationOptions): StationOptions => {
    const { smtp: _given, ...rest } = o;
    // The key store also keeps the partner endpoints' secrets of a standalone bench.
    return mail ? { ...rest, smtp: mail, keyStore: options.keyStore } : { ...rest, keyStore: options.keyStore };
  };

  const initial = initialOptions(dataDir, given, base, options.keyStore);
  let lastRemote: LastRemote = initial.lastRemote;
  const lock = await lockDataFolder(dataDir, 'postazione');
  const current = await startStationSwitch(withMail(initial.options), emit).catch((error: unknown) => {
    lock.release();
    throw error;
  });
  let changes: Promise<unknown> = Promise.resolve();
  let closed = false;
  /** One change at a time, in the order asked; none once the runtime is closing. */
  const queued = <T>(work: () => Promise<Result<T>>): Promise<Result<T>> => {
    if (closed) return Promise.resolve(fail('refused', 'La postazione si sta chiudendo'));
    const next = changes.then(work);
    changes = next.catch(() => undefined);
    return next;
  };

  const changeConnection = async (input: ConnectionChange): Promise<Result<ConnectionOutcome>> => {
    const checked = await checkConnectionChange(input, lastRemote, options.checkTimeoutMs);
    if (!checked.ok) return checked;
    const { target, key } = checked.value;
    let outcome = checked.value.outcome;
    const nextUrl = target.mode === 'connected' ? target.remoteUrl : undefined;
    const station = current.station;
    if (
      station.mode === 'connected' &&
      databaseFileFor(dataDir, nextUrl) !== databaseFileFor(dataDir, station.account.remoteUrl)
    ) {
      const status = station.sync?.status();
      const refused = unsentChangesRefusal((status?.pending ?? 0) + (status?.parked ?? 0), input.force);
      if (refused) return refused;
    }
    const next: StationOptions =
      target.mode === 'connected'
        ? {
            ...base,
            dataDir,
            remoteUrl: target.remoteUrl,
            clientIds: target.clientIds,
            ...(target.invoicedClients ? { invoicedClients: target.invoicedClients } : {}),
            apiKey: key,
          }
        : { ...base, dataDir };
    const restarted = await current.restartOn(withMail(next), 'con il nuovo collegamento', '; è rimasta come prima');
    if (restarted) return restarted;

    // The station runs on the new connection from here on, whatever happens to saving it for the next start.
    try {
      if (target.mode === 'connected') {
        lastRemote = { url: target.remoteUrl, key };
        if (input.apiKey.trim()) {
          // Saved before the connection: a next start must never find this connection with another remote's key.
          const saved = options.keyStore.save(apiKeyName(target.remoteUrl), input.apiKey.trim());
          if (!saved.ok) outcome = { ...outcome, message: `${outcome.message} ${saved.message}` };
        }
      }
      saveConnection(dataDir, target);
    } catch (error) {
      outcome = {
        ...outcome,
        message: `${outcome.message} Collegamento non salvato per il prossimo avvio (${(error as Error).message}).`,
      };
    }
    const moved = movedBenchText(current.station.ordersTaken, current.station.setupTaken, current.station.caller);
    if (moved) outcome = { ...outcome, message: `${outcome.message} ${moved}` };
    emit({ name: 'station.changed', payload: { mode: current.station.mode } });
    emit({ name: 'orders.changed', payload: {} });
    return ok(outcome);
  };

  const changeMail = async (input: MailChange): Promise<Result<{ message: string }>> => {
    const checked = await checkMailChange(input, mail, options.checkTimeoutMs);
    if (!checked.ok) return checked;
    const warning = saveMailSettings(dataDir, options.keyStore, checked.value.next);
    mail = checked.value.next;
    const restarted = await current.restartOn(withMail(current.options), 'con il nuovo server di posta', '');
    if (restarted) return restarted;
    emit({ name: 'station.changed', payload: { mode: current.station.mode } });
    const { message } = checked.value;
    return ok({ message: warning ? `${message} ${warning}` : message });
  };

  return {
    get station() {
      return current.station;
    },
    changeMail: (input) => queued(() => changeMail(input)),
    mailView: () => mailViewOf(mail),
    host: options.host ?? {},
    keyStatus: () => options.keyStore.status(),
    run: (work) => current.run(work),
    changeConnection: (input) => queued(() => changeConnection(input)),
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      await changes;
      try {
        await current.close();
      } finally {
        lock.release();
      }
    },
  };
}

/**
 * The first station's options: a remote given on the command line wins; otherwise the connection saved from the
 * settings screen, with its key from the key store (a missing key starts the station with the sync blocked and says
 * why). Also the last remote used, so its key need not be typed again.
 */
function initialOptions(
  dataDir: string,
  given: Omit<Partial<StationOptions>, 'dataDir'>,
  base: Omit<Partial<StationOptions>, 'dataDir'>,
  keyStore: KeyStore,
): { options: StationOptions; lastRemote: LastRemote } {
  if (given.remoteUrl !== undefined)
    return { options: { ...given, dataDir }, lastRemote: { url: given.remoteUrl, key: given.apiKey } };
  const saved = loadConnection(dataDir);
  // Standalone: the station's own local API key, never one given for a remote.
  if (saved?.mode !== 'connected') {
    return {
      options: { ...base, dataDir, ...(given.clientIds ? { clientIds: given.clientIds } : {}) },
      lastRemote: undefined,
    };
  }
  const stored = keyStore.load(apiKeyName(saved.remoteUrl));
  const key = stored.ok ? stored.value : undefined;
  return {
    options: {
      ...base,
      dataDir,
      remoteUrl: saved.remoteUrl,
      clientIds: saved.clientIds,
      ...(saved.invoicedClients?.length ? { invoicedClients: saved.invoicedClients } : {}),
      apiKey: key ?? unusableKey(),
      ...(key ? {} : { syncBlocked: stored.ok ? MISSING_KEY : `${stored.message} ${MISSING_KEY}` }),
    },
    lastRemote: { url: saved.remoteUrl, key },
  };
}

/** A runtime over a station made elsewhere (tests, tools): it cannot change its connection. */
export function fixedRuntime(station: Station): StationRuntime {
  return {
    station,
    host: {},
    keyStatus: () => ({ available: false, encrypted: false, message: '' }),
    run: async (work) => work(station),
    changeConnection: async () => fail('refused', 'Il collegamento di questa postazione non si può cambiare da qui'),
    changeMail: async () => fail('refused', 'Il server di posta di questa postazione non si può cambiare da qui'),
    mailView: () => mailViewOf(undefined),
    onEvent: (listener) => station.onEvent(listener),
    close: () => station.close(),
  };
}
