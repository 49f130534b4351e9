import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('works on a fresh machine with no settings at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/occupation_graph');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.sparql).toBeNull();
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.bodyLimitBytes).toBe(1_000_000);
    expect(config.datasetFileLimitBytes).toBe(20_000_000_000);
    // Secure cookies follow the request (HTTPS or a trusted proxy saying so), in production too.
    expect(config.cookieSecure).toBe('auto');
    expect(loadConfig({ NODE_ENV: 'production' }).cookieSecure).toBe('auto');
  });

  it('reads sizes, flags and the external SPARQL store', () => {
    const config = loadConfig({
      BODY_LIMIT: '2mb',
      DATASET_FILE_LIMIT: '1.5gb',
      COOKIE_SECURE: 'true',
      SPARQL_QUERY_URL: 'http://127.0.0.1:3030/og/query',
      SPARQL_UPDATE_URL: 'http://127.0.0.1:3030/og/update',
    });
    expect(config.bodyLimitBytes).toBe(2_000_000);
    expect(config.datasetFileLimitBytes).toBe(1_500_000_000);
    expect(config.cookieSecure).toBe(true);
    expect(config.sparql?.queryUrl).toBe('http://127.0.0.1:3030/og/query');
  });

  it('names every bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', BODY_LIMIT: 'lots' })).toThrow(/PORT.*BODY_LIMIT/);
    expect(() => loadConfig({ SPARQL_QUERY_URL: 'http://x/q' })).toThrow(ConfigError);
    expect(() => loadConfig({ OG_ADMIN_USER: 'root' })).toThrow(/OG_ADMIN_PASSWORD/);
  });
});
