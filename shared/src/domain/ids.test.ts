import { describe, expect, it } from 'vitest';
import { isUuid } from './ids.js';

describe('isUuid', () => {
  it('takes a UUID in either letter case', () => {
    expect(isUuid('0b7e3c1a-5f2d-4c8e-9a1b-3d4e5f6a7b8c')).toBe(true);
    expect(isUuid('0B7E3C1A-5F2D-4C8E-9A1B-3D4E5F6A7B8C')).toBe(true);
  });

  it('refuses anything else an address may hold', () => {
    expect(isUuid('')).toBe(false);
    expect(isUuid('my-set-1a2b3c')).toBe(false);
    expect(isUuid('0b7e3c1a5f2d4c8e9a1b3d4e5f6a7b8c')).toBe(false);
    expect(isUuid('------------------------------------')).toBe(false);
    expect(isUuid('0b7e3c1a-5f2d-4c8e-9a1b-3d4e5f6a7b8c ')).toBe(false);
  });
});
