import { describe, expect, it } from 'vitest';
import { binaryFileMessage, emptyFileMessage, sniffHead } from './upload-sniffing.js';

const sniff = (bytes: Buffer) => sniffHead(bytes, bytes.length);

describe('sniffing an upload', () => {
  it('refuses an empty file, also one of only a byte-order mark', () => {
    expect(() => sniff(Buffer.alloc(0))).toThrow(emptyFileMessage);
    expect(() => sniff(Buffer.from([0xef, 0xbb, 0xbf]))).toThrow(emptyFileMessage);
  });

  it('refuses binary data: NUL bytes or many control characters', () => {
    expect(() => sniff(Buffer.from('title\ncode\u0000\n'))).toThrow(binaryFileMessage);
    expect(() => sniff(Buffer.from('\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000e\u000f'.repeat(3)))).toThrow(binaryFileMessage);
    expect(sniff(Buffer.from('title\tcode\r\n\fbaker\t1\r\n'))).toMatchObject({ encoding: 'utf-8' });
  });

  it('takes UTF-8 when it is valid, windows-1252 otherwise', () => {
    expect(sniff(Buffer.from('title\nMüller\n'))).toMatchObject({ encoding: 'utf-8', bomBytes: 0, head: 'title\nMüller\n' });
    expect(sniff(Buffer.from('title\nM\xfcller \x80\n', 'latin1'))).toMatchObject({ encoding: 'windows-1252', head: 'title\nMüller \u0080\n'.replace('\u0080', '€') });
    // A character cut off at the end of the sniffed part is not a reason to doubt UTF-8.
    const cut = Buffer.from('title\n€');
    expect(sniffHead(cut.subarray(0, cut.length - 1), 100)).toMatchObject({ encoding: 'utf-8' });
  });

  it('skips a byte-order mark, and knows UTF-16 by its mark', () => {
    expect(sniff(Buffer.from('\ufefftitle\n'))).toMatchObject({ encoding: 'utf-8', bomBytes: 3, head: 'title\n' });
    expect(sniff(Buffer.from('\ufefftitle\n', 'utf16le'))).toMatchObject({ encoding: 'utf-16le', bomBytes: 2, head: 'title\n' });
  });

  it('reads UTF-16 in either byte order, its NUL bytes no sign of binary data', () => {
    const text = 'title,hisco\nSkräddare,79100\nBäcker,77610\n';
    const littleEndian = Buffer.from(`\ufeff${text}`, 'utf16le');
    const bigEndian = Buffer.from(littleEndian).swap16();
    expect(sniff(littleEndian)).toEqual({ bytes: littleEndian.length, encoding: 'utf-16le', bomBytes: 2, head: text });
    expect(sniff(bigEndian)).toEqual({ bytes: bigEndian.length, encoding: 'utf-16be', bomBytes: 2, head: text });
    expect(() => sniff(Buffer.from([0xff, 0xfe]))).toThrow(emptyFileMessage);
  });
});
