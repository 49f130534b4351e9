import { describe, expect, it } from 'vitest';
import { detectTextEncoding, encodingSampleBytes, isUtf16 } from './text-encoding.js';

const bytes = (...parts: Array<string | number[]>) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...new TextEncoder().encode(part)] : part)));
const latin1 = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));

describe('the encoding of an uploaded file', () => {
  it('is named by a byte-order mark, whose bytes are skipped', () => {
    expect(detectTextEncoding(bytes([0xef, 0xbb, 0xbf], 'title\n'))).toEqual({ encoding: 'utf-8', bomBytes: 3 });
    expect(detectTextEncoding(bytes([0xff, 0xfe], [0x74, 0, 0xe4, 0]))).toEqual({ encoding: 'utf-16le', bomBytes: 2 });
    expect(detectTextEncoding(bytes([0xfe, 0xff], [0, 0x74, 0, 0xe4]))).toEqual({ encoding: 'utf-16be', bomBytes: 2 });
    // A UTF-8 mark wins even over bytes that are not UTF-8 after it: the ingest then says the file is mixed.
    expect(detectTextEncoding(bytes([0xef, 0xbb, 0xbf], [0xfc]))).toEqual({ encoding: 'utf-8', bomBytes: 3 });
  });

  it('is UTF-8 without a mark when the start is valid UTF-8, plain ASCII and an empty file included', () => {
    expect(detectTextEncoding(bytes('title\nSkräddare\nпекарь\n'))).toEqual({ encoding: 'utf-8', bomBytes: 0 });
    expect(detectTextEncoding(bytes('title,hisco\nbaker,77610\n'))).toEqual({ encoding: 'utf-8', bomBytes: 0 });
    expect(detectTextEncoding(new Uint8Array(0))).toEqual({ encoding: 'utf-8', bomBytes: 0 });
    // A character cut off at the end of the sample is not a reason to doubt UTF-8.
    const cut = bytes('title\n€');
    expect(detectTextEncoding(cut.subarray(0, cut.length - 1)).encoding).toBe('utf-8');
  });

  it('is windows-1252 when the start is not UTF-8', () => {
    expect(detectTextEncoding(latin1('titel;code\nM\u00fcller;1\n'))).toEqual({ encoding: 'windows-1252', bomBytes: 0 });
    // Half a UTF-16 mark is no mark.
    expect(detectTextEncoding(bytes([0xff], 'title'))).toEqual({ encoding: 'windows-1252', bomBytes: 0 });
  });

  it('decides on the first MiB only', () => {
    const head = new Uint8Array(encodingSampleBytes + 1).fill(0x61);
    head[encodingSampleBytes] = 0xfc; // not UTF-8, but past the sample
    expect(detectTextEncoding(head).encoding).toBe('utf-8');
    head[encodingSampleBytes - 1] = 0xfc;
    expect(detectTextEncoding(head).encoding).toBe('windows-1252');
  });

  it('tells UTF-16 apart (its ASCII is half NUL bytes)', () => {
    expect(isUtf16('utf-16le')).toBe(true);
    expect(isUtf16('utf-16be')).toBe(true);
    expect(isUtf16('utf-8')).toBe(false);
    expect(isUtf16('windows-1252')).toBe(false);
  });
});
