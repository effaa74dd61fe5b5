/**
 * templateParams rendered into the SQL with liquidjs (issue item 2). A template can never run code or
 * read a file: liquidjs evaluates no JavaScript, `templates: {}` makes include/render/layout find
 * nothing (no file system), ownPropertyOnly hides prototypes, and the limits stop a template that
 * loops or grows without end. Undefined variables are errors (strictVariables), so a missing parameter
 * is reported instead of silently rendering as ''.
 */
import { ErrorType } from '@strata/domain';
import { Liquid, UndefinedVariableError } from 'liquidjs';
import { StrataHttpException } from '../../common/error-body';

const liquid = new Liquid({
  templates: {},
  strictVariables: true,
  strictFilters: true,
  ownPropertyOnly: true,
  parseLimit: 1_000_000,
  renderLimit: 2_000,
  memoryLimit: 10_000_000,
});

// `{{ name` or `{%`: a template. `{{1,2},{3,4}}` (a PostgreSQL array literal) is not one.
const TEMPLATE_MARKER = /\{\{-?\s*[A-Za-z_]|\{%/;

const invalid = (message: string) => new StrataHttpException(400, ErrorType.INVALID_TEMPLATE_PARAMS_ERROR, message);

export function parseTemplateParams(raw: string | Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (raw === null || raw === undefined || raw === '') return {};
  if (typeof raw === 'object') return raw;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid('The template parameters are not valid JSON.');
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed))
    throw invalid('The template parameters must be a JSON object.');
  return parsed as Record<string, unknown>;
}

export async function renderSql(sql: string, params: Record<string, unknown>): Promise<string> {
  if (!TEMPLATE_MARKER.test(sql)) return sql;
  try {
    return await liquid.parseAndRender(sql, params);
  } catch (err) {
    const cause = (err as { originalError?: unknown }).originalError ?? err;
    if (err instanceof UndefinedVariableError || cause instanceof UndefinedVariableError) {
      const name = /undefined variable: ([^,]+)/.exec((err as Error).message)?.[1];
      throw new StrataHttpException(
        400,
        ErrorType.MISSING_TEMPLATE_PARAMS_ERROR,
        `The following parameters in your query are undefined: ${name ?? 'unknown'}.`,
        {
          undefined_parameters: name ? [name] : [],
        },
      );
    }
    throw invalid(`The query contains one or more malformed template parameters: ${(err as Error).message}`);
  }
}
