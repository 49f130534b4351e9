import { describe, expect, it } from 'vitest';
import { describeFields, endIn, flagsOfCode, summariseChanges, type StaleLink } from './stale-link-flags';

const link: StaleLink = {
  first: { scheme: 'pst2', value: '1,2,3' },
  second: { scheme: 'soc2020', value: '1111' },
  madeAt: '2026-11-20T10:00:00.000Z',
  changes: [
    { code: { scheme: 'soc2020', value: '1111' }, at: '2026-11-21T10:00:00.000Z', fields: ['name'] },
    { code: { scheme: 'pst2', value: '1,2,3' }, at: '2026-11-22T10:00:00.000Z', fields: ['parent'] },
    { code: { scheme: 'soc2020', value: '1111' }, at: '2026-11-23T10:00:00.000Z', fields: ['description', 'name'] },
  ],
};

describe('stale link flags', () => {
  it("finds a code's flagged links from either end, and only its own", () => {
    expect(flagsOfCode({ stale: [link] }, { scheme: 'soc2020', value: '1111' })).toEqual([link]);
    expect(flagsOfCode({ stale: [link] }, { scheme: 'pst2', value: '1,2,3' })).toEqual([link]);
    expect(flagsOfCode({ stale: [link] }, { scheme: 'soc2020', value: '1112' })).toEqual([]);
    expect(flagsOfCode(undefined, { scheme: 'soc2020', value: '1111' })).toEqual([]);
    expect(endIn(link, 'soc2020')).toEqual(link.second);
  });

  it('sums up the changes per code, latest first, fields in a fixed order', () => {
    expect(summariseChanges(link)).toEqual([
      { code: { scheme: 'soc2020', value: '1111' }, at: '2026-11-23T10:00:00.000Z', fields: ['name', 'description'] },
      { code: { scheme: 'pst2', value: '1,2,3' }, at: '2026-11-22T10:00:00.000Z', fields: ['parent'] },
    ]);
  });

  it('names the fields in words', () => {
    expect(describeFields(['name'])).toBe('name');
    expect(describeFields(['name', 'description'])).toBe('name and description');
    expect(describeFields(['name', 'label', 'parent'])).toBe('name, code and place in the tree');
  });
});
