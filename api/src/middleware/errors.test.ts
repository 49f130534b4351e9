import { describe, expect, it } from 'vitest';
import { AppError } from '@og/shared/errors/app-error';
import { toAppError } from './errors.js';

describe('toAppError', () => {
  it('keeps AppErrors and maps client errors by status', () => {
    const error = new AppError('conflict', 'Changed meanwhile');
    expect(toAppError(error)).toBe(error);
    expect(toAppError({ status: 404, expose: true, message: 'gone' }).toBody()).toEqual({ error: { code: 'not_found', message: 'gone' } });
  });

  it('never exposes the message of an unexpected error', () => {
    const mapped = toAppError(new Error('connection string postgres://secret@db'));
    expect(mapped.status).toBe(500);
    expect(mapped.message).not.toContain('secret');
  });
});
