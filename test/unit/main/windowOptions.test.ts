// The station window is locked down: isolated, sandboxed, no Node in the page, one local page, a strict CSP.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { RENDERER_CSP, withRendererCsp } from '../../../src/main/csp';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../../src/main/ipcBridge';
import { isAllowedPageUrl, windowOptions } from '../../../src/main/windowOptions';

vi.mock('electron', () => {
  throw new Error('a test must never load the real electron module');
});

const directives = (csp: string): Map<string, string[]> =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );

describe('the station window', () => {
  it('isolates the page, keeps it sandboxed and without Node, with web security on and the given preload', () => {
    const { webPreferences, show } = windowOptions('/app/out/preload/index.cjs');

    expect(webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      preload: '/app/out/preload/index.cjs',
    });
    expect(show).toBe(false);
  });

  it('lets the page go only to files of the built renderer', () => {
    const rendererDir = join('/app', 'out', 'renderer');
    const index = pathToFileURL(join(rendererDir, 'index.html')).href;

    expect(isAllowedPageUrl(index, rendererDir)).toBe(true);
    expect(isAllowedPageUrl(`${index}#/shipments`, rendererDir)).toBe(true);
    expect(isAllowedPageUrl('https://example.com/', rendererDir)).toBe(false);
    expect(isAllowedPageUrl('http://127.0.0.1:8080/index.html', rendererDir)).toBe(false);
    expect(isAllowedPageUrl(pathToFileURL('/etc/passwd').href, rendererDir)).toBe(false);
    expect(isAllowedPageUrl(pathToFileURL(join(rendererDir, '..', 'main', 'index.js')).href, rendererDir)).toBe(false);
    expect(isAllowedPageUrl(pathToFileURL(`${rendererDir}-evil/index.html`).href, rendererDir)).toBe(false);
    expect(isAllowedPageUrl('file://remote-host/share/index.html', rendererDir)).toBe(false);
    expect(isAllowedPageUrl('not a url', rendererDir)).toBe(false);
  });
});

describe("the renderer's Content-Security-Policy", () => {
  it('allows nothing inline or evaluated, no plugins and no framing; everything else only from the app itself', () => {
    const csp = directives(RENDERER_CSP);

    expect(RENDERER_CSP).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|wasm-unsafe-eval|\*/);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
  });

  it('replaces whatever policy a response carried, whatever the header spelling, and keeps the other headers', () => {
    const headers = withRendererCsp({ 'content-security-policy': ['default-src *'], 'Content-Type': ['text/html'] });

    expect(headers).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': [RENDERER_CSP] });
    expect(withRendererCsp(undefined)).toEqual({ 'Content-Security-Policy': [RENDERER_CSP] });
  });
});

describe('the preload', () => {
  const source = readFileSync(join(import.meta.dirname, '../../../src/preload/index.ts'), 'utf8');

  it('uses the same two channels as main', () => {
    expect(source).toContain(`'${INVOKE_CHANNEL}'`);
    expect(source).toContain(`'${EVENT_CHANNEL}'`);
  });

  it('exposes window.station and nothing else', () => {
    expect(source.match(/exposeInMainWorld\(\s*'([^']+)'/g)).toEqual(["exposeInMainWorld('station'"]);
    expect(source).not.toMatch(/\bipcRenderer\.send(Sync)?\(/);
  });
});
