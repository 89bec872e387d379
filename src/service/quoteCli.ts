// `npm run quote -- <shipment.json> [--config FILE] [--json]`: prices a POST Shipment body on every enabled courier
// service without a database and explains the choice. Exit 0 when a service was chosen, 1 when none can carry the
// shipment, 2 for a usage error, an unreadable or invalid file (the shipment's 400 text on stderr).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createQuoter, quoteOnPriceLists, readPriceListFile, type Quote } from '../engine/index';
import type { Parsed } from '../shared/api/shipmentRequest';
import { loadServiceConfig } from './config';
import { formatQuote } from './quoteReport';
import { formats } from '../shared/format';

const IT = formats('it');

const USAGE = 'uso: npm run quote -- <spedizione.json> [--config FILE] [--json]';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    fail(`Impossibile leggere il file ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    fail(`Il file ${file} non contiene JSON valido: ${(error as Error).message}`);
  }
}

/** "2 colli, 3,5 kg, 0,01 m³ → 47121 Forlì (FC) IT", from the body as sent (already validated). */
function describeShipment(body: unknown): string {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const s = (key: string) => (typeof b[key] === 'string' || typeof b[key] === 'number' ? String(b[key]) : '');
  const n = (key: string) => Number(s(key));
  return (
    `${s('colli')} colli, ${IT.kg(n('peso'))}, ${IT.number(n('volume'), 3)} m³ → ` +
    `${s('rcpt_cap')} ${s('rcpt_city')} (${s('rcpt_prov')}) ${s('rcpt_country_code')}`
  );
}

/** A service config names its instance and users; anything else given to --config is a price-list file. */
const isServiceConfig = (raw: unknown): boolean =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw) && ('users' in raw || 'instance' in raw);

function serviceQuoter(file: string): (body: unknown) => Parsed<Quote> {
  const { couriers, price_lists } = loadServiceConfig(file).engine;
  return createQuoter({ couriers, price_lists });
}

/**
 * The price-list file a connected bench imports (one list, an array, or `{ "price_lists": [...] }`): the shipment is
 * priced on exactly those lists, as the bench does, each service named by its list.
 */
function accountQuoter(file: string): (body: unknown) => Parsed<Quote> {
  const read = readPriceListFile(readFileSync(file, 'utf8'));
  if (!read.ok)
    throw new Error(
      [
        `Listini non validi in ${file}:`,
        ...read.errors.map((e) => `  riga ${e.line}, ${e.path || 'file'}: ${e.message}`),
      ].join('\n'),
    );
  const services = read.lists.map((l) => ({
    corriere: l.corriere,
    servizio: l.servizio,
    courierName: `Corriere ${l.corriere}`,
    serviceName: l.description ?? `servizio ${l.servizio}`,
  }));
  return (body) => quoteOnPriceLists(body, services, read.lists);
}

function main(): void {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        config: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) fail(USAGE);

  let quoter: (body: unknown) => Parsed<Quote> = createQuoter();
  if (values.config) {
    const raw = readJson(values.config);
    try {
      quoter = isServiceConfig(raw) ? serviceQuoter(values.config) : accountQuoter(values.config);
    } catch (error) {
      fail((error as Error).message);
    }
  }

  const body = readJson(file);
  let result;
  try {
    result = quoter(body);
  } catch (error) {
    fail((error as Error).message);
  }
  if (!result.ok) fail(result.error);

  process.stdout.write(
    values.json ? `${JSON.stringify(result.value, null, 2)}\n` : formatQuote(result.value, describeShipment(body)),
  );
  process.exitCode = result.value.eligible.length > 0 ? 0 : 1;
}

main();
