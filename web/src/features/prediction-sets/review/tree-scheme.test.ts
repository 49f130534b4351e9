import { describe, expect, it } from 'vitest';
import { defaultTreeScheme, schemeOfPredictions, schemeOfUris, treeSchemeFor } from './tree-scheme';

describe('the scheme a tree opens in', () => {
  it('is the first scheme the codes name that has a tree', () => {
    expect(schemeOfUris(['nowhere:1', 'isco08:7531', 'hisco:79100'])).toBe('isco08');
    expect(schemeOfUris(['nowhere:1'])).toBeNull();
    expect(schemeOfPredictions([{ uris: [] }, { uris: ['hisco:79100'] }])).toBe('hisco');
  });

  it("is the reviewer's choice, else the predictions', else the default", () => {
    expect(treeSchemeFor('isco08', [{ uris: ['hisco:79100'] }])).toBe('isco08');
    expect(treeSchemeFor(null, [{ uris: ['hisco:79100'] }])).toBe('hisco');
    expect(treeSchemeFor(null, [{ uris: ['nowhere:1'] }])).toBe(defaultTreeScheme);
    expect(treeSchemeFor(null, undefined)).toBe(defaultTreeScheme);
  });
});
