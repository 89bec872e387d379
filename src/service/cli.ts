// `npm run serve`: the headless service. Prints `listening on <base_url>` once ready; SIGTERM/SIGINT stop taking
// requests, let the ones in flight finish, checkpoint the database and exit. One process per data folder.
import { startServiceApp, ServiceStartError, type ServiceApp } from './app';
import { closeOnSignals, fail, parseCliArgs } from './cliSupport';
import { tuneHeap } from './heapTuning';

const USAGE = 'usage: npm run serve -- [--port 8080] [--host 127.0.0.1] [--data ./data] [--config FILE]';

async function main(): Promise<void> {
  tuneHeap();
  const args = parseCliArgs(
    {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string', default: './data' },
      config: { type: 'string' },
    },
    USAGE,
  );
  if (!args) return;
  const port = Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port ${args.port}\n${USAGE}`);

  let app: ServiceApp;
  try {
    app = await startServiceApp({
      dataDir: args.data,
      ...(args.config ? { configFile: args.config } : {}),
      host: args.host,
      port,
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (error) {
    if (error instanceof ServiceStartError) fail(error.message);
    throw error;
  }

  // Before the ready line: whoever reads it may stop us at once, and SIGTERM with no handler kills without closing.
  closeOnSignals(async () => {
    await app.close();
    process.stdout.write('closed\n');
  });
  process.stdout.write(`listening on ${app.baseUrl}\n`);
}

main().catch((error: unknown) => fail(`service failed: ${error instanceof Error ? error.stack : String(error)}`));
