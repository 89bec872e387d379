// The slow libraries stay off the engine's and the station's start: no chain of static imports from their entries
// reaches them, only import() or a require on first use (src/engine/labels/lazy.ts, pool.ts, the packing slip).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../../..');
const SLOW = ['pdf-lib', '@pdf-lib/fontkit', 'sharp', '@napi-rs/canvas', 'piscina', 'node-thermal-printer'];

function sourceFile(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => /\.tsx?$/.test(f) && existsSync(f));
}

/** Every package a module loads when `entry` is imported: static imports and re-exports, not types, not import(). */
function packagesLoadedWith(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [resolve(ROOT, entry)];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    for (const statement of source.statements) {
      let specifier: ts.Expression | undefined;
      if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
        specifier = statement.moduleSpecifier;
      } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const text = specifier.text;
      if (text.startsWith('.')) {
        const target = sourceFile(file, text);
        if (target) queue.push(target);
      } else if (!text.startsWith('node:')) {
        packages.add(text.startsWith('@') ? text.split('/').slice(0, 2).join('/') : (text.split('/')[0] ?? text));
      }
    }
  }
  return packages;
}

describe('slow libraries loaded when first used', () => {
  it('finds them where the renderers import them (the check can see them)', () => {
    expect([...packagesLoadedWith('src/engine/labels/pdf.ts')]).toEqual(
      expect.arrayContaining(['pdf-lib', '@pdf-lib/fontkit']),
    );
    expect([...packagesLoadedWith('src/engine/labels/jpg.ts')]).toEqual(expect.arrayContaining(['@napi-rs/canvas']));
  });

  it('keeps PDF, JPG, label-thread and receipt libraries out of the engine and the station as they start', () => {
    for (const entry of ['src/engine/index.ts', 'src/station/index.ts']) {
      const loaded = packagesLoadedWith(entry);
      expect({ entry, slow: SLOW.filter((p) => loaded.has(p)) }).toEqual({ entry, slow: [] });
    }
  });
});
