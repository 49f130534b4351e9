import { relationBetween } from '@og/shared/contracts/links';
import { codeCell, csvFile } from '@og/shared/domain/csv-writer';
import { manualMappingCuration } from '@og/shared/domain/link-justifications';
import { type SchemeId, schemeById } from '@og/shared/domain/schemes';
import type { Queryable } from '../db/database.js';
import { type CrosswalkSetRow, findCrosswalkSet } from '../db/queries/crosswalk-sets.js';
import { findLinkFacts, type LinkEnds, type LinkFacts } from '../db/queries/link-records.js';
import type { SchemeContext } from '../schemes/scheme-context.js';
import { readLinkMaps } from './link-maps.js';
import { listLinkRejections } from './link-rejections.js';
import {
  factCells,
  factPrefixLines,
  mappingTool,
  metadataValue,
  type OptionalSssomColumn,
  optionalSssomColumns,
  type SssomColumn,
  sssomColumnsWith,
  suggestionCells,
  tsvCell,
} from './sssom-facts.js';

export const crosswalkFormats = ['sssom', 'csv'] as const;
export type CrosswalkFormat = (typeof crosswalkFormats)[number];

/** One link of a crosswalk, read from the first scheme to the second. */
interface CrosswalkRow {
  sourceValue: string;
  targetValue: string;
  sourceCode: string;
  sourceName: string;
  relation: string;
  targetCode: string;
  targetName: string;
  /** The link as the store keys it, for its facts. */
  ends: LinkEnds;
}

/**
 * The links between two schemes as a crosswalk file, read from `source` to `target`: SSSOM TSV
 * (a metadata block with its `curie_map`, `mapping_set_id`, `mapping_set_title`, `license` and
 * `mapping_tool`: the pair's, with the app's licence, or, when every link exported is one crosswalk
 * set's, that set's id, name and licence (the app's when the set has none), so the pair re-imported
 * elsewhere is the same set again; then one mapping a row, `predicate_id` a `skos:` CURIE, subjects
 * and objects CURIEs of the codes' IRIs, and each link's facts: its justification, its weight as
 * `confidence` when the weight is a share of the subject, its maker (`author_id` a user,
 * `creator_id` a crosswalk set), `mapping_date` and comment; a link accepted from the suggestions
 * adds its `similarity_score` (also its `confidence` when it has no share) and its `reviewer_id`;
 * then the pair's negative mappings, `predicate_modifier: Not`) or CSV (links only)
 * (`source_code,target_code,relation,…` by code string), both of which the crosswalk import reads
 * back, so an export imported into an empty store gives the same links. The CSV's names, and any
 * code string but a plain number, are guarded against formula injection by the CSV writer.
 */
export async function exportCrosswalk(
  db: Queryable,
  schemes: SchemeContext,
  options: { source: SchemeId; target: SchemeId; format: CrosswalkFormat; license: string },
): Promise<{ body: string; contentType: string; fileName: string }> {
  const { source, target } = options;
  const [maps, sourceTree, targetTree] = await Promise.all([readLinkMaps(schemes, [source, target]), schemes.trees.get(source), schemes.trees.get(target)]);
  const rows: CrosswalkRow[] = [];
  for (const [value, towards] of Object.entries(maps.maps[source] ?? {})) {
    const sourceCode = sourceTree.tree.lookup[value];
    if (!sourceCode) continue;
    for (const linked of towards[target] ?? []) {
      const relation = relationBetween(maps, { scheme: source, value }, { scheme: target, value: linked });
      const targetCode = targetTree.tree.lookup[linked];
      if (!relation || !targetCode) continue; // a pseudo-target, or a code gone from its scheme
      const sourceIri = schemes.iris.code(source, value);
      const targetIri = schemes.iris.code(target, linked);
      const ends = source < target ? { first: sourceIri, second: targetIri } : { first: targetIri, second: sourceIri };
      rows.push({ sourceValue: value, targetValue: linked, sourceCode: sourceCode.label, sourceName: sourceCode.name, relation, targetCode: targetCode.label, targetName: targetCode.name, ends });
    }
  }
  rows.sort((a, b) => (a.sourceCode < b.sourceCode ? -1 : a.sourceCode > b.sourceCode ? 1 : a.targetCode < b.targetCode ? -1 : 1));
  const fileName = `${source}-${target}.${options.format === 'sssom' ? 'sssom.tsv' : 'csv'}`;
  if (options.format === 'csv') {
    const body = csvFile(
      ['source_code', 'target_code', 'relation', 'source_name', 'target_name'],
      rows.map((row) => [codeCell(row.sourceCode), codeCell(row.targetCode), row.relation, row.sourceName, row.targetName]),
    );
    return { body, contentType: 'text/csv; charset=utf-8', fileName };
  }
  const [facts, rejections] = await Promise.all([findLinkFacts(db, rows.map((row) => row.ends)), listLinkRejections(schemes, source, target)]);
  // A weight is written as the confidence only when it is a share of the subject (the source code).
  const sourceEnd = source < target ? 'first' : 'second';
  // A code's IRI is its scheme's prefix and its value (DESIGN §3): the CURIE of the prefix and the value.
  const curie = (scheme: SchemeId, value: string) => `${scheme}:${value}`;
  const set = await onlySetOf(db, rows.map((row) => facts.get(`${row.ends.first} ${row.ends.second}`)));
  const header = [
    '# curie_map:',
    `#   ${source}: ${schemes.iris.codePrefix(source)}`,
    `#   ${target}: ${schemes.iris.codePrefix(target)}`,
    ...factPrefixLines(schemes),
    `# mapping_set_id: ${metadataValue(set?.mapping_set_id ?? `${schemes.iris.baseIri}crosswalks/${source}-${target}`)}`,
    `# mapping_set_title: ${metadataValue(set?.name ?? `${schemeById(source).label} to ${schemeById(target).label}`)}`,
    `# license: ${metadataValue(set?.license ?? options.license)}`,
    `# mapping_tool: ${mappingTool}`,
  ];
  type Cells = Partial<Record<SssomColumn | OptionalSssomColumn, string>>;
  const mappings: { sourceCode: string; targetCode: string; cells: Cells }[] = rows.map((row) => {
    const fact = facts.get(`${row.ends.first} ${row.ends.second}`);
    const cells: Cells = {
      subject_id: curie(source, row.sourceValue),
      subject_label: tsvCell(row.sourceName),
      predicate_id: `skos:${row.relation}`,
      object_id: curie(target, row.targetValue),
      object_label: tsvCell(row.targetName),
      ...factCells(fact, sourceEnd),
      ...suggestionCells(fact, sourceEnd),
    };
    return { sourceCode: row.sourceCode, targetCode: row.targetCode, cells };
  });
  // Negative mappings (`predicate_modifier: Not`): pairs an admin said are not a match; the import reads them back as such.
  for (const rejection of rejections) {
    const sourceCode = sourceTree.tree.lookup[rejection.source.value];
    const targetCode = targetTree.tree.lookup[rejection.target.value];
    if (!sourceCode || !targetCode) continue; // a code gone from its scheme
    mappings.push({
      sourceCode: sourceCode.label,
      targetCode: targetCode.label,
      cells: {
        subject_id: curie(source, rejection.source.value),
        subject_label: tsvCell(sourceCode.name),
        predicate_id: `skos:${rejection.relation}`,
        predicate_modifier: 'Not',
        object_id: curie(target, rejection.target.value),
        object_label: tsvCell(targetCode.name),
        mapping_justification: manualMappingCuration,
        author_id: rejection.madeBy ? `oguser:${rejection.madeBy}` : '',
        mapping_date: rejection.madeAt.slice(0, 10),
        comment: tsvCell(rejection.comment ?? ''),
      },
    });
  }
  mappings.sort((a, b) => (a.sourceCode < b.sourceCode ? -1 : a.sourceCode > b.sourceCode ? 1 : a.targetCode < b.targetCode ? -1 : a.targetCode > b.targetCode ? 1 : 0));
  const used = new Set((Object.keys(optionalSssomColumns) as OptionalSssomColumn[]).filter((column) => mappings.some((mapping) => mapping.cells[column])));
  const columns = sssomColumnsWith(used);
  const lines = mappings.map((mapping) => columns.map((column) => mapping.cells[column] ?? '').join('\t'));
  return { body: `${[...header, columns.join('\t'), ...lines].join('\n')}\n`, contentType: 'text/tab-separated-values; charset=utf-8', fileName };
}

/** The crosswalk set every one of the links is (`set_id`), or null: some link is no set's, or the links are several sets'. */
async function onlySetOf(db: Queryable, facts: (LinkFacts | undefined)[]): Promise<CrosswalkSetRow | null> {
  const setIds = new Set(facts.map((fact) => fact?.setId ?? null));
  const [setId] = setIds;
  return setIds.size === 1 && setId ? findCrosswalkSet(db, setId) : null;
}
