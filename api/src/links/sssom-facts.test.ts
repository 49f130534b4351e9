import { describe, expect, it } from 'vitest';
import { readSssomMetadata } from './crosswalk-file/sssom-metadata.js';
import { factCells, metadataValue } from './sssom-facts.js';

const madeAt = new Date('2026-11-26T10:00:00Z');

describe('a link’s facts as SSSOM cells', () => {
  it('names the crosswalk set that imported a link as its creator, and the import once its set is gone', () => {
    const imported = { weight: 0.25, weightOf: 'first' as const, madeBy: null, source: 'crosswalk.import:job-1:soc.csv', madeAt, justification: 'semapv:UnspecifiedMatching', comment: null, setId: 'set-1' };
    expect(factCells(imported, 'first')).toEqual({ mapping_justification: 'semapv:UnspecifiedMatching', confidence: '0.25', author_id: '', creator_id: 'ogset:set-1', mapping_date: '2026-11-26', comment: '' });
    expect(factCells({ ...imported, setId: null }, 'second')).toMatchObject({ confidence: '', creator_id: 'ogimport:job-1' });
    // A set's link an admin made again is the admin's.
    expect(factCells({ ...imported, source: null, madeBy: 'user-1', justification: 'semapv:ManualMappingCuration' }, 'first')).toMatchObject({ author_id: 'oguser:user-1', creator_id: '' });
  });
});

describe('a metadata value', () => {
  it('is read back as it was written, plain where it can be, quoted where YAML would change it', () => {
    const values = ['https://example.org/sets/1', 'ONS coding index', 'Open Government Licence v3.0', "It's: a set # of links", 'CC BY 4.0 (see https://example.org)', "'quoted'", '- a list?'];
    expect(metadataValue('https://example.org/sets/1')).toBe('https://example.org/sets/1');
    expect(metadataValue('ONS coding index')).toBe('ONS coding index');
    for (const value of values) {
      const read = readSssomMetadata([{ line: 1, text: ` license: ${metadataValue(value)}` }]);
      expect(read.license, value).toBe(value);
    }
    expect(metadataValue('two\nlines')).toBe('two lines');
  });
});
