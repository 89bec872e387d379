// Files the engine ships under resources/ (fonts embedded in PDF/JPG labels and manifests, demo data).
// Read once and cached: label rendering is on the hot path of every shipment creation.
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { z } from 'zod';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findResourcesDir(): string {
  const override = process.env.STATION_RESOURCES_DIR;
  if (override) return resolve(override);
  // Walk up from this module: works from src/ (tsx, vitest) and from a bundle in out/.
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = join(dir, 'resources');
    if (existsSync(join(candidate, 'fonts'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('resources/ folder not found (set STATION_RESOURCES_DIR)');
}

let resourcesDir: string | undefined;

export function resourcePath(...segments: string[]): string {
  resourcesDir ??= findResourcesDir();
  return join(resourcesDir, ...segments);
}

export type FontWeight = 'regular' | 'bold';

const FONT_FILES: Record<FontWeight, string> = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' };
const fontCache = new Map<FontWeight, Uint8Array>();

/** Bytes of a font shipped in resources/fonts; never a system font, so output is the same on every bench. */
export function fontBytes(weight: FontWeight): Uint8Array {
  let bytes = fontCache.get(weight);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(resourcePath('fonts', FONT_FILES[weight])));
    fontCache.set(weight, bytes);
  }
  return bytes;
}

export function fontPath(weight: FontWeight): string {
  return resourcePath('fonts', FONT_FILES[weight]);
}

/**
 * Every `*.json` file of a resources/ folder, in name order, each validated; a bad file stops the start with its
 * name.
 */
export function loadJsonResources<T>(folder: string, schema: z.ZodType<T>, what: string): T[] {
  const dir = resourcePath(folder);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const parsed = schema.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      if (!parsed.success) throw new Error(`${what} ${file} is invalid:\n${z.prettifyError(parsed.error)}`);
      return parsed.data;
    });
}
