/**
 * The legacy Explore data flow (charts-dashboards-reports §2 and §7: "Legacy POST to the explore_json
 * endpoint with form_data"): Superset's `/superset/explore_json/` reads the form data, not a query context,
 * and answers one payload `{data, query, status, ...}` per chart instead of `{result: [...]}`. What that
 * endpoint reads and how its answer is shaped, kept apart from the HTTP edge so each rule has one place.
 */
import { ErrorType } from '@strata/domain';
import { StrataHttpException } from '../../common/error-body';
import { coercedRecordId } from '../../common/ids';

/** The response type a request asks for with `?<type>=true` (Superset reads the first that is 'true'). */
export const LEGACY_RESPONSE_TYPES = ['csv', 'xlsx', 'query', 'results', 'samples', 'full'] as const;
export type LegacyResponseType = (typeof LEGACY_RESPONSE_TYPES)[number];

export function legacyResponseType(query: Readonly<Record<string, unknown>>): LegacyResponseType {
  return LEGACY_RESPONSE_TYPES.find((t) => query[t] === 'true') ?? 'full';
}

const bad = (message: string, type: ErrorType = ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR) =>
  new StrataHttpException(400, type, message);

/** Form data as either transport sends it: a JSON text (query string, form field) or an object (JSON body). */
function formDataOf(value: unknown, where: string): Record<string, unknown> | null {
  if (value === undefined || value === null || value === '') return null;
  let parsed = value;
  if (typeof value === 'string') {
    if (value.length > 1_000_000) throw bad(`form_data in the ${where} is too large.`);
    try {
      parsed = JSON.parse(value);
    } catch {
      throw bad(`form_data in the ${where} is not valid JSON.`, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR);
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw bad(`form_data in the ${where} must be a JSON object.`);
  return parsed as Record<string, unknown>;
}

/** The request's form data: the body's (a form field or a JSON member) over the query string's. */
export function requestFormData(body: unknown, query: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const fromBody =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? formDataOf((body as Record<string, unknown>).form_data, 'body')
      : null;
  const fromQuery = formDataOf(query.form_data, 'query string');
  const formData = fromBody ?? fromQuery;
  if (!formData) throw bad('form_data is required: a JSON object of the chart controls.');
  return formData;
}

/** The saved chart a form names (`slice_id`), whose saved controls the request's own override. */
export function sliceIdOf(formData: Readonly<Record<string, unknown>>): number | null {
  if (formData.slice_id === undefined || formData.slice_id === null || formData.slice_id === '') return null;
  const parsed = coercedRecordId.safeParse(formData.slice_id);
  if (!parsed.success) throw bad('form_data.slice_id must be a positive integer.');
  return parsed.data;
}

const datasourceKey = /^(\d{1,15})__([a-z_]{1,32})$/;

/**
 * Which datasource the form queries: the address's `/<type>/<id>/` if given (Superset's older routes), else
 * form_data.datasource `"<id>__<type>"`. The viz type must be named: it decides the query.
 */
export function legacyTarget(
  formData: Readonly<Record<string, unknown>>,
  path: { datasourceType?: string; datasourceId?: string },
): { id: number; type: string; vizType: string } {
  let id: number;
  let type: string;
  if (path.datasourceType !== undefined && path.datasourceId !== undefined) {
    const pathId = coercedRecordId.safeParse(path.datasourceId);
    if (!/^\d{1,10}$/.test(path.datasourceId) || !pathId.success || !/^[a-z_]{1,32}$/.test(path.datasourceType))
      throw bad('The datasource in the address must be /<type>/<id>/.');
    id = pathId.data;
    type = path.datasourceType;
  } else {
    const match = typeof formData.datasource === 'string' ? datasourceKey.exec(formData.datasource) : null;
    if (!match) throw bad('form_data.datasource must name a datasource as "<id>__<type>", e.g. "1__table".');
    const keyId = coercedRecordId.safeParse(match[1]);
    if (!keyId.success) throw bad('form_data.datasource names no dataset: its id is out of range.');
    id = keyId.data;
    type = match[2]!;
  }
  const vizType = formData.viz_type;
  if (typeof vizType !== 'string' || !/^[\w.-]{1,250}$/.test(vizType))
    throw bad('form_data.viz_type must name the chart type, e.g. "table".');
  return { id, type, vizType };
}

type Payload = Record<string, unknown>;

/**
 * The legacy answer for a full result (Superset's viz.get_payload): the chart data query's first result
 * (a legacy chart is one query) with the form data it ran, `error` and `stacktrace` null on success.
 */
export function legacyPayload(result: unknown, formData: Readonly<Record<string, unknown>>): Payload {
  const r = (typeof result === 'object' && result !== null ? result : {}) as Payload;
  return {
    cache_key: r.cache_key ?? null,
    cached_dttm: r.cached_dttm ?? null,
    cache_timeout: r.cache_timeout ?? null,
    applied_template_filters: r.applied_template_filters ?? [],
    annotation_data: r.annotation_data ?? {},
    error: null,
    form_data: formData,
    is_cached: r.is_cached ?? false,
    query: r.query ?? '',
    from_dttm: r.from_dttm ?? null,
    to_dttm: r.to_dttm ?? null,
    status: r.status ?? 'success',
    stacktrace: null,
    rowcount: r.rowcount ?? 0,
    colnames: r.colnames ?? [],
    coltypes: r.coltypes ?? [],
    applied_filters: r.applied_filters ?? [],
    rejected_filters: r.rejected_filters ?? [],
    data: r.data ?? [],
  };
}
