// A bench scale on a pseudo-terminal pair made by socat: the station opens one end as its serial port, the peer holds
// the other and answers MT-SICS commands as a Mettler scale does, or streams ST/US/OL lines as a continuous scale does.
// Unplugging is killing socat (the station's end hangs up); plugging back is a new socat with the same links.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { tempDir } from '../helpers/tmp';

export interface ScalePeerOptions {
  protocol: 'mt-sics' | 'continuous';
  /** Where the links `scale` and `peer` are made (default: a new temporary folder). */
  dir?: string;
  /** Continuous mode: a line every this-many ms (default 100). */
  streamEveryMs?: number;
}

export interface ScalePeer {
  /** The station's end: a link to a /dev/pts device, opened like a USB serial port. */
  path: string;
  /** What is on the pan from now on (negative: below zero, as after a tare); stable unless told otherwise. */
  setWeight(kg: number, opts?: { stable?: boolean }): void;
  /** More than the scale can weigh, until the next setWeight. */
  overload(): void;
  /** Bytes written to the line as they are (noise, half lines). */
  sendRaw(bytes: string | Buffer): void;
  /** Stop answering commands (MT-SICS) or streaming (continuous), as a scale that hangs; or start again. */
  mute(muted: boolean): void;
  /** The commands the station sent, in order (MT-SICS; the last 10,000). */
  commands(): string[];
  /** How many scale lines (answers or stream lines, not raw bytes) the peer has written so far. */
  linesSent(): number;
  /** Kills socat: the station's end hangs up, the links go away. */
  unplug(): Promise<void>;
  /** A new socat with the same links. */
  replug(): Promise<void>;
  close(): Promise<void>;
}

const LINKS_TIMEOUT_MS = 5_000;
const EXIT_TIMEOUT_MS = 3_000;
/** socat outlives no test file: `timeout` ends it even when the test process dies without closing the peer. */
const SOCAT_LIFETIME_S = 300;
/** MT-SICS S waits for a stable weight; a real scale gives up after a while with `S I`. */
const S_COMMAND_TIMEOUT_MS = 2_000;
const MAX_COMMAND_BYTES = 64;
const MAX_COMMANDS_KEPT = 10_000;
const MAX_STDERR_CHARS = 4_000;

interface Pan {
  kg: number;
  stable: boolean;
  overload: boolean;
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** `S S      1.234 kg`: MT-SICS puts the value right-aligned in a 10-character field, then the unit. */
function mtSicsAnswer(pan: Pan): string {
  if (pan.overload) return 'S +\r\n';
  return `S ${pan.stable ? 'S' : 'D'} ${pan.kg.toFixed(3).padStart(10)} kg\r\n`;
}

/** `ST,GS,+  1.234kg`; an overloaded scale keeps sending its last figure under OL. */
function continuousLine(pan: Pan): string {
  const status = pan.overload ? 'OL' : pan.stable ? 'ST' : 'US';
  return `${status},GS,${pan.kg < 0 ? '-' : '+'}${Math.abs(pan.kg).toFixed(3).padStart(7)}kg\r\n`;
}

async function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function closePort(port: SerialPort): Promise<void> {
  return new Promise((done) => {
    if (port.isOpen) port.close(() => done());
    else done();
  });
}

export async function startScalePeer(options: ScalePeerOptions): Promise<ScalePeer> {
  const dir = options.dir ?? tempDir('scale-');
  const stationLink = join(dir, 'scale');
  const peerLink = join(dir, 'peer');
  const pan: Pan = { kg: 0, stable: true, overload: false };
  const received: string[] = [];
  let muted = false;
  let lines = 0;
  let socat: ChildProcess | undefined;
  let port: SerialPort | undefined;
  let pendingS: { timer: NodeJS.Timeout } | undefined;
  let stream: NodeJS.Timeout | undefined;

  const write = (bytes: string | Buffer) => {
    if (port?.isOpen) port.write(bytes);
  };
  const writeLine = (line: string) => {
    if (!port?.isOpen) return;
    lines += 1;
    port.write(line);
  };

  function answerPendingS(force: boolean) {
    if (!pendingS || (!force && !pan.stable && !pan.overload)) return;
    clearTimeout(pendingS.timer);
    pendingS = undefined;
    writeLine(force && !pan.stable && !pan.overload ? 'S I\r\n' : mtSicsAnswer(pan));
  }

  function onCommand(command: string) {
    received.push(command);
    if (received.length > MAX_COMMANDS_KEPT) received.shift();
    if (muted) return;
    if (command === 'SI') writeLine(mtSicsAnswer(pan));
    else if (command === 'S') {
      if (pendingS) return;
      pendingS = { timer: setTimeout(() => answerPendingS(true), S_COMMAND_TIMEOUT_MS).unref() };
      answerPendingS(false);
    } else writeLine('ES\r\n');
  }

  async function plug(): Promise<void> {
    if (socat) throw new Error('the scale peer is plugged in already');
    rmSync(stationLink, { force: true });
    rmSync(peerLink, { force: true });
    const child = spawn(
      'timeout',
      [
        String(SOCAT_LIFETIME_S),
        'socat',
        '-d',
        '-d',
        `pty,raw,echo=0,link=${stationLink}`,
        `pty,raw,echo=0,link=${peerLink}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    socat = child;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-MAX_STDERR_CHARS);
    });
    const deadline = Date.now() + LINKS_TIMEOUT_MS;
    while (!(existsSync(stationLink) && existsSync(peerLink))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await waitForExit(child);
        throw new Error(`socat did not make the pty pair in ${dir}: ${stderr}`);
      }
      await wait(20);
    }
    const opened = new SerialPort({ path: peerLink, baudRate: 9600, autoOpen: false });
    opened.on('error', () => undefined);
    await new Promise<void>((done, fail) => opened.open((error) => (error ? fail(error) : done())));
    let line = '';
    opened.on('data', (chunk: Buffer) => {
      for (const char of chunk.toString('latin1')) {
        if (char === '\r' || char === '\n') {
          if (line.length > 0) onCommand(line);
          line = '';
        } else line = (line + char).slice(-MAX_COMMAND_BYTES);
      }
    });
    port = opened;
  }

  async function unplug(): Promise<void> {
    const child = socat;
    const opened = port;
    socat = undefined;
    port = undefined;
    if (child) await waitForExit(child);
    if (opened) await closePort(opened);
    rmSync(stationLink, { force: true });
    rmSync(peerLink, { force: true });
  }

  await plug();
  if (options.protocol === 'continuous') {
    stream = setInterval(() => {
      if (!muted) writeLine(continuousLine(pan));
    }, options.streamEveryMs ?? 100).unref();
  }

  return {
    path: stationLink,
    setWeight(kg, opts = {}) {
      pan.kg = kg;
      pan.stable = opts.stable ?? true;
      pan.overload = false;
      answerPendingS(false);
    },
    overload() {
      pan.overload = true;
      answerPendingS(false);
    },
    sendRaw: write,
    mute(on) {
      muted = on;
    },
    commands: () => [...received],
    linesSent: () => lines,
    unplug,
    replug: plug,
    async close() {
      if (stream) clearInterval(stream);
      if (pendingS) clearTimeout(pendingS.timer);
      pendingS = undefined;
      await unplug();
    },
  };
}
