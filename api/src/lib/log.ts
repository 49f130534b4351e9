/** A small levelled logger: one line per event, to stderr, with optional structured fields. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  child(scope: string): Logger;
}

function formatFields(fields: Record<string, unknown> | undefined): string {
  if (!fields) return '';
  const parts = Object.entries(fields).map(([key, value]) => {
    if (value instanceof Error) return `${key}=${JSON.stringify(value.stack ?? value.message)}`;
    return `${key}=${typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value ?? null)}`;
  });
  return parts.length ? ' ' + parts.join(' ') : '';
}

export function createLogger(level: LogLevel, scope = 'og'): Logger {
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>) => {
    if (rank[at] < rank[level]) return;
    process.stderr.write(`${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} [${scope}] ${message}${formatFields(fields)}\n`);
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    child: (child) => createLogger(level, `${scope}:${child}`),
  };
}
