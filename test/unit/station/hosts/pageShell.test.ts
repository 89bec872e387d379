// The station page the browser host sends, put together from the renderer's build (index.html, the bar drawn for the
// bench's language, the stylesheet) once per build and language: the next loads send the same page without reading
// those files again, and a new build is read at the next load after it.
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stationPages } from '../../../../src/station/hosts/pageShell';
import { PAGE_ROOT, pageShellFile } from '../../../../src/shared/pageShell';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

afterAll(removeTempDirs);

/** A renderer build as the bundler writes it: index.html linking one stylesheet, and the Italian bar beside it. */
function writeBuild(dir: string, name: string, at: Date): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  const csp = `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; style-src 'self'">`;
  const link = `<link rel="stylesheet" crossorigin href="./assets/index-${name}.css">`;
  writeFileSync(join(dir, 'index.html'), `<html lang="en"><head>${csp}${link}</head><body>${PAGE_ROOT}</body></html>`);
  writeFileSync(join(dir, 'assets', `index-${name}.css`), `nav { color: ${name}; }`);
  writeFileSync(join(dir, pageShellFile('it')), `<nav>Nuova spedizione ${name}</nav>`);
  utimesSync(join(dir, 'index.html'), at, at);
}

describe("the browser host's station page", () => {
  it('is put together once a build: the next loads send the same page without reading its files again', async () => {
    const dir = tempDir();
    writeBuild(dir, 'red', new Date('2026-11-29T10:00:00Z'));
    const pages = stationPages(dir);
    const first = await pages.page('it');
    expect(first.html).toContain('<html lang="it">');
    expect(first.html).toContain('<nav>Nuova spedizione red</nav>');
    expect(first.html).toContain('<style>nav { color: red; }</style>');
    expect(first.styleHash).toBeDefined();
    // The bar and the stylesheet gone from the folder: a load that read them again would send the page without them.
    rmSync(join(dir, pageShellFile('it')));
    rmSync(join(dir, 'assets', 'index-red.css'));
    expect(await pages.page('it')).toEqual(first);
    // Without a language: index.html as built.
    expect((await pages.page(undefined)).html).not.toContain('<nav>');
  });

  it('reads a new build at the first load after it', async () => {
    const dir = tempDir();
    writeBuild(dir, 'red', new Date('2026-11-29T10:00:00Z'));
    const pages = stationPages(dir);
    expect((await pages.page('it')).html).toContain('Nuova spedizione red');
    writeBuild(dir, 'blue', new Date('2026-11-29T11:00:00Z'));
    const rebuilt = await pages.page('it');
    expect(rebuilt.html).toContain('<nav>Nuova spedizione blue</nav>');
    expect(rebuilt.html).toContain('<style>nav { color: blue; }</style>');
  });
});
