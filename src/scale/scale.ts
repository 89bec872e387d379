// The station's end of a bench scale's serial line: opens it, reads the weight (asking for it under MT-SICS), tells
// each change of reading, and reopens a line that went away (a USB scale pulled out) until it is closed.
import { existsSync } from 'node:fs';
import { SerialPort } from 'serialport';
import { SCALE_MESSAGES, ScaleConfigSchema, type ScaleConfig, type ScaleReading } from '../shared/domain/scale';
import { lineSplitter, MT_SICS_WEIGHT_NOW, parseScaleLine, type LineReading } from './protocols';

export interface ScaleOptions {
  /** Each change of state, weight or message; repeats of the same reading are not told. */
  onReading(reading: ScaleReading): void;
  /** How often SI is sent to an MT-SICS scale (default 250 ms); a continuous scale's silence is checked as often. */
  pollEveryMs?: number;
  /** How long after losing the line the next open is tried (default 1 s). */
  reconnectEveryMs?: number;
  /** A stable weight older than this is not a weight any more (default 2 s). */
  staleAfterMs?: number;
  /**
   * An unchanged reading is told again, with its fresh `at`, at most this often while the scale keeps saying it
   * (default: never). A listener far from the line (the screens) then tells a live reading from a stale one.
   */
  retellEveryMs?: number;
  log?(line: string): void;
}

export interface Scale {
  /** The latest reading; its `at` is when the scale last said so. */
  current(): ScaleReading;
  /** The weight to use for a parcel: from a stable reading younger than staleAfterMs, above zero; otherwise none. */
  stableWeightKg(): number | undefined;
  /** Stops asking and reopening and closes the line; nothing of the scale is left running. */
  close(): Promise<void>;
}

export interface SerialPortChoice {
  path: string;
  label: string;
}

const DEFAULT_POLL_EVERY_MS = 250;
const DEFAULT_RECONNECT_EVERY_MS = 1_000;
const DEFAULT_STALE_AFTER_MS = 2_000;
/** An MT-SICS scale answers SI in tens of milliseconds; after a second it is not going to. */
const ANSWER_TIMEOUT_MS = 1_000;
/** Closing a port is a native call that returns at once; past this something is wrong and close() stops waiting. */
const PORT_CLOSE_TIMEOUT_MS = 2_000;

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function sameReading(a: LineReading, b: LineReading): boolean {
  return a.state === b.state && a.weightKg === b.weightKg && a.message === b.message;
}

/** Closes a port, or waits for the close already under way; bounded, so a stuck driver cannot hold close() forever. */
function closePort(port: SerialPort): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, PORT_CLOSE_TIMEOUT_MS).unref();
    const finish = () => {
      clearTimeout(timer);
      done();
    };
    if (port.isOpen) port.close(finish);
    else if (port.closing) port.once('close', finish);
    else finish();
  });
}

export function startScale(scaleConfig: ScaleConfig, options: ScaleOptions): Scale {
  // A wrong setting is the caller's mistake, said at once, rather than a port constructor throwing in a timer later.
  const config = ScaleConfigSchema.parse(scaleConfig);
  const pollEveryMs = options.pollEveryMs ?? DEFAULT_POLL_EVERY_MS;
  const reconnectEveryMs = options.reconnectEveryMs ?? DEFAULT_RECONNECT_EVERY_MS;
  const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const name = `bilancia ${config.path}`;
  const log = (line: string) => options.log?.(`${name}: ${line}`);

  let reading: ScaleReading = { state: 'disconnected', message: SCALE_MESSAGES.connecting, at: Date.now() };
  let toldAt = 0;
  let closed = false;
  let port: SerialPort | undefined;
  let ticker: NodeJS.Timeout | undefined;
  let reopenTimer: NodeJS.Timeout | undefined;
  /** Opens and closes under way, which close() waits for. */
  const inFlight = new Set<Promise<void>>();
  /** Why the last open failed or the line was lost: told once per outage, not once per attempt all day long. */
  let lastProblem = '';

  // Per connection.
  let askedAt: number | undefined;
  let lastReadAt = 0;
  let unreadableLines = 0;
  let previousWeight: number | undefined;

  const track = (promise: Promise<void>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  };

  function tell(next: LineReading) {
    const changed = !sameReading(reading, next);
    const now = Date.now();
    reading = { ...next, at: now };
    const retell = options.retellEveryMs !== undefined && now - toldAt >= options.retellEveryMs;
    if (!changed && !retell) return;
    toldAt = now;
    try {
      options.onReading({ ...reading });
    } catch (error) {
      // The listener's failure is its own: the line keeps being read.
      log(`onReading: ${errorText(error)}`);
    }
  }

  /**
   * Neither protocol carries a checksum, so a byte lost on the line turns 1.234 kg into 1.34 kg with nothing to tell.
   * A stable weight is trusted when the line before it gave the same weight; until then it reads as settling.
   */
  function confirmed(line: LineReading): LineReading {
    const before = previousWeight;
    previousWeight = line.weightKg;
    if (line.state !== 'stable' || line.weightKg === before) return line;
    return { ...line, state: 'unstable', message: SCALE_MESSAGES.unstable };
  }

  function onLine(line: string) {
    const parsed = parseScaleLine(config.protocol, line);
    if (parsed === undefined) {
      unreadableLines += 1;
      if (unreadableLines === 1) log(`riga illeggibile ignorata: ${JSON.stringify(line.slice(0, 40))}`);
      return;
    }
    askedAt = undefined;
    lastReadAt = Date.now();
    unreadableLines = 0;
    // The line as the scale sent it goes with the reading: a disputed weight is shown as the scale gave it.
    tell({ ...confirmed(parsed), raw: line });
  }

  /** No answer in time (MT-SICS) or nothing said for staleAfterMs (continuous). */
  function silent() {
    previousWeight = undefined;
    // Lines that came but could not be read mean the line works and the format or the baud rate is wrong.
    const idle = config.protocol === 'mt-sics' ? SCALE_MESSAGES.noAnswer : SCALE_MESSAGES.silent;
    tell({ state: 'error', message: unreadableLines > 0 ? SCALE_MESSAGES.invalid : idle });
  }

  function tick(current: SerialPort) {
    const now = Date.now();
    if (config.protocol === 'continuous') {
      if (now - lastReadAt > staleAfterMs) silent();
      return;
    }
    // One SI outstanding at a time: a scale that falls behind is not buried under questions.
    if (askedAt !== undefined && now - askedAt < ANSWER_TIMEOUT_MS) return;
    if (askedAt !== undefined) silent();
    askedAt = now;
    // A line that takes nothing in (flow control stuck) gets no pile of questions: one waits, the rest are not asked.
    if (current.writableLength > 0) return;
    // A failed write closes the port by itself (serialport's disconnect), which brings lost().
    current.write(MT_SICS_WEIGHT_NOW, (error) => {
      if (error) log(`invio SI non riuscito: ${errorText(error)}`);
    });
  }

  function stopTicking() {
    if (ticker) clearInterval(ticker);
    ticker = undefined;
  }

  function connected(current: SerialPort) {
    log('collegata');
    lastProblem = '';
    askedAt = undefined;
    lastReadAt = Date.now();
    unreadableLines = 0;
    previousWeight = undefined;
    const split = lineSplitter(onLine, () => {
      unreadableLines += 1;
    });
    current.on('data', (chunk: Buffer) => {
      if (port === current) split(chunk);
    });
    ticker = setInterval(() => tick(current), pollEveryMs).unref();
    if (config.protocol === 'mt-sics') tick(current);
  }

  function lost(current: SerialPort, error: Error | null | undefined) {
    if (port !== current) return;
    port = undefined;
    stopTicking();
    track(closePort(current));
    if (closed) return;
    const problem = error ? errorText(error) : 'linea chiusa';
    if (problem !== lastProblem) log(`${problem}; nuovo tentativo ogni ${reconnectEveryMs} ms`);
    lastProblem = problem;
    tell({ state: 'disconnected', message: SCALE_MESSAGES.disconnected });
    reopenTimer = setTimeout(open, reconnectEveryMs).unref();
  }

  function open() {
    reopenTimer = undefined;
    if (closed) return;
    const candidate = new SerialPort({ path: config.path, baudRate: config.baudRate, autoOpen: false });
    port = candidate;
    // Without an error listener a port's late error would be thrown as an uncaught exception.
    candidate.on('error', (error) => lost(candidate, error));
    candidate.on('close', (error: Error | null) => lost(candidate, error));
    track(
      new Promise<void>((done) => {
        candidate.open((error) => {
          done();
          if (error) lost(candidate, error);
          else if (port !== candidate || closed) track(closePort(candidate));
          else connected(candidate);
        });
      }),
    );
  }

  open();

  return {
    current: () => ({ ...reading }),
    stableWeightKg() {
      const { state, weightKg, at } = reading;
      if (state !== 'stable' || weightKg === undefined || weightKg <= 0) return undefined;
      return Date.now() - at <= staleAfterMs ? weightKg : undefined;
    },
    async close() {
      closed = true;
      stopTicking();
      if (reopenTimer) clearTimeout(reopenTimer);
      reopenTimer = undefined;
      const current = port;
      port = undefined;
      if (current) track(closePort(current));
      // Opens finish first (each closes its port when it sees close() was called), then every close under way.
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

/**
 * The serial ports for the settings screen. On Linux a USB adapter is offered by its /dev/serial/by-id link when it
 * has one: /dev/ttyUSB0 may come back as ttyUSB1 after the scale is pulled out and plugged in again, the link does not.
 */
export async function listSerialPorts(): Promise<SerialPortChoice[]> {
  const ports = await SerialPort.list();
  return ports.map((info) => {
    const byId = info.pnpId ? `/dev/serial/by-id/${info.pnpId}` : undefined;
    const path = process.platform === 'linux' && byId && existsSync(byId) ? byId : info.path;
    return { path, label: info.manufacturer ? `${info.manufacturer} (${info.path})` : info.path };
  });
}
