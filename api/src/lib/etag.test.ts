import { describe, expect, it } from 'vitest';
import { contentEtag, etagMatches } from './etag.js';

describe('etagMatches', () => {
  it('compares weakly, in lists, and with *', () => {
    expect(etagMatches('W/"hisco.7"', 'W/"hisco.7"')).toBe(true);
    expect(etagMatches('"hisco.7"', 'W/"hisco.7"')).toBe(true);
    expect(etagMatches('"esco.1", W/"hisco.7"', 'W/"hisco.7"')).toBe(true);
    expect(etagMatches('*', 'W/"hisco.7"')).toBe(true);
    expect(etagMatches('W/"hisco.8"', 'W/"hisco.7"')).toBe(false);
    expect(etagMatches('', 'W/"hisco.7"')).toBe(false);
    expect(etagMatches('W/"hisco.7', 'W/"hisco.7"')).toBe(false);
  });
});

describe('contentEtag', () => {
  it('is a weak ETag named as asked, the same for the same content', () => {
    const etag = contentEtag('hisco', ['{"lookup":{}}']);
    expect(etag).toMatch(/^W\/"hisco\.[\w-]+"$/);
    expect(contentEtag('hisco', ['{"lookup":{}}'])).toBe(etag);
    expect(etagMatches(etag, contentEtag('hisco', ['{"lookup":{}}']))).toBe(true);
  });

  it('changes with any change of the content, its order or its name', () => {
    const graphs = ['<a> <b> <c> .\n', '<d> <e> <f> .\n'];
    const etag = contentEtag('links.esco.isco08', graphs);
    expect(contentEtag('links.esco.isco08', ['<a> <b> <c> .\n', '<d> <e> <g> .\n'])).not.toBe(etag);
    expect(contentEtag('links.esco.isco08', [...graphs].reverse())).not.toBe(etag);
    expect(contentEtag('links.esco.isco08', [graphs.join('')])).not.toBe(etag);
    expect(contentEtag('links.esco.isco08', ['<a> <b> <c> .\n<d>', ' <e> <f> .\n'])).not.toBe(etag);
    expect(contentEtag('links.esco.hisco', graphs)).not.toBe(etag);
    expect(contentEtag('links.esco.isco08', [])).not.toBe(contentEtag('links.esco.isco08', ['']));
  });

  it('refuses a name that could break the header', () => {
    expect(() => contentEtag('a"b', [])).toThrow();
    expect(() => contentEtag('a b', [])).toThrow();
  });
});
