// The walks in docs/ (walk-of-*.md) lead a newcomer file by file and function by function; a walk that names a file
// moved away or a function renamed sends them nowhere. This test reads every walk and fails on a name that no longer
// exists, so a reshape that forgets the docs is caught by `npm test` instead of by the next newcomer.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');
const DOCS = join(ROOT, 'docs');

/** A path in the repository as a walk writes it: a file under one of the project's top folders. */
const PATH = /^(?:src|test|docs|resources)\/[\w./-]+\.(?:tsx?|mts|mjs|md|json|css|html)$/;
/** Code a walk names: identifiers joined by dots, maybe called or indexed (`a.b`, `run()`, `handlers['x.y']`). */
const CODE = /^[A-Za-z_$][\w$]*(?:(?:\.[A-Za-z_$][\w$]*)|\(\)|\[['"][\w.-]+['"]\])*(?:\(\))?$/;

interface WalkName {
  walk: string;
  line: number;
  /** The name as the walk writes it, and the file it is said to be in ('' for a name said alone). */
  name: string;
  file: string;
}

const identifiers = (code: string): string[] => code.match(/[A-Za-z_$][\w$]*/g) ?? [];

/**
 * The names a walk cites, line by line: every path; every function paired with its file, as "`file`, `name`"
 * (the name may go on with "→ `next`" in the same file) or "`name` (`file`"; and every other name that reads as code.
 */
export function walkNames(walk: string, text: string): WalkName[] {
  const found: WalkName[] = [];
  text.split('\n').forEach((content, i) => {
    const line = i + 1;
    const ticks = [...content.matchAll(/`([^`]+)`/g)].map((m) => ({
      token: m[1] ?? '',
      at: m.index,
      end: m.index + m[0].length,
    }));
    const paired = new Set<number>();
    ticks.forEach((tick, k) => {
      if (!PATH.test(tick.token)) return;
      found.push({ walk, line, name: '', file: tick.token });
      // "`file`, `name` → `next` → …": each name of the chain lives in the file.
      for (let j = k + 1, end = tick.end; j < ticks.length; j++) {
        const next = ticks[j];
        if (!next || !/^\s*(?:,|→|->)\s*$/.test(content.slice(end, next.at)) || !CODE.test(next.token)) break;
        found.push({ walk, line, name: next.token, file: tick.token });
        paired.add(j);
        end = next.end;
      }
      // "`name` (`file`": the name just before, in parentheses.
      const before = ticks[k - 1];
      if (before && CODE.test(before.token) && /^\s*\(\s*$/.test(content.slice(before.end, tick.at))) {
        found.push({ walk, line, name: before.token, file: tick.token });
        paired.add(k - 1);
      }
    });
    ticks.forEach((tick, k) => {
      if (!paired.has(k) && !PATH.test(tick.token) && CODE.test(tick.token)) {
        found.push({ walk, line, name: tick.token, file: '' });
      }
    });
  });
  return found;
}

/** What no longer exists: a file that is not there, a name its file never mentions, a name found nowhere in src/. */
export function missingNames(
  names: readonly WalkName[],
  readRepoFile: (path: string) => string | undefined,
  srcWords: ReadonlySet<string>,
): string[] {
  const where = (n: WalkName) => `${n.walk}:${n.line}`;
  return names.flatMap((n) => {
    if (n.file) {
      const text = readRepoFile(n.file);
      if (text === undefined) return [`${where(n)} names ${n.file}, which does not exist`];
      if (!n.name) return [];
      const words = new Set(identifiers(text));
      // `engine.labelsForPrint` in its file is the function `labelsForPrint`: the receiver is the caller's word.
      const named = n.name.includes('[') ? identifiers(n.name) : identifiers(n.name).slice(-1);
      const absent = named.filter((word) => !words.has(word));
      return absent.length ? [`${where(n)} names \`${n.name}\` in ${n.file}, which has no ${absent.join(', ')}`] : [];
    }
    const absent = identifiers(n.name).filter((word) => !srcWords.has(word));
    return absent.length ? [`${where(n)} names \`${n.name}\`, but src/ has no ${absent.join(', ')}`] : [];
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|mts|mjs)$/.test(entry.name) ? [full] : [];
  });
}

function readRepoFile(path: string): string | undefined {
  const full = join(ROOT, path);
  return existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : undefined;
}

describe('the walk reader', () => {
  it('pairs a function with the file named just before or just after it, and keeps the other names alone', () => {
    const text = [
      '1. `src/a.ts`, `start` → `run`: calls `helper.go()` and `pick` (`src/b.ts`), with `x-api-key`.',
      "2. `src/c.tsx`, `handlers['shipments.create']`, then `INSERT INTO shipments`.",
    ].join('\n');
    const names = walkNames('walk.md', text).map((n) => `${n.line} ${n.file} ${n.name}`.trim());
    expect(names).toEqual([
      '1 src/a.ts',
      '1 src/a.ts start',
      '1 src/a.ts run',
      '1 src/b.ts',
      '1 src/b.ts pick',
      '1  helper.go()',
      '2 src/c.tsx',
      "2 src/c.tsx handlers['shipments.create']",
    ]);
  });

  it('reports a file that moved, a function its file no longer has, and a name gone from src/', () => {
    const files: Record<string, string> = { 'src/a.ts': 'export function start() { run(); }' };
    const names = walkNames(
      'walk.md',
      '`src/a.ts`, `start` → `stop`; `src/gone.ts`; `renamedHelper`; `run` (`src/a.ts`).',
    );
    expect(missingNames(names, (p) => files[p], new Set(['start', 'run']))).toEqual([
      'walk.md:1 names `stop` in src/a.ts, which has no stop',
      'walk.md:1 names src/gone.ts, which does not exist',
      'walk.md:1 names `renamedHelper`, but src/ has no renamedHelper',
    ]);
  });
});

describe('the walks in docs/', () => {
  const walks = readdirSync(DOCS).filter((name) => /^walk-of-.+\.md$/.test(name));

  it('include the walk of a create and the walk of a shop order', () => {
    expect(walks).toEqual(expect.arrayContaining(['walk-of-a-create.md', 'walk-of-a-shop-order.md']));
  });

  it('name only files and functions that exist, as docs/architecture.md does', () => {
    const srcWords = new Set(sourceFiles(join(ROOT, 'src')).flatMap((f) => identifiers(readFileSync(f, 'utf8'))));
    const names = [...walks, 'architecture.md'].flatMap((walk) =>
      walkNames(relative(ROOT, join(DOCS, walk)), readFileSync(join(DOCS, walk), 'utf8')),
    );
    expect(names.filter((n) => n.file && n.name).length).toBeGreaterThan(20);
    expect(missingNames(names, readRepoFile, srcWords)).toEqual([]);
  });
});
