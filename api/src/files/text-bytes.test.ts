import { describe, expect, it } from 'vitest';
import { decodeText, incompleteUtf8Tail, trimmedEnd, trimmedStart, unquote, Utf8Check } from './text-bytes.js';

const trimBytes = (bytes: Buffer, encoding: 'utf-8' | 'windows-1252') => {
  const start = trimmedStart(bytes, 0, bytes.length, encoding);
  return decodeText(bytes.subarray(start, trimmedEnd(bytes, start, bytes.length, encoding)), encoding);
};

describe('text on bytes', () => {
  it('trims UTF-8 as String.prototype.trim does', () => {
    const spaces = [' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
    const notSpaces = ['\u0085', '\u200b', '\u180e', 'x', 'é', '織', '€'];
    for (const space of spaces) {
      for (const word of ['', 'a', 'é x', '織工']) {
        for (const text of [`${space}${word}`, `${word}${space}`, `${space}${space}${word}${space}`]) {
          expect(trimBytes(Buffer.from(text), 'utf-8')).toBe(text.trim());
        }
      }
    }
    for (const other of notSpaces) expect(trimBytes(Buffer.from(`${other}a${other}`), 'utf-8')).toBe(`${other}a${other}`);
  });

  it('trims windows-1252, where 0xA0 is a no-break space', () => {
    expect(trimBytes(Buffer.from([0xa0, 0x20, 0x4d, 0xfc, 0xa0]), 'windows-1252')).toBe('Mü');
    expect(trimBytes(Buffer.from([0x85, 0x41, 0x85]), 'windows-1252')).toBe('…A…');
  });

  it('decodes windows-1252 with its characters at 0x80–0x9F', () => {
    expect(decodeText(Buffer.from([0x80, 0x20, 0x8a, 0x9f, 0xe9, 0x81]), 'windows-1252')).toBe('€ ŠŸé\u0081');
  });

  it('undoes doubled quotes', () => {
    const field = Buffer.from('say ""hi"", ok');
    const target = Buffer.alloc(field.length);
    expect(target.subarray(0, unquote(field, 0, field.length, target)).toString()).toBe('say "hi", ok');
  });

  it('finds a UTF-8 character cut off at the end', () => {
    const text = Buffer.from('a€'); // € is 3 bytes
    expect(incompleteUtf8Tail(text, 0, 4)).toBe(0);
    expect(incompleteUtf8Tail(text, 0, 3)).toBe(2);
    expect(incompleteUtf8Tail(text, 0, 2)).toBe(1);
    expect(incompleteUtf8Tail(text, 0, 1)).toBe(0);
  });

  it('checks UTF-8 arriving in pieces', () => {
    const bytes = Buffer.from('Müller 織工');
    const check = new Utf8Check();
    for (let end = 1; end < bytes.length; end++) expect(check.check(bytes, end, false)).toBe(true);
    expect(check.check(bytes, bytes.length, true)).toBe(true);
    expect(new Utf8Check().check(Buffer.from([0x41, 0xfc, 0x42]), 3, false)).toBe(false);
    expect(new Utf8Check().check(Buffer.from([0x41, 0xe2, 0x82]), 3, true)).toBe(false);
  });
});
