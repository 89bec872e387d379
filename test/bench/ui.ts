// Renderer benchmarks in Chromium against the browser station: time to first render (timed in the page), to an
// interactive departing list, and search-as-you-type latency (timed in the page, the debounce taken off), with
// 50,000 shipments next to the same with 100 (baseline, same run); and the first render against the first paint of a
// page with one line of text served the same way (HTTP on this machine), in the same browser: what the browser
// itself needs to show anything.
import Database from 'better-sqlite3';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createEngine } from '../../src/engine/index';
import { engineSwitches } from '../../src/service/engineSwitches';
import { startBrowserHost } from '../../src/station/hosts/browserHost';
import { DEMO_API_KEY, DEMO_CLIENT_IDS } from '../../src/service/config';
import { validShipment } from '../fixtures/shipments';
import { ensureRendererBuilt, launchChromium, RENDERER_DIR } from '../ui/support/harness';
import { median, type Row } from './stats';
import { SEARCH_DEBOUNCE_MS } from '../../src/renderer/stores/listStore';
import { removeTempDir, tempDir } from '../helpers/tmp';

/** A station data folder with `count` departing shipments: one made by the engine, the rest copied in one statement. */
async function seed(count: number): Promise<string> {
  const dataDir = tempDir('bench-ui-');
  const file = join(dataDir, 'station.sqlite');
  const engine = createEngine({
    file,
    config: { users: [{ api_key: DEMO_API_KEY, client_ids: DEMO_CLIENT_IDS, label: 'station' }] },
    ...engineSwitches(),
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

/**
 * Marks set in the page itself (performance.now(), from the navigation's start): when the navigation bar and the
 * new-shipment form are first painted, when the search box last got a keystroke, and when the one row matching the
 * awaited reference is painted. Taken in the page so the figures are what the operator sees, not the test driver's
 * round trips (page.goto waits for the load event, and each wait polls through the DevTools protocol).
 */
const PAGE_MARKS = `
  window.__marks = {};
  const painted = (key) => requestAnimationFrame(() => { window.__marks[key] ??= performance.now(); });
  document.addEventListener('input', () => { window.__marks.typed = performance.now(); }, true);
  new MutationObserver(() => {
    if (window.__marks.nav === undefined && document.querySelector('[data-testid="nav-new"]')) painted('nav');
    if (window.__marks.form === undefined && document.querySelector('[data-testid="shipment-form"]')) painted('form');
    const awaited = window.__awaited;
    if (awaited && window.__marks.row === undefined) {
      const rows = document.querySelectorAll('[data-testid="list-departing"][data-total="1"] [data-testid^="row-"]');
      if ([...rows].some((row) => (row.textContent ?? '').includes(awaited))) painted('row');
    }
  }).observe(document, { childList: true, subtree: true, attributes: true });
`;

/** Polls the page (the strict CSP forbids waitForFunction's evaluated predicate) until `key` is marked, for 10 s. */
async function marked(page: Page, key: keyof Marks): Promise<Marks> {
  for (let i = 0; i < 1000; i += 1) {
    const marks = (await page.evaluate('window.__marks')) as Marks;
    if (marks[key] !== undefined) return marks;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the page never marked ${key}`);
}

interface Marks {
  nav?: number;
  form?: number;
  typed?: number;
  row?: number;
}

interface Figures {
  firstRender: number;
  form: number;
  interactive: number;
  search: number;
}

/** One page load of the station at `url` with `count` shipments: its marks, the list interactive, five searches. */
async function loadOnce(
  browser: Browser,
  url: string,
  count: number,
  round: { at: number; of: number },
  into: Record<keyof Figures, number[]>,
): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
  await page.addInitScript({ content: PAGE_MARKS });
  const start = Date.now();
  await page.goto(url.replace('/?', '/?bench=1&'));
  await page.getByTestId('shipment-form').waitFor();
  const shown = await marked(page, 'form');
  into.firstRender.push(shown.nav ?? Number.NaN);
  into.form.push(shown.form ?? Number.NaN);
  await page.keyboard.press('F3');
  await page
    .locator(`[data-testid="list-departing"][data-total="${count}"] [data-testid^="row-"]`)
    .first()
    .waitFor({ timeout: 60_000 });
  into.interactive.push(Date.now() - start);
  for (let i = 0; i < 5; i += 1) {
    // The "-X" suffix makes every reference unique as a substring too, so exactly one row must match.
    const ref = `BENCH-${Math.max(1, Math.floor(((round.at * 5 + i + 1) * count) / (round.of * 5 + 1)))}-X`;
    await page.evaluate(`window.__awaited = ${JSON.stringify(ref)}; window.__marks.row = undefined;`);
    await page.getByTestId('list-search').fill(ref);
    await page
      .locator('[data-testid="list-departing"][data-total="1"] [data-testid^="row-"]')
      .filter({ hasText: ref })
      .first()
      .waitFor({ timeout: 30_000 });
    const typed = await marked(page, 'row');
    into.search.push((typed.row ?? Number.NaN) - (typed.typed ?? Number.NaN) - SEARCH_DEBOUNCE_MS);
  }
  await page.close();
}

/**
 * The station with each seeded folder, both up at once and loaded in turns: round r loads them in one order, round
 * r + 1 in the other, so whatever the machine and the browser do meanwhile (a collection, another process, the
 * browser's caches warming) falls on both alike. Loading every round of one before any of the other gave the second
 * the warmer browser, or the busier minute: the same tree read 0.91-1.19 on the ratio of their first renders.
 */
async function measure(
  browser: Browser,
  seeds: { dataDir: string; count: number }[],
  rounds: number,
): Promise<Figures[]> {
  const runs = await Promise.all(
    seeds.map(async (seed) => ({
      count: seed.count,
      host: await startBrowserHost({ dataDir: seed.dataDir, rendererDir: RENDERER_DIR }),
      figures: {
        firstRender: [] as number[],
        form: [] as number[],
        interactive: [] as number[],
        search: [] as number[],
      },
    })),
  );
  try {
    for (let round = 0; round < rounds; round += 1) {
      for (const run of round % 2 === 0 ? runs : [...runs].reverse())
        await loadOnce(browser, run.host.url, run.count, { at: round, of: rounds }, run.figures);
    }
    return runs.map(({ figures: f }) => ({
      firstRender: median(f.firstRender),
      form: median(f.form),
      interactive: median(f.interactive),
      search: median(f.search),
    }));
  } finally {
    await Promise.all(runs.map((run) => run.host.close()));
  }
}

/** A page with one line of text, served on this machine as the station's page is. */
async function serveBlankPage(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html lang="it"><meta charset="utf-8"><title>Vuota</title><p>Pagina vuota</p></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** The blank page's first contentful paint (Paint Timing, from navigation start) in `rounds` fresh pages. */
async function blankPaints(browser: Browser, url: string, rounds: number): Promise<number[]> {
  const paints: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
    await page.goto(url);
    let paint: number | null = null;
    for (let i = 0; i < 1000 && paint === null; i += 1) {
      paint = (await page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")) as
        number | null;
      if (paint === null) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (paint === null) throw new Error('the blank page never reported its first paint');
    paints.push(paint);
    await page.close();
  }
  return paints;
}

export async function benchUi(
  large = Number(process.env.BENCH_UI_ROWS ?? 50_000),
  rounds = Number(process.env.BENCH_UI_ROUNDS ?? 7),
): Promise<Row[]> {
  ensureRendererBuilt();
  const browser = await launchChromium();
  const small = await seed(100);
  const big = await seed(large);
  const blank = await serveBlankPage();
  try {
    // The blank page before and after the station's, so its figure sees the machine as both of them did.
    const paints = await blankPaints(browser, blank.url, rounds);
    const figures = await measure(
      browser,
      [
        { dataDir: small, count: 100 },
        { dataDir: big, count: large },
      ],
      rounds,
    );
    const [base, full] = figures;
    if (!base || !full) throw new Error('the station was measured with one seed only');
    paints.push(...(await blankPaints(browser, blank.url, rounds)));
    const n = large.toLocaleString('en');
    return [
      {
        name: `first render of the station page (navigation bar painted), ${n} shipments (${rounds} rounds)`,
        medianMs: full.firstRender,
        baseline: '100 shipments',
        baselineMs: base.firstRender,
        goal: 'firstRenderRows',
      },
      {
        name: `first render of the station page, ${n} shipments (the same figure)`,
        medianMs: full.firstRender,
        baseline: 'a page with one line of text: its first contentful paint, same browser, served the same way',
        baselineMs: median(paints),
        extra: `${paints.length} blank pages`,
        goal: 'firstRenderBlank',
      },
      {
        name: `new-shipment form painted, ${n} shipments`,
        medianMs: full.form,
        baseline: '100 shipments',
        baselineMs: base.form,
      },
      {
        name: `page load to an interactive departing list of ${n}`,
        medianMs: full.interactive,
        baseline: '100 shipments',
        baselineMs: base.interactive,
      },
      {
        name: `search as you type: last keystroke → the one matching row painted, after the debounce, among ${n}`,
        medianMs: full.search,
        baseline: 'among 100',
        baselineMs: base.search,
        extra: `the ${SEARCH_DEBOUNCE_MS} ms typing debounce taken off`,
      },
    ];
  } finally {
    await blank.close();
    await browser.close();
    removeTempDir(small);
    removeTempDir(big);
  }
}
