import { describe, expect, it } from 'vitest';
import { encodeRecord, encodeRecordInTurns, type LogOperation, recordInTurnsChars, scanLog } from './store-log.js';

describe('the update log’s records', () => {
  it('are the same bytes encoded in turns as at once, whatever characters fall at the pieces’ ends', async () => {
    // An astral character (two UTF-16 units) across the first piece's end, accents and plain ASCII after.
    const text = `${'<http://example.org/a> <http://example.org/b> "x" .\n'.repeat(Math.ceil(recordInTurnsChars / 52)).slice(0, recordInTurnsChars - 1)}𝔘 é ü\n${'a'.repeat(recordInTurnsChars + 17)}\n`;
    const operation: LogOperation = { op: 'load', graph: 'http://example.org/g', replace: false, text };
    const inTurns = await encodeRecordInTurns(operation);
    expect(inTurns.equals(encodeRecord(operation))).toBe(true);
    const scan = scanLog(inTurns, 0);
    expect(scan.operations).toEqual([operation]);
  });
});
