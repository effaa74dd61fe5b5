import type { HttpResponse } from '../../auth/http-request';

/** Writes a JSON body by hand: Nest would overwrite a status set on a passthrough response, and re-serialize. */
export function sendJson(res: HttpResponse, status: number, body: Buffer | Record<string, unknown>): void {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', bytes.length);
  res.end(bytes);
}
