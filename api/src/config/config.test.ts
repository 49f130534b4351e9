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

  it('reads yes/no settings strictly: the usual spellings in any case, unset or empty as the default', () => {
    for (const word of ['true', 'TRUE', '1', 'yes', 'On', ' on ']) expect(loadConfig({ TRUST_PROXY: word }).trustProxy, word).toBe(true);
    for (const word of ['false', 'False', '0', 'no', 'OFF']) expect(loadConfig({ WORKERS_IN_PROCESS: word }).workersInProcess, word).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ WORKERS_IN_PROCESS: '' }).workersInProcess).toBe(true);
  });

  it('stops on a yes/no value it does not know, naming the setting, instead of reading it as false', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'ture' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'ture' })).toThrow(/TRUST_PROXY: expected true or false .*not "ture"/);
    expect(() => loadConfig({ WORKERS_IN_PROCESS: 'enabled' })).toThrow(/WORKERS_IN_PROCESS/);
    expect(() => loadConfig({ TRUST_PROXY: 'auto' })).toThrow(/TRUST_PROXY/);
  });

  it("reads COOKIE_SECURE as auto, true or false: 'auto' set explicitly stays auto, and a typo stops start-up", () => {
    expect(loadConfig({ COOKIE_SECURE: 'auto' }).cookieSecure).toBe('auto');
    expect(loadConfig({ COOKIE_SECURE: 'AUTO', NODE_ENV: 'production' }).cookieSecure).toBe('auto');
    expect(loadConfig({ COOKIE_SECURE: '' }).cookieSecure).toBe('auto');
    expect(loadConfig({ COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
    expect(loadConfig({ COOKIE_SECURE: 'yes' }).cookieSecure).toBe(true);
    expect(loadConfig({ COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(loadConfig({ COOKIE_SECURE: '0' }).cookieSecure).toBe(false);
    for (const garbage of ['ture', 'automatic', 'secure']) {
      expect(() => loadConfig({ COOKIE_SECURE: garbage }), garbage).toThrow(new RegExp(`COOKIE_SECURE: expected auto, true or false .*not "${garbage}"`));
    }
  });

  it('names every bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', BODY_LIMIT: 'lots' })).toThrow(/PORT.*BODY_LIMIT/);
    expect(() => loadConfig({ COOKIE_SECURE: 'ture', TRUST_PROXY: 'maybe' })).toThrow(/COOKIE_SECURE.*TRUST_PROXY/);
    expect(() => loadConfig({ SPARQL_QUERY_URL: 'http://x/q' })).toThrow(ConfigError);
    expect(() => loadConfig({ OG_ADMIN_USER: 'root' })).toThrow(/OG_ADMIN_PASSWORD/);
  });
});
