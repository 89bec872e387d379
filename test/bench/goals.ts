// The goals `npm run bench` is held to, each a figure divided by a baseline measured in the same run (this machine's
// speed moves 10-40 % between runs; a ratio in one run does not), and the table that ends a run: every goal in this
// order, the two numbers with their units, the ratio, and whether it holds.
import type { Row } from './stats';

export type Comparator = '≥' | '≤';

export interface GoalSpec {
  /** What is divided by what. */
  figure: string;
  comparator: Comparator;
  target: number;
}

export const GOALS = {
  fullCreatesScale: {
    figure: "full creates (ZPL+PDF+JPG) a second, 4 clients ÷ the ceiling (cores ÷ the service's CPU per create)",
    comparator: '≥',
    target: 0.9,
  },
  serviceCpu: {
    figure: "the service's CPU per full create ÷ the three renderers' CPU, drawn alone",
    comparator: '≤',
    target: 1.2,
  },
  getUnderLoad: { figure: 'GET p99 while full creates run ÷ GET p99 idle', comparator: '≤', target: 2.5 },
  getUnderLoadBlackBox: {
    figure: 'the same, black-box: service, 4 clients and the reader each a process of their own',
    comparator: '≤',
    target: 2.5,
  },
  zplCreate: { figure: 'ZPL create rate ÷ stored-ZPL GET rate', comparator: '≥', target: 0.5 },
  firstRenderRows: { figure: 'first render with 50,000 shipments ÷ with 100', comparator: '≤', target: 1.1 },
  firstRenderBlank: {
    figure: "first render (50,000 shipments) ÷ a blank page's first paint, same browser",
    comparator: '≤',
    target: 3,
  },
  scanToLabel: {
    figure: "scan → label's last byte at the printer ÷ typed save → label",
    comparator: '≤',
    target: 1.3,
  },
  orderImport: { figure: 'import of 10,000 order rows ÷ reading the CSV alone', comparator: '≤', target: 8 },
  syncDrain: { figure: 'sync drain under the real limits ÷ the throttle floor', comparator: '≤', target: 1.1 },
  trackingRequests: {
    figure: 'tracking GETs over a simulated day of 10,000 departed shipments ÷ one per shipment per hour',
    comparator: '≤',
    target: 1,
  },
  trackingWindow: {
    figure: "the most GETs in any 5 minutes of that day ÷ the remote's budget (1,200)",
    comparator: '≤',
    target: 1,
  },
  trackingCpu: {
    figure: "the station's CPU per tracking GET over that day ÷ per plain GET Shipment, same client",
    comparator: '≤',
    target: 1.5,
  },
  rulesPreview: {
    figure: "shipping rules run over 10,000 orders waiting ÷ the issue's budget (1 s)",
    comparator: '≤',
    target: 1,
  },
  memoryFlat: {
    figure: 'service live memory after full collections, after 10,000 creates ÷ after 5,000 (flat)',
    comparator: '≤',
    target: 1.1,
  },
  batchToPrinter: {
    figure: 'a batch of 150 orders, click → last label out of a printer at its pace ÷ it printing them back to back',
    comparator: '≤',
    target: 1.2,
  },
  batchStall: {
    figure: "the station's longest stall while a batch of 150 is made and printed ÷ the issue's budget (50 ms)",
    comparator: '≤',
    target: 1,
  },
} as const satisfies Record<string, GoalSpec>;

export type GoalKey = keyof typeof GOALS;

/** A goal with the two numbers one run measured, in `unit`. */
export interface Goal extends GoalSpec {
  key: GoalKey;
  measured: number;
  baseline: number;
  unit: string;
}

/** The goal a row measures: the row's figure is the goal's numerator, its baseline the denominator. */
export function goalOf(row: Row): Goal | undefined {
  if (!row.goal) return undefined;
  return {
    key: row.goal,
    ...GOALS[row.goal],
    measured: row.medianMs,
    baseline: row.baselineMs,
    unit: row.unit ?? 'ms',
  };
}

/** Measured ÷ baseline, rounded to the two decimals the table shows; none unless the baseline is a positive number. */
export function ratioOf(goal: Goal): number | undefined {
  const ratio = goal.measured / goal.baseline;
  return goal.baseline > 0 && Number.isFinite(ratio) ? Math.round(ratio * 100) / 100 : undefined;
}

/**
 * Whether the ratio meets the target. Judged on the ratio as shown (two decimals), so the table never says "1.10"
 * beside a "no" for ≤ 1.1; the runs' own spread is tens of percent, far above the rounding.
 */
export function holds(goal: Goal): boolean | undefined {
  const ratio = ratioOf(goal);
  if (ratio === undefined) return undefined;
  return goal.comparator === '≥' ? ratio >= goal.target : ratio <= goal.target;
}

/** A figure with the digits worth reading: 736 ms, 15.2 ms, 0.97 ms. */
export function amount(value: number, unit: string): string {
  if (!Number.isFinite(value)) return `n/a ${unit}`;
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

/** One line per goal of GOALS, in its order, as a Markdown table (aligned, so it reads in a terminal too). */
export function goalTable(goals: readonly Goal[]): string {
  const byKey = new Map<GoalKey, Goal>();
  for (const goal of goals) {
    if (byKey.has(goal.key)) throw new Error(`the goal ${goal.key} was measured twice in one run`);
    byKey.set(goal.key, goal);
  }
  const header = ['figure', 'goal', 'measured', 'baseline', 'ratio', 'holds'];
  const lines = (Object.keys(GOALS) as GoalKey[]).map((key) => {
    const spec = GOALS[key];
    const goal = byKey.get(key);
    const target = `${spec.comparator} ${spec.target}`;
    if (!goal) return [spec.figure, target, '—', '—', '—', 'not run'];
    const ratio = ratioOf(goal);
    const verdict = holds(goal);
    return [
      spec.figure,
      target,
      amount(goal.measured, goal.unit),
      amount(goal.baseline, goal.unit),
      ratio === undefined ? 'n/a' : ratio.toFixed(2),
      verdict === undefined ? 'not measured' : verdict ? 'yes' : 'no',
    ];
  });
  const widths = header.map((_, i) => Math.max(...[header, ...lines].map((cells) => (cells[i] ?? '').length)));
  const line = (cells: readonly string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...lines.map(line)].join('\n');
}

/** The goals as kept in bench-results/, each with its ratio and verdict, so two runs can be compared. */
export function goalsJson(goals: readonly Goal[]): Array<Goal & { ratio: number | null; holds: boolean | null }> {
  return goals.map((goal) => ({ ...goal, ratio: ratioOf(goal) ?? null, holds: holds(goal) ?? null }));
}
