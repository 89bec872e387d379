// What the browser reads before the bench is drawn: the built page's entry (boot.ts), the app it reads at once
// (main.tsx) and their static imports, as the build's manifest names them. The other screens and the English table
// are not among them: an Italian bench never reads English, an English one reads it with import() before it is drawn
// (src/renderer/i18n/translate.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/renderer/i18n/en';
import { it as italian } from '../../src/renderer/i18n/it';
import { ensureRendererBuilt, RENDERER_DIR } from './support/harness';

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/** The files of the first load: the page's entry and the app, with every chunk they import statically. */
function firstLoad(): { name: string; text: string }[] {
  ensureRendererBuilt();
  const html = readFileSync(join(RENDERER_DIR, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(RENDERER_DIR, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const entry = manifest['index.html'];
  // The manifest is the page's: its entry is the module index.html names, and what that entry reads is the app.
  expect(html).toContain(`<script type="module" crossorigin src="./${entry?.file}"></script>`);
  expect(entry?.dynamicImports).toEqual(['main.tsx']);
  const keys = new Set<string>();
  const add = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const imported of manifest[key]?.imports ?? []) add(imported);
  };
  add('index.html');
  add('main.tsx');
  return [...keys].map((key) => {
    const name = manifest[key]?.file ?? '';
    return { name, text: readFileSync(join(RENDERER_DIR, name), 'utf8') };
  });
}

/** English texts no Italian text holds, long enough to be the table's own (a JSON-escaped quote is left out). */
const ENGLISH_ONLY = Object.entries(en)
  .filter(([key, text]) => text.length > 24 && !text.includes('"') && text !== italian[key as keyof typeof italian])
  .map(([, text]) => text);

describe('the first load of the bench', () => {
  it('holds the first screen and no other, and no English table', () => {
    const files = firstLoad();
    expect(files.map((f) => f.name)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^assets\/index-/), expect.stringMatching(/^assets\/main-/)]),
    );
    const all = files.map((f) => f.text).join('\n');
    // The check can see a table: the Italian one is there.
    expect(all).toContain(JSON.stringify(italian['nav.settings']).slice(1, -1));
    expect(ENGLISH_ONLY.length).toBeGreaterThan(300);
    expect(ENGLISH_ONLY.filter((text) => all.includes(text))).toEqual([]);
    for (const screen of ['SettingsScreen', 'OrdersScreen', 'ShipmentListScreen', 'ConfirmScreen', 'CodScreen']) {
      expect(files.map((f) => f.name).filter((name) => name.includes(screen))).toEqual([]);
    }
  });
});
