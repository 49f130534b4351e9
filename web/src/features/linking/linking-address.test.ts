import { describe, expect, it } from 'vitest';
import { linkingSearchParams, readLinkingAddress } from './linking-address';

const read = (query: string) => readLinkingAddress(new URLSearchParams(query));

describe('the linking address', () => {
  it('opens on PST-2 and SOC-2020 without a selection', () => {
    expect(read('')).toEqual({ schemes: { source: 'pst2', target: 'soc2020' }, codes: { source: null, target: null } });
  });

  it('reads both schemes and codes', () => {
    expect(read('lc=esco&rc=isco08&lid=abc&rid=1111')).toEqual({ schemes: { source: 'esco', target: 'isco08' }, codes: { source: 'abc', target: '1111' } });
  });

  it('replaces unknown schemes by the defaults, and a right scheme equal to the left one', () => {
    expect(read('lc=nope&rc=hisco').schemes).toEqual({ source: 'pst2', target: 'hisco' });
    expect(read('lc=isco08&rc=isco08').schemes).toEqual({ source: 'isco08', target: 'soc2020' });
    expect(read('lc=soc2020').schemes).toEqual({ source: 'soc2020', target: 'pst2' });
  });

  it('treats an empty code as no code', () => {
    expect(read('lid=&rid=').codes).toEqual({ source: null, target: null });
  });

  it('writes schemes first and only the selected codes', () => {
    const address = read('rid=9&lc=esco&rc=isco08');
    expect(linkingSearchParams(address).toString()).toBe('lc=esco&rc=isco08&rid=9');
    expect(read(linkingSearchParams(address).toString())).toEqual(address);
  });
});
