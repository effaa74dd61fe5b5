/**
 * Express middleware of the HTTP shell: refuses a request whose path, query string or parsed body holds
 * text that cannot be stored (unsafe-text.ts) with a 400 in the error shape, before any handler sees it.
 * Route parameters are path segments, so checking the decoded path covers every one of them.
 */
import type { NextFunction, Request, Response } from 'express';
import { ErrorType } from '@strata/domain';
import { errorBody } from './error-body';
import { findUnsafeText, isUnsafeText, unsafeTextMessage } from './unsafe-text';

function unsafePathSegment(path: string): string | null {
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return 'path';
    }
    if (isUnsafeText(decoded)) return 'path';
  }
  return null;
}

export function rejectUnsafeText(req: Request, res: Response, next: NextFunction): void {
  const where = unsafePathSegment(req.path) ?? findUnsafeText(req.query, 'query') ?? findUnsafeText(req.body, 'body');
  if (where === null) return next();
  const message =
    where === 'path'
      ? 'Invalid request: the URL path is not valid UTF-8 text or contains a NUL character.'
      : unsafeTextMessage(where);
  res.status(400).json(errorBody(400, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, message));
}
