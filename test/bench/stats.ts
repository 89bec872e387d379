// Medians and the printed comparison lines every benchmark uses.
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export async function timeOnce(fn: () => Promise<unknown> | unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export interface Row {
  name: string;
  medianMs: number;
  baseline: string;
  baselineMs: number;
  extra?: string;
  /** What the two figures count, when not milliseconds (memory: MB). */
  unit?: string;
}

export function printRows(title: string, rows: readonly Row[]): void {
  console.log(`\n${title}`);
  for (const row of rows) {
    const ratio = row.baselineMs > 0 ? (row.medianMs / row.baselineMs).toFixed(1) : 'n/a';
    const unit = row.unit ?? 'ms';
    console.log(
      `  ${row.name}: median ${row.medianMs.toFixed(2)} ${unit} | baseline (${row.baseline}): ` +
        `${row.baselineMs.toFixed(3)} ${unit} | ratio ${ratio}x${row.extra ? ` | ${row.extra}` : ''}`,
    );
  }
}
