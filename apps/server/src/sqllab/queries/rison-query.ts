/**
 * `?q=<rison>` query parameters (REFERENCE §1.1: `/results/?q=(key:'...',rows:N)`, list filters), decoded
 * and then validated with zod. A `q` that is not rison is a 400 like any other invalid input.
 */
import { createRequire } from 'node:module';
import { Query } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import type { z } from 'zod';
import { StrataHttpException } from '../../common/error-body';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';

// rison ships no types; only `decode` is used.
const rison = createRequire(__filename)('rison') as { decode(text: string): unknown; encode(value: unknown): string };

export function decodeRison(q: unknown): unknown {
  if (q === undefined || q === '') return {};
  if (typeof q !== 'string') throw new StrataHttpException(400, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, 'The q parameter must be one rison value.');
  try {
    return rison.decode(q);
  } catch {
    throw new StrataHttpException(400, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, 'The q parameter is not valid rison.');
  }
}

export const encodeRison = (value: unknown): string => rison.encode(value);

/** The `q` parameter, rison-decoded and parsed by `schema`. */
export const RisonQuery = <S extends z.ZodType>(schema: S) =>
  Query('q', { transform: (value: unknown) => new ZodValidationPipe(schema).transform(decodeRison(value), { type: 'query', data: 'q' }) });
