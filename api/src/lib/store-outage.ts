/**
 * SQLSTATEs of a PostgreSQL that is away or refusing work for now: admin shutdown, crash
 * shutdown, cannot connect now (starting or stopping), too many connections. Class 08
 * (connection exceptions) is matched by its prefix.
 */
const postgresOutageStates = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket errors of a connection refused, cut or out of reach. */
const socketOutageCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** What node-postgres and ioredis say when their connection is gone or never came. */
const outageMessages = [
  /Connection terminated/i, // pg: the server closed the connection (a restart), or connecting timed out
  /timeout exceeded when trying to connect/i, // pg pool: no connection within connectionTimeoutMillis
  /is not queryable/i, // pg: a client whose connection failed or was closed
  /^Connection is closed\.?$/, // ioredis: the connection ended with the command pending
  /enableOfflineQueue options is false/, // ioredis: a command while disconnected, without an offline queue
  /^Command timed out$/, // ioredis: commandTimeout passed
];
/** Redis replies of a server that cannot answer now (loading its data, running a long script, failing over). */
const redisBusyReply = /^(LOADING|BUSY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN)\b/;

/**
 * Whether an error says that PostgreSQL or Redis is down or restarting, rather than that the
 * request or the code was wrong: the same request will work once the store is back. Looks
 * through `cause` and the errors of an AggregateError (a connection tried on several addresses).
 */
export function isStoreOutage(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const { code, name, message, cause, errors } = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (postgresOutageStates.has(code) || /^08[0-9A-Z]{3}$/.test(code) || socketOutageCodes.has(code))) return true;
  if (name === 'MaxRetriesPerRequestError') return true;
  if (typeof message === 'string') {
    if (outageMessages.some((pattern) => pattern.test(message))) return true;
    if (name === 'ReplyError' && redisBusyReply.test(message)) return true;
  }
  if (Array.isArray(errors) && errors.some((inner) => isStoreOutage(inner, depth + 1))) return true;
  return cause !== undefined && isStoreOutage(cause, depth + 1);
}
