// Renderer benchmarks in Chromium against the browser station: time to first render, to an interactive departing
// list, and search-as-you-type latency, with 50,000 shipments next to the same with 100 (baseline, same run).
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createEngine } from '../../src/engine/index';
import { startBrowserHost } from '../../src/station/browserHost';
import { DEMO_API_KEY, DEMO_CLIENT_IDS } from '../../src/service/config';
import { validShipment } from '../fixtures/shipments';
import { ensureRendererBuilt, launchChromium, RENDERER_DIR } from '../ui/harness';
import { median, type Row } from './stats';
import { removeTempDir, tempDir } from '../helpers/tmp';

/** A station data folder with `count` departing shipments: one made by the engine, the rest copied in one statement. */
async function seed(count: number): Promise<string> {
  const dataDir = tempDir('bench-ui-');
  const file = join(dataDir, 'station.sqlite');
  const engine = createEngine({
    file,
    config: { users: [{ api_key: DEMO_API_KEY, client_ids: DEMO_CLIENT_IDS, label: 'station' }] },
  });
  const caller = engine.authenticate(DEMO_API_KEY);
  if (!caller) throw new Error('no caller');
  await engine.createShipment(caller, validShipment({ labelType: 'ZPL', ddt_alpha: 'BENCH-0' }));
  engine.close();
  const db = new Database(file);
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
    INSERT INTO shipments (user_id, client_id, ddt_num, ddt_alpha, corriere, servizio, colli, peso, volume, state,
    error, confermato,
      num_spedizione, barcode, tracking_link, label_formats, data, created_at, date_upd, sync_state)
    SELECT s.user_id, s.client_id, 100000 + n.i, 'BENCH-' || n.i || '-X', s.corriere, s.servizio, s.colli, s.peso,
    s.volume, s.state, s.error, 0,
      '7099' || n.i, '7099' || n.i, s.tracking_link, s.label_formats, json_set(s.data, '$.rcpt_name', 'Cliente ' ||
      n.i), s.created_at, s.date_upd, s.sync_state
    FROM n, (SELECT * FROM shipments LIMIT 1) s`,
  ).run(count - 1);
  db.close();
  return dataDir;
}

async function measure(
  browser: Browser,
  dataDir: string,
  count: number,
  rounds: number,
): Promise<{ firstRender: number; interactive: number; search: number }> {
  const host = await startBrowserHost({ dataDir, rendererDir: RENDERER_DIR });
  try {
    const firstRender: number[] = [];
    const interactive: number[] = [];
    const search: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
      const start = Date.now();
      await page.goto(host.url.replace('/?', '/?bench=1&'));
      await page.getByTestId('nav-new').waitFor();
      firstRender.push(Date.now() - start);
      const listStart = Date.now();
      await page.keyboard.press('F3');
      await page
        .locator(`[data-testid="list-departing"][data-total="${count}"] [data-testid^="row-"]`)
        .first()
        .waitFor({ timeout: 60_000 });
      interactive.push(Date.now() - start);
      void listStart;
      for (let i = 0; i < 5; i += 1) {
        // The "-X" suffix makes every reference unique as a substring too, so exactly one row must match.
        const ref = `BENCH-${Math.max(1, Math.floor(((round * 5 + i + 1) * count) / (rounds * 5 + 1)))}-X`;
        const typed = Date.now();
        await page.getByTestId('list-search').fill(ref);
        await page
          .locator('[data-testid="list-departing"][data-total="1"] [data-testid^="row-"]')
          .filter({ hasText: ref })
          .first()
          .waitFor({ timeout: 30_000 });
        search.push(Date.now() - typed);
      }
      await page.close();
    }
    return { firstRender: median(firstRender), interactive: median(interactive), search: median(search) };
  } finally {
    await host.close();
  }
}

export async function benchUi(
  large = Number(process.env.BENCH_UI_ROWS ?? 50_000),
  rounds = Number(process.env.BENCH_UI_ROUNDS ?? 3),
): Promise<Row[]> {
  ensureRendererBuilt();
  const browser = await launchChromium();
  const small = await seed(100);
  const big = await seed(large);
  try {
    const base = await measure(browser, small, 100, rounds);
    const full = await measure(browser, big, large, rounds);
    const n = large.toLocaleString('en');
    return [
      {
        name: `first render of the station page, ${n} shipments (${rounds} rounds)`,
        medianMs: full.firstRender,
        baseline: '100 shipments',
        baselineMs: base.firstRender,
      },
      {
        name: `page load to an interactive departing list of ${n}`,
        medianMs: full.interactive,
        baseline: '100 shipments',
        baselineMs: base.interactive,
      },
      {
        name: `search as you type: reference typed → the one matching row shown, among ${n}`,
        medianMs: full.search,
        baseline: 'among 100',
        baselineMs: base.search,
        extra: 'includes the 150 ms typing debounce',
      },
    ];
  } finally {
    await browser.close();
    removeTempDir(small);
    removeTempDir(big);
  }
}
