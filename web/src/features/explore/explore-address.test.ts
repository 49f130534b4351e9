import { describe, expect, it } from 'vitest';
import { defaultBrowseScheme, exploreCodePath, exploreSearchParams, exploreTranslatePath, readExploreAddress, translatePair } from './explore-address';

const read = (query: string) => readExploreAddress(new URLSearchParams(query));

describe('Explore’s address', () => {
  it('reads the tab, the browsed scheme and code, and the schemes of a translation', () => {
    expect(read('tab=translate&scheme=isco08&code=2221&from=esco&to=isco08')).toEqual({
      tab: 'translate',
      scheme: 'isco08',
      code: '2221',
      from: 'esco',
      to: 'isco08',
    });
  });

  it('opens Browse with nothing chosen when the address says nothing, or nonsense', () => {
    expect(read('')).toEqual({ tab: 'browse', scheme: null, code: null, from: null, to: null });
    expect(read('tab=edit&scheme=nope&from=x&to=')).toEqual({ tab: 'browse', scheme: null, code: null, from: null, to: null });
  });

  it('ignores a code without its scheme', () => {
    expect(read('code=2221').code).toBeNull();
    expect(read('scheme=isco08&code=').code).toBeNull();
  });

  it('writes what it reads, leaving out the default tab and what is not set', () => {
    for (const query of ['scheme=isco08&code=2221', 'tab=translate&from=esco&to=isco08', 'tab=translate&scheme=esco&code=a+b%2Fc', '']) {
      expect(exploreSearchParams(read(query)).toString()).toBe(query);
    }
    expect(exploreSearchParams({ tab: 'browse', scheme: null, code: 'x', from: null, to: 'esco' }).toString()).toBe('to=esco');
  });

  it('links to a code, encoded, and to Translate codes', () => {
    expect(exploreCodePath('esco', '71f09c8b-a172-408c-b9e7-32e580e39ff6')).toBe('/explore?scheme=esco&code=71f09c8b-a172-408c-b9e7-32e580e39ff6');
    expect(exploreCodePath('pst2', '1,1,0')).toBe('/explore?scheme=pst2&code=1%2C1%2C0');
    expect(exploreTranslatePath).toBe('/explore?tab=translate');
  });
});

describe('the schemes Explore opens on', () => {
  it('browses ISCO-08 when it has codes, else the first scheme with codes', () => {
    expect(defaultBrowseScheme(['hisco', 'isco08', 'esco'])).toBe('isco08');
    expect(defaultBrowseScheme(['hisco', 'esco'])).toBe('hisco');
    expect(defaultBrowseScheme([])).toBeNull();
  });

  it('translates ESCO to ISCO-08 unless the address names two schemes with codes', () => {
    expect(translatePair(['hisco', 'isco08', 'esco'], null, null)).toEqual({ from: 'esco', to: 'isco08' });
    expect(translatePair(['hisco', 'isco08', 'esco'], 'hisco', 'esco')).toEqual({ from: 'hisco', to: 'esco' });
    expect(translatePair(['hisco', 'isco08', 'esco'], null, 'esco')).toEqual({ from: 'hisco', to: 'esco' });
    expect(translatePair(['hisco', 'isco08', 'esco'], 'isco08', 'isco08')).toEqual({ from: 'isco08', to: 'hisco' });
    expect(translatePair(['hisco', 'isco08'], 'pst2', null)).toEqual({ from: 'hisco', to: 'isco08' });
    expect(translatePair(['hisco'], null, null)).toEqual({ from: 'hisco', to: null });
  });
});
