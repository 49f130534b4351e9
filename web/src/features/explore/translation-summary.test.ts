import { describe, expect, it } from 'vitest';
import { countStatuses } from './translation-summary';

describe('countStatuses', () => {
  it('counts every status, zeros included', () => {
    const code = (status: 'translated' | 'no-link' | 'unlinkable' | 'unknown') => ({ code: 'x', name: null, status, targets: [] });
    expect(countStatuses([code('translated'), code('unknown'), code('translated')])).toEqual({ translated: 2, 'no-link': 0, unlinkable: 0, unknown: 1 });
  });
});
