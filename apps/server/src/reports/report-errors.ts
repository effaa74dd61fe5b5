/**
 * Refusals of the reports API in the spec's error shape, each naming the API field it is about in the
 * message and in `extra.field` (Superset answers `{message: {<field>: [...]}}`). Statuses follow
 * Superset's report API: a value its schema refuses is 400; a rule across schedules or objects (a name
 * taken, a chart that does not exist) is 422, as its ReportScheduleInvalidError.
 */
import { ErrorType, ReportFieldError } from '@strata/domain';
import { StrataHttpException } from '../common/error-body';

/** The domain's field names that the API body spells otherwise. */
const API_FIELD: Record<string, string> = {
  chart_id: 'chart',
  dashboard_id: 'dashboard',
  database_id: 'database',
  dashboard_view: 'extra',
  validator: 'validator_config_json',
};

export function fieldRefusal(status: 400 | 422, field: string, message: string): StrataHttpException {
  const errorType = status === 400 ? ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR : ErrorType.GENERIC_COMMAND_ERROR;
  return new StrataHttpException(status, errorType, `${field}: ${message}`, { field, code: 'invalid_report_field' });
}

/** A ReportFieldError of the domain as the answer naming the body's field (400, or 422 for a taken name). */
export function fromFieldError(error: ReportFieldError, status: 400 | 422 = 400): StrataHttpException {
  const reason = error.message.startsWith(`${error.field}: `)
    ? error.message.slice(error.field.length + 2)
    : error.message;
  return fieldRefusal(status, API_FIELD[error.field] ?? error.field, reason);
}

export { ReportFieldError };
