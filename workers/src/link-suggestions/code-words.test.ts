import { describe, expect, it } from 'vitest';
import { CodeWordsIndex, normalisedWords, wordGrams } from './code-words.js';

const code = (value: string, name: string, description = '', context = '') => ({ code: value, name, description, context });

describe('the codes’ words', () => {
  it('are normalised words: lower case, accents dropped, letters and digits only, no single letters', () => {
    expect(normalisedWords('Électriciens qualifiés du bâtiment (n.e.c.)')).toEqual(['electriciens', 'qualifies', 'du', 'batiment']);
    expect(wordGrams('Pharmacist').get(' ph')).toBe(1);
    expect(wordGrams('Pharmacist').get('ist ')).toBe(1);
  });

  const targets = [
    code('2262', 'Pharmacists', 'Pharmacists store, preserve, compound and dispense medicinal products.'),
    code('7411', 'Building and related electricians', 'Install, maintain and repair electrical wiring systems.'),
    code('2161', 'Building architects'),
    code('9999', 'Shoemakers'),
  ];
  const index = CodeWordsIndex.build(targets, [code('34C4', 'Pharmaciens salariés'), code('63B5', 'Électriciens qualifiés du bâtiment'), code('38C2', 'Architectes salariés')]);

  it('finds the target whose words share the most pieces across languages, best first, cosines in [0, 1]', () => {
    expect(index.search(code('34C4', 'Pharmaciens salariés'), 3)[0]!.code).toBe('2262');
    expect(index.search(code('63B5', 'Électriciens qualifiés du bâtiment'), 3)[0]!.code).toBe('7411');
    const architects = index.search(code('38C2', 'Architectes salariés'), 4);
    expect(architects[0]!.code).toBe('2161');
    for (const { similarity } of architects) expect(similarity).toBeGreaterThan(0);
    for (let at = 1; at < architects.length; at++) expect(architects[at]!.similarity).toBeLessThanOrEqual(architects[at - 1]!.similarity);
    expect(index.search(code('x', 'Pharmacists'), 1)[0]!.similarity).toBeLessThanOrEqual(1);
  });

  it('gives nothing for words it has never seen, and at most k', () => {
    expect(index.search(code('x', 'zzqx'), 5)).toEqual([]);
    expect(index.search(code('x', ''), 5)).toEqual([]);
    expect(index.search(code('38C2', 'Architectes salariés'), 1)).toHaveLength(1);
  });
});
