import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { describeTranslateError } from './translate-error';

describe('describeTranslateError', () => {
  it('tells a rate-limited caller how long to wait', () => {
    const error = new ApiError(429, 'rate_limited', 'Too many requests from this address.', { retryAfterSeconds: 42 });
    expect(describeTranslateError(error)).toMatchObject({ kind: 'rate-limited', message: 'Too many requests, try again in 42 s', retryAfterSeconds: 42 });
    expect(describeTranslateError(new ApiError(429, 'rate_limited', 'Too many'))).toMatchObject({ message: 'Too many requests, try again in a minute', retryAfterSeconds: null });
  });

  it('lists what the server found wrong with the request', () => {
    const error = new ApiError(400, 'validation_failed', 'Invalid request body: to: Choose two different schemes', [
      { path: 'to', message: 'Choose two different schemes' },
      { path: '', message: 'Something else' },
    ]);
    expect(describeTranslateError(error)).toEqual({
      kind: 'refused',
      title: 'The codes were not translated',
      message: 'Invalid request body: to: Choose two different schemes',
      issues: ['to: Choose two different schemes', 'Something else'],
      retryAfterSeconds: null,
    });
  });

  it('passes any other failure on as it came', () => {
    expect(describeTranslateError(new TypeError('Failed to fetch'))).toMatchObject({ kind: 'failed', title: 'The translation failed', message: 'Failed to fetch' });
  });
});
