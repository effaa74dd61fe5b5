/**
 * `?q=<rison>` query parameters (REFERENCE §1.1: `/results/?q=(key:'...',rows:N)`, list filters), decoded
 * and then validated with zod. A `q` that is not rison is a 400 like any other invalid input.
 */
import { createRequire } from 'node:module';
import { Query } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import type { z } from 'zod';
import { StrataHttpException } from './error-body';
import { ZodValidationPipe } from './zod-validation.pipe';

interface RisonParser {
  parse(text: string): unknown;
  error(message: string): undefined;
  message: string | null;
}

// rison ships no types; only its parser and `encode` are used.
const rison = createRequire(__filename)('rison') as {
  encode(value: unknown): string;
  parser: new (errorHandler: (message: string) => void) => RisonParser;
};

/**
 * rison's own decode prints every parse error with console.log before throwing: a client sending bad `q`
 * values could fill the server's output. This parser only throws; the caller answers 400.
 */
function parseQuietly(text: string): unknown {
  const parser = new rison.parser((message) => {
    throw new Error(message);
  });
  parser.error = function (this: RisonParser, message: string) {
    this.message = message;
    return undefined;
  };
  return parser.parse(text);
}

export function decodeRison(q: unknown): unknown {
  if (q === undefined || q === '') return {};
  if (typeof q !== 'string')
    throw new StrataHttpException(
      400,
      ErrorType.INVALID_PAYLOAD_FORMAT_ERROR,
      'The q parameter must be one rison value.',
    );
  try {
    return parseQuietly(q);
  } catch {
    throw new StrataHttpException(400, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, 'The q parameter is not valid rison.');
  }
}

export const encodeRison = (value: unknown): string => rison.encode(value);

/** The `q` parameter, rison-decoded and parsed by `schema`. */
export const RisonQuery = <S extends z.ZodType>(schema: S) =>
  Query('q', {
    transform: (value: unknown) =>
      new ZodValidationPipe(schema).transform(decodeRison(value), { type: 'query', data: 'q' }),
  });
