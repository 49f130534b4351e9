import type { EntryContext } from '@og/shared/contracts/prediction-reading';
import { describe, expect, it } from 'vitest';
import { contextLineText, entryContextLines } from './entry-context';

const nodeDetails = { 'hisco:61110': { name: 'General farmer', codeValue: '61110' } };

const texts = (context: EntryContext[] | undefined) => entryContextLines(context, nodeDetails).map(contextLineText);

describe('entry context lines (issue 28)', () => {
  it('shows a kept column with its values, counts only above one', () => {
    expect(
      texts([
        { column: 'Year', kind: 'context', values: [{ value: '1881', count: 3 }, { value: '1882', count: 1 }] },
        { column: 'RowID', kind: 'context', values: [{ value: '17', count: 1 }] },
      ]),
    ).toEqual(['Year: 1881 ×3 · 1882', 'RowID: 17']);
  });

  it('names a reference code by the answer’s node details, and leaves a code it does not name as written', () => {
    expect(
      texts([
        {
          column: 'hisco_1',
          kind: 'reference',
          values: [
            { value: '61110', count: 2, uri: 'hisco:61110' },
            { value: '99999', count: 1, uri: 'hisco:99999' },
          ],
        },
      ]),
    ).toEqual(['Reference code (hisco_1): 61110 General farmer ×2 · 99999']);
  });

  it('says which of the dataset’s columns its codes come from', () => {
    expect(
      texts([
        {
          column: 'Occupation code',
          kind: 'dataset',
          values: [
            { value: '61120', count: 3, uri: 'hisco:61120' },
            { value: '61110', count: 12, uri: 'hisco:61110' },
          ],
        },
      ]),
    ).toEqual(['In the dataset (Occupation code): 61110 General farmer ×12 · 61120 ×3']);
  });

  it('shows the five most frequent values, the first met first among equals, and counts the rest', () => {
    const values = [1, 4, 2, 4, 1, 9, 1].map((count, index) => ({ value: `v${index}`, count }));
    const [line] = entryContextLines([{ column: 'Source', kind: 'context', values }], {});
    expect(line!.values).toBe('v5 ×9 · v1 ×4 · v3 ×4 · v2 ×2 · v0');
    expect(line!.more).toBe(2);
    expect(contextLineText(line!)).toBe('Source: v5 ×9 · v1 ×4 · v3 ×4 · v2 ×2 · v0 · 2 more');
  });

  it('shows nothing without context, and no line for a column without values', () => {
    expect(texts(undefined)).toEqual([]);
    expect(texts([])).toEqual([]);
    expect(texts([{ column: 'Year', kind: 'context', values: [] }])).toEqual([]);
  });

  it('writes large counts with thousands separators', () => {
    expect(texts([{ column: 'lang', kind: 'context', values: [{ value: 'da', count: 12345 }] }])).toEqual(['lang: da ×12,345']);
  });
});
