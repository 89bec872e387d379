// The logging port the engine, the workers and the station write through; a host (station, service) makes one and
// passes it down. Two levels, as the hosts have always written them: `info` for the delivery logs (each e-mail,
// partner event or shop fulfilment attempted: stdout) and `warn` for what went wrong in the background (stderr).
// Never given a secret: callers write an error's message, an address without its query, a row's id.

export interface Log {
  /** An attempt and its outcome, for the operator's record (stdout by default). */
  info(message: string): void;
  /** Something failed in the background: a loop backing off, a failure not retried (stderr by default). */
  warn(message: string): void;
}

/** What writes a line: Node's process streams where they exist, looked up at each line (a test may replace them). */
interface Stream {
  write(text: string): unknown;
}

const isStream = (value: unknown): value is Stream =>
  typeof value === 'object' && value !== null && 'write' in value && typeof value.write === 'function';

/** shared runs anywhere: outside Node (no process streams) a line goes to the console instead. */
function writeLine(name: 'stdout' | 'stderr', message: string, elsewhere: (message: string) => void): void {
  const host: unknown = Reflect.get(globalThis, 'process');
  const stream: unknown = typeof host === 'object' && host !== null ? Reflect.get(host, name) : undefined;
  if (isStream(stream)) stream.write(`${message}\n`);
  else elsewhere(message);
}

/** The default: each message one line, on stdout (info) or stderr (warn), exactly as written before the port. */
export const processLog: Log = {
  info: (message) => writeLine('stdout', message, (line) => console.info(line)),
  warn: (message) => writeLine('stderr', message, (line) => console.warn(line)),
};

/** The same log with `prefix` before each message (the station's scale: "bilancia: …"). */
export const prefixedLog = (log: Log, prefix: string): Log => ({
  info: (message) => log.info(`${prefix}${message}`),
  warn: (message) => log.warn(`${prefix}${message}`),
});

/** Says nothing (a worker in a test, a probe engine opened only to read a file). */
export const silentLog: Log = { info: () => undefined, warn: () => undefined };
