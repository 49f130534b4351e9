import type { ConversionDiagramRecord } from '@og/shared/contracts/conversions';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { selfAndAncestors } from '../../lib/code-tree-rows';

/**
 * A code of the target scheme chosen in the drawer, with its ancestors, as the diagram's records
 * (ADD_LINKS brings the nodes it links and the path down to them). The chosen code is linked;
 * its ancestors are only places on the way. `start` names the source code whose path it is.
 */
export function targetCodeRecords(lookup: Readonly<Record<string, CodeRecord>>, value: string, start: readonly string[]): ConversionDiagramRecord[] {
  if (!lookup[value]) return [];
  return selfAndAncestors(lookup, value)
    .reverse()
    .map((code) => {
      const record = lookup[code]!;
      const isLink = code === value;
      return {
        value: record.value,
        name: record.name,
        description: record.description ?? '',
        label: record.label,
        parent: record.parent ?? null,
        isLink,
        start: [...start],
        path: isLink ? 'direct' : null,
        relation: null,
        isSpecialParent: false,
      };
    });
}

/** The values linked in a set of records, sorted (to compare a draft with what was loaded). */
export function linkedRecordValues(records: readonly Pick<ConversionDiagramRecord, 'value' | 'isLink'>[]): string[] {
  return records
    .filter((record) => record.isLink)
    .map((record) => record.value)
    .sort();
}

/** The records with exactly these values linked (a saved decision, or the code's own links to restore). */
export function withLinks(records: readonly ConversionDiagramRecord[], values: readonly string[]): ConversionDiagramRecord[] {
  const linked = new Set(values);
  return records.map((record) => (record.isLink === linked.has(record.value) ? record : { ...record, isLink: linked.has(record.value) }));
}

export function sameValues(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sortedA = [...a].sort();
  const sortedB = [...b].sort();
  return sortedA.every((value, index) => value === sortedB[index]);
}
