import { describe, expect, it } from 'vitest';
import { type JsonEntryText, JsonListScanner } from './occpast-json.js';
import { PredictionFileError } from './prediction-file-error.js';

function scanInPieces(text: string, size: number): JsonEntryText[] {
  const scanner = new JsonListScanner();
  const found: JsonEntryText[] = [];
  for (let at = 0; at < text.length; at += size) found.push(...scanner.scan(text.slice(at, at + size)));
  scanner.end();
  return found;
}

function scanError(text: string): PredictionFileError {
  let error: unknown = null;
  try {
    scanInPieces(text, 3);
  } catch (failure) {
    error = failure;
  }
  expect(error).toBeInstanceOf(PredictionFileError);
  return error as PredictionFileError;
}

describe('cutting the entries out of a JSON list as its text streams in', () => {
  it('finds each entry whole, with the line it starts on, however the text is cut', () => {
    const entries = [
      '{"string": "a \\"quoted\\" ] } title", "predictions": []}',
      '{\r\n  "string": "b\\\\",\r\n  "predictions": [{"uris": ["hisco:1"], "conf": 1}]\r\n}',
      '{"string": "c [{", "predictions": [{"uris": [], "conf": 0}], "extra": {"nested": [1, {"x": "}"}]}}',
    ];
    const text = `\n[\n  ${entries[0]},\r\n  ${entries[1]},\r  ${entries[2]}\n]\n`;
    for (const size of [1, 2, 3, 7, 64, text.length]) {
      expect(scanInPieces(text, size), `pieces of ${size}`).toEqual([
        { entry: 1, line: 3, text: entries[0] },
        { entry: 2, line: 4, text: entries[1] },
        { entry: 3, line: 8, text: entries[2] },
      ]);
    }
  });

  it('reads an empty list as no entries', () => {
    expect(scanInPieces(' [ ] ', 1)).toEqual([]);
  });

  it('fails, naming the entry and line, on what is not a list of objects', () => {
    expect(scanError('{"string": "a"}').message).toBe(
      'Line 1: the file is not a list of prediction entries: expected [{"string": …, "predictions": […]}, …], found one JSON object.',
    );
    expect(scanError('[\n{"string": "a", "predictions": []},\n"b"]').message).toBe('Entry 2 (line 3): expected an entry {"string": …, "predictions": […]}, found a string.');
    expect(scanError('[[1]]').message).toBe('Entry 1 (line 1): expected an entry {"string": …, "predictions": […]}, found a list.');
    expect(scanError('[{"string": "a", "predictions": []} {"string": "b"}]').message).toBe('Line 1: expected , or ] after entry 1, found an object.');
    expect(scanError('[{"string": "a", "predictions": []},\n]').message).toBe(
      'Line 2: expected an entry after the comma that follows entry 1, found ] (a comma too many).',
    );
    expect(scanError('[{"string": "a", "predictions": []}]\n]').message).toBe("Line 2: expected nothing after the list's closing ], found ']'.");
    expect(scanError('[{"string": "a", "predictions": []},\n{"string": "b", "predictions": [').message).toBe(
      'Entry 2 (line 2): the file ends inside this entry (a closing } or " is missing).',
    );
    expect(scanError('[{"string": "a", "predictions": []}').message).toBe('Line 1: the file ends before the list is closed (a ] is missing after entry 1).');
  });

  it('fails on an entry that runs on past 16 million characters (a quote never closed)', () => {
    const scanner = new JsonListScanner();
    scanner.scan('[\n{"string": "never closed');
    const piece = 'x'.repeat(1024 * 1024);
    let error: unknown = null;
    try {
      for (let i = 0; i < 17; i++) scanner.scan(piece);
    } catch (failure) {
      error = failure;
    }
    expect((error as Error).message).toBe('Entry 1 (line 2): the entry runs on for more than 16 million characters; is a quote (") or a bracket never closed?');
  });
});
