// `npm run quote`: the command an operator runs to see why a courier was chosen, run as a real process on a
// shipment file: the human report, the JSON, a configured price list, and the errors for a bad or missing file.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Quote } from '../../../src/engine/index';
import { removeTempDirs, tempDir } from '../../helpers/tmp';
import { cliArgs } from '../../peers/cliBundle';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FORLI = join(ROOT, 'test/fixtures/quote/forli-two-parcels.json');

function runQuote(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [...cliArgs('src/service/quoteCli.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const euro = (n: number) => `${n.toFixed(2).replace('.', ',')} €`;

afterAll(removeTempDirs);

describe('npm run quote', () => {
  const json = runQuote(FORLI, '--json');
  const quote = JSON.parse(json.stdout) as Quote;

  it('prints the quote as JSON, cheapest first, each breakdown adding up to its total', () => {
    expect(json.status).toBe(0);
    expect(quote.eligible[0]).toMatchObject({ corriere: 71, servizio: 1, zone: 'IT' });
    for (const line of quote.eligible) {
      const parts = Object.values(line.breakdown).reduce((sum, part) => sum + Math.round(part * 100), 0);
      expect(parts).toBe(Math.round(line.total * 100));
    }
    expect(quote.excluded.length).toBeGreaterThan(0);
  });

  it('tells an operator the choice, the runner-up and by how much, every price with VAT and every exclusion', () => {
    const human = runQuote(FORLI);
    const [best, second] = quote.eligible;
    if (!best || !second) throw new Error('expected at least two eligible services');

    expect(human.status).toBe(0);
    expect(human.stdout).toContain('Spedizione: 2 colli, 3,5 kg, 0,01 m³ → 47121 Forlì (FC) IT');
    expect(human.stdout).toContain(
      `Scelto: Demo Europa Economy Italia (71/1) — ${euro(best.total)} + IVA ${euro(best.vat)} = ` +
        `${euro(best.totalWithVat)}`,
    );
    expect(human.stdout).toContain(
      `Seconda scelta: ${second.courierName} ${second.serviceName} (${second.corriere}/${second.servizio}) — ` +
        `${euro(second.total)}, ${euro(second.total - best.total)} in più`,
    );
    expect(human.stdout).toMatch(/Supplemento carburante\s+0,85 €/);
    expect(human.stdout).toMatch(/Servizio: preavviso telefonico\s+1,00 €/);
    expect(human.stdout.match(/Totale IVA inclusa/g)).toHaveLength(quote.eligible.length);
    for (const e of quote.excluded)
      expect(human.stdout).toContain(`${e.courierName} ${e.serviceName} (${e.corriere}/${e.servizio}): ${e.reason}`);
  });

  it('uses the couriers and price lists of a service config file', () => {
    const dir = tempDir('quote-cli-');
    const config = join(dir, 'config.json');
    const cheapStandard = {
      corriere: 70,
      servizio: 1,
      currency: 'EUR',
      volumetric_kg_per_m3: 250,
      zones: [{ code: 'IT', name: 'Italia', countries: ['IT'] }],
      brackets: [{ max_kg: 50, prices: { IT: 1 } }],
      extra_parcel: 0,
      fuel_pct: 0,
      cod_pct: 0,
      cod_min: 0,
      insurance_pct: 0,
      min_charge: 0,
      vat_pct: 22,
    };
    writeFileSync(
      config,
      JSON.stringify({
        instance: 'bench',
        users: [{ api_key: 'quote-test-key-0123456789-ab', client_ids: [1001] }],
        couriers: [70, 71],
        price_lists: [cheapStandard],
      }),
    );

    const run = runQuote(FORLI, '--config', config, '--json');
    const configured = JSON.parse(run.stdout) as Quote;
    expect(run.status).toBe(0);
    expect(configured.eligible[0]).toMatchObject({ corriere: 70, servizio: 1, total: 1 });
    expect(new Set([...configured.eligible, ...configured.excluded].map((l) => l.corriere))).toEqual(new Set([70, 71]));
  });

  it('prices on exactly the lists of a bench’s price-list file, and names the line of a bad file’s problems', () => {
    const account = join(ROOT, 'test/fixtures/pricelists/account.json');
    const run = runQuote(FORLI, '--config', account, '--json');
    expect(run.status, run.stderr).toBe(0);
    const quoted = JSON.parse(run.stdout) as Quote;
    expect(quoted.eligible.map((l) => [l.corriere, l.servizio, l.serviceName])).toEqual([
      [70, 1, 'Contratto: Standard'],
      [70, 2, 'Contratto: Express 24h'],
    ]);
    expect(quoted.excluded).toEqual([]);

    const bad = join(tempDir(), 'listini.json');
    writeFileSync(bad, readFileSync(account, 'utf8').replace('"vat_pct": 22', '"vat_pct": "22%"'));
    const refused = runQuote(FORLI, '--config', bad);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^Listini non validi in .*listini\.json:\n {2}riga \d+, price_lists\.0\.vat_pct: /);
  });

  it('answers an invalid shipment with the 400 text on stderr and exit code 2', () => {
    const file = join(tempDir('quote-cli-'), 'invalid.json');
    writeFileSync(file, JSON.stringify({ corriere: 0, servizio: 0, colli: 2, peso: 'tre' }));
    const run = runQuote(file);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^Campi obbligatori mancanti: client_id, volume, origine/);
    expect(run.stderr).toContain('peso:');
  });

  it('says so when the file cannot be read or is not JSON, with exit code 2', () => {
    const missing = runQuote(join(ROOT, 'test/fixtures/quote/no-such-file.json'));
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/^Impossibile leggere il file .*no-such-file\.json: ENOENT/);

    const file = join(tempDir('quote-cli-'), 'broken.json');
    writeFileSync(file, '{ "corriere": 0,');
    const broken = runQuote(file);
    expect(broken.status).toBe(2);
    expect(broken.stderr).toContain(`Il file ${file} non contiene JSON valido`);
  });

  it('prints its usage and exits 2 without a shipment file', () => {
    const run = runQuote();
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('uso: npm run quote -- <spedizione.json> [--config FILE] [--json]');
  });
});
