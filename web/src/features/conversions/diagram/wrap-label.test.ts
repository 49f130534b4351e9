import { describe, expect, it } from 'vitest';
import { wrapLabel } from './wrap-label';

describe('wrapLabel (SPEC §9: 14 characters a line, 3 lines, ellipsis)', () => {
  it('keeps a short label on one line, and nothing for an empty one', () => {
    expect(wrapLabel('Farmer')).toEqual(['Farmer']);
    expect(wrapLabel('Farm labourers')).toEqual(['Farm labourers']);
    expect(wrapLabel('')).toEqual([]);
    expect(wrapLabel('   ')).toEqual([]);
  });

  it('breaks between words, collapsing spaces', () => {
    expect(wrapLabel('  General   farm  labourer ')).toEqual(['General farm', 'labourer']);
    expect(wrapLabel('Cattle and sheep farmers')).toEqual(['Cattle and', 'sheep farmers']);
  });

  it('breaks after a hyphen or slash before cutting a word', () => {
    expect(wrapLabel('Agricultural-labourer')).toEqual(['Agricultural-', 'labourer']);
    expect(wrapLabel('Shepherd/drover')).toEqual(['Shepherd/', 'drover']);
  });

  it('cuts a word longer than a line', () => {
    expect(wrapLabel('Bookbinderassistant')).toEqual(['Bookbinderassi', 'stant']);
    expect(wrapLabel('a Bookbinderassistant b')).toEqual(['a', 'Bookbinderassi', 'stant b']);
  });

  it('keeps three lines without an ellipsis when the text ends there', () => {
    expect(wrapLabel('Forestry workers and loggers')).toEqual(['Forestry', 'workers and', 'loggers']);
    expect(wrapLabel('Forestry workers and loggers not elsewhere')).toEqual(['Forestry', 'workers and', 'loggers not…']);
  });

  it('ends the third line with an ellipsis when the text goes on, within the line length', () => {
    const lines = wrapLabel('Other agricultural, animal husbandry and forestry workers and fishermen');
    expect(lines).toEqual(['Other', 'agricultural,', 'animal…']);
    const full = wrapLabel('aaaaaaaaaaaaaa bbbbbbbbbbbbbb cccccccccccccc dd');
    expect(full).toEqual(['aaaaaaaaaaaaaa', 'bbbbbbbbbbbbbb', 'ccccccccccccc…']);
    for (const line of [...lines, ...full]) expect(line.length).toBeLessThanOrEqual(14);
  });

  it('takes other line lengths and counts', () => {
    expect(wrapLabel('one two three', 3, 1)).toEqual(['on…']);
    expect(wrapLabel('6-21.05', 18, 1)).toEqual(['6-21.05']);
    expect(() => wrapLabel('x', 0, 3)).toThrow(RangeError);
  });
});
