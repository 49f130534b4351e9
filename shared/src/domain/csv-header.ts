/**
 * The column names of a CSV header as papaparse's `header: true` gives them, so the browser's
 * wizard and the ingest job name the same columns: a byte-order mark before the first name
 * dropped, a repeated name renamed `name_1`, `name_2`… (skipping names the header already has).
 */
export function nameHeaderColumns(cells: readonly string[]): string[] {
  const counts = new Map<string, number>();
  const used = new Set(cells);
  return cells.map((cell, index) => {
    const name = index === 0 ? cell.replace(/^\uFEFF/, '') : cell;
    const seen = counts.get(name);
    if (seen === undefined) {
      counts.set(name, 1);
      used.add(name);
      return name;
    }
    let suffix = seen;
    let renamed: string;
    do renamed = `${name}_${suffix++}`;
    while (used.has(renamed));
    used.add(renamed);
    counts.set(name, seen + 1);
    return renamed;
  });
}
