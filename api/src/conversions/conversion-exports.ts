import type { ConversionResult } from '@og/shared/contracts/conversions';
import { codeCell, type CsvCell, csvFile } from '@og/shared/domain/csv-writer';
import { isSchemeId, schemeById, type SchemeId } from '@og/shared/domain/schemes';
import type { Database } from '../db/database.js';
import { type ConversionRow, readConversionCodes } from '../db/queries/conversions.js';
import { findLinkFacts, type LinkEnds } from '../db/queries/link-records.js';
import { factCells, factPrefixLines, mappingTool, sssomColumns, type SssomColumn, tsvCell } from '../links/sssom-facts.js';
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

/** SEMAPV justifications of the mappings a conversion makes rather than a link states: a user's decision, or links chained (two hops, or a link read through the target's or the source's hierarchy). */
const manualMappingCuration = 'semapv:ManualMappingCuration';
const mappingChaining = 'semapv:MappingChaining';

/** A share as written: up to six decimals, no trailing zeros. */
const shareText = (share: number) => share.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');

/**
 * Each source code's targets as SSSOM TSV: one mapping per (source code, target) with the relation
 * (`skos:relatedMatch` through two hops or when none is known) and the facts of the link it rests
 * on, as the pair export writes them (../links/sssom-facts.ts): where the mapping is the link
 * itself (the code's own link to that very target), its justification, its weight as `confidence`
 * when the weight is a share of the source code, its maker (`author_id` a user, `creator_id` an
 * import), `mapping_date` and comment; where the conversion derived it (two hops, a descendant's or
 * the parent's link, a link below the target depth), `semapv:MappingChaining` with the maker and date
 * of the link it rests on; a user's decision, `semapv:ManualMappingCuration`. `comment` also says the
 * path, the share of the code's sums the conversion gave it, whether a user decided it, and the link
 * a derived mapping rests on. The header carries the set's `mapping_set_id`, `license` and `mapping_tool`.
 */
export async function conversionSssom(
  deps: { db: Database; schemes: SchemeContext },
  row: ConversionRow,
  result: ConversionResult,
  license: string,
): Promise<{ body: string; fileName: string; contentType: string }> {
  const { schemes } = deps;
  const { conversion } = result;
  const target = conversion.targetScheme;
  const sources = new Set(result.codes.map((code) => code.scheme));
  const stored = new Map((await readConversionCodes(deps.db, row.id)).map((code) => [code.source_uri, code]));
  const iriOf = (uri: string) => {
    const colon = uri.indexOf(':');
    const scheme = uri.slice(0, colon);
    return isSchemeId(scheme) ? schemes.iris.code(scheme, uri.slice(colon + 1)) : uri;
  };
  /** The link a mapping rests on, as the store keys it, with the end its source code is. */
  const endsOf = (link: { start: string; target: string }): { ends: LinkEnds; sourceEnd: 'first' | 'second' } => {
    const sourceScheme = link.start.slice(0, link.start.indexOf(':'));
    const start = iriOf(link.start);
    const end = schemes.iris.code(target, link.target);
    return sourceScheme < target ? { ends: { first: start, second: end }, sourceEnd: 'first' } : { ends: { first: end, second: start }, sourceEnd: 'second' };
  };
  const linksUsed = [...stored.values()].flatMap((code) => code.targets.flatMap((item) => (item.link ? [endsOf(item.link).ends] : [])));
  const facts = await findLinkFacts(deps.db, linksUsed);
  const header = [
    '# curie_map:',
    ...[...sources].filter((scheme) => scheme !== target).map((scheme) => `#   ${scheme}: ${schemes.iris.codePrefix(scheme as SchemeId)}`),
    `#   ${target}: ${schemes.iris.codePrefix(target)}`,
    ...factPrefixLines(schemes),
    `# mapping_set_id: ${schemes.iris.baseIri}conversions/${conversion.id}`,
    `# mapping_set_title: ${tsvCell(conversion.datasetTitle)} to ${schemeById(target).label} (${conversion.targetDepth}, ${conversion.aggregation}, ${conversion.weighting})`,
    `# license: ${license}`,
    `# mapping_tool: ${mappingTool}`,
    sssomColumns.join('\t'),
  ];
  const lines: string[] = [];
  for (const code of result.codes) {
    const targets = stored.get(code.uri)?.targets ?? [];
    code.targets.forEach((item, index) => {
      const link = targets[index]?.link ?? null;
      const linkEnds = link ? endsOf(link) : null;
      const fact = linkEnds ? facts.get(`${linkEnds.ends.first} ${linkEnds.ends.second}`) : undefined;
      const factual = factCells(fact, linkEnds?.sourceEnd ?? 'first');
      // The mapping is the link itself: the code's own link to this very target.
      const isLink = !code.decided && link !== null && link.start === code.uri && link.target === targets[index]!.code;
      const notes = [
        item.path,
        `share ${shareText(item.share)}`,
        ...(code.decided ? ['decided by a user'] : []),
        ...(code.problematic ? ['problematic'] : []),
        ...(link && !isLink ? [`through the link ${link.start} to ${target}:${link.target}`] : []),
        ...(factual.comment ? [factual.comment] : []),
      ];
      const cells: Record<SssomColumn, string> = {
        subject_id: `${code.scheme}:${code.code}`,
        subject_label: tsvCell(code.name),
        predicate_id: `skos:${item.relation ?? 'relatedMatch'}`,
        object_id: `${target}:${item.code}`,
        object_label: tsvCell(item.name),
        mapping_justification: code.decided ? manualMappingCuration : isLink ? factual.mapping_justification : mappingChaining,
        confidence: isLink ? factual.confidence : '',
        author_id: code.decided ? '' : factual.author_id,
        creator_id: code.decided ? '' : factual.creator_id,
        mapping_date: code.decided ? '' : factual.mapping_date,
        comment: tsvCell(notes.join('; ')),
      };
      lines.push(sssomColumns.map((column) => cells[column]).join('\t'));
    });
  }
  return { body: `${[...header, ...lines].join('\n')}\n`, fileName: `${fileStem(conversion)}.sssom.tsv`, contentType: 'text/tab-separated-values; charset=utf-8' };
}
