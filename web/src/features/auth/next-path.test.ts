import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeNextPath('/datasets')).toBe('/datasets');
    expect(safeNextPath('/review/my-set/entries/smith?threshold=0.8#top')).toBe('/review/my-set/entries/smith?threshold=0.8#top');
    expect(safeNextPath('/convert')).toBe('/convert');
  });

  it('gives the start page when nothing is asked for', () => {
    expect(safeNextPath(null)).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
    expect(safeNextPath('')).toBe('/');
  });

  it('never leads to another origin', () => {
    for (const hostile of [
      'https://evil.example/datasets',
      '//evil.example/datasets',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'datasets',
      ' /datasets',
    ]) {
      expect(safeNextPath(hostile), hostile).toBe('/');
    }
  });

  it('does not send a user back to the login page', () => {
    expect(safeNextPath('/login')).toBe('/');
    expect(safeNextPath('/login?next=/datasets')).toBe('/');
  });

  it('normalises dot segments inside the site', () => {
    expect(safeNextPath('/datasets/../convert')).toBe('/convert');
    expect(safeNextPath('/../../convert')).toBe('/convert');
  });
});
