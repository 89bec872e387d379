// `npm run serve`: the headless service. Prints `listening on <base_url>` once ready; SIGTERM/SIGINT stop taking
// requests, let the ones in flight finish, checkpoint the database and exit.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine } from '../engine/index';
import { DEMO_API_KEY, DEMO_CLIENT_IDS, demoConfig, loadServiceConfig, type ServiceConfig } from './config';
import { startServer, type RunningServer } from './server';

const USAGE = 'usage: npm run serve -- [--port 8080] [--host 127.0.0.1] [--data ./data] [--config FILE]';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        port: { type: 'string', default: '8080' },
        host: { type: 'string', default: '127.0.0.1' },
        data: { type: 'string', default: './data' },
        config: { type: 'string' },
        start: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port ${args.port}\n${USAGE}`);

  if (args.start) {
    process.stdout.write('npm start: the desktop station is not built yet, so this starts the headless shipment service with the demo account.\n');
  }

  let config: ServiceConfig;
  try {
    config = args.config ? loadServiceConfig(args.config) : demoConfig();
  } catch (error) {
    fail((error as Error).message);
  }

  const file = join(resolve(args.data), `service-${config.instance}.sqlite`);
  let engine;
  try {
    engine = createEngine({ file, config: config.engine });
  } catch (error) {
    fail(`cannot open ${file}: ${(error as Error).message}`);
  }
  const resumed = await engine.resume();
  if (resumed > 0) process.stdout.write(`finished ${resumed} shipment(s) interrupted by the last stop\n`);

  let server: RunningServer;
  try {
    server = await startServer(engine, { instance: config.instance, throttle: config.throttle, host: args.host, port });
  } catch (error) {
    engine.close();
    fail(`cannot listen on ${args.host}:${port}: ${(error as Error).message}`);
  }
  const baseUrl = server.baseUrl;

  if (!args.config) {
    process.stdout.write(`demo account: x-api-key ${DEMO_API_KEY}, client ids ${DEMO_CLIENT_IDS.join(', ')}\n`);
  }
  process.stdout.write(`data: ${file}\n`);
  process.stdout.write(`listening on ${baseUrl}\n`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal}: closing\n`);
    server
      .close()
      .then(() => {
        engine.close();
        process.stdout.write('closed\n');
        process.exit(0);
      })
      .catch((error: unknown) => {
        process.stderr.write(`error while closing: ${String(error)}\n`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => fail(`service failed: ${error instanceof Error ? error.stack : String(error)}`));
