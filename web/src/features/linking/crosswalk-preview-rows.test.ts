import type { CrosswalkPreview, CrosswalkPreviewRow } from '@og/shared/contracts/links';
import { describe, expect, it } from 'vitest';
import { chosenRelationMap, noWeightColumn, previewTableRows, unknownRelationCounts, weightColumnOptions, weightReading } from './crosswalk-preview-rows';

const row = (line: number, fields: Partial<CrosswalkPreviewRow> = {}): CrosswalkPreviewRow => ({
  line,
  sourceCode: `s${line}`,
  targetCode: `t${line}`,
  relation: null,
  relationText: null,
  weight: null,
  badWeight: null,
  ...fields,
});

describe('the import dialog’s preview rows', () => {
  it('reads each row’s relation from the file, the admin’s choice for an unknown value, or the default; an unchosen unknown value is refused', () => {
    const rows = [
      row(2, { relation: 'broadMatch', relationText: 'broadMatch' }),
      row(3, { relationText: 'exactISCO' }),
      row(4),
      row(5, { relation: 'exactMatch', relationText: 'skos:exactMatch' }),
      row(6, { relationText: 'partial' }),
    ];
    const table = previewTableRows({ rows, weightAs: null }, { relationMap: { exactISCO: 'exactMatch' }, defaultRelation: 'relatedMatch' });
    expect(table.map(({ line, relation, relationSource, written }) => [line, relation, relationSource, written])).toEqual([
      [2, 'broadMatch', 'file', null],
      [3, 'exactMatch', 'chosen', 'exactISCO'],
      [4, 'relatedMatch', 'default', null],
      [5, 'exactMatch', 'file', 'skos:exactMatch'],
      [6, null, 'refused', 'partial'],
    ]);
  });

  it('shows a share as a percentage, a count as the number it is, and a weight that is no number as written', () => {
    const rows = [row(2, { weight: 0.6471 }), row(3, { weight: 1 }), row(4), row(5, { badWeight: 'n/a' })];
    expect(previewTableRows({ rows, weightAs: 'share' }, { relationMap: {}, defaultRelation: 'closeMatch' }).map((each) => [each.weight, each.badWeight])).toEqual([
      ['64.7%', null],
      ['100%', null],
      [null, null],
      [null, 'n/a'],
    ]);
    expect(previewTableRows({ rows: [row(2, { weight: 1234 })], weightAs: 'count' }, { relationMap: {}, defaultRelation: 'closeMatch' })[0]!.weight).toBe('1,234');
  });
});

describe('the weight column select', () => {
  const preview = { weightCandidates: ['n_index_entries', 'share_of_soc2020_entries'], weightColumn: 'share_of_soc2020_entries' } satisfies Partial<CrosswalkPreview>;

  it('offers no weights, then the numeric columns, the detected one marked', () => {
    expect(weightColumnOptions(preview, 'share_of_soc2020_entries')).toEqual([
      { value: noWeightColumn, label: 'No weights' },
      { value: 'n_index_entries', label: 'n_index_entries' },
      { value: 'share_of_soc2020_entries', label: 'share_of_soc2020_entries (detected)' },
    ]);
  });

  it('lists the column read even when its values are not all numbers', () => {
    expect(weightColumnOptions({ weightCandidates: [], weightColumn: 'weight' }, 'weight').map((option) => option.value)).toEqual([noWeightColumn, 'weight']);
  });

  it('says how counts and shares are read', () => {
    expect(weightReading('count')).toMatch(/counts.*share of the source code’s total/);
    expect(weightReading('share')).toMatch(/shares of the source code, taken as they are/);
    expect(weightReading(null)).toBeNull();
  });
});

describe('unknown relation values', () => {
  const preview = { unknownRelations: ['partial', 'exactISCO'], relations: { closeMatch: 10, exactISCO: 43, partial: 2 } };

  it('lists them most rows first', () => {
    expect(unknownRelationCounts(preview)).toEqual([
      { value: 'exactISCO', rows: 43 },
      { value: 'partial', rows: 2 },
    ]);
  });

  it('sends only the values given a relation', () => {
    expect(chosenRelationMap(preview, { exactISCO: 'exactMatch', partial: null, closeMatch: 'broadMatch' })).toEqual({ exactISCO: 'exactMatch' });
  });
});
