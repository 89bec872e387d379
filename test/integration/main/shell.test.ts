// src/main/index.ts wired up without Electron's binary (it cannot be downloaded here): the `electron` module is a
// recording stand-in with the API surface main uses, and everything behind it is real (the station runtime on a real
// data folder, the dispatcher, the key store). What this proves: the window gets the locked-down options and the CSP,
// only our page may call, events reach the window, the API key is kept encrypted, a manifest opens in its own window
// with the print dialog, and quitting closes the station first.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { validShipment } from '../../fixtures/shipments';
import { removeTempDirs, tempDir } from '../../helpers/tmp';

type Listener = (...args: unknown[]) => unknown;

const fake = vi.hoisted(() => {
  const on = () => {
    const listeners = new Map<string, ((...args: unknown[]) => unknown)[]>();
    return {
      listeners,
      on(name: string, fn: (...args: unknown[]) => unknown) {
        listeners.set(name, [...(listeners.get(name) ?? []), fn]);
      },
      emit(name: string, ...args: unknown[]) {
        for (const fn of listeners.get(name) ?? []) fn(...args);
      },
    };
  };
  const windows: FakeWindow[] = [];
  class FakeWindow {
    events = on();
    sent: { channel: string; payload: unknown }[] = [];
    printed: unknown[] = [];
    loaded: string | undefined;
    shown = false;
    destroyed = false;
    webContents = {
      send: (channel: string, payload: unknown) => this.sent.push({ channel, payload }),
      print: (options: unknown, callback: (success: boolean, reason: string) => void) => {
        this.printed.push(options);
        callback(true, '');
      },
    };
    constructor(public options: Record<string, unknown>) {
      windows.push(this);
    }
    once(name: string, fn: (...args: unknown[]) => unknown) {
      this.events.on(name, fn);
    }
    on(name: string, fn: (...args: unknown[]) => unknown) {
      this.events.on(name, fn);
    }
    async loadFile(path: string) {
      this.loaded = path;
    }
    show() {
      this.shown = true;
    }
    isDestroyed() {
      return this.destroyed;
    }
    destroy() {
      this.destroyed = true;
    }
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
    static getAllWindows() {
      return windows.filter((w) => !w.destroyed);
    }
  }
  const session = () => ({
    permissionRequest: undefined as
      undefined | ((contents: unknown, permission: string, callback: (ok: boolean) => void) => void),
    permissionCheck: undefined as undefined | (() => boolean),
    headers: undefined as
      | undefined
      | ((
          details: { responseHeaders?: Record<string, string[]> },
          callback: (r: { responseHeaders: Record<string, string[]> }) => void,
        ) => void),
    setPermissionRequestHandler(fn: never) {
      this.permissionRequest = fn;
    },
    setPermissionCheckHandler(fn: never) {
      this.permissionCheck = fn;
    },
    setDevicePermissionHandler() {},
    webRequest: {
      onHeadersReceived: (fn: never) => {
        sessions.default.headers = fn;
      },
    },
  });
  const sessions = { default: session(), pdf: session() };
  const app = {
    ...on(),
    userData: '',
    quitCalls: 0,
    isPackaged: false,
    whenReady: async () => undefined,
    getPath: (name: string) => (name === 'userData' ? app.userData : app.temp),
    temp: '',
    enableSandbox: () => {
      app.sandboxed = true;
    },
    sandboxed: false,
    requestSingleInstanceLock: () => true,
    exit: (code: number) => {
      throw new Error(`app.exit(${code})`);
    },
    quit: () => {
      app.quitCalls += 1;
    },
  };
  const ipcMain = {
    handlers: new Map<string, (...args: unknown[]) => unknown>(),
    handle(channel: string, fn: (...args: unknown[]) => unknown) {
      this.handlers.set(channel, fn);
    },
    removeHandler(channel: string) {
      this.handlers.delete(channel);
    },
  };
  const safeStorage = {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptString: (plain: string) => Buffer.from(`enc:${Buffer.from(plain).toString('hex')}`),
    decryptString: (stored: Buffer) => Buffer.from(stored.toString().slice(4), 'hex').toString(),
  };
  return { app, ipcMain, safeStorage, windows, BrowserWindow: FakeWindow, sessions };
});

vi.mock('electron', () => ({
  app: fake.app,
  BrowserWindow: fake.BrowserWindow,
  dialog: { showErrorBox: () => undefined },
  ipcMain: fake.ipcMain,
  safeStorage: fake.safeStorage,
  session: { defaultSession: fake.sessions.default, fromPartition: () => fake.sessions.pdf },
}));

const RENDERER_PAGE = pathToFileURL(join(resolve(import.meta.dirname, '../../../src/renderer'), 'index.html')).href;
let dataDir: string;

async function invoke(
  raw: unknown,
  frameUrl = RENDERER_PAGE,
): Promise<{ ok: boolean; value?: Record<string, unknown>; error?: { code: string; message: string } }> {
  const handler = fake.ipcMain.handlers.get('station:invoke');
  if (!handler) throw new Error('no IPC handler');
  return (await handler({ senderFrame: { url: frameUrl } }, raw)) as never;
}

beforeAll(async () => {
  dataDir = tempDir();
  fake.app.userData = tempDir();
  fake.app.temp = tempDir();
  process.argv.push(`--station-data=${dataDir}`);
  await import('../../../src/main/index');
  await vi.waitFor(() => expect(fake.ipcMain.handlers.has('station:invoke')).toBe(true), {
    timeout: 20_000,
    interval: 20,
  });
});

afterAll(async () => {
  const quit = fake.app.listeners.get('will-quit')?.[0] as Listener | undefined;
  if (quit && fake.ipcMain.handlers.size > 0) {
    quit({ preventDefault: () => undefined });
    await vi.waitFor(() => expect(fake.app.quitCalls).toBeGreaterThan(0), { timeout: 10_000 });
  }
  process.argv = process.argv.filter((arg) => !arg.startsWith('--station-data='));
  removeTempDirs();
});

describe('the Electron shell, wired to a real station', () => {
  it('opens one sandboxed, isolated window on the built page, and locks the sessions down', () => {
    expect(fake.app.sandboxed).toBe(true);
    const main = fake.windows[0];
    expect(main?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      preload: expect.stringMatching(/preload[\\/]index\.cjs$/),
    });
    expect(main?.loaded).toMatch(/renderer[\\/]index\.html$/);
    let granted: boolean | undefined;
    fake.sessions.default.permissionRequest?.({}, 'media', (ok) => {
      granted = ok;
    });
    expect(granted).toBe(false);
    expect(fake.sessions.pdf.permissionCheck?.()).toBe(false);
    let headers: Record<string, string[]> = {};
    fake.sessions.default.headers?.({ responseHeaders: { 'content-security-policy': ['default-src *'] } }, (r) => {
      headers = r.responseHeaders;
    });
    expect(headers['Content-Security-Policy']?.[0]).toContain("script-src 'self'");
    expect(Object.keys(headers).filter((k) => k.toLowerCase() === 'content-security-policy')).toHaveLength(1);
  });

  it('refuses navigation away from the page and any new window', () => {
    const created = fake.app.listeners.get('web-contents-created')?.[0] as Listener;
    const contents = {
      session: fake.sessions.default,
      handlers: new Map<string, Listener>(),
      opener: undefined as undefined | (() => { action: string }),
      on(name: string, fn: Listener) {
        this.handlers.set(name, fn);
      },
      setWindowOpenHandler(fn: () => { action: string }) {
        this.opener = fn;
      },
    };
    created({}, contents);
    let prevented = 0;
    contents.handlers.get('will-navigate')?.({
      url: 'https://example.com/',
      preventDefault: () => {
        prevented += 1;
      },
    });
    contents.handlers.get('will-navigate')?.({
      url: RENDERER_PAGE,
      preventDefault: () => {
        prevented += 1;
      },
    });
    expect(prevented).toBe(1);
    expect(contents.opener?.()).toEqual({ action: 'deny' });
  });

  it('answers only our own page, checks every message, and forwards the station events to the window', async () => {
    expect(await invoke({ name: 'station.info', input: {} }, 'https://evil.example/')).toMatchObject({
      ok: false,
      error: { code: 'refused' },
    });
    expect(await invoke({ name: 'station.info' })).toMatchObject({ ok: false, error: { code: 'invalid' } });
    expect(await invoke({ name: 'station.info', input: {} })).toMatchObject({
      ok: true,
      value: { mode: 'standalone', canShowPdf: true },
    });

    const created = await invoke({ name: 'shipments.create', input: { body: validShipment({ labelType: 'ZPL' }) } });
    expect(created.ok).toBe(true);
    expect(existsSync(join(dataDir, 'station.sqlite'))).toBe(true);
    await vi.waitFor(() =>
      expect(
        fake.windows[0]?.sent.some(
          (m) => m.channel === 'station:event' && (m.payload as { name: string }).name === 'shipments.changed',
        ),
      ).toBe(true),
    );
  });

  it('keeps a new API key encrypted with safeStorage in the user folder, never in clear', async () => {
    const key = 'chiave-elettronica-123456';
    const changed = await invoke({
      name: 'settings.connection',
      input: { mode: 'connected', remoteUrl: 'http://127.0.0.1:9/acme', apiKey: key, clientIds: '1001' },
    });
    expect(changed).toMatchObject({
      ok: true,
      value: { check: 'unreachable', settings: { mode: 'connected', keyStorage: { encrypted: true } } },
    });
    const stored = readFileSync(join(fake.app.userData, 'secrets.json'), 'utf8');
    expect(stored).not.toContain(key);
    expect(stored).toContain(Buffer.from(`enc:${Buffer.from(key).toString('hex')}`).toString('base64'));
    expect(await invoke({ name: 'settings.connection', input: { mode: 'standalone', force: true } })).toMatchObject({
      ok: true,
    });
  });

  it(
    'opens a manifest in a sandboxed window of its own ' + 'with the print dialog, and removes its file on close',
    async () => {
      const created = await invoke({ name: 'shipments.create', input: { body: validShipment({ labelType: 'ZPL' }) } });
      const confirmed = await invoke({
        name: 'confirm.byIds',
        input: { ids: [created.value?.id], createManifest: true },
      });
      const manifestId = confirmed.value?.manifestId as number;

      expect(await invoke({ name: 'manifests.show', input: { id: manifestId } })).toEqual({ ok: true, value: {} });
      const viewer = fake.windows[fake.windows.length - 1];
      expect(viewer?.options).toMatchObject({
        title: `Distinta ${manifestId}`,
        webPreferences: {
          sandbox: true,
          contextIsolation: true,
          nodeIntegration: false,
          plugins: true,
          partition: 'pdf-viewer',
        },
      });
      expect(viewer?.options.webPreferences).not.toHaveProperty('preload');
      const file = viewer?.loaded ?? '';
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      expect(viewer?.shown).toBe(true);
      expect(viewer?.printed).toEqual([{ silent: false, printBackground: true }]);
      viewer?.events.emit('closed');
      expect(existsSync(file)).toBe(false);
    },
  );

  it('closes the station before quitting', async () => {
    const quit = fake.app.listeners.get('will-quit')?.[0] as Listener;
    let prevented = false;
    quit({
      preventDefault: () => {
        prevented = true;
      },
    });
    expect(prevented).toBe(true);
    expect(fake.ipcMain.handlers.has('station:invoke')).toBe(false);
    await vi.waitFor(() => expect(fake.app.quitCalls).toBe(1), { timeout: 10_000 });
  });
});
