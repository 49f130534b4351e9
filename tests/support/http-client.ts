import { csrfCookieName, csrfHeaderName, defaultProject, sessionCookieName } from '../../shared/src/contracts/auth.js';

/** A cookie-keeping HTTP client that behaves like the web app: CSRF header on every mutation. */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  /** Raw Set-Cookie headers of the last response, for checking cookie flags. */
  lastSetCookies: string[] = [];

  constructor(readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get sessionToken(): string | undefined {
    return this.cookies.get(sessionCookieName);
  }

  async request(
    method: string,
    path: string,
    options: { json?: unknown; body?: string; form?: FormData; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    const mutation = !['GET', 'HEAD'].includes(method);
    if (mutation && options.csrf !== false) {
      if (!this.cookies.has(csrfCookieName)) await this.request('GET', '/api/auth/csrf');
      headers[csrfHeaderName] ??= this.cookies.get(csrfCookieName)!;
      headers.cookie = this.cookieHeader;
    }
    let body: string | FormData | undefined = options.body;
    if (options.form) {
      body = options.form;
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (body !== undefined) {
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    this.lastSetCookies = response.headers.getSetCookie();
    for (const cookie of this.lastSetCookies) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string, options?: { headers?: Record<string, string> }): Promise<Response> {
    return this.request('GET', path, options);
  }

  post(path: string, json?: unknown, options: { headers?: Record<string, string>; csrf?: boolean } = {}): Promise<Response> {
    return this.request('POST', path, { ...options, json });
  }

  /** Posts one file as multipart/form-data in the field `file`. */
  upload(
    path: string,
    fileName: string,
    content: string | Buffer,
    fields: Record<string, string> = {},
    headers: Record<string, string> = {},
    options: { csrf?: boolean } = {},
  ): Promise<Response> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new Blob([content]), fileName);
    return this.request('POST', path, { form, headers, ...options });
  }

  async login(username: string, password: string): Promise<Response> {
    return this.post('/api/auth/login', { username, password, project: defaultProject });
  }
}

/**
 * A request through node:http, for headers fetch() will not send as given (Origin): answers
 * the status code.
 */
export async function rawRequest(url: string, options: { method: string; headers: Record<string, string>; body?: string }): Promise<number> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method, headers: options.headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}
