import type { CrosswalkPreview, CrosswalkRelationMap, LinkRelation } from '@og/shared/contracts/links';

/** Where a previewed row's relation comes from: the file, the admin's choice for a value the file writes, the relation of rows that name none; or none (the import refuses the row). */
export type PreviewRelationSource = 'file' | 'chosen' | 'default' | 'refused';

/** A row of the import dialog's preview table: the row as the import will read it. */
export interface PreviewTableRow {
  line: number;
  sourceCode: string;
  targetCode: string;
  relation: LinkRelation | null;
  relationSource: PreviewRelationSource;
  /** The relation cell as written, when it is not the relation read (`exactISCO`, `skos:exactMatch`). */
  written: string | null;
  /** The weight as the table shows it: a share as a percentage, a count as a number; null without one. */
  weight: string | null;
  /** The weight cell when it is not a number: the import fails on it. */
  badWeight: string | null;
}

const shareFormat = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });
const countFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 3 });

/**
 * The preview's rows as the import will read them with the dialog's choices: the relation of each
 * row (the file's, the one chosen for a value that is no SKOS relation, or the relation of rows
 * that name none), and its weight, shown as the share or the count it is.
 */
export function previewTableRows(preview: Pick<CrosswalkPreview, 'rows' | 'weightAs'>, choices: { relationMap: CrosswalkRelationMap; defaultRelation: LinkRelation }): PreviewTableRow[] {
  return preview.rows.map((row) => {
    let relation: LinkRelation | null;
    let relationSource: PreviewRelationSource;
    const chosen = row.relationText === null ? undefined : choices.relationMap[row.relationText];
    if (row.relationText === null) [relation, relationSource] = [choices.defaultRelation, 'default'];
    else if (chosen) [relation, relationSource] = [chosen, 'chosen'];
    else if (row.relation) [relation, relationSource] = [row.relation, 'file'];
    else [relation, relationSource] = [null, 'refused'];
    return {
      line: row.line,
      sourceCode: row.sourceCode,
      targetCode: row.targetCode,
      relation,
      relationSource,
      written: row.relationText !== null && row.relationText !== relation ? row.relationText : null,
      weight: row.weight === null ? null : preview.weightAs === 'count' ? countFormat.format(row.weight) : shareFormat.format(row.weight),
      badWeight: row.badWeight,
    };
  });
}

/** The weight column select's value for no weights (a header may not be named so: the import reads `none` as no weights too). */
export const noWeightColumn = 'none';

/**
 * The weight column select's options: no weights, then the header's numeric columns, the detected
 * one marked (and listed even when its values are not all numbers, so the choice shown is the
 * import's).
 */
export function weightColumnOptions(preview: Pick<CrosswalkPreview, 'weightCandidates' | 'weightColumn'>, detected: string | null): { value: string; label: string }[] {
  const columns = [...preview.weightCandidates];
  if (preview.weightColumn !== null && !columns.includes(preview.weightColumn)) columns.push(preview.weightColumn);
  return [{ value: noWeightColumn, label: 'No weights' }, ...columns.map((column) => ({ value: column, label: column === detected ? `${column} (detected)` : column }))];
}

/** How the chosen weight column is read, in words. */
export function weightReading(weightAs: CrosswalkPreview['weightAs']): string | null {
  if (weightAs === 'count') return 'Read as counts: each row’s count becomes its share of the source code’s total.';
  if (weightAs === 'share') return 'Read as shares of the source code, taken as they are (each from 0 to 1).';
  return null;
}

/** The relation values that are no SKOS relation, with how many of the rows read write them, most first. */
export function unknownRelationCounts(preview: Pick<CrosswalkPreview, 'unknownRelations' | 'relations'>): { value: string; rows: number }[] {
  return preview.unknownRelations.map((value) => ({ value, rows: preview.relations[value] ?? 0 })).sort((a, b) => b.rows - a.rows || a.value.localeCompare(b.value));
}

/** The relation map to send: only values that are no SKOS relation, each given one. */
export function chosenRelationMap(preview: Pick<CrosswalkPreview, 'unknownRelations'>, choices: Readonly<Record<string, LinkRelation | null>>): CrosswalkRelationMap {
  const map: CrosswalkRelationMap = {};
  for (const value of preview.unknownRelations) {
    const relation = choices[value];
    if (relation) map[value] = relation;
  }
  return map;
}
