// What the browser reads before the bench's first paint: the built page's module script and the files it preloads
// (its static imports). The other screens and the English table are not among them: an Italian bench never reads
// English, an English one reads it with import() before it is drawn (src/renderer/i18n/translate.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/renderer/i18n/en';
import { it as italian } from '../../src/renderer/i18n/it';
import { ensureRendererBuilt, RENDERER_DIR } from './support/harness';

/** The files of the first load, named in index.html: the entry module and its preloaded static imports. */
function firstLoad(): { name: string; text: string }[] {
  ensureRendererBuilt();
  const html = readFileSync(join(RENDERER_DIR, 'index.html'), 'utf8');
  const names = [
    ...html.matchAll(/<script type="module"[^>]* src="\.\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]* href="\.\/([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  return names.map((name) => ({ name, text: readFileSync(join(RENDERER_DIR, name), 'utf8') }));
}

/** English texts no Italian text holds, long enough to be the table's own (a JSON-escaped quote is left out). */
const ENGLISH_ONLY = Object.entries(en)
  .filter(([key, text]) => text.length > 24 && !text.includes('"') && text !== italian[key as keyof typeof italian])
  .map(([, text]) => text);

describe('the first load of the bench', () => {
  it('holds the first screen and no other, and no English table', () => {
    const files = firstLoad();
    expect(files.map((f) => f.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^assets\/index-/)]));
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
