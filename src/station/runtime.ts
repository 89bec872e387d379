// The running station as a host (Electron main, the browser host) holds it: the current Station, and the one way to
// change its connection from the settings screen — check what was typed, ask the remote, then close the station and
// start it again on the new connection while commands wait, with the bench's settings carried over. It holds the data
// folder's lock for its whole life (across connection changes): every host passes here, so no two share a folder.
import { isLoopbackName } from '../shared/net/loopbackHost';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { StationEvent } from '../shared/ipc/events';
import { otherIssue, type FieldIssues } from '../shared/api/fieldIssues';
import { fail, failFields, ok, type Result } from '../shared/ipc/result';
import {
  apiKeyName,
  checkApiKey,
  checkRemote,
  checkRemoteUrl,
  databaseFileFor,
  loadConnection,
  parseClientIds,
  parseInvoicedClients,
  saveConnection,
  type Connection,
} from './connection';
import { createStation, type Station, type StationOptions } from './index';
import { lockDataFolder } from '../engine/index';
import type { KeyStore, KeyStoreStatus } from './keyStore';
import { BENCH_SETTING_KEYS } from './settingKeys';
import { loadMailSettings, saveMailSettings } from './mailSettings';
import { SmtpConfigSchema, type SmtpConfig } from '../shared/domain/smtp';
import { verifySmtp } from '../mail/transport';
import type { CommandArgs, CommandOutput } from '../shared/ipc/commands';

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

/** The settings screen's connection form, as the command's schema reads it (an empty key keeps the one in use). */
export type ConnectionChange = CommandArgs<'settings.connection'>;

/** The settings screen's mail server form: off, or a server (an empty password keeps the one saved for it). */
export type MailChange = CommandArgs<'settings.mail'>;

/** What the settings screen shows of the mail server: never the password, only whether one is kept. */
export interface MailView {
  configured: boolean;
  host: string;
  port: number;
  security: string;
  user: string;
  from: string;
  passwordSet: boolean;
}

export type ConnectionOutcome = Omit<CommandOutput<'settings.connection'>, 'settings'>;

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
  const listeners = new Set<(event: StationEvent) => void>();
  const emit = (event: StationEvent) => listeners.forEach((listener) => listener(event));

  /** The bench's mail server (a start option wins over the saved one); every station started here uses it. */
  let mail: SmtpConfig | undefined = given.smtp ?? loadMailSettings(dataDir, options.keyStore);
  delete base.smtp;
  const withMail = (o: StationOptions): StationOptions => {
    const { smtp: _given, ...rest } = o;
    // The key store also keeps the partner endpoints' secrets of a standalone bench.
    return mail ? { ...rest, smtp: mail, keyStore: options.keyStore } : { ...rest, keyStore: options.keyStore };
  };

  /** The last remote used and its key, so the key need not be typed again to change client ids or come back. */
  let lastRemote: { url: string; key: string | undefined } | undefined;

  const initialOptions = (): StationOptions => {
    if (given.remoteUrl !== undefined) {
      lastRemote = { url: given.remoteUrl, key: given.apiKey };
      return { ...given, dataDir };
    }
    const saved = loadConnection(dataDir);
    // Standalone: the station's own local API key, never one given for a remote.
    if (saved?.mode !== 'connected') {
      return { ...base, dataDir, ...(given.clientIds ? { clientIds: given.clientIds } : {}) };
    }
    const stored = options.keyStore.load(apiKeyName(saved.remoteUrl));
    const key = stored.ok ? stored.value : undefined;
    lastRemote = { url: saved.remoteUrl, key };
    return {
      ...base,
      dataDir,
      remoteUrl: saved.remoteUrl,
      clientIds: saved.clientIds,
      ...(saved.invoicedClients?.length ? { invoicedClients: saved.invoicedClients } : {}),
      apiKey: key ?? unusableKey(),
      ...(key ? {} : { syncBlocked: stored.ok ? MISSING_KEY : `${stored.message} ${MISSING_KEY}` }),
    };
  };

  let unsubscribe: () => void = () => undefined;
  const started = async (station: Station): Promise<Station> => {
    unsubscribe = station.onEvent(emit);
    return station;
  };

  const lock = await lockDataFolder(dataDir, 'postazione');
  let currentOptions: StationOptions;
  let station: Station;
  try {
    currentOptions = withMail(initialOptions());
    station = await started(await createStation(currentOptions));
  } catch (error) {
    lock.release();
    throw error;
  }
  let switching: Promise<unknown> | undefined;
  let inFlight = 0;
  let idle: (() => void) | undefined;
  let changes: Promise<unknown> = Promise.resolve();

  const waitIdle = () =>
    inFlight === 0
      ? Promise.resolve()
      : new Promise<void>((done) => {
          idle = done;
        });

  /** Set when neither the new station nor the previous one could start: every command says so until a restart. */
  let broken: string | undefined;
  let closed = false;

  /** Closes the current station and starts `next`; if `next` cannot start, the previous one is started again. */
  const switchTo = async (next: StationOptions): Promise<void> => {
    await waitIdle();
    const bench: Record<string, string> = {};
    for (const key of BENCH_SETTING_KEYS) {
      const value = station.engine.settings.get(key);
      if (value !== undefined) bench[key] = value;
    }
    unsubscribe();
    try {
      await station.close();
    } catch (error) {
      process.stderr.write(`closing the station before a connection change failed: ${String(error)}\n`);
    }
    try {
      station = await started(await createStation({ ...next, benchSettings: bench }));
      currentOptions = next;
    } catch (error) {
      try {
        station = await started(await createStation(currentOptions));
      } catch (again) {
        broken =
          `La postazione non riparte (${(error as Error).message}; ${(again as Error).message}): riavvia ` +
          `il programma.`;
        throw new Error(broken, { cause: again });
      }
      throw error;
    }
  };

  /** Restarts the station on `next`, commands waiting meanwhile; a failure, as the settings screen says it. */
  const restartOn = async (next: StationOptions, what: string, after: string): Promise<Result<never> | undefined> => {
    const switching_ = switchTo(next);
    switching = switching_;
    try {
      await switching_;
      return undefined;
    } catch (error) {
      if (broken) return fail('internal', broken);
      return fail('internal', `La postazione non è ripartita ${what} (${(error as Error).message})${after}.`);
    } finally {
      switching = undefined;
    }
  };

  const change = async (input: ConnectionChange): Promise<Result<ConnectionOutcome>> => {
    let target: Connection;
    let key: string | undefined;
    let check: ConnectionOutcome;
    if (input.mode === 'connected') {
      const fields: FieldIssues = {};
      const url = checkRemoteUrl(input.remoteUrl);
      if (!url.ok) fields.remoteUrl = otherIssue(url.message);
      const ids = parseClientIds(input.clientIds);
      if (!ids.ok) fields.clientIds = otherIssue(ids.message);
      const invoiced = parseInvoicedClients(input.invoicedClients);
      if (!invoiced.ok) fields.invoicedClients = otherIssue(invoiced.message);
      const typed = input.apiKey.trim();
      if (typed) {
        const bad = checkApiKey(typed);
        if (bad) fields.apiKey = otherIssue(bad);
        key = typed;
      } else if (url.ok && lastRemote?.url === url.value && lastRemote.key) {
        key = lastRemote.key;
      } else if (url.ok) {
        fields.apiKey = otherIssue(
          lastRemote && lastRemote.url !== url.value
            ? 'Inserisci la chiave API di questo servizio'
            : 'Inserisci la chiave API',
        );
      }
      if (!url.ok || !ids.ok || !invoiced.ok || !key || Object.keys(fields).length > 0) return failFields(fields);
      const remote = await checkRemote(url.value, key, ids.value[0] ?? 0, options.checkTimeoutMs);
      if (remote.kind === 'refused')
        return fail('invalid', remote.message, { [remote.field]: otherIssue(remote.message) });
      target = {
        mode: 'connected',
        remoteUrl: url.value,
        clientIds: ids.value,
        ...(invoiced.value.length ? { invoicedClients: invoiced.value } : {}),
      };
      check =
        remote.kind === 'verified'
          ? { check: 'verified', message: 'Collegamento verificato: il servizio accetta la chiave API.' }
          : {
              check: 'unreachable',
              message:
                `Servizio non raggiungibile ora (${remote.message}): impostazioni salvate, le spedizioni ` +
                `partiranno appena torna la linea.`,
            };
    } else {
      target = { mode: 'standalone' };
      check = { check: 'standalone', message: 'Postazione autonoma: spedizioni locali con i corrieri dimostrativi.' };
    }

    const nextUrl = target.mode === 'connected' ? target.remoteUrl : undefined;
    if (
      station.mode === 'connected' &&
      !input.force &&
      databaseFileFor(dataDir, nextUrl) !== databaseFileFor(dataDir, station.account.remoteUrl)
    ) {
      const status = station.sync?.status();
      const waiting = (status?.pending ?? 0) + (status?.parked ?? 0);
      if (waiting > 0) {
        const message =
          `${waiting} modifiche non ancora accettate dal servizio: restano in attesa e partiranno ` +
          `quando torni a questo collegamento. Cambiare comunque?`;
        return fail('refused', message, { force: otherIssue(message) });
      }
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
    const restarted = await restartOn(withMail(next), 'con il nuovo collegamento', '; è rimasta come prima');
    if (restarted) return restarted;

    // The station runs on the new connection from here on, whatever happens to saving it for the next start.
    try {
      if (target.mode === 'connected') {
        lastRemote = { url: target.remoteUrl, key };
        if (input.apiKey.trim()) {
          // Saved before the connection: a next start must never find this connection with another remote's key.
          const saved = options.keyStore.save(apiKeyName(target.remoteUrl), input.apiKey.trim());
          if (!saved.ok) check = { ...check, message: `${check.message} ${saved.message}` };
        }
      }
      saveConnection(dataDir, target);
    } catch (error) {
      check = {
        ...check,
        message: `${check.message} Collegamento non salvato per il prossimo avvio (${(error as Error).message}).`,
      };
    }
    emit({ name: 'station.changed', payload: { mode: station.mode } });
    return ok(check);
  };

  const changeMail_ = async (input: MailChange): Promise<Result<{ message: string }>> => {
    let next: SmtpConfig | undefined;
    let message = 'Invio e-mail spento: le spedizioni con dropshipping vengono rifiutate.';
    if (input.enabled) {
      const host = input.host.trim();
      const sameServer = mail && mail.host === host && mail.user === input.user.trim();
      const parsed = SmtpConfigSchema.safeParse({
        host,
        ...(input.port.trim() ? { port: Number(input.port.trim()) } : {}),
        security: input.security,
        user: input.user.trim(),
        password: input.password || (sameServer ? mail?.password : '') || '',
        from: input.from,
      });
      if (!parsed.success) {
        const fields: FieldIssues = {};
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? 'host');
          fields[key] ??= otherIssue(issue.message.replace(/^smtp\.\w+: /, ''));
        }
        return failFields(fields);
      }
      if (parsed.data.security === 'none' && !isLoopbackName(parsed.data.host))
        return failFields({ security: otherIssue('Senza cifratura solo per un server su questo computer') });
      const checked = await verifySmtp(parsed.data, options.checkTimeoutMs ?? 5_000);
      if (!checked.ok) return fail('invalid', checked.message, { [checked.field]: otherIssue(checked.message) });
      next = parsed.data;
      message = 'Server di posta verificato: le lettere di vettura con dropshipping partono da questa postazione.';
    }
    const warning = saveMailSettings(dataDir, options.keyStore, next);
    mail = next;
    const restarted = await restartOn(withMail(currentOptions), 'con il nuovo server di posta', '');
    if (restarted) return restarted;
    emit({ name: 'station.changed', payload: { mode: station.mode } });
    return ok({ message: warning ? `${message} ${warning}` : message });
  };

  return {
    get station() {
      return station;
    },
    changeMail(input) {
      if (closed) return Promise.resolve(fail('refused', 'La postazione si sta chiudendo'));
      const next = changes.then(() => changeMail_(input));
      changes = next.catch(() => undefined);
      return next;
    },
    mailView: () => mailViewOf(mail),
    host: options.host ?? {},
    keyStatus: () => options.keyStore.status(),
    async run(work) {
      while (switching) await switching.catch(() => undefined);
      if (broken) throw new Error(broken);
      if (closed) throw new Error('station closed');
      inFlight += 1;
      try {
        return await work(station);
      } finally {
        inFlight -= 1;
        if (inFlight === 0 && idle) {
          const done = idle;
          idle = undefined;
          done();
        }
      }
    },
    changeConnection(input) {
      if (closed) return Promise.resolve(fail('refused', 'La postazione si sta chiudendo'));
      const next = changes.then(() => change(input));
      changes = next.catch(() => undefined);
      return next;
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      await changes;
      await waitIdle();
      unsubscribe();
      try {
        if (!broken) await station.close();
      } finally {
        lock.release();
      }
    },
  };
}

function mailViewOf(mail: SmtpConfig | undefined): MailView {
  return {
    configured: mail !== undefined,
    host: mail?.host ?? '',
    port: mail?.port ?? 587,
    security: mail?.security ?? 'starttls',
    user: mail?.user ?? '',
    from: mail?.from ?? '',
    passwordSet: (mail?.password ?? '') !== '',
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
