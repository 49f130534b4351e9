import fs from 'node:fs';
import { manualMappingCuration } from '@og/shared/domain/link-justifications';
import type { LinkFacts } from '../db/queries/link-records.js';
import type { SchemeContext } from '../schemes/scheme-context.js';

/**
 * What every SSSOM file the app writes shares (the pair export, ./crosswalk-export.ts, and a
 * conversion's, ../conversions/conversion-exports.ts): the columns, the `mapping_tool`, the CURIE
 * prefixes of makers and of SEMAPV, and a link's facts as the cells of its mapping.
 */

/** The SSSOM columns written, one mapping a row. */
export const sssomColumns = [
  'subject_id',
  'subject_label',
  'predicate_id',
  'object_id',
  'object_label',
  'mapping_justification',
  'confidence',
  'author_id',
  'creator_id',
  'mapping_date',
  'comment',
] as const;
export type SssomColumn = (typeof sssomColumns)[number];

/**
 * SSSOM columns a table has only when one of its rows fills them: `predicate_modifier` (`Not`, a
 * negative mapping), `curation_rule`, `similarity_score` and `reviewer_id` (a link an admin accepted
 * from the link suggestions). Each stands after the column named here.
 */
export const optionalSssomColumns = { predicate_modifier: 'predicate_id', curation_rule: 'mapping_justification', similarity_score: 'confidence', reviewer_id: 'author_id' } as const;
export type OptionalSssomColumn = keyof typeof optionalSssomColumns;

/** The columns of a table that uses these optional ones, in order. */
export function sssomColumnsWith(used: ReadonlySet<OptionalSssomColumn>): (SssomColumn | OptionalSssomColumn)[] {
  const optional = Object.keys(optionalSssomColumns) as OptionalSssomColumn[];
  return sssomColumns.flatMap((column) => [column, ...optional.filter((extra) => used.has(extra) && optionalSssomColumns[extra] === column)]);
}

/**
 * The cells of a link an admin accepted from the suggestions (it has a score): the suggestion's
 * score as `similarity_score`, and as `confidence` where the link has no weight that is a share of
 * the subject (the import reads a confidence equal to the similarity score as no weight); the admin
 * as `reviewer_id`, not `author_id` (the suggestions found it; `mapping_tool` names the tool); and
 * `curation_rule` `semapv:ManualMappingCuration`: how it was found stays its justification
 * (lexical or composite matching), and the admin's review is how it was kept. Null for any other link.
 */
export function suggestionCells(
  fact: LinkFacts | undefined,
  subjectEnd: 'first' | 'second',
): Pick<Record<SssomColumn | OptionalSssomColumn, string>, 'confidence' | 'similarity_score' | 'author_id' | 'reviewer_id' | 'curation_rule'> | null {
  if (fact?.score == null) return null;
  const share = fact.weight != null && fact.weightOf === subjectEnd;
  return {
    confidence: share ? String(fact.weight) : String(fact.score),
    similarity_score: String(fact.score),
    author_id: '',
    reviewer_id: !fact.source && fact.madeBy ? `oguser:${fact.madeBy}` : '',
    curation_rule: manualMappingCuration,
  };
}

/** The justification of a link without a record: nothing says how it was made. */
export const unspecifiedMatching = 'semapv:UnspecifiedMatching';

/** `mapping_tool`: the api package's name and version, read once. */
export const mappingTool = (() => {
  const manifest = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return `The Occupation Graph ${manifest.version}`;
})();

/** A crosswalk import's job id from a link's `source` (`crosswalk.import:{job id}:{file name}`). */
const importJobOf = (source: string) => source.split(':')[1] ?? source;

/** TSV cells: SSSOM tables are plain TSV, so a tab or line break inside a label becomes a space. */
export const tsvCell = (value: string) => value.replace(/[\t\r\n]+/g, ' ');

/**
 * A value of the metadata block (a YAML scalar on one `# key: value` line), e.g. a set's name or
 * licence as an admin typed it: plain when YAML reads it back as it is, else single-quoted (a
 * `: `, a ` #` or a quote inside would otherwise end or change it); line breaks become spaces.
 */
export function metadataValue(value: string): string {
  const line = value.replace(/[\t\r\n]+/g, ' ').trim();
  return /^[A-Za-z0-9(/][^#'"]*$/.test(line) && !/:(\s|$)/.test(line) ? line : `'${line.replace(/'/g, "''")}'`;
}

/**
 * The `curie_map` lines of the makers' prefixes and of SEMAPV and SKOS: `oguser:` a user,
 * `ogset:` a crosswalk set (`ogset:{set id}` is the set's IRI, the `mapping_set_id` minted for a
 * set whose file had none), `ogimport:` an import whose set is gone (taken back, its link kept).
 */
export function factPrefixLines(schemes: SchemeContext): string[] {
  return [
    `#   oguser: ${schemes.iris.baseIri}user/`,
    `#   ogset: ${schemes.iris.baseIri}crosswalk-sets/`,
    `#   ogimport: ${schemes.iris.baseIri}crosswalks/imports/`,
    '#   semapv: https://w3id.org/semapv/vocab/',
    '#   skos: http://www.w3.org/2004/02/skos/core#',
  ];
}

/**
 * A link's facts as the cells of its mapping: its justification (unspecified without a record),
 * its weight as `confidence` only when the weight is a share of the mapping's subject
 * (`subjectEnd`: which end of the stored link the subject is), its maker (`author_id` a user,
 * `creator_id` the crosswalk set that imported it, or the import itself once its set is gone),
 * `mapping_date` and comment.
 */
export function factCells(fact: LinkFacts | undefined, subjectEnd: 'first' | 'second'): Pick<Record<SssomColumn, string>, 'mapping_justification' | 'confidence' | 'author_id' | 'creator_id' | 'mapping_date' | 'comment'> {
  return {
    mapping_justification: fact?.justification ?? unspecifiedMatching,
    confidence: fact?.weight != null && fact.weightOf === subjectEnd ? String(fact.weight) : '',
    // A link from an import is its set's (creator_id); a user's link is theirs (author_id), even a set's link a user made again.
    author_id: fact && !fact.source && fact.madeBy ? `oguser:${fact.madeBy}` : '',
    creator_id: fact?.source ? (fact.setId ? `ogset:${fact.setId}` : `ogimport:${importJobOf(fact.source)}`) : '',
    mapping_date: fact ? fact.madeAt.toISOString().slice(0, 10) : '',
    comment: tsvCell(fact?.comment ?? ''),
  };
}
