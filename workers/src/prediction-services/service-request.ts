/** A coding service's failure, with its own message where it gave one (what the job and the set show). */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** Whether trying again later may help (a busy or failing service), or not (a refusal, a bad answer, the cap). */
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** A run's allowance of requests (PREDICTION_REQUEST_CAP): a run that would exceed it fails, saying so. */
export class RequestBudget {
  private used = 0;
  constructor(private readonly cap: number) {}

  take(service: string): void {
    if (this.used >= this.cap) throw new ServiceError(`${service}: this run reached its cap of ${this.cap} requests (PREDICTION_REQUEST_CAP); nothing more was sent.`, null);
    this.used++;
  }

  get count(): number {
    return this.used;
  }

  /** Requests still allowed. */
  get left(): number {
    return Math.max(0, this.cap - this.used);
  }
}

const retryStatuses = new Set([408, 429, 500, 502, 503, 504]);
const attempts = 4;

/**
 * POSTs JSON to a coding service and reads its JSON answer, with the run's time limit per request.
 * 429, 5xx, timeouts and lost connections are tried again (4 attempts, backing off 0.5, 1, 2 s, or
 * the service's Retry-After up to 10 s); anything else fails at once. The headers (an API key) are
 * never part of an error.
 */
export async function postJson(
  url: string,
  body: unknown,
  options: { service: string; headers?: Record<string, string>; timeoutMs: number; signal: AbortSignal; budget: RequestBudget },
): Promise<unknown> {
  let lastError: ServiceError | null = null;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    options.signal.throwIfAborted();
    options.budget.take(options.service);
    let retryAfterMs = 500 * 2 ** (attempt - 1);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
        body: JSON.stringify(body),
        signal: AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]),
      });
      const text = await response.text();
      if (response.ok) {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          throw new ServiceError(`${options.service} answered something that is not JSON.`, response.status);
        }
      }
      const message = `${options.service} answered ${response.status}${serviceMessage(text)}`;
      if (!retryStatuses.has(response.status)) throw new ServiceError(message, response.status, false);
      lastError = new ServiceError(message, response.status, true);
      const retryAfter = Number(response.headers.get('retry-after'));
      if (Number.isFinite(retryAfter) && retryAfter > 0) retryAfterMs = Math.min(10_000, retryAfter * 1000);
    } catch (error) {
      if (error instanceof ServiceError && !error.retryable) throw error;
      if (options.signal.aborted) throw error;
      if (!(error instanceof ServiceError)) {
        const timedOut = (error as Error).name === 'TimeoutError';
        // The cause's code only (ECONNREFUSED, …): a message may quote the URL.
        const cause = ((error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name) || 'network error';
        lastError = new ServiceError(`${options.service} ${timedOut ? `did not answer within ${options.timeoutMs / 1000} s` : `could not be reached (${cause})`}`, null, true);
      }
    }
    if (attempt < attempts) await abortableSleep(retryAfterMs, options.signal);
  }
  throw lastError!;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The service's own error message, if its answer carried one (`{error: {message}}`, `{error: '…'}`, `{detail}`), else a short excerpt. */
function serviceMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: string } | string; detail?: string; message?: string };
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.detail ?? body.message);
    if (message) return `: ${String(message).slice(0, 300)}`;
  } catch {
    // Not JSON: an excerpt below.
  }
  const excerpt = text.replace(/\s+/g, ' ').trim().slice(0, 200);
  return excerpt ? `: ${excerpt}` : '';
}

/** Runs `work` over `items` with at most `limit` at once, keeping the results in order. */
export async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(workers);
  return results;
}
