/** `?q=<rison>` of the database endpoints, decoded then validated with zod; a bad `q` is a 400. */
import { createRequire } from 'node:module';
import { Query } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import type { z } from 'zod';
import { StrataHttpException } from '../common/error-body';
import { ZodValidationPipe } from '../common/zod-validation.pipe';

// rison ships no types; only `decode` is used.
const rison = createRequire(__filename)('rison') as { decode(text: string): unknown };

function decode(q: unknown): unknown {
  if (q === undefined || q === '') return {};
  if (typeof q !== 'string') throw new StrataHttpException(400, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, 'The q parameter must be one rison value.');
  try {
    return rison.decode(q);
  } catch {
    throw new StrataHttpException(400, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, 'The q parameter is not valid rison.');
  }
}

export const RisonQ = <S extends z.ZodType>(schema: S) =>
  Query('q', { transform: (value: unknown) => new ZodValidationPipe(schema).transform(decode(value), { type: 'query', data: 'q' }) });
