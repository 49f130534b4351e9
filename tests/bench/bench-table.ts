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

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Prints rows as a Markdown table (pasteable into docs/bench). */
export function printTable(title: string, rows: BenchRow[]): void {
  const widths = [Math.max(7, ...rows.map((row) => row.measure.length)), Math.max(5, ...rows.map((row) => row.value.length)), Math.max(6, ...rows.map((row) => row.detail.length))];
  const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  console.log(`\n### ${title}\n`);
  console.log(line(['measure', 'value', 'detail']));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line([row.measure, row.value, row.detail]));
}
