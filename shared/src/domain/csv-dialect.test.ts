import { describe, expect, it } from 'vitest';
import { detectCsvDialect } from './csv-dialect.js';

describe('CSV dialect', () => {
  it('guesses the delimiter and line break', () => {
    expect(detectCsvDialect('title,code\nbaker,1\n')).toEqual({ delimiter: ',', newline: '\n' });
    expect(detectCsvDialect('title;code\r\nBäcker, Meister;1\r\n')).toEqual({ delimiter: ';', newline: '\r\n' });
    expect(detectCsvDialect('title\tcode\rbaker\t1\r')).toEqual({ delimiter: '\t', newline: '\r' });
    expect(detectCsvDialect('title|code\nbaker|1\n')).toEqual({ delimiter: '|', newline: '\n' });
    expect(detectCsvDialect('title\nbaker\n')).toEqual({ delimiter: ',', newline: '\n' });
  });
});
