// The Electron shell and nothing more (STYLE.md example 10): app lifecycle, one locked-down window, the IPC bridge to
// the station's dispatcher, events back to the page. All station work happens in src/station; all checks in pure
// modules.
import { app, BrowserWindow, dialog, ipcMain, safeStorage, session } from 'electron';
import { join } from 'node:path';
import { createDispatcher } from '../station/dispatch';
import { startStationRuntime, type HostCapabilities, type StationRuntime } from '../station/runtime';
import { hostCheckThread } from '../station/index';
import { SECRETS_FILE } from '../station/settings/keyStore';
import { fail } from '../shared/ipc/result';
import { withRendererCsp } from './csp';
import { ALREADY_RUNNING_EXIT_CODE, DATA_FLAG, READY_LINE } from './electronLaunch';
import { EVENT_CHANNEL, handleInvoke, INVOKE_CHANNEL } from './ipcBridge';
import { PDF_PARTITION, pdfWindowOptions, writePdfForViewing } from './pdfWindow';
import { createSecretStore } from './secrets';
import { isAllowedPageUrl, windowOptions } from './windowOptions';
import { errorMessage } from '../shared/errorMessage';

const rendererDir = join(import.meta.dirname, '../renderer');
const preloadFile = join(import.meta.dirname, '../preload/index.cjs');
const launchedByNpmStart = process.env.STATION_LAUNCHER === '1';

/** `--station-data=DIR` (from `npm start -- --data DIR`), else the per-user folder Electron chooses. */
function dataDir(): string {
  const flag = process.argv.find((arg) => arg.startsWith(DATA_FLAG));
  return flag ? flag.slice(DATA_FLAG.length) : join(app.getPath('userData'), 'data');
}

let station: StationRuntime | undefined;
let stationWindow: BrowserWindow | undefined;
let stopEvents: (() => void) | undefined;

function lockDownSessions(): void {
  const ses = session.defaultSession;
  for (const each of [ses, session.fromPartition(PDF_PARTITION)]) {
    each.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    each.setPermissionCheckHandler(() => false);
    each.setDevicePermissionHandler(() => false);
  }
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withRendererCsp(details.responseHeaders) });
  });
  app.on('web-contents-created', (_event, contents) => {
    // The PDF window is loaded by main and never goes anywhere; the station window stays on its own files.
    contents.on('will-navigate', (event) => {
      if (contents.session !== ses || !isAllowedPageUrl(event.url, rendererDir)) event.preventDefault();
    });
    contents.on('will-redirect', (event) => {
      if (!isAllowedPageUrl(event.url, rendererDir)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}

function createWindow(): void {
  const created = new BrowserWindow(windowOptions(preloadFile));
  stationWindow = created;
  created.once('ready-to-show', () => {
    created.show();
    process.stdout.write(`${READY_LINE}\n`);
  });
  created.on('closed', () => {
    if (stationWindow === created) stationWindow = undefined;
  });
  void created.loadFile(join(rendererDir, 'index.html'));
}

/** A manifest in a window of its own (Chromium's PDF viewer) and the system's print dialog over it. */
const showPdf: NonNullable<HostCapabilities['showPdf']> = async (pdf, title) => {
  const file = writePdfForViewing(pdf, app.getPath('temp'), title);
  const viewer = new BrowserWindow({ ...pdfWindowOptions(title), ...(stationWindow ? { parent: stationWindow } : {}) });
  viewer.on('closed', () => file.remove());
  try {
    await viewer.loadFile(file.path);
  } catch {
    viewer.destroy();
    return { ok: false, message: 'Impossibile aprire il PDF della distinta.' };
  }
  viewer.show();
  // If the dialog is cancelled or fails, the viewer's own print button (and Ctrl+P) is still there.
  viewer.webContents.print({ silent: false, printBackground: true }, (success, reason) => {
    if (!success && reason !== 'Print job canceled') process.stderr.write(`manifest print dialog: ${reason}\n`);
  });
  return { ok: true };
};

async function start(): Promise<void> {
  await app.whenReady();
  lockDownSessions();
  const keyStore = createSecretStore(safeStorage, join(app.getPath('userData'), SECRETS_FILE));
  // The packaged app carries its resources outside the asar archive; unpackaged, the engine finds its own.
  const resourcesDir = app.isPackaged ? join(process.resourcesPath, 'resources') : undefined;
  station = await startStationRuntime({
    dataDir: dataDir(),
    keyStore,
    host: { showPdf },
    station: { resourcesDir, orderCheckThread: hostCheckThread() },
  });
  const dispatcher = createDispatcher(station);
  stopEvents = dispatcher.onEvent((event) => {
    if (stationWindow && !stationWindow.isDestroyed()) stationWindow.webContents.send(EVENT_CHANNEL, event);
  });
  ipcMain.handle(INVOKE_CHANNEL, (event, raw: unknown) => {
    // Only our own page may call the station, never a frame that got in some other way.
    const frameUrl = event.senderFrame?.url;
    if (!frameUrl || !isAllowedPageUrl(frameUrl, rendererDir))
      return fail('refused', 'Richiesta da una pagina non autorizzata.');
    return handleInvoke((name, input) => dispatcher.dispatch(name, input), raw);
  });
  createWindow();
}

function startFailed(error: unknown): void {
  const message = errorMessage(error);
  process.stderr.write(`station failed to start: ${error instanceof Error ? error.stack : message}\n`);
  // Under `npm start` the launcher reports it and opens the browser station; a modal box would only hold that up.
  if (!launchedByNpmStart) dialog.showErrorBox('Postazione spedizioni', `La postazione non si è avviata:\n${message}`);
  app.exit(1);
}

app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.exit(ALREADY_RUNNING_EXIT_CODE);
} else {
  app.on('second-instance', () => {
    if (!stationWindow) return;
    if (stationWindow.isMinimized()) stationWindow.restore();
    stationWindow.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (station && BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  // The database and the workers close before the process goes, so no write is cut short.
  app.on('will-quit', (event) => {
    const closing = station;
    if (!closing) return;
    event.preventDefault();
    station = undefined;
    stopEvents?.();
    ipcMain.removeHandler(INVOKE_CHANNEL);
    closing
      .close()
      .catch((error: unknown) => process.stderr.write(`error while closing the station: ${String(error)}\n`))
      .finally(() => app.quit());
  });
  start().catch(startFailed);
}
