import { ArgumentsHost, Catch, ExceptionFilter, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { ErrorType } from '@strata/domain';
import { errorBody } from './error-body';
import type { SpaFallback } from './spa';
import { toErrorResponse } from './to-error-response';

/** Nest's own "no route" exception, as opposed to a handler's NotFoundException. */
const NO_ROUTE = /^Cannot [A-Z]+ \//;

/**
 * Every HTTP error leaves in the spec's error shape (see to-error-response.ts for the mapping). An
 * unmatched GET outside the API gets the client app instead (SPA fallback).
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(
    private readonly logger: Logger,
    private readonly spa: SpaFallback,
    private readonly options: { bodyLimit: string },
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    try {
      this.respond(exception, host);
    } catch (filterError) {
      // Never fall through to Express's HTML error page (it prints stacks): answer a bare 500 in shape.
      this.logger.error({ err: filterError, cause: exception }, 'The error filter failed');
      const res = host.switchToHttp().getResponse<Response>();
      if (!res.headersSent)
        res.status(500).json(errorBody(500, ErrorType.GENERIC_BACKEND_ERROR, 'An unexpected error occurred.'));
    }
  }

  private respond(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    const noRoute = exception instanceof NotFoundException && NO_ROUTE.test(exception.message);
    if (noRoute && this.spa.wants(req)) {
      this.spa.serve(res);
      return;
    }
    const { status, body, unexpected } = toErrorResponse(exception, this.options);
    if (noRoute) {
      body.message = 'Not found';
      body.errors[0].message = `There is no ${req.method} ${req.path}.`;
    }
    if (unexpected) {
      this.logger.error(
        { err: exception, method: req.method, url: req.originalUrl },
        'Request failed with an unexpected error',
      );
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(status).json(body);
  }
}
