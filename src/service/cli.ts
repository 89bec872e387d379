// `npm run serve`: the headless service. Prints `listening on <base_url>` once ready; SIGTERM/SIGINT stop taking
// requests, let the ones in flight finish, checkpoint the database and exit.
import { join, resolve } from 'node:path';
import { createEngine } from '../engine/index';
import { DEMO_API_KEY, DEMO_CLIENT_IDS, demoConfig, loadServiceConfig, type ServiceConfig } from './config';
import { startServer, type RunningServer } from './server';
import { closeOnSignals, fail, parseCliArgs } from './cliSupport';

const USAGE = 'usage: npm run serve -- [--port 8080] [--host 127.0.0.1] [--data ./data] [--config FILE]';

async function main(): Promise<void> {
  const args = parseCliArgs({
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    data: { type: 'string', default: './data' },
    config: { type: 'string' },
  }, USAGE);
  if (!args) return;
  const port = Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port ${args.port}\n${USAGE}`);

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

  closeOnSignals(async () => {
    await server.close();
    engine.close();
    process.stdout.write('closed\n');
  });
}

main().catch((error: unknown) => fail(`service failed: ${error instanceof Error ? error.stack : String(error)}`));
