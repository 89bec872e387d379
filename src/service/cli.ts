// `npm run serve`: the headless service. Prints `listening on <base_url>` once ready; SIGTERM/SIGINT stop taking
// requests, let the ones in flight finish, checkpoint the database and exit. One process per data folder.
import { join, resolve } from 'node:path';
import { createEngine, FolderInUseError, lockDataFolder, type FolderLock } from '../engine/index';
import { DEMO_API_KEY, DEMO_CLIENT_IDS, demoConfig, loadServiceConfig, type ServiceConfig } from './config';
import { startServer, type RunningServer } from './server';
import { closeOnSignals, fail, parseCliArgs } from './cliSupport';
import { startMailWorker } from '../mail/worker';
import { smtpSender } from '../mail/transport';
import { startPartnerWorker } from '../partners/worker';

const USAGE = 'usage: npm run serve -- [--port 8080] [--host 127.0.0.1] [--data ./data] [--config FILE]';

async function main(): Promise<void> {
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

  let config: ServiceConfig;
  try {
    config = args.config ? loadServiceConfig(args.config) : demoConfig();
  } catch (error) {
    fail((error as Error).message);
  }

  const file = join(resolve(args.data), `service-${config.instance}.sqlite`);
  let lock: FolderLock;
  try {
    lock = await lockDataFolder(args.data, 'servizio');
  } catch (error) {
    if (error instanceof FolderInUseError) fail(error.message);
    fail(`cannot lock ${resolve(args.data)}: ${(error as Error).message}`);
  }
  let engine;
  try {
    // A 200 is a promise to the client (a waybill, a deletion); a power cut must not take it back. NORMAL commits with
    // every change answered only once the WAL is synced (flushBeforeAnswer): FULL's promise, with the fsync off the
    // event loop and shared by the requests that finish together (docs/decisions.md, "Storage hardening").
    engine = createEngine({
      file,
      config: config.engine,
      synchronous: 'NORMAL',
      ...(config.smtp ? { mailFrom: config.smtp.from } : {}),
    });
  } catch (error) {
    lock.release();
    fail(`cannot open ${file}: ${(error as Error).message}`);
  }
  const resumed = await engine.resume();
  if (resumed > 0) process.stdout.write(`finished ${resumed} shipment(s) interrupted by the last stop\n`);
  // The waybill e-mails of dropshipping shipments, sent beside the requests (never in their way).
  const mail =
    engine.mail && config.smtp
      ? startMailWorker({
          port: engine.mail,
          sender: smtpSender(config.smtp),
          backoff: { baseMs: config.smtp.retry_first_seconds * 1000, maxMs: config.smtp.retry_max_seconds * 1000 },
          log: (line) => process.stdout.write(`${line}\n`),
        })
      : undefined;
  if (mail) engine.mail?.onQueued(() => mail.kick());
  // The tracking events of partner orders, each attempt a line of this log (the delivery log of `npm run serve`).
  const partners = engine.partners;
  const partnerWorker = partners
    ? startPartnerWorker({
        port: partners,
        backoff: {
          baseMs: config.partnerEvents.retry_first_seconds * 1000,
          maxMs: config.partnerEvents.retry_max_seconds * 1000,
        },
        giveUpAfterMs: config.partnerEvents.give_up_after_hours * 3_600_000,
        timeoutMs: config.partnerEvents.timeout_seconds * 1000,
        log: (line) => process.stdout.write(`${line}\n`),
      })
    : undefined;
  if (partnerWorker) partners?.onQueued(() => partnerWorker.kick());

  let server: RunningServer;
  try {
    server = await startServer(engine, {
      instance: config.instance,
      throttle: config.throttle,
      host: args.host,
      port,
      flushBeforeAnswer: true,
    });
  } catch (error) {
    engine.close();
    lock.release();
    fail(`cannot listen on ${args.host}:${port}: ${(error as Error).message}`);
  }
  const baseUrl = server.baseUrl;

  if (!args.config) {
    process.stdout.write(`demo account: x-api-key ${DEMO_API_KEY}, client ids ${DEMO_CLIENT_IDS.join(', ')}\n`);
  }
  process.stdout.write(`data: ${file}\n`);

  // Before the ready line: whoever reads it may stop us at once, and SIGTERM with no handler kills without closing.
  closeOnSignals(async () => {
    try {
      await server.close();
      await mail?.stop();
      await partnerWorker?.stop();
    } finally {
      try {
        engine.close();
      } finally {
        lock.release();
      }
    }
    process.stdout.write('closed\n');
  });
  process.stdout.write(`listening on ${baseUrl}\n`);
}

main().catch((error: unknown) => fail(`service failed: ${error instanceof Error ? error.stack : String(error)}`));
