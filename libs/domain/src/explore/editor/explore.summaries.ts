import { count, defineSummaries, quote, the } from '../../audit/summary';
import { controlDef } from '../controls/control-defs';
import { metricLabel } from '../controls/metric-label';
import { vizTypeLabel } from '../controls/viz-panels';
import type { AdhocFilterSimple, AdhocMetric } from '../controls/types';
import type { ExploreEvent } from './explore.events';
import { evolveExplore } from './explore.evolve';
import { initialExploreState, type ExploreState } from './model';

/**
 * What each Explore event says in the audit log (issue 13). Explore's events name the chart only when it
 * is opened, renamed or saved, so the names fold is Explore's own evolve: `before.sliceName` is the
 * chart's name at that moment ('' while a new chart is being built).
 */
const chart = (objectName: string | undefined, before: ExploreState | undefined) => {
  const name = objectName || before?.sliceName;
  return name ? the('chart', name) : 'the chart being built';
};

/** 'Row limit' reads 'row limit' in a sentence; 'SQL ...' or 'X-axis' keep their capitals. */
function controlLabel(name: string): string {
  const label = controlDef(name)?.label ?? name.replace(/_/g, ' ');
  return /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

const isAdhocMetric = (value: object): value is AdhocMetric =>
  'expressionType' in value && ('aggregate' in value || ('sqlExpression' in value && !('clause' in value)));

const isSimpleFilter = (value: object): value is AdhocFilterSimple =>
  'subject' in value && 'operator' in value && typeof (value as { subject: unknown }).subject === 'string';

const comparatorText = (comparator: AdhocFilterSimple['comparator']) =>
  Array.isArray(comparator) ? comparator.join(', ') : comparator === null ? '' : String(comparator);

/** One item of a control's value as a person names it: a metric's label, a filter's column, a column. */
function itemText(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (value === null || typeof value !== 'object') return undefined;
  if (isAdhocMetric(value)) return metricLabel(value);
  if (isSimpleFilter(value)) return `${value.subject} ${value.operator} ${comparatorText(value.comparator)}`.trim();
  const named = value as { label?: unknown; subject?: unknown; sqlExpression?: unknown; column_name?: unknown };
  for (const candidate of [named.label, named.subject, named.column_name, named.sqlExpression]) {
    if (typeof candidate === 'string' && candidate !== '') return candidate;
  }
  return undefined;
}

const MAX_LISTED = 3;

/** The new value, in words, or undefined when it has no short readable form (then it is left out). */
function valueText(name: string, value: unknown): string | undefined {
  const choice = controlDef(name)?.choices?.find(([v]) => v === value);
  if (choice) return quote(choice[1]);
  if (!Array.isArray(value)) {
    const text = itemText(value);
    return text === undefined ? undefined : quote(text);
  }
  const items = value.map(itemText);
  if (items.length > MAX_LISTED || items.some((item) => item === undefined)) return count(items.length, 'item');
  return items.map(quote).join(', ');
}

const isCleared = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

function controlChanged(name: string, value: unknown, who: string, of: string): string {
  const label = controlLabel(name);
  if (typeof value === 'boolean') return `${who} turned ${value ? 'on' : 'off'} the ${label} of ${of}`;
  if (isCleared(value)) return `${who} cleared the ${label} of ${of}`;
  const text = valueText(name, value);
  return text === undefined
    ? `${who} changed the ${label} of ${of}`
    : `${who} changed the ${label} of ${of} to ${text}`;
}

/** "the settings 'dimensions', 'metrics'" or "4 settings". */
const fieldList = (fields: readonly string[]) =>
  fields.length > 0 && fields.length <= MAX_LISTED
    ? `the ${fields.length === 1 ? 'setting' : 'settings'} ${fields.map((f) => quote(controlLabel(f))).join(', ')}`
    : count(fields.length, 'setting');

/** The rows the first query answered, when the chart data API said. */
function rowsOf(queriesResponse: readonly unknown[]): number | undefined {
  const first = queriesResponse[0] as { rowcount?: unknown } | undefined;
  return typeof first?.rowcount === 'number' ? first.rowcount : undefined;
}

export const exploreSummaries = defineSummaries<ExploreEvent, ExploreState>({
  context: 'explore',
  names: { initial: initialExploreState, evolve: evolveExplore },
  of: {
    'explore/opened': (d, { who }) =>
      d.slice
        ? `${who} opened ${the('chart', d.slice.slice_name)} in Explore`
        : d.datasource
          ? `${who} opened Explore on ${the('dataset', d.datasource.datasource_name)}`
          : `${who} opened Explore`,
    'explore/controlChanged': (d, { who, objectName, before }) =>
      controlChanged(d.name, d.value, who, chart(objectName, before)),
    'explore/vizTypeChanged': (d, { who, objectName, before }) =>
      `${who} turned ${chart(objectName, before)} into a ${vizTypeLabel(d.vizType)}`,
    'explore/datasourceChanged': (d, { who, objectName, before }) =>
      `${who} switched ${chart(objectName, before)} to ${the('dataset', d.datasource.datasource_name)}`,
    'explore/formDataStashed': (d, { who, objectName, before }) =>
      `${who} set aside ${fieldList(d.fields)} of ${chart(objectName, before)} (the chart type has no use for them)`,
    'explore/formDataRestored': (d, { who, objectName, before }) =>
      `${who} brought back ${fieldList(d.fields)} of ${chart(objectName, before)}`,
    'explore/sliceNameChanged': (d, { who, objectName, before }) =>
      `${who} renamed ${chart(objectName, before)} to ${quote(d.name)}`,
    'explore/queryTriggered': (d, { who, objectName, before }) =>
      d.force
        ? `${who} ran the query of ${chart(objectName, before)} again, bypassing the cache`
        : `${who} ran the query of ${chart(objectName, before)}`,
    'explore/chartLoaded': (d, { who, objectName, before }) => {
      const rows = rowsOf(d.queriesResponse);
      const what = rows === undefined ? 'its data' : count(rows, 'row');
      return `the query of ${chart(objectName, before)} returned ${what} to ${who}`;
    },
    'explore/chartRendered': (_d, { who, objectName, before }) => `${who} was shown ${chart(objectName, before)}`,
    'explore/chartFailed': (d, { who, objectName, before }) =>
      `the query of ${chart(objectName, before)} failed for ${who}: ${quote(d.message)}`,
    'explore/chartStopped': (_d, { who, objectName, before }) =>
      `${who} stopped the query of ${chart(objectName, before)}`,
    'explore/sliceSaved': (d, { who }) => `${who} saved ${the('chart', d.slice.slice_name)}`,
    'explore/chartFavorited': (_d, { who, objectName, before }) =>
      `${who} added ${chart(objectName, before)} to their favorites`,
    'explore/chartUnfavorited': (_d, { who, objectName, before }) =>
      `${who} removed ${chart(objectName, before)} from their favorites`,
  },
});
