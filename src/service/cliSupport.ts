// What the two command-line entries (`serve`, `station --headless`) share: usage errors that exit 2 with the usage
// line, and a clean stop on SIGTERM/SIGINT that closes once, waits for the close, and exits 0 (1 if closing failed).
import { parseArgs, type ParseArgsConfig } from 'node:util';

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

type WithHelp<O> = { options: O & { help: { type: 'boolean'; default: false } }; strict: true };

/** Parses the options or exits with the usage line; `undefined` when --help was asked (the usage is printed). */
export function parseCliArgs<const O extends NonNullable<ParseArgsConfig['options']>>(
  options: O,
  usage: string,
): ReturnType<typeof parseArgs<WithHelp<O>>>['values'] | undefined {
  type Values = ReturnType<typeof parseArgs<WithHelp<O>>>['values'];
  let values: Values;
  try {
    const config: WithHelp<O> = { options: { ...options, help: { type: 'boolean', default: false } }, strict: true };
    // Inside this generic function TypeScript cannot resolve parseArgs' conditional result; callers get it resolved.
    values = parseArgs(config).values as Values;
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
  if ((values as { help?: boolean }).help) {
    process.stdout.write(`${usage}\n`);
    return undefined;
  }
  return values;
}

export function closeOnSignals(close: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: closing\n`);
    close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        process.stderr.write(`error while closing: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
