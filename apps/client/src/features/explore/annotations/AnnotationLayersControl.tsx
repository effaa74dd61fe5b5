/**
 * Explore's annotation layers control (issue 16 item 2) on line, bar and area charts: the layers as chips
 * (name, type, the §4 query state: loading, its error), '+ Add annotation layer', and an editor for one
 * layer: name, type (formula, event, interval, time series), the formula or the saved chart it reads (a
 * table chart for events and intervals, a line chart for a time series) with its columns, the time range
 * override, colour, style, width, opacity and show. Apply checks the layer with the domain's schema, so
 * what the server would refuse is said here first.
 */
import { useEffect, useId, useState } from 'react';
import rison from 'rison';
import {
  annotationLayerSchema,
  compileFormula,
  EMPTY_CHART_ANNOTATIONS,
  FormulaError,
  type AnnotationLayer,
  type AnnotationType,
} from '@strata/domain';
import { useOptionalServices } from '../../../app/services-context';
import { useStoreState } from '../../../shared/use-store-state';
import type { ControlProps } from '../controls/SimpleControls';
import { exploreFor } from '../use-explore';
import { EXPLORE_CHART } from './annotation-queries';
import './annotations.css';

const TYPES: readonly [AnnotationType, string][] = [
  ['FORMULA', 'Formula'],
  ['EVENT', 'Event'],
  ['INTERVAL', 'Interval'],
  ['TIME_SERIES', 'Time series'],
];
const TYPE_LABEL = Object.fromEntries(TYPES) as Record<AnnotationType, string>;
const STYLES = [
  ['solid', 'Solid'],
  ['dashed', 'Dashed'],
  ['dotted', 'Dotted'],
  ['longDashed', 'Long dashed'],
] as const;
const OPACITIES = [
  ['', 'Default'],
  ['opacityLow', 'Low'],
  ['opacityMedium', 'Medium'],
  ['opacityHigh', 'High'],
] as const;
/** The charts a layer of each type reads (Superset: table for events and intervals, line for a series). */
const LINE_TYPES = new Set(['echarts_timeseries_line', 'echarts_timeseries_smooth', 'echarts_timeseries_step', 'line']);
const fits = (type: AnnotationType, vizType: string) =>
  type === 'TIME_SERIES' ? LINE_TYPES.has(vizType) : vizType === 'table';
const sourceOf = (type: AnnotationType) => (type === 'FORMULA' ? '' : type === 'TIME_SERIES' ? 'line' : 'table');

interface ChartOption {
  id: number;
  slice_name: string;
  viz_type: string;
}

type Draft = Partial<AnnotationLayer> & { annotationType: AnnotationType };

const newDraft = (): Draft => ({
  name: '',
  annotationType: 'FORMULA',
  sourceType: '',
  value: '',
  show: true,
  style: 'solid',
  width: 1,
  color: '#ff7f0e',
  overrides: {},
  descriptionColumns: [],
});

function formulaProblem(draft: Draft): string | null {
  if (draft.annotationType !== 'FORMULA' || !String(draft.value ?? '').trim()) return null;
  try {
    compileFormula(String(draft.value));
    return null;
  } catch (e) {
    return e instanceof FormulaError ? e.message : String(e);
  }
}

/** The saved charts a layer may read, loaded once the editor needs them; none without the page's services. */
function useChartOptions(needed: boolean): ChartOption[] | null {
  const services = useOptionalServices();
  const [charts, setCharts] = useState<ChartOption[] | null>(null);
  useEffect(() => {
    if (!needed || !services || charts) return;
    const q = rison.encode({
      columns: ['id', 'slice_name', 'viz_type'],
      page_size: 200,
      order_column: 'slice_name',
      order_direction: 'asc',
    });
    let live = true;
    services.http
      .get<{ result: ChartOption[] }>(`/api/v1/chart/?q=${encodeURIComponent(q)}`)
      .then((body) => live && setCharts(body.result))
      .catch(() => live && setCharts([]));
    return () => {
      live = false;
    };
  }, [needed, services, charts]);
  return charts;
}

function LayerEditor({
  layer,
  names,
  onApply,
  onCancel,
}: {
  layer: Draft;
  names: readonly string[];
  onApply(layer: AnnotationLayer): void;
  onCancel(): void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(layer);
  const [problem, setProblem] = useState<string | null>(null);
  const charts = useChartOptions(draft.annotationType !== 'FORMULA');
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const formula = formulaProblem(draft);
  const field = (label: string, input: React.ReactNode) => (
    <label className="explore-annotation__field">
      <span>{label}</span>
      {input}
    </label>
  );
  const text = (label: string, key: 'timeColumn' | 'intervalEndColumn' | 'titleColumn') =>
    field(
      label,
      <input
        aria-label={label}
        value={String(draft[key] ?? '')}
        onChange={(e) => set({ [key]: e.target.value || null })}
      />,
    );
  const apply = () => {
    const parsed = annotationLayerSchema.safeParse({ ...draft, sourceType: sourceOf(draft.annotationType) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setProblem(`${issue.path.join('.') || 'layer'}: ${issue.message}`);
      return;
    }
    if (names.includes(parsed.data.name)) {
      setProblem(`name: another layer is named '${parsed.data.name}'`);
      return;
    }
    if (formula) return setProblem(`value: ${formula}`);
    onApply(parsed.data);
  };
  return (
    <div className="explore-annotation__editor" role="group" aria-label="Annotation layer">
      {field(
        'Layer name',
        <input aria-label="Layer name" value={draft.name ?? ''} onChange={(e) => set({ name: e.target.value })} />,
      )}
      {field(
        'Annotation layer type',
        <select
          aria-label="Annotation layer type"
          value={draft.annotationType}
          onChange={(e) => {
            const annotationType = e.target.value as AnnotationType;
            set({ annotationType, sourceType: sourceOf(annotationType), value: '' });
          }}
        >
          {TYPES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>,
      )}
      {draft.annotationType === 'FORMULA' ? (
        <>
          {field(
            'Formula',
            <input
              aria-label="Formula"
              placeholder="y = 2*x + 1"
              value={String(draft.value ?? '')}
              onChange={(e) => set({ value: e.target.value })}
            />,
          )}
          {formula && <div className="form-error">{formula}</div>}
        </>
      ) : (
        <>
          {field(
            'Source chart',
            <select
              aria-label="Source chart"
              value={String(draft.value ?? '')}
              onChange={(e) => set({ value: e.target.value ? Number(e.target.value) : '' })}
            >
              <option value="">{charts === null ? 'Loading charts…' : 'Choose a chart'}</option>
              {(charts ?? [])
                .filter((c) => fits(draft.annotationType, c.viz_type))
                .map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.slice_name}
                  </option>
                ))}
            </select>,
          )}
          {draft.annotationType !== 'TIME_SERIES' && (
            <>
              {text('Time column', 'timeColumn')}
              {draft.annotationType === 'INTERVAL' && text('Interval end column', 'intervalEndColumn')}
              {text('Title column', 'titleColumn')}
              {field(
                'Description columns',
                <input
                  aria-label="Description columns"
                  placeholder="comma separated"
                  value={(draft.descriptionColumns ?? []).join(', ')}
                  onChange={(e) =>
                    set({
                      descriptionColumns: e.target.value
                        .split(',')
                        .map((s) => s.trim())
                        .filter(Boolean),
                    })
                  }
                />,
              )}
            </>
          )}
          <label className="explore-check">
            <input
              type="checkbox"
              checked={'time_range' in (draft.overrides ?? {})}
              onChange={(e) => {
                const { time_range: _gone, ...rest } = draft.overrides ?? {};
                set({ overrides: e.target.checked ? { ...rest, time_range: null } : rest });
              }}
            />
            Use this chart&apos;s time range
          </label>
        </>
      )}
      {field(
        'Colour',
        <input
          aria-label="Colour"
          type="color"
          value={draft.color ?? '#666666'}
          onChange={(e) => set({ color: e.target.value })}
        />,
      )}
      {field(
        'Line style',
        <select
          aria-label="Line style"
          value={draft.style ?? 'solid'}
          onChange={(e) => set({ style: e.target.value as Draft['style'] })}
        >
          {STYLES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>,
      )}
      {field(
        'Line width',
        <input
          aria-label="Line width"
          type="number"
          min={0}
          max={50}
          value={draft.width ?? 1}
          onChange={(e) => set({ width: Number(e.target.value) })}
        />,
      )}
      {draft.annotationType === 'INTERVAL' &&
        field(
          'Opacity',
          <select
            aria-label="Opacity"
            value={draft.opacity ?? ''}
            onChange={(e) => set({ opacity: e.target.value || null })}
          >
            {OPACITIES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>,
        )}
      <label className="explore-check" htmlFor={`${id}-show`}>
        <input
          id={`${id}-show`}
          type="checkbox"
          checked={draft.show !== false}
          onChange={(e) => set({ show: e.target.checked })}
        />
        Show
      </label>
      {problem && (
        <div className="form-error" role="alert">
          {problem}
        </div>
      )}
      <div className="explore-annotation__actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={apply}>
          Apply
        </button>
      </div>
    </div>
  );
}

/** A layer's §4 query state in Explore: loading, or the error of its last query. */
function LayerStatus({ name }: { name: string }) {
  const services = useOptionalServices();
  if (!services) return null;
  return <KnownLayerStatus name={name} store={exploreFor(services).annotations.store.state$} />;
}

function KnownLayerStatus({
  name,
  store,
}: {
  name: string;
  store: ReturnType<typeof exploreFor>['annotations']['store']['state$'];
}) {
  const state = useStoreState(store)[EXPLORE_CHART] ?? EMPTY_CHART_ANNOTATIONS;
  if (state.annotationQuery[name]) return <span className="muted"> loading…</span>;
  const error = state.annotationError[name];
  return error ? (
    <span className="form-error" role="alert">
      {' '}
      {error}
    </span>
  ) : null;
}

export function AnnotationLayersControl({ def, value, onChange }: ControlProps) {
  const layers = Array.isArray(value) ? (value as AnnotationLayer[]) : [];
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  return (
    <div className="explore-annotations">
      <div className="explore-chips" role="list" aria-label={def.label}>
        {layers.map((layer, i) => (
          <span key={`${layer.name}-${i}`} className="explore-chip" role="listitem">
            <button type="button" className="link" onClick={() => setEditing({ index: i })}>
              {layer.name}
            </button>
            <span className="muted">
              {' '}
              {TYPE_LABEL[layer.annotationType] ?? layer.annotationType}
              {layer.show === false ? ' (hidden)' : ''}
            </span>
            <LayerStatus name={layer.name} />
            <button
              type="button"
              className="explore-chip__remove"
              aria-label={`Remove ${layer.name}`}
              onClick={() => onChange(layers.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </span>
        ))}
        <button type="button" className="explore-add" onClick={() => setEditing({ index: null })}>
          + Add annotation layer
        </button>
      </div>
      {editing && (
        <LayerEditor
          layer={editing.index === null ? newDraft() : ({ ...layers[editing.index]! } as Draft)}
          names={layers.filter((_, j) => j !== editing.index).map((l) => l.name)}
          onApply={(layer) => {
            onChange(
              editing.index === null ? [...layers, layer] : layers.map((l, j) => (j === editing.index ? layer : l)),
            );
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}
