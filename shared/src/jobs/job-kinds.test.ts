import { describe, expect, it } from 'vitest';
import { isJobKind, jobIdFor, jobKinds } from './job-kinds.js';

describe('job kinds', () => {
  it('names a job deterministically from its kind and request key', () => {
    expect(jobIdFor('session.cleanup', 'abc-123')).toBe('session.cleanup-abc-123');
    expect(jobIdFor('session.cleanup', 'abc-123')).toBe(jobIdFor('session.cleanup', 'abc-123'));
  });

  it('refuses request keys that could break a job id', () => {
    for (const key of ['', 'a:b', 'a/b', 'x'.repeat(101), 'ünïcode']) {
      expect(() => jobIdFor('session.cleanup', key), key).toThrow(/Invalid job request key/);
    }
  });

  it('validates input with defaults', () => {
    expect(jobKinds['session.cleanup'].input.parse({})).toEqual({ batchSize: 5_000 });
    expect(jobKinds['session.cleanup'].input.safeParse({ batchSize: 0 }).success).toBe(false);
    expect(isJobKind('session.cleanup')).toBe(true);
    expect(isJobKind('toString')).toBe(false);
  });
});
