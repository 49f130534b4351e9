import { describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { ReplyError } from 'ioredis';
import { MaxRetriesPerRequestError } from 'ioredis/built/errors/index.js';
import { AppError } from '@og/shared/errors/app-error';
import { serverUnavailableMessage } from '@og/shared/errors/spec-messages';
import type { Logger } from '../lib/log.js';
import { StoreWriteError } from '../sparql/triple-store.js';
import type { AppKoaContext } from '../koa-types.js';
import { isStoreOutage } from '../lib/store-outage.js';
import { errorHandler, toAppError } from './errors.js';

/** An error as node-postgres reports a server's refusal: a DatabaseError with its SQLSTATE. */
function postgresError(code: string, message: string): Error {
  const error = new pg.DatabaseError(message, 0, 'error');
  error.code = code;
  return error;
}

/** An error as Node's net module reports a socket's failure. */
function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });
}

describe('toAppError', () => {
  it('keeps AppErrors and maps client errors by status', () => {
    const error = new AppError('conflict', 'Changed meanwhile');
    expect(toAppError(error)).toBe(error);
    expect(toAppError({ status: 404, expose: true, message: 'gone' }).toBody()).toEqual({ error: { code: 'not_found', message: 'gone' } });
  });

  it('answers 507 for a write the disk had no room for, 503 for another failed store write', () => {
    const full = toAppError(new StoreWriteError("The server's disk is full: the embedded triple store could not log the change.", true));
    expect(full.status).toBe(507);
    expect(full.toBody()).toEqual({ error: { code: 'insufficient_storage', message: "The server's disk is full: the embedded triple store could not log the change." } });
    expect(toAppError(new StoreWriteError('The embedded triple store could not write its update log (EIO).', false)).status).toBe(503);
    const errno = toAppError(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' }));
    expect(errno.code).toBe('insufficient_storage');
    expect(errno.message).toMatch(/disk is full/);
  });

  it('never exposes the message of an unexpected error', () => {
    const mapped = toAppError(new Error('connection string postgres://secret@db'));
    expect(mapped.status).toBe(500);
    expect(mapped.message).not.toContain('secret');
  });

  it("answers 503 'unavailable' with the busy text when PostgreSQL or Redis is away", () => {
    const mapped = toAppError(postgresError('57P01', 'terminating connection due to administrator command'));
    expect(mapped.status).toBe(503);
    expect(mapped.toBody()).toEqual({ error: { code: 'unavailable', message: serverUnavailableMessage } });
  });
});

describe('isStoreOutage', () => {
  it('knows a PostgreSQL that shut down, is starting or stopping, refuses connections, or cut one', () => {
    expect(isStoreOutage(postgresError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isStoreOutage(postgresError('57P02', 'terminating connection due to crash of another server process'))).toBe(true);
    expect(isStoreOutage(postgresError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isStoreOutage(postgresError('53300', 'sorry, too many clients already'))).toBe(true);
    expect(isStoreOutage(postgresError('08006', 'connection failure'))).toBe(true);
    expect(isStoreOutage(postgresError('08P01', 'protocol violation'))).toBe(true);
    expect(isStoreOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isStoreOutage(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isStoreOutage(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isStoreOutage(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
  });

  it('knows a refused, reset or unreachable connection, also inside an AggregateError or as a cause', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']) expect(isStoreOutage(socketError(code)), code).toBe(true);
    // Connecting to 'localhost' tries ::1 and 127.0.0.1 and fails with both refusals in one error.
    expect(isStoreOutage(new AggregateError([socketError('ECONNREFUSED'), socketError('ECONNREFUSED')]))).toBe(true);
    expect(isStoreOutage(new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') }))).toBe(true);
  });

  it('knows a Redis that is away, reconnecting or loading', () => {
    expect(isStoreOutage(new MaxRetriesPerRequestError(1))).toBe(true);
    expect(isStoreOutage(new Error('Connection is closed.'))).toBe(true);
    expect(isStoreOutage(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
    expect(isStoreOutage(new ReplyError('LOADING Redis is loading the dataset in memory'))).toBe(true);
    expect(isStoreOutage(new ReplyError('BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSCRIPT.'))).toBe(true);
  });

  it('leaves wrong statements, wrong commands and other failures alone (they stay 500 or their own status)', () => {
    expect(isStoreOutage(postgresError('23505', 'duplicate key value violates unique constraint "users_username_key"'))).toBe(false);
    expect(isStoreOutage(postgresError('42P01', 'relation "nothing" does not exist'))).toBe(false);
    expect(isStoreOutage(postgresError('57014', 'canceling statement due to statement timeout'))).toBe(false);
    expect(isStoreOutage(new ReplyError('ERR wrong number of arguments for \'get\' command'))).toBe(false);
    expect(isStoreOutage(new ReplyError('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBe(false);
    expect(isStoreOutage(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }))).toBe(false);
    expect(isStoreOutage(new Error('Connection is closed for the day, said a message that only looks alike'))).toBe(false);
    expect(isStoreOutage(null)).toBe(false);
    expect(isStoreOutage('ECONNREFUSED')).toBe(false);
    expect(toAppError(postgresError('23505', 'duplicate key')).status).toBe(500);
  });
});

describe('errorHandler', () => {
  const silentLog = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), child: () => silentLog } satisfies Logger;

  async function answerTo(error: unknown) {
    const headers: Record<string, string> = {};
    const ctx = { method: 'GET', path: '/api/links/count', status: 200, body: undefined as unknown, set: (name: string, value: string) => (headers[name] = value) };
    await errorHandler(silentLog)(ctx as unknown as AppKoaContext, () => Promise.reject(error as Error));
    return { status: ctx.status, body: ctx.body, headers };
  }

  it("answers an outage 503 with { error: { code: 'unavailable', message } } and Retry-After", async () => {
    const answer = await answerTo(socketError('ECONNREFUSED'));
    expect(answer).toEqual({ status: 503, body: { error: { code: 'unavailable', message: serverUnavailableMessage } }, headers: { 'Retry-After': '5' } });
    expect((await answerTo(new MaxRetriesPerRequestError(1))).status).toBe(503);
  });

  it('answers other failures 500 without Retry-After', async () => {
    const answer = await answerTo(new Error('bug'));
    expect(answer.status).toBe(500);
    expect(answer.headers).toEqual({});
  });
});
