/**
 * Pure transformations of the form data: defaults for a new chart, the datasource remap, and moving a
 * renamed metric's column settings. The viz type switch is in viz-switch.ts.
 */
import { controlDef, DATA_KINDS } from '../controls/control-defs';
import { DEFAULT_EXPLORE_FORM, DEFAULT_VIZ_TYPE } from '../controls/constants';
import { metricLabel } from '../controls/metric-label';
import { fitToDatasource } from '../controls/remap';
import { datasourceKeyOf, type DatasourceMeta, type FormData, type Metric } from '../controls/types';
import { isEmptyValue } from '../../platform/validators/validators';
import { vizControlNames } from '../controls/viz-panels';

type Fields = Record<string, unknown>;

/** Fills every control of the viz type the form lacks with its default (charts-dashboards-reports §9 default form first). */
export function completeFormData(partial: Partial<FormData>, datasource: DatasourceMeta | null): FormData {
  const vizType = typeof partial.viz_type === 'string' && partial.viz_type ? partial.viz_type : DEFAULT_VIZ_TYPE;
  const out: Fields = {
    ...partial,
    viz_type: vizType,
    datasource: datasource ? datasourceKeyOf(datasource) : (partial.datasource ?? ''),
  };
  for (const name of vizControlNames(vizType)) {
    if (out[name] !== undefined) continue;
    const formDefault = (DEFAULT_EXPLORE_FORM as Fields)[name];
    out[name] = formDefault !== undefined ? formDefault : controlDef(name)?.default(datasource);
  }
  return out as FormData;
}

/**
 * charts-dashboards-reports §4 "Changing the datasource remaps controls and lists those transferred": data controls keep
 * only what the new dataset has (§5); a time column it lacks becomes its main time column. Listed as
 * transferred: the data controls that had a value and still have (part of) it.
 */
export function remapToDatasource(
  formData: FormData,
  datasource: DatasourceMeta,
): { formData: FormData; transferred: string[] } {
  const next: Fields = { ...formData, datasource: datasourceKeyOf(datasource) };
  const transferred: string[] = [];
  for (const [name, value] of Object.entries(formData)) {
    const def = controlDef(name);
    if (!def || !DATA_KINDS.has(def.kind)) continue;
    const fitted = fitToDatasource(def, value, datasource);
    const hadValue = !isEmptyValue(value);
    if (hadValue && !isEmptyValue(fitted)) transferred.push(name);
    next[name] =
      isEmptyValue(fitted) && (def.kind === 'temporalColumn' || name === 'x_axis') ? def.default(datasource) : fitted;
  }
  return { formData: next as FormData, transferred };
}

/** The stash, remapped the same way: a restored field must fit the dataset it returns to. */
export function remapHidden(hidden: Readonly<Fields>, datasource: DatasourceMeta): Fields {
  const out: Fields = {};
  for (const [name, value] of Object.entries(hidden)) {
    const def = controlDef(name);
    out[name] = def && DATA_KINDS.has(def.kind) ? fitToDatasource(def, value, datasource) : value;
  }
  return out;
}

/**
 * charts-dashboards-reports §4 "Renaming a metric moves its column configuration to the new label": metrics are matched by
 * their optionName; the settings stored under the old label move to the new one. Null when nothing moved.
 */
export function movedColumnConfig(previous: unknown, next: unknown, columnConfig: unknown): Fields | null {
  if (!Array.isArray(previous) || !Array.isArray(next) || !columnConfig || typeof columnConfig !== 'object')
    return null;
  const config: Fields = { ...(columnConfig as Fields) };
  let moved = false;
  for (const metric of next as Metric[]) {
    if (typeof metric === 'string' || !metric.optionName) continue;
    const old = (previous as Metric[]).find((p) => typeof p !== 'string' && p.optionName === metric.optionName);
    if (!old) continue;
    const from = metricLabel(old);
    const to = metricLabel(metric);
    if (from === to || !(from in config)) continue;
    config[to] = config[from];
    delete config[from];
    moved = true;
  }
  return moved ? config : null;
}
