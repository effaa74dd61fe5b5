import { Subject, type Observable } from 'rxjs';
import { ErrorType, networkError, parseErrorResponse, timeoutError, type ClientError } from '@strata/domain';
import { ApiError } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpClientOptions {
  /** Prefix of every path: '' in the browser (same origin), 'http://127.0.0.1:port' in tests. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** Default time limit of a request, in milliseconds. */
  timeoutMs?: number;
}

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  timeoutMs?: number;
  /**
   * A 401 here is an answer, not an expired session (the login form, the first /me/ of a page):
   * it is not reported on `unauthorized$`.
   */
  expectUnauthorized?: boolean;
  /** For the CSRF-exempt login form: there is no session yet, so no token to fetch. */
  withoutCsrf?: boolean;
  /**
   * The request must outlive the page (a save as the user leaves it, a reload, a closed tab): sent with
   * fetch's keepalive, the same headers and cookie as any write.
   */
  keepalive?: boolean;
}

export const CSRF_TOKEN_PATH = '/api/v1/security/csrf_token/';
export const DEFAULT_TIMEOUT_MS = 60_000;
/**
 * Browsers refuse keepalive bodies past 64 KiB in flight (beacons of the user log included): a larger
 * one goes as a normal request, which may still get out before the page is gone.
 */
export const KEEPALIVE_MAX_BODY_BYTES = 48 * 1024;
const MUTATING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one way the client talks HTTP: JSON in and out, the session cookie, the CSRF header on mutating
 * requests, a time limit, and every failure turned into an ApiError through the domain's error
 * catalogue (timeouts, network failures, CSRF failures, errors[] with their Request Access link).
 */
export class HttpClient {
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof globalThis.fetch;
  private readonly timeoutMs: number;
  private csrfToken: Promise<string | null> | null = null;
  private readonly unauthorized = new Subject<ClientError>();
  /** 401 answers to requests that expected to be signed in: the session has ended on the server. */
  readonly unauthorized$: Observable<ClientError> = this.unauthorized.asObservable();

  constructor(options: HttpClientOptions = {}) {
    this.baseUrl = options.baseUrl ?? '';
    // Bound: window.fetch throws "Illegal invocation" when called as a method of another object.
    this.fetchImpl = (options.fetch ?? globalThis.fetch).bind(globalThis);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  get<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'GET' });
  }

  post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'POST', body });
  }

  put<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'PUT', body });
  }

  delete<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'DELETE' });
  }

  /** The session's CSRF token, for an HTML form post that cannot send the header (see post-form.ts). */
  csrfTokenForForm(): Promise<string | null> {
    return this.csrf();
  }

  /** Forgets the CSRF token: the session changed (login, logout), so the next mutation fetches a new one. */
  resetCsrfToken(): void {
    this.csrfToken = null;
  }

  url(path: string): string {
    return this.baseUrl + path;
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (MUTATING.has(method) && !options.withoutCsrf) {
      const token = await this.csrf();
      if (token) headers['X-CSRFToken'] = token;
    }
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const body = options.body !== undefined ? JSON.stringify(options.body) : undefined;
    const keepalive = options.keepalive === true && utf8Bytes(body ?? '') <= KEEPALIVE_MAX_BODY_BYTES;
    try {
      let response: Response;
      try {
        response = await this.fetchImpl(this.url(path), {
          method,
          headers,
          credentials: 'include',
          signal: controller.signal,
          ...(body !== undefined ? { body } : {}),
          ...(keepalive ? { keepalive } : {}),
        });
      } catch {
        // fetch rejects only when no response came: aborted by our timer, or the network failed.
        throw new ApiError(controller.signal.aborted ? timeoutError(timeoutMs) : networkError());
      }
      const bodyText = await this.readBody(response, controller, timeoutMs);
      if (response.ok) return parseSuccess<T>(bodyText, response.headers.get('content-type'));
      const error = parseErrorResponse({
        status: response.status,
        bodyText,
        contentType: response.headers.get('content-type'),
      });
      if (error.error_type === ErrorType.FRONTEND_CSRF_ERROR) this.resetCsrfToken();
      if (response.status === 401 && !options.expectUnauthorized) this.unauthorized.next(error);
      throw new ApiError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  private async readBody(response: Response, controller: AbortController, timeoutMs: number): Promise<string> {
    try {
      return await response.text();
    } catch {
      throw new ApiError(controller.signal.aborted ? timeoutError(timeoutMs) : networkError());
    }
  }

  /**
   * The token is fetched once and shared by concurrent mutations. Without a session there is none
   * (the login form posts before one exists): the request goes without it and a failed fetch is
   * forgotten, so the next mutation asks again.
   */
  private csrf(): Promise<string | null> {
    if (this.csrfToken === null) {
      const pending = this.get<{ result?: unknown }>(CSRF_TOKEN_PATH, { expectUnauthorized: true }).then(
        (body) => (typeof body?.result === 'string' && body.result ? body.result : null),
        () => null,
      );
      this.csrfToken = pending;
      void pending.then((token) => {
        if (token === null && this.csrfToken === pending) this.csrfToken = null;
      });
    }
    return this.csrfToken;
  }
}

function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

function parseSuccess<T>(bodyText: string, contentType: string | null): T {
  if (bodyText === '') return undefined as T;
  if (/json/i.test(contentType ?? '') || /^\s*[[{]/.test(bodyText)) {
    try {
      return JSON.parse(bodyText) as T;
    } catch {
      // A 2xx whose JSON is cut short: a proxy or a dropped connection; callers expect JSON.
      throw new ApiError(networkError());
    }
  }
  return bodyText as T;
}
