// The browser station's address kept between starts: its token and the port it last listened on, in a file of the
// data folder only this user can read, so a tab left open or bookmarked still works after a restart.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFile } from '../../engine/index';

export const BROWSER_ADDRESS_FILE = 'browser-station.json';

export interface BrowserAddress {
  token: string;
  /** 0 until the station has listened once. */
  port: number;
}

/** What is accepted from the file: a token as long as ours would be (one typed by hand too), a real port. */
const USABLE_TOKEN = /^[A-Za-z0-9_-]{32,200}$/;

function read(file: string): BrowserAddress | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<keyof BrowserAddress, unknown>>;
    if (typeof kept.token !== 'string' || !USABLE_TOKEN.test(kept.token)) return undefined;
    const port = Number.isInteger(kept.port) && Number(kept.port) > 0 && Number(kept.port) < 65_536;
    return { token: kept.token, port: port ? Number(kept.port) : 0 };
  } catch {
    return undefined;
  }
}

/** The address kept in the data folder; a new token (kept at once) when there is none or it cannot be read. */
export function browserAddress(dataDir: string): BrowserAddress {
  const file = join(dataDir, BROWSER_ADDRESS_FILE);
  const kept = read(file);
  if (kept) return kept;
  const made = { token: randomBytes(24).toString('base64url'), port: 0 };
  keepBrowserAddress(dataDir, made);
  return made;
}

export function keepBrowserAddress(dataDir: string, address: BrowserAddress): void {
  writePrivateFile(join(dataDir, BROWSER_ADDRESS_FILE), `${JSON.stringify(address, null, 2)}\n`);
}
