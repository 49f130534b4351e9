import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { nameHeaderColumns } from './csv-header.js';

describe('nameHeaderColumns', () => {
  it('names header columns as papaparse does, repeated names renamed', () => {
    const header = ['\ufefftitle', 'n', 'n', 'n_1', 'title', 'n'];
    const papaparse = Papa.parse<Record<string, string>>(`${header.join(',')}\nx,1,2,3,y,4\n`, { header: true }).meta.fields;
    expect(nameHeaderColumns(header)).toEqual(papaparse);
    expect(nameHeaderColumns(header)).toEqual(['title', 'n', 'n_2', 'n_1', 'title_1', 'n_3']);
    expect(nameHeaderColumns(['\uFEFFtitle', 'code'])).toEqual(['title', 'code']);
  });
});
