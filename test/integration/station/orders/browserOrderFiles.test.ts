// The browser station takes the order files the desktop takes (issue 27): a 4 MB file previewed through the browser
// host's real HTTP command endpoint, its body limit taken from the preview command's own bound.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../../../src/shared/ipc/commands';
import type { ImportPreview } from '../../../../src/shared/ipc/orderCommands';
import { MAX_BODY, startBrowserHost, type BrowserHost } from '../../../../src/station/hosts/browserHost';
import { ordersCsv } from '../../../fixtures/orderFiles';
import { removeTempDirs, tempDir } from '../../../helpers/tmp';

let host: BrowserHost;
let base: string;

beforeAll(async () => {
  const rendererDir = join(tempDir(), 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Postazione</title>');
  host = await startBrowserHost({ dataDir: tempDir(), rendererDir });
  base = new URL(host.url).origin;
});
afterAll(async () => {
  await host.close();
  removeTempDirs();
});

describe('order files at the browser station', () => {
  it('previews a 4 MB order file sent to /api/command', { timeout: 120_000 }, async () => {
    const file = Buffer.from(ordersCsv(22_000), 'utf8');
    expect(file.length).toBeGreaterThan(4_000_000);
    const res = await fetch(`${base}/api/command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-station-token': host.token },
      body: JSON.stringify({
        name: 'orders.preview',
        input: { fileName: 'ordini.csv', base64: file.toString('base64') },
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; value: ImportPreview };
    expect(body.ok).toBe(true);
    expect(body.value).toMatchObject({ fileName: 'ordini.csv', format: 'csv', orders: 22_000 });
  });

  it("takes in a body every file the preview command's schema takes", () => {
    const base64 = COMMANDS['orders.preview'].input.shape.base64.maxLength ?? Infinity;
    expect(MAX_BODY).toBeGreaterThanOrEqual(base64 + 1_000);
  });
});
