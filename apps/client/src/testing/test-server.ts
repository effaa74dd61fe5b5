import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

type Answer = { status: number; body?: unknown } | undefined;

/** Answers at once, or later (a promise) to hold a request in flight while a test acts. */
export type Handler = (request: RecordedRequest) => Answer | Promise<Answer>;

/**
 * A real HTTP server on a free loopback port, answering with the handler's JSON: component tests talk
 * to it over real sockets through the app's HttpClient. Unhandled paths answer 404 in the spec's
 * error shape.
 */
export class TestServer {
  readonly requests: RecordedRequest[] = [];
  private server: Server | null = null;
  baseUrl = '';

  constructor(private readonly handler: Handler) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.answer(req, res));
    // PROBLEM: node closes a keep-alive connection idle for 5 s while the client (undici, in this same
    // busy process) may already have picked it for its next request; a POST on it then fails with
    // "other side closed" / ECONNRESET (undici retries no POST), and the page shows 'Network error'.
    // On a loaded machine charts, filter values and refreshes failed so. SOLUTION: the server never
    // closes an idle connection; the client's pool does, and stop() closes all. A browser retries such a
    // request itself. WHEN TO REMOVE: never while the client's requests are POSTs over Node's fetch.
    this.server.keepAliveTimeout = 0;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse) {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    this.requests.push(request);
    const answer = (await this.handler(request)) ?? {
      status: 404,
      body: {
        message: 'Not found',
        errors: [{ message: 'Not found', error_type: 'GENERIC_BACKEND_ERROR', level: 'error' }],
      },
    };
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  }
}
