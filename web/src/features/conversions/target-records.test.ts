import type { ConversionDiagramRecord } from '@og/shared/contracts/conversions';
import type { CodeRecord } from '@og/shared/contracts/schemes';
import { describe, expect, it } from 'vitest';
import { linkedRecordValues, sameValues, targetCodeRecords, withLinks } from './target-records';

const code = (value: string, parent?: string): CodeRecord => ({ value, name: `Name ${value}`, label: value, parent, linkCount: 0, version: '1' });
const lookup = { '2': code('2'), '21': code('21', '2'), '211': code('211', '21'), '2111': code('2111', '211') };

const record = (value: string, isLink: boolean): ConversionDiagramRecord => ({
  value,
  name: value,
  description: '',
  label: value,
  parent: null,
  isLink,
  start: [],
  path: null,
  relation: null,
  isSpecialParent: false,
});

describe('targetCodeRecords', () => {
  it('gives the chosen code linked, after its ancestors from the root down', () => {
    const records = targetCodeRecords(lookup, '211', ['esco:abc']);
    expect(records.map((r) => [r.value, r.parent, r.isLink])).toEqual([
      ['2', null, false],
      ['21', '2', false],
      ['211', '21', true],
    ]);
    expect(records[2]).toMatchObject({ name: 'Name 211', label: '211', start: ['esco:abc'], path: 'direct', description: '' });
  });

  it('gives nothing for a code the scheme does not have', () => {
    expect(targetCodeRecords(lookup, '9', [])).toEqual([]);
  });
});

describe('linked values', () => {
  it('lists the linked values sorted, and sets exactly the given ones', () => {
    const records = [record('b', true), record('a', true), record('c', false)];
    expect(linkedRecordValues(records)).toEqual(['a', 'b']);
    expect(linkedRecordValues(withLinks(records, ['c']))).toEqual(['c']);
    expect(withLinks(records, ['a', 'b'])[0]).toBe(records[0]);
  });

  it('compares value lists whatever their order', () => {
    expect(sameValues(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameValues(['a'], ['a', 'b'])).toBe(false);
    expect(sameValues(['a', 'c'], ['a', 'b'])).toBe(false);
  });
});
