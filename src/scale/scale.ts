// The station's end of a bench scale's serial line: opens it, reads the weight (asking for it under MT-SICS), tells
// each change of reading, and reopens a line that went away (a USB scale pulled out) until it is closed. What the lines
// mean is ./lineReader's (per connection) and ./readings' (what is told, what is a parcel's weight); the port is here.
import { existsSync } from 'node:fs';
import { SerialPort } from 'serialport';
import { SCALE_MESSAGES, ScaleConfigSchema, type ScaleConfig, type ScaleReading } from '../shared/domain/scale';
import type { Log } from '../shared/log';
import { createLineReader } from './lineReader';
import { lineSplitter, MT_SICS_WEIGHT_NOW } from './protocols';
import { createReadingTeller, parcelWeightKg } from './readings';
import { errorMessage } from '../shared/errorMessage';

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
  /** Where the port's troubles and recoveries are said (warn), each line with the port's name. */
  log?: Log;
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
/** Closing a port is a native call that returns at once; past this something is wrong and close() stops waiting. */
const PORT_CLOSE_TIMEOUT_MS = 2_000;

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
  const log = (line: string) => options.log?.warn(`${name}: ${line}`);
  const now = () => Date.now();
  const readings = createReadingTeller(
    { state: 'disconnected', message: SCALE_MESSAGES.connecting },
    { onReading: (reading) => options.onReading(reading), retellEveryMs: options.retellEveryMs, log, now },
  );

  let closed = false;
  let port: SerialPort | undefined;
  let ticker: NodeJS.Timeout | undefined;
  let reopenTimer: NodeJS.Timeout | undefined;
  /** Opens and closes under way, which close() waits for. */
  const inFlight = new Set<Promise<void>>();
  /** Why the last open failed or the line was lost: told once per outage, not once per attempt all day long. */
  let lastProblem = '';

  const track = (promise: Promise<void>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  };

  function stopTicking() {
    if (ticker) clearInterval(ticker);
    ticker = undefined;
  }

  function connected(current: SerialPort) {
    log('collegata');
    lastProblem = '';
    const reader = createLineReader({ protocol: config.protocol, staleAfterMs, tell: readings.tell, log, now });
    const split = lineSplitter(reader.line, reader.unreadable);
    current.on('data', (chunk: Buffer) => {
      if (port === current) split(chunk);
    });
    // A device file that goes away (the pty's link, /dev/ttyUSB0, a /dev/serial/by-id link) is the line lost, whether
    // the port says so or not: a pty's hang-up can reach serialport's reader as end of file, which it reads again and
    // again without a word, so the line stayed "connected" and silent (2 to 10 hang-ups in 100 missed, beside load).
    // Only a path that was there at the open is watched: a Windows COM port is not a file.
    const watched = existsSync(config.path);
    const tick = () => {
      if (watched && !existsSync(config.path)) {
        lost(current, undefined);
        return;
      }
      // A line that takes nothing in (flow control stuck) gets no pile of questions: one waits, the rest are not asked.
      if (!reader.tick() || current.writableLength > 0) return;
      // A failed write closes the port by itself (serialport's disconnect), which brings lost().
      current.write(MT_SICS_WEIGHT_NOW, (error) => {
        if (error) log(`invio SI non riuscito: ${errorMessage(error)}`);
      });
    };
    ticker = setInterval(tick, pollEveryMs).unref();
    if (config.protocol === 'mt-sics') tick();
  }

  function lost(current: SerialPort, error: Error | null | undefined) {
    if (port !== current) return;
    port = undefined;
    stopTicking();
    track(closePort(current));
    if (closed) return;
    const problem = error ? errorMessage(error) : 'linea chiusa';
    if (problem !== lastProblem) log(`${problem}; nuovo tentativo ogni ${reconnectEveryMs} ms`);
    lastProblem = problem;
    readings.tell({ state: 'disconnected', message: SCALE_MESSAGES.disconnected });
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
    current: readings.current,
    stableWeightKg: () => parcelWeightKg(readings.current(), staleAfterMs, now()),
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
