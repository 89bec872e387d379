// The station window's options and navigation rule, as plain data and pure functions (no Electron import), so the
// security settings are unit-tested instead of trusted: isolated, sandboxed, no Node in the page, one local page only.
import { relative, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What every window of the app gets: isolated, sandboxed, no Node anywhere in the page, web security on. */
export const LOCKED_DOWN = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  navigateOnDragDrop: false,
} as const;

/** The subset of Electron's BrowserWindowConstructorOptions the station sets; structurally checked where it is used. */
export interface StationWindowOptions {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
  title: string;
  show: boolean;
  backgroundColor: string;
  autoHideMenuBar: boolean;
  webPreferences: typeof LOCKED_DOWN & { spellcheck: false; preload: string };
}

const WINDOW_TITLE = 'Postazione spedizioni';

/** Options of the one station window. `show: false` until ready-to-show, so the bench never sees a blank frame. */
export function windowOptions(preload: string): StationWindowOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    title: WINDOW_TITLE,
    show: false,
    backgroundColor: '#ffffff',
    autoHideMenuBar: true,
    webPreferences: { ...LOCKED_DOWN, spellcheck: false, preload },
  };
}

/**
 * Whether the page may go to `url`: only file: URLs inside the built renderer folder (the page itself, reloaded or with
 * another hash). Anything else (http, a dropped file, another local folder) is refused. Also used to check that an IPC
 * call comes from our own page.
 */
export function isAllowedPageUrl(url: string, rendererDir: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'file:' || (parsed.host !== '' && parsed.host !== 'localhost')) return false;
  let path: string;
  try {
    path = fileURLToPath(parsed);
  } catch {
    return false;
  }
  const inside = relative(rendererDir, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
}
