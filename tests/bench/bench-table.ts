import { performance } from 'node:perf_hooks';

export interface BenchRow {
  measure: string;
  value: string;
  detail: string;
}

export async function timed(work: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** The p-th percentile (0–100) of the values, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Prints rows as a Markdown table (pasteable into docs/bench). */
export function printTable(title: string, rows: BenchRow[]): void {
  printColumns(title, ['measure', 'value', 'detail'], rows.map((row) => [row.measure, row.value, row.detail]));
}

/** Prints a Markdown table of any columns, each as wide as its widest cell (at least its name). */
export function printColumns(title: string, names: string[], rows: string[][]): void {
  const widths = names.map((name, column) => Math.max(name.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  console.log(`\n### ${title}\n`);
  console.log(line(names));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}
