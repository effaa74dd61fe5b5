/**
 * Validation of bodies, queries and route parameters with zod. Use `@ZodBody(schema)` in place of
 * `@Body()`; the handler receives the parsed (typed, coerced) value, and anything that does not fit is a
 * 400 INVALID_PAYLOAD_SCHEMA_ERROR listing every problem.
 */
import { ArgumentMetadata, Body, Injectable, Param, PipeTransform, Query } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import type { z } from 'zod';
import { StrataHttpException } from './error-body';
import { findUnsafeText, unsafeTextMessage } from './unsafe-text';

const WHERE: Record<ArgumentMetadata['type'], string> = {
  body: 'body',
  query: 'query',
  param: 'path',
  custom: 'input',
};

export function describeIssues(issues: readonly z.core.$ZodIssue[], where: string): string {
  return issues.map((i) => `${[where, ...i.path.map(String)].join('.')}: ${i.message}`).join('; ');
}

@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown, metadata: ArgumentMetadata): z.output<S> {
    const parsed = this.schema.safeParse(value);
    const where = metadata.data ? `${WHERE[metadata.type]}.${metadata.data}` : WHERE[metadata.type];
    if (parsed.success) {
      // The HTTP shell checked the raw request; this catches text decoded from within it (a JSON
      // form_data in the query string, a rison q), which only the schema parsed.
      const unsafe = findUnsafeText(parsed.data, where);
      if (unsafe !== null)
        throw new StrataHttpException(400, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, unsafeTextMessage(unsafe));
      return parsed.data;
    }
    const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message, code: i.code }));
    throw new StrataHttpException(
      400,
      ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
      `Invalid request: ${describeIssues(parsed.error.issues, where)}`,
      {
        issues,
      },
    );
  }
}

/** The request body, parsed by `schema`. */
export const ZodBody = <S extends z.ZodType>(schema: S) => Body(new ZodValidationPipe(schema));
/** The query string, parsed by `schema` (values arrive as strings: use z.coerce for numbers). */
export const ZodQuery = <S extends z.ZodType>(schema: S) => Query(new ZodValidationPipe(schema));
/** One route parameter, parsed by `schema`. */
export const ZodParam = <S extends z.ZodType>(name: string, schema: S) => Param(name, new ZodValidationPipe(schema));
