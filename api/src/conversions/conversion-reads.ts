import type { ConversionResult, ConversionResultRow } from '@og/shared/contracts/conversions';
import { compareNotation } from '@og/shared/domain/code-tree';
import type { SchemeId } from '@og/shared/domain/schemes';
import type { Database } from '../db/database.js';
import { type ConversionCodeRow, type ConversionRow, readConversionCodes, storeSampleTitles } from '../db/queries/conversions.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { presentConversion, presentSourceCode } from './conversion-presenter.js';
import { conversionDataset } from './run-conversion.js';

/** The walk's order: problematic codes first (undecided before decided), then the most frequent. */
export function walkOrder(a: ConversionCodeRow, b: ConversionCodeRow): number {
  const rank = (row: ConversionCodeRow) => (row.problematic ? (row.decision ? 1 : 0) : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  const difference = Number(b.occurrences) - Number(a.occurrences);
  return difference !== 0 ? difference : a.source_uri < b.source_uri ? -1 : a.source_uri > b.source_uri ? 1 : 0;
}

/**
 * The result: the target codes with their sums and sample titles (most frequent
 * first), and the source codes in the walk's order. Sample titles are read from the data the
 * first time a result is asked for.
 */
export async function readConversionResult(deps: { db: Database; schemes: SchemeContext }, conversion: ConversionRow): Promise<ConversionResult> {
  if (conversion.state === 'ready' && !conversion.samples_read) {
    await storeSampleTitles(deps.db, conversion, (await conversionDataset(deps.db, conversion.dataset_id)).scheme);
  }
  const codes = conversion.state === 'ready' ? await readConversionCodes(deps.db, conversion.id) : [];
  const lookup = (await deps.schemes.trees.get(conversion.target_scheme as SchemeId)).tree.lookup;
  const targets = new Map<string, { occurrences: bigint; totals: bigint[]; sources: number; titles: { title: string; weight: bigint }[] }>();
  const columns = conversion.totals_columns.length;
  for (const row of codes) {
    for (const target of row.targets) {
      let entry = targets.get(target.code);
      if (!entry) targets.set(target.code, (entry = { occurrences: 0n, totals: Array.from({ length: columns }, () => 0n), sources: 0, titles: [] }));
      entry.occurrences += BigInt(target.occurrences);
      target.totals.forEach((total, index) => (entry.totals[index]! += BigInt(total)));
      entry.sources++;
      for (const title of row.titles) entry.titles.push({ title, weight: BigInt(target.occurrences) });
    }
  }
  const rows: ConversionResultRow[] = [...targets]
    .map(([code, entry]) => ({
      targetCode: lookup[code]?.label ?? code,
      targetName: lookup[code]?.name ?? '',
      occurrences: Number(entry.occurrences),
      totals: entry.totals.map(Number),
      sampleTitles: [...new Set(entry.titles.sort((a, b) => (b.weight > a.weight ? 1 : b.weight < a.weight ? -1 : 0)).map((item) => item.title))].slice(0, 3),
      sources: entry.sources,
    }))
    .sort((a, b) => compareNotation(a.targetCode, b.targetCode));
  return { conversion: presentConversion(conversion), rows, codes: [...codes].sort(walkOrder).map((row) => presentSourceCode(row, lookup)) };
}
