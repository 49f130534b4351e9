import { describe, expect, it } from 'vitest';
import { serverUnavailableMessage } from '@og/shared/errors/spec-messages';
import { apiErrorFrom, isServerUnavailable } from './api-client';

describe('apiErrorFrom', () => {
  it("says 'The server is busy or restarting; try again' for a 503 'unavailable', whatever the server wrote", () => {
    const error = apiErrorFrom(503, 'Service Unavailable', { error: { code: 'unavailable', message: 'PostgreSQL is down' } });
    expect(error).toMatchObject({ status: 503, code: 'unavailable', message: serverUnavailableMessage });
    expect(isServerUnavailable(error)).toBe(true);
  });

  it('says the same for a proxy page while the api restarts behind it', () => {
    for (const status of [502, 503, 504]) {
      const error = apiErrorFrom(status, 'Bad Gateway', '<html>Bad Gateway</html>');
      expect(error).toMatchObject({ status, code: 'unknown', message: serverUnavailableMessage });
      expect(isServerUnavailable(error)).toBe(true);
    }
  });

  it("keeps the server's message for every other error, a busy resource's 503 included", () => {
    const busy = apiErrorFrom(503, 'Service Unavailable', { error: { code: 'service_unavailable', message: 'The set is being read right now' } });
    expect(busy.message).toBe('The set is being read right now');
    expect(isServerUnavailable(busy)).toBe(false);
    const failed = apiErrorFrom(500, 'Internal Server Error', { error: { code: 'internal', message: 'Something went wrong on the server.' } });
    expect(failed.message).toBe('Something went wrong on the server.');
    expect(isServerUnavailable(failed)).toBe(false);
    expect(apiErrorFrom(500, '', undefined).message).toBe('Request failed with status 500');
    expect(isServerUnavailable(new Error('fetch failed'))).toBe(false);
  });
});
