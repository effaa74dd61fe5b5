/**
 * Annotation data (charts-dashboards-reports §3 Annotation, §4 Annotation query, §7 "POST to the annotation
 * data URL"; REFERENCE §2.2 `annotation_data`): a layer that reads another saved chart runs that chart's
 * own query, as the domain builds it, with the layer's overrides taken from the annotated chart, and as
 * the user asking (its dataset must be readable by them). EVENT and INTERVAL layers read a table chart's
 * rows (`{records}`); TIME_SERIES a line chart's series (`[{key, values: [{x, y}]}]`), Superset's shapes.
 * FORMULA layers have no source and are computed where they are drawn; NATIVE layers (the annotation
 * layers table) do not exist in Strata and are refused by name.
 */
import { Injectable } from '@nestjs/common';
import { annotationQueryFormData, ErrorType, type AnnotationData, type AnnotationLayer } from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../../auth/current-user';
import { parsedParams } from '../../charts/chart-json';
import { StrataHttpException } from '../../common/error-body';
import { ChartDataService } from '../chart-data.service';
import { ChartDatasources } from '../chart-datasource';
import { buildQueryContext, GenericDataType, QueryContextError } from '../explore-domain';
import type { QueryPayload } from '../payload';
import { queryContextSchema, type QueryContext, type QueryObject } from '../query-context.schema';

interface LayerChartRow {
  id: number;
  viz_type: string;
  params: string | null;
  datasource_id: number;
  datasource_type: string;
}

const bad = (message: string) => new StrataHttpException(400, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, message);

/** A temporal value as epoch milliseconds (the server may send ISO text or numbers; naive text is UTC). */
export function epochMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'string' || value === '') return null;
  let text = /^\d{4}-\d\d-\d\d \d/.test(value) ? value.replace(' ', 'T') : value;
  if (/T\d\d:\d\d/.test(text) && !/([zZ]|[+-]\d\d:?\d\d)$/.test(text)) text += 'Z';
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/** A line chart's result (time column + one column per series, pivoted by its post-processing) as series. */
export function timeSeriesOf(payload: Pick<QueryPayload, 'colnames' | 'coltypes' | 'data'>): AnnotationData {
  const xIndex = Math.max(0, payload.coltypes.indexOf(GenericDataType.TEMPORAL));
  const x = payload.colnames[xIndex];
  if (x === undefined) return [];
  return payload.colnames
    .filter((c) => c !== x)
    .map((key) => ({
      key,
      values: payload.data
        .map((row) => ({ x: epochMs(row[x]), y: typeof row[key] === 'number' ? (row[key] as number) : null }))
        .filter((p): p is { x: number; y: number | null } => p.x !== null),
    }));
}

@Injectable()
export class AnnotationDataService {
  constructor(
    private readonly db: DataSource,
    private readonly sources: ChartDatasources,
    private readonly charts: ChartDataService,
  ) {}

  /** One layer's data for the annotated chart's form data; 4xx when the chart is missing, unreadable or unfit. */
  async layerData(
    layer: AnnotationLayer,
    annotated: Readonly<Record<string, unknown>>,
    user: CurrentUser,
    force = false,
  ): Promise<AnnotationData> {
    if (layer.sourceType === '') throw bad(`The annotation layer '${layer.name}' has no source to query.`);
    if (layer.sourceType === 'NATIVE')
      throw bad(
        `The annotation layer '${layer.name}' reads native annotation layers, which this server does not keep.`,
      );
    const id = Number(layer.value);
    const [row] = (await this.db.query(
      `SELECT id, viz_type, params, datasource_id, datasource_type FROM charts WHERE id = $1`,
      [id],
    )) as LayerChartRow[];
    if (!row)
      throw new StrataHttpException(404, ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, `The chart ${id} does not exist.`);
    // 404/403 unless the user may read the layer chart's dataset.
    const source = await this.sources.resolve(row.datasource_id, row.datasource_type, user);
    const formData = annotationQueryFormData(layer, { ...parsedParams(row.params), viz_type: row.viz_type }, annotated);
    let query: QueryObject;
    try {
      const context = buildQueryContext(formData, {
        id: row.datasource_id,
        type: row.datasource_type,
        columns: source.dataset.columns,
      });
      const parsed = queryContextSchema.safeParse(context);
      if (!parsed.success) throw bad(`The chart ${id} of the annotation layer '${layer.name}' has no valid query.`);
      query = parsed.data.queries[0]!;
    } catch (error) {
      if (error instanceof QueryContextError) throw bad(error.message);
      throw error;
    }
    const payload = (await this.charts.runOne(source, query, {
      force,
      resultType: 'full',
      resultFormat: 'json',
    })) as QueryPayload;
    return layer.annotationType === 'TIME_SERIES' ? timeSeriesOf(payload) : { records: payload.data };
  }

  /** A chart data answer (sync or async) with each full result's `annotation_data` from its query object's layers. */
  async withAnnotations(result: unknown[], context: QueryContext, user: CurrentUser): Promise<unknown[]> {
    return Promise.all(
      result.map(async (r, i) => {
        const layers = context.queries[i]?.annotation_layers;
        if (!layers?.length || typeof r !== 'object' || r === null || !('annotation_data' in r)) return r;
        return { ...r, annotation_data: await this.forChart(layers, context.form_data ?? {}, user, context.force) };
      }),
    );
  }

  /**
   * The `annotation_data` of a chart data answer: every shown layer with a source, by name. A layer that
   * cannot be read is left out here (the chart still draws); the annotation data endpoint says why.
   */
  async forChart(
    layers: readonly AnnotationLayer[] | null | undefined,
    annotated: Readonly<Record<string, unknown>>,
    user: CurrentUser,
    force = false,
  ): Promise<Record<string, AnnotationData>> {
    const out: Record<string, AnnotationData> = {};
    for (const layer of layers ?? []) {
      if (layer.show === false || layer.sourceType === '' || layer.sourceType === 'NATIVE') continue;
      try {
        out[layer.name] = await this.layerData(layer, annotated, user, force);
      } catch (error) {
        if (!(error instanceof StrataHttpException)) throw error;
      }
    }
    return out;
  }
}
