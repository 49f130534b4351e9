import { describe, expect, it } from 'vitest';
import { isNoRoomError, spareBytes, uploadNotStoredMessage, uploadWriteError } from './disk-space.js';

const errnoError = (code: string) => Object.assign(new Error(`${code}: failed, write`), { code, syscall: 'write' });

describe('disk space', () => {
  it('tells a write the disk had no room for from other failures', () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'EFBIG']) expect(isNoRoomError(errnoError(code))).toBe(true);
    for (const error of [errnoError('EIO'), errnoError('ECONNRESET'), new Error('ENOSPC'), null, 'ENOSPC']) expect(isNoRoomError(error)).toBe(false);
  });

  it('keeps the smaller of 64 MiB and 2% of the file system spare', () => {
    expect(spareBytes(8 * 1024 * 1024)).toBe(Math.floor(8 * 1024 * 1024 * 0.02));
    expect(spareBytes(1024 ** 4)).toBe(64 * 1024 * 1024);
  });

  it('answers 507 for an upload that could not be written, naming a failure that is not a full disk', () => {
    const full = uploadWriteError(errnoError('ENOSPC'));
    expect([full.status, full.code, full.message]).toEqual([507, 'insufficient_storage', uploadNotStoredMessage]);
    const failed = uploadWriteError(errnoError('EIO'));
    expect(failed.status).toBe(507);
    expect(failed.message).toBe('The server could not write the upload to its disk (EIO); the upload was not stored.');
  });
});
