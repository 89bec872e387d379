// Files the engine ships under resources/ (fonts embedded in PDF/JPG labels and manifests, courier files, price
// lists). One Resources object per folder and process (`sharedResources`), for the folder the configuration names (the
// packaged app passes its own; otherwise the folder that ships beside the code): whatever is read or derived from the
// files (font bytes, parsed fonts, metrics, courier data) is kept by that object, never in a module of its own.
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { z } from 'zod';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type FontWeight = 'regular' | 'bold';

const FONT_FILES: Record<FontWeight, string> = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' };

/** Something made once from the resources: the key names it (a unique symbol per kind), `make` builds it. */
export interface Derived<T> {
  readonly key: symbol;
  make(resources: Resources): T;
}

export const derived = <T>(name: string, make: (resources: Resources) => T): Derived<T> => ({
  key: Symbol(name),
  make,
});

export interface Resources {
  readonly dir: string;
  path(...segments: string[]): string;
  /** Bytes of a font shipped in resources/fonts; never a system font, so output is the same on every bench. */
  fontBytes(weight: FontWeight): Uint8Array;
  fontPath(weight: FontWeight): string;
  /** Every `*.json` file of a folder, in name order, each validated; a bad file stops the start with its name. */
  loadJson<T>(folder: string, schema: z.ZodType<T>, what: string): T[];
  /** The value `kind` makes from these resources, made on first use and kept by this object. */
  get<T>(kind: Derived<T>): T;
}

/** The resources/ folder beside the code: walks up from this module (works from src/ and from a bundle in out/). */
function bundledResourcesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = join(dir, 'resources');
    if (existsSync(join(candidate, 'fonts'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('resources/ folder not found beside the code: pass resourcesDir');
}

export function openResources(dir: string = bundledResourcesDir()): Resources {
  const root = resolve(dir);
  if (!existsSync(join(root, 'fonts'))) throw new Error(`${root} is not a resources folder (no fonts/ in it)`);
  const made = new Map<symbol, unknown>();
  const path = (...segments: string[]) => join(root, ...segments);
  const fontFile = (weight: FontWeight) => path('fonts', FONT_FILES[weight]);
  const resources: Resources = {
    dir: root,
    path,
    fontPath: fontFile,
    fontBytes: (weight) => resources.get(weight === 'bold' ? BOLD_BYTES : REGULAR_BYTES),
    loadJson(folder, schema, what) {
      const at = path(folder);
      return readdirSync(at)
        .filter((file) => file.endsWith('.json'))
        .sort()
        .map((file) => {
          const parsed = schema.safeParse(JSON.parse(readFileSync(join(at, file), 'utf8')));
          if (!parsed.success) throw new Error(`${what} ${file} is invalid:\n${z.prettifyError(parsed.error)}`);
          return parsed.data;
        });
    },
    get<T>(kind: Derived<T>): T {
      if (made.has(kind.key)) return made.get(kind.key) as T;
      const value = kind.make(resources);
      made.set(kind.key, value);
      return value;
    },
  };
  return resources;
}

const shared = new Map<string, Resources>();
let bundledDir: string | undefined;

/**
 * The folder's Resources for this process: every engine over the same folder (a station's connections, the service's
 * writer, the tests' engines) shares what is read and derived from its files, which do not change while the program
 * runs. Each engine used to open its own, so each one indexed the municipalities, read the courier files and parsed
 * the fonts again (60-150 ms of CPU an engine).
 */
export function sharedResources(dir?: string): Resources {
  const root = dir === undefined ? (bundledDir ??= bundledResourcesDir()) : resolve(dir);
  let resources = shared.get(root);
  if (!resources) {
    resources = openResources(root);
    shared.set(root, resources);
  }
  return resources;
}

const REGULAR_BYTES = derived('regular font', (r) => new Uint8Array(readFileSync(r.fontPath('regular'))));
const BOLD_BYTES = derived('bold font', (r) => new Uint8Array(readFileSync(r.fontPath('bold'))));
