import type { ConversionResult } from '@og/shared/contracts/conversions';
import { codeCell, type CsvCell, csvFile } from '@og/shared/domain/csv-writer';
import { schemeById, type SchemeId } from '@og/shared/domain/schemes';
import type { SchemeContext } from '../schemes/scheme-context.js';

/** A file name from the dataset's title: letters, digits and dashes. */
function fileStem(conversion: ConversionResult['conversion']): string {
  const stem = conversion.datasetTitle
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${stem || 'dataset'}-${conversion.targetScheme}`;
}

/**
 * The converted table as CSV: `target_code, target_name, occurrences`, then one column
 * per totals column; the rows not converted follow, one per reason, with an empty `target_code`
 * and the reason in `target_name`, so every column adds up to the dataset's sums. Names (the
 * totals columns' too) are guarded against formula injection by the CSV writer.
 */
export function conversionCsv(result: ConversionResult): { body: string; fileName: string; contentType: string } {
  const { conversion } = result;
  const header = ['target_code', 'target_name', 'occurrences', ...conversion.totalsColumns];
  const rows: CsvCell[][] = result.rows.map((row) => [codeCell(row.targetCode), row.targetName, row.occurrences, ...row.totals]);
  for (const entry of conversion.summary?.notConverted ?? []) rows.push(['', entry.reason, entry.occurrences, ...entry.totals]);
  return { body: csvFile(header, rows), fileName: `${fileStem(conversion)}.csv`, contentType: 'text/csv; charset=utf-8' };
}

const tsvCell = (value: string) => value.replace(/[\t\r\n]+/g, ' ');

/** SEMAPV justifications: a user's decision is curation; a direct or inherited link is the crosswalk's; two hops are chained. */
const justification = { decided: 'semapv:ManualMappingCuration', direct: 'semapv:ManualMappingCuration', 'default-to-parent': 'semapv:ManualMappingCuration', 'two-hop': 'semapv:MappingChaining' };

/**
 * Each source code's decision as SSSOM TSV: one row per (source code, target) with the
 * relation (`skos:relatedMatch` through two hops or when none is known), the share of its sums as
 * `confidence`, and in `comment` the path, whether a user decided it, and the conversion's rules.
 */
export function conversionSssom(result: ConversionResult, schemes: SchemeContext, license: string): { body: string; fileName: string; contentType: string } {
  const { conversion } = result;
  const target = conversion.targetScheme;
  const sources = new Set(result.codes.map((code) => code.scheme));
  const header = [
    '# curie_map:',
    ...[...sources].filter((scheme) => scheme !== target).map((scheme) => `#   ${scheme}: ${schemes.iris.codePrefix(scheme as SchemeId)}`),
    `#   ${target}: ${schemes.iris.codePrefix(target)}`,
    '#   semapv: https://w3id.org/semapv/vocab/',
    '#   skos: http://www.w3.org/2004/02/skos/core#',
    `# mapping_set_id: ${schemes.iris.baseIri}conversions/${conversion.id}`,
    `# mapping_set_title: ${tsvCell(conversion.datasetTitle)} to ${schemeById(target).label} (${conversion.targetDepth}, ${conversion.aggregation}, ${conversion.weighting})`,
    `# license: ${license}`,
    ['subject_id', 'subject_label', 'predicate_id', 'object_id', 'object_label', 'mapping_justification', 'confidence', 'comment'].join('\t'),
  ];
  const lines: string[] = [];
  for (const code of result.codes) {
    for (const item of code.targets) {
      lines.push(
        [
          `${code.scheme}:${code.code}`,
          tsvCell(code.name),
          `skos:${item.relation ?? 'relatedMatch'}`,
          `${target}:${item.code}`,
          tsvCell(item.name),
          code.decided ? justification.decided : justification[item.path],
          item.share.toFixed(6).replace(/0+$/, '').replace(/\.$/, ''),
          `${item.path}${code.decided ? '; decided by a user' : ''}${code.problematic ? '; problematic' : ''}`,
        ].join('\t'),
      );
    }
  }
  return { body: `${[...header, ...lines].join('\n')}\n`, fileName: `${fileStem(conversion)}.sssom.tsv`, contentType: 'text/tab-separated-values; charset=utf-8' };
}
