import { controlDef, type DatasourceMeta } from '@strata/domain';
import { AnnotationLayersControl } from '../annotations/AnnotationLayersControl';
import { ColumnsControl, ColumnSelectControl, OrderByControl } from './ColumnControls';
import { FiltersControl } from './FiltersControl';
import { MetricsControl } from './MetricsControl';
import { CheckboxControl, IntegerControl, SelectControl, TextControl, type ControlProps } from './SimpleControls';
import { TimeRangeControl } from './TimeRangeControl';

interface Props {
  name: string;
  value: unknown;
  errors: readonly string[];
  transferred: boolean;
  datasource: DatasourceMeta | null;
  newId: () => string;
  onChange(name: string, value: unknown): void;
}

function Editor(props: ControlProps & { datasource: DatasourceMeta | null; newId: () => string }) {
  switch (props.def.kind) {
    case 'metrics':
    case 'metric':
      return <MetricsControl {...props} />;
    case 'columns':
      return <ColumnsControl {...props} />;
    case 'column':
    case 'temporalColumn':
      return <ColumnSelectControl {...props} />;
    case 'adhocFilters':
      return <FiltersControl {...props} />;
    case 'timeRange':
      return <TimeRangeControl {...props} />;
    case 'orderby':
      return <OrderByControl {...props} />;
    case 'select':
      return <SelectControl {...props} />;
    case 'checkbox':
      return <CheckboxControl {...props} />;
    case 'integer':
      return <IntegerControl {...props} />;
    case 'text':
      return <TextControl {...props} />;
    case 'annotationLayers':
      return <AnnotationLayersControl {...props} />;
    default: {
      const never: never = props.def.kind;
      return never;
    }
  }
}

/** One control of the panel: its label, editor and validation messages (charts-dashboards-reports §4 Explore). */
export function Control({ name, value, errors, transferred, datasource, newId, onChange }: Props) {
  const def = controlDef(name);
  if (!def) return null;
  return (
    <div className={`explore-control${errors.length ? ' explore-control--invalid' : ''}`} data-control={name}>
      {def.kind !== 'checkbox' && (
        <div className="explore-control__label">
          {def.label}
          {transferred && (
            <span className="badge" title="Kept from the previous dataset">
              transferred
            </span>
          )}
        </div>
      )}
      <Editor def={def} value={value} onChange={(v) => onChange(name, v)} datasource={datasource} newId={newId} />
      {errors.map((e) => (
        <div key={e} className="form-error" role="alert">
          {def.label} {e}
        </div>
      ))}
    </div>
  );
}
