import { describe, expect, it } from 'vitest';
import { cardHeight, cardLines, lineCapacity, maxCardLines, shownCode, wrapName } from './card-text';

describe('wrapName', () => {
  it('breaks a name between words, the first line shortened by the code before it', () => {
    expect(wrapName('Fisherman, DeepSea or Inland and Coastal Water', 20, 6)).toEqual(['Fisherman,', 'DeepSea or Inland', 'and Coastal Water']);
    expect(wrapName('DeepSea Fisherman', 40, 6)).toEqual(['DeepSea Fisherman']);
    for (const line of wrapName('Fishermen, Hunters and Related Workers Not Elsewhere Classified', 22, 4, 10)) {
      expect(line.length).toBeLessThanOrEqual(22);
    }
  });

  it('leaves the code alone on its line when not even the first word fits beside it', () => {
    expect(wrapName('Agricultural workers', 14, 6)).toEqual(['', 'Agricultural', 'workers']);
  });

  it('cuts a long name after the last line allowed, with an ellipsis', () => {
    const lines = wrapName('one two three four five six seven eight nine ten', 9, 0, 3);
    expect(lines).toEqual(['one two', 'three', 'four…']);
    expect(wrapName('aaaa bbbb cccc dddd', 9, 0, 1)).toEqual(['aaaa…']);
    expect(wrapName('Fishermen-hunters-trappers and more', 12, 0, 1)).toEqual(['Fishermen-h…']);
  });

  it('gives an empty name one empty line', () => {
    expect(wrapName('', 20)).toEqual(['']);
  });
});

describe('a card', () => {
  it('shows short codes whole and long ids by their start', () => {
    expect(shownCode('64100')).toBe('64100');
    expect(shownCode('270528cf-2bf9-463d-aeaa-d169b1f767c1')).toBe('270528cf…');
  });

  it('fits its lines to its width and grows with them', () => {
    const lines = cardLines('6', 'Agricultural, animal husbandry and forestry workers, fishermen and hunters', 170);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.length).toBeLessThanOrEqual(maxCardLines);
    expect(`6 ${lines[0]}`.length).toBeLessThanOrEqual(lineCapacity(170));
    expect(cardHeight(3)).toBeGreaterThan(cardHeight(2));
    expect(cardLines('', 'ESCO occupations', 130)).toEqual(['ESCO occupations']);
  });
});
