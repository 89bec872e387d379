// Where a file of the order folder ends: `importati/` once imported, `scartati/` with `<name>.motivo.txt` beside it
// saying why. A name already there gets the time in front ("20250314-153012-ordini.csv"), so a shop that always
// writes "ordini.csv" keeps every day's file, and two benches settling files of one name never overwrite each other.
import type * as fsPromises from 'node:fs/promises';
import { basename, join } from 'node:path';

export const DONE_FOLDER = 'importati';
export const SET_ASIDE_FOLDER = 'scartati';

export interface SettleFs {
  mkdir: typeof fsPromises.mkdir;
  rename: typeof fsPromises.rename;
  link: typeof fsPromises.link;
  unlink: typeof fsPromises.unlink;
  writeFile: typeof fsPromises.writeFile;
}

/** Codes of a file system that has no hard links (some shares): the move falls back to a rename. */
const NO_LINKS: ReadonlySet<string> = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EACCES']);
const MAX_NAMES = 1000;

/**
 * Moves `from` into `<dir>/<subfolder>/` under a free name, with the reason beside it when one is given; answers the
 * new path. A hard link then an unlink never replaces a file (a rename would, silently); where links are refused the
 * name is checked then renamed, which only two benches settling one name in the same instant could get wrong.
 */
export async function settleFile(
  fs: SettleFs,
  from: string,
  dir: string,
  subfolder: string,
  reason?: string,
): Promise<string> {
  const folder = join(dir, subfolder);
  await fs.mkdir(folder, { recursive: true });
  const name = basename(from);
  const stamp = timestamp(new Date());
  for (let n = 1; n <= MAX_NAMES; n++) {
    const target = join(folder, n === 1 ? name : n === 2 ? `${stamp}-${name}` : `${stamp}-${n - 1}-${name}`);
    const moved = await placeNoReplace(fs, from, target);
    if (moved === 'taken') continue;
    if (reason !== undefined) await fs.writeFile(`${target}.motivo.txt`, `${reason}\n`, 'utf8');
    return target;
  }
  throw new Error(`${folder}: troppi file con il nome ${name}`);
}

/** Moves `from` to `target` unless a file is there already ('taken'): never replaces one, as a bare rename would. */
export async function placeNoReplace(fs: SettleFs, from: string, target: string): Promise<'moved' | 'taken'> {
  try {
    await fs.link(from, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return 'taken';
    if (!NO_LINKS.has(code)) throw error;
    const exists = await fs.writeFile(target, '', { flag: 'wx' }).then(
      () => false,
      (e: NodeJS.ErrnoException) => (e.code === 'EEXIST' ? true : Promise.reject(e)),
    );
    if (exists) return 'taken';
    await fs.rename(from, target);
    return 'moved';
  }
  await fs.unlink(from);
  return 'moved';
}

/** Local time, as the operator reads the folder; no colons, which Windows refuses in names. */
function timestamp(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}`;
  return `${day}-${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
}
