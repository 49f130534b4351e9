import type { ConversionDiagramRecord } from '@og/shared/contracts/conversions';

/** A diagram record for tests: an unlinked direct node unless told otherwise. */
export function record(value: string, parent: string | null, extra: Partial<ConversionDiagramRecord> = {}): ConversionDiagramRecord {
  return {
    value,
    name: `Name of ${value}`,
    description: '',
    label: value,
    parent,
    isLink: false,
    start: [],
    path: null,
    relation: null,
    isSpecialParent: false,
    ...extra,
  };
}

export const origin = { name: 'Agricultural labourer', description: 'Works on a farm', titles: ['farm labourer', 'ag lab'], start: ['pst2:1,2,1,0'] };
