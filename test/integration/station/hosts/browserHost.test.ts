// The browser station's host over real HTTP: the renderer's files with a strict CSP, the command table behind the
// per-run token, input validated by the same schemas, and events as server-sent events.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BROWSER_CSP, MAX_BODY, startBrowserHost, type BrowserHost } from '../../../../src/station/hosts/browserHost';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';
import { tally, upload } from '../../../helpers/upload';
import { validShipment } from '../../../fixtures/shipments';
import { BROWSER_ADDRESS_FILE } from '../../../../src/station/hosts/browserAddress';

let host: BrowserHost;
let base: string;
let rendererDir: string;

beforeAll(async () => {
  rendererDir = join(tempDir(), 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Postazione</title>');
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(rendererDir, 'assets', 'index-B-xKyp_j.js'), 'console.log(2)');
  host = await startBrowserHost({ dataDir: tempDir(), rendererDir });
  base = new URL(host.url).origin;
});
afterAll(async () => {
  await host.close();
  removeTempDirs();
});

async function command<T = unknown>(
  name: string,
  input: unknown,
  token = host.token,
): Promise<{
  status: number;
  body: {
    ok: boolean;
    value?: T;
    error?: { code: string; message: string; fields?: Record<string, { code: string; message: string }> };
  };
}> {
  const res = await fetch(`${base}/api/command`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-station-token': token },
    body: JSON.stringify({ name, input }),
  });
  return { status: res.status, body: (await res.json()) as never };
}

describe('the browser host', () => {
  it('serves the renderer with a strict content security policy, and nothing outside it', async () => {
    const page = await fetch(host.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect((await fetch(`${base}/assets/app.js`)).headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${base}/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it(
    'answers a command body over its limit with a 413 the client can read, with a length or chunked, several at once',
    { timeout: 60_000 },
    async () => {
      const url = new URL(`${base}/api/command`);
      for (const chunked of [false, true]) {
        const outcomes = await Promise.all(
          Array.from({ length: 4 }, () =>
            upload(url, MAX_BODY + 1_000_000, { chunked, headers: { 'x-station-token': host.token } }),
          ),
        );
        expect(tally(outcomes), chunked ? 'chunked' : 'with a length').toEqual({ 413: 4 });
      }
      expect((await command('station.info', {})).status).toBe(200);
    },
  );

  it('answers a path with a broken percent-encoding with 400, and logs no error', async () => {
    const logged = vi.spyOn(process.stderr, 'write');
    try {
      const status = await new Promise<number>((done) => {
        const req = request(`${base}/`, { path: '/%E0%A4%A' }, (res) => {
          res.resume();
          done(res.statusCode ?? 0);
        });
        req.end();
      });
      expect(status).toBe(400);
      expect(
        logged.mock.calls.map((call) => String(call[0])).filter((line) => /URIError|browser host error/.test(line)),
      ).toEqual([]);
    } finally {
      logged.mockRestore();
    }
  });

  it('answers every refusal in one shape, with the security headers, never a file outside the renderer', async () => {
    const refusals = [
      await fetch(`${base}/nothing-here.js`),
      await fetch(`${base}/..%2F..%2Fetc%2Fhostname`),
      await fetch(`${base}/assets/..%2F..%2F..%2Fetc%2Fhostname`),
      await fetch(`${base}/.hidden`),
      await fetch(`${base}/api/command`, { method: 'POST', body: '{}' }),
      await fetch(`${base}/api/command`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-station-token': host.token },
        body: '{"name": ',
      }),
      await fetch(`${base}/api/command`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'x-station-token': host.token },
        body: 'hello',
      }),
      await fetch(`${base}/api/events?token=nope`),
    ];
    expect(refusals.map((r) => r.status)).toEqual([404, 404, 404, 404, 403, 400, 400, 403]);
    for (const answer of refusals) {
      expect(answer.headers.get('content-security-policy'), answer.url).toBe(BROWSER_CSP);
      expect(answer.headers.get('x-content-type-options'), answer.url).toBe('nosniff');
      const body = (await answer.json()) as { ok: boolean; error: { code: string; message: string } };
      expect(body.ok, answer.url).toBe(false);
      expect(['invalid', 'refused', 'not_found'], answer.url).toContain(body.error.code);
      expect(body.error.message.length, answer.url).toBeGreaterThan(0);
    }
    const page = await fetch(`${base}/index.html`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(await page.text()).toContain('<title>Postazione</title>');
  });

  it('lets the browser keep the built files named by their hash, and nothing else', async () => {
    const hashed = await fetch(`${base}/assets/index-B-xKyp_j.js`);
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('content-security-policy')).toBe(BROWSER_CSP);
    for (const path of [
      '/',
      '/index.html',
      '/assets/app.js',
      '/assets/index-B-xKyp_j.js?x=1',
      '/assets/none-12345678.js',
    ]) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('refuses a request whose Host is not the loopback address it listens on', async () => {
    const status = await new Promise<number>((done) => {
      const req = request(`${base}/`, { headers: { host: 'evil.example:80' } }, (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      });
      req.end();
    });
    expect(status).toBe(421);
  });

  it('answers commands only with the token', async () => {
    expect((await command('station.info', {}, 'wrong')).status).toBe(403);
    const info = await command<{ mode: string; couriers: unknown[] }>('station.info', {});
    expect(info.body.ok).toBe(true);
    expect(info.body.value?.mode).toBe('standalone');
    expect(info.body.value?.couriers.length).toBeGreaterThanOrEqual(6);
  });

  it('validates input with the command table and the shipment schemas, answering field-level errors', async () => {
    expect((await command('nope.nothing', {})).body.error?.code).toBe('invalid');
    expect((await command('shipments.list', { view: 'sideways' })).body.error?.code).toBe('invalid');
    const bad = await command('shipments.create', { body: validShipment({ rcpt_email: 'x', rcpt_name: '' }) });
    expect(bad.body.error).toMatchObject({
      code: 'invalid',
      fields: {
        rcpt_email: { code: 'email', message: 'indirizzo e-mail non valido' },
        rcpt_name: { code: 'required', message: 'obbligatorio' },
      },
    });
  });

  it('runs a bench day: create, list, search, detail with preview, confirm with manifest, history', async () => {
    const created = await command<{ id: number }>('shipments.create', {
      body: validShipment({ ddt_alpha: 'HOST-1', labelType: 'PDF' }),
    });
    const id = created.body.value?.id ?? 0;
    expect(id).toBeGreaterThan(0);
    const list = await command<{ total: number; rows: { id: number; courierName: string }[] }>('shipments.list', {
      view: 'departing',
      search: 'HOST-1',
    });
    expect(list.body.value?.rows.map((r) => r.id)).toEqual([id]);
    expect(list.body.value?.rows[0]?.courierName).toBe('Demo Express');
    const detail = await command<{ previewJpg: string; amendableFields: string[] }>('shipments.get', { id });
    expect(Buffer.from(detail.body.value?.previewJpg ?? '', 'base64').subarray(0, 2)).toEqual(
      Buffer.from([0xff, 0xd8]),
    );
    expect(detail.body.value?.amendableFields).toContain('rcpt_phone');
    const confirmed = await command<{ status: string; manifestId: number }>('confirm.byIds', {
      ids: [id],
      createManifest: true,
    });
    expect(confirmed.body.value?.status).toBe('1 spedizioni confermate, 0 errori');
    const manifests = await command<{ id: number; shipments: number }[]>('manifests.list', {});
    expect(manifests.body.value?.[0]).toMatchObject({ id: confirmed.body.value?.manifestId, shipments: 1 });
    const departed = await command<{ rows: { id: number }[] }>('shipments.list', { view: 'departed' });
    expect(departed.body.value?.rows.map((r) => r.id)).toContain(id);
  });

  it('keeps settings such as the language across calls', async () => {
    expect((await command<{ language: string }>('settings.update', { language: 'en' })).body.value?.language).toBe(
      'en',
    );
    // Standalone: no remote key to hint at; the local API's own key is shown whole, for a shop program to be given.
    const settings = (await command<{ language: string; apiKeyHint: string; localApiKey: string }>('settings.get', {}))
      .body.value;
    expect(settings).toMatchObject({ language: 'en', apiKeyHint: '' });
    expect(settings?.localApiKey).toBe(host.station.localApiKey);
    expect(settings?.localApiKey.length).toBeGreaterThanOrEqual(32);
  });

  it('pushes events to the page as server-sent events', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events?token=${host.token}`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body?.getReader();
    const seen: string[] = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      for (let i = 0; i < 50 && reader; i += 1) {
        const { value, done } = await reader.read();
        if (done) break;
        seen.push(decoder.decode(value));
        if (seen.join('').includes('shipments.changed')) break;
      }
    })();
    await command('shipments.create', { body: validShipment({ labelType: 'ZPL' }) });
    await Promise.race([reading, new Promise((r) => setTimeout(r, 5000))]);
    controller.abort();
    expect(seen.join('')).toContain('"name":"shipments.changed"');
    expect((await fetch(`${base}/api/events?token=wrong`)).status).toBe(403);
  });
});

describe('the browser station restarted on the same data folder', () => {
  it('keeps its address: its token and port work after a restart, kept in a file only its user reads', async () => {
    const dataDir = tempDir();
    const first = await startBrowserHost({ dataDir, rendererDir });
    const { url, token } = first;
    await first.close();
    expect(statSync(join(dataDir, BROWSER_ADDRESS_FILE)).mode & 0o777).toBe(0o600);

    const second = await startBrowserHost({ dataDir, rendererDir });
    try {
      expect(second.url).toBe(url);
      const res = await fetch(`${new URL(url).origin}/api/command`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-station-token': token },
        body: JSON.stringify({ name: 'station.info', input: {} }),
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('keeps its token on another port when another program took the last one', async () => {
    const dataDir = tempDir();
    const first = await startBrowserHost({ dataDir, rendererDir });
    const { url, token } = first;
    await first.close();
    const squatter = createServer();
    await new Promise<void>((done) => squatter.listen(Number(new URL(url).port), '127.0.0.1', done));
    try {
      const second = await startBrowserHost({ dataDir, rendererDir });
      expect(second.token).toBe(token);
      expect(second.url).not.toBe(url);
      await second.close();
      // The new port is the one kept for the next start.
      const third = await startBrowserHost({ dataDir, rendererDir });
      expect(third.url).toBe(second.url);
      await third.close();
    } finally {
      squatter.close();
    }
  });
});
