// `npm run station -- --headless …`: the station without a window. Local engine, sync worker when a remote is given,
// the local API on 127.0.0.1; prints `local API listening on <base_url>` once ready and sync changes as they happen.
import { parsePrinterUrl } from '../../printing/printerUrl';
import type { PrinterConfig } from '../../printing/types';
import { join, resolve } from 'node:path';
import { createKeyStore, plainCodec, SECRETS_FILE } from '../settings/keyStore';
import { LOCAL_API_KEY_FILE } from '../localApi/key';
import { hostCheckThread } from '../orders/checkThread';
import { startStationRuntime, type StationRuntimeOptions } from '../runtime';
import { startBrowserHost, type BrowserHost } from './browserHost';
import { closeOnSignals, fail, parseCliArgs } from '../../service/cliSupport';

const USAGE =
  `usage: npm run station -- --headless [--data ./data/station] [--remote-url URL --api-key KEY ` +
  `--client-ids 1001,1002]
       [--local-port N] [--rate-limits real|off] [--retry-base-ms 1000] [--retry-max-ms 60000] [--refresh-ms 60000]
       [--printer tcp://HOST:9100|cups://QUEUE|file:///dev/usb/lp0] [--dpi 203|300] [--auto-print] [--printer-retry-ms 2000]
       [--printer-status-ms 7000] (how often an idle network Zebra is asked its status; 0 = only before a job)
       [--queue-ms 5000] (how often a bench on the remote's shared order queue reads it)
       [--commands] (also serve the station's command table on 127.0.0.1, behind the token in the data folder)
       (the API key may also come from the STATION_API_KEY environment variable)`;

function intOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) fail(`invalid --${name} ${value}\n${USAGE}`);
  return n;
}

async function main(): Promise<void> {
  const args = parseCliArgs(
    {
      headless: { type: 'boolean', default: false },
      data: { type: 'string', default: './data/station' },
      'remote-url': { type: 'string' },
      'api-key': { type: 'string' },
      'client-ids': { type: 'string' },
      'local-port': { type: 'string' },
      'rate-limits': { type: 'string', default: 'real' },
      'retry-base-ms': { type: 'string' },
      'retry-max-ms': { type: 'string' },
      'refresh-ms': { type: 'string' },
      printer: { type: 'string' },
      dpi: { type: 'string', default: '203' },
      'auto-print': { type: 'boolean', default: false },
      'printer-retry-ms': { type: 'string' },
      'printer-status-ms': { type: 'string' },
      'queue-ms': { type: 'string' },
      commands: { type: 'boolean', default: false },
    },
    USAGE,
  );
  if (!args) return;
  if (!args.headless) fail(`the station window is not built yet: run it with --headless\n${USAGE}`);
  const clientIds = args['client-ids']
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  if (clientIds?.some((id) => !Number.isInteger(id) || id <= 0 || String(id).length > 7))
    fail(`invalid --client-ids ${args['client-ids']}`);
  if (!['real', 'off'].includes(args['rate-limits'])) fail(`invalid --rate-limits ${args['rate-limits']}\n${USAGE}`);
  const base = intOption('retry-base-ms', args['retry-base-ms']);
  if (args.dpi !== '203' && args.dpi !== '300') fail(`invalid --dpi ${args.dpi}: 203 or 300\n${USAGE}`);
  let printers: PrinterConfig[] = [];
  if (args.printer) {
    const target = parsePrinterUrl(args.printer);
    if (!target.ok) fail(`invalid --printer ${args.printer}: ${target.error}`);
    else {
      const dpi = args.dpi === '300' ? 300 : 203;
      printers = [{ id: 'label', name: 'Stampante etichette', language: 'ZPL', dpi, target: target.value }];
    }
  }
  if (args['auto-print'] && printers.length === 0) fail(`--auto-print needs --printer\n${USAGE}`);
  const max = intOption('retry-max-ms', args['retry-max-ms']);
  if (args['api-key'] && !args['remote-url']) {
    fail(`--api-key goes with --remote-url: a standalone station's local API has its own key\n${USAGE}`);
  }

  let runtime;
  let commands: BrowserHost | undefined;
  try {
    // Without --remote-url: the connection saved from the settings screen (its key from the data folder's key file).
    const given: StationRuntimeOptions = {
      dataDir: args.data,
      keyStore: createKeyStore(join(resolve(args.data), SECRETS_FILE), plainCodec()),
      station: {
        remoteUrl: args['remote-url'],
        apiKey: args['api-key'] ?? process.env.STATION_API_KEY,
        clientIds,
        localPort: intOption('local-port', args['local-port']) ?? 0,
        orderCheckThread: hostCheckThread(),
        sync: {
          rateLimits: args['rate-limits'] === 'off' ? false : undefined,
          retry: base !== undefined || max !== undefined ? { baseMs: base ?? 1000, maxMs: max ?? 60_000 } : undefined,
          refreshEveryMs: intOption('refresh-ms', args['refresh-ms']),
          queueEveryMs: intOption('queue-ms', args['queue-ms']),
          onStatus: (s) =>
            process.stdout.write(
              `sync: ${s.paused ? 'paused' : s.online ? 'online' : 'offline'}, pending ${s.pending}, needs ` +
                `attention ${s.parked}${s.lastError ? `, last error: ${s.lastError}` : ''}\n`,
            ),
        },
        printing: {
          // Without --printer: the printers saved from the settings screen.
          ...(printers.length ? { printers } : {}),
          autoPrint: args['auto-print'],
          retryMs: intOption('printer-retry-ms', args['printer-retry-ms']),
          statusEveryMs: intOption('printer-status-ms', args['printer-status-ms']),
          onEvent: (event) => {
            if (event.type === 'printer.status')
              process.stdout.write(`printer ${event.printerId}: ${event.status.message}\n`);
            if (event.type === 'job.changed' && ['printed', 'held', 'failed'].includes(event.job.state)) {
              const { id, kind, shipmentId, nCollo, state, reason } = event.job;
              const what = shipmentId ? `${kind} shipment ${shipmentId}/${nCollo}` : kind;
              process.stdout.write(`print job ${id} (${what}): ${state}${reason ? ` - ${reason}` : ''}\n`);
            }
          },
        },
      },
    };
    commands = args.commands ? await startBrowserHost({ dataDir: args.data, station: given.station ?? {} }) : undefined;
    runtime = commands?.runtime ?? (await startStationRuntime(given));
  } catch (error) {
    fail(`station failed to start: ${(error as Error).message}`);
  }
  const { station } = runtime;
  if (station.syncBlocked) process.stdout.write(`sync not started: ${station.syncBlocked}\n`);
  process.stdout.write(
    `station mode: ${station.mode}${station.engine.sync ? `, shipment prefix ${station.engine.sync.prefix}` : ''}\n`,
  );
  // Where the key is, not the key: output like this ends up in logs.
  if (station.localApiKey) process.stdout.write(`local API key in ${join(resolve(args.data), LOCAL_API_KEY_FILE)}\n`);
  // Before the ready line: whoever reads it may stop us at once, and SIGTERM with no handler kills without closing.
  if (commands) process.stdout.write(`commands listening on ${commands.url.replace(/\/\?token=.*$/, '')}\n`);
  closeOnSignals(() => (commands ? commands.close() : runtime.close()));
  process.stdout.write(`local API listening on ${station.localApiUrl ?? ''}\n`);
}

main().catch((error: unknown) => fail(`station failed: ${error instanceof Error ? error.stack : String(error)}`));
