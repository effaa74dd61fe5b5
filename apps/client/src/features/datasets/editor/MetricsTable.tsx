import type { DatasetMetric } from '@strata/domain';

interface Props {
  metrics: DatasetMetric[];
  onChange(index: number, metric: DatasetMetric): void;
  onRemove(index: number): void;
}

/** The saved metrics: name, SQL expression, label, d3 format, description, certification and warning. */
export function MetricsTable({ metrics, onChange, onRemove }: Props) {
  if (metrics.length === 0) return <p className="muted">No metrics.</p>;
  return (
    <div className="datasets-editor__scroll">
      <table className="data datasets-editor__table" aria-label="Metrics">
        <thead>
          <tr>
            <th>Metric</th>
            <th>SQL expression</th>
            <th>Label</th>
            <th>D3 format</th>
            <th>Description</th>
            <th>Certified by</th>
            <th>Certification details</th>
            <th>Warning</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {metrics.map((metric, index) => {
            const name = metric.metric_name || `#${index + 1}`;
            const text = (field: keyof DatasetMetric, label: string) => (
              <input
                aria-label={`${label} of ${name}`}
                value={(metric[field] as string | null | undefined) ?? ''}
                onChange={(e) => onChange(index, { ...metric, [field]: e.target.value })}
              />
            );
            return (
              <tr key={index} data-testid={`metric-${name}`}>
                <td>{text('metric_name', 'Name')}</td>
                <td>
                  <textarea
                    rows={1}
                    aria-label={`SQL expression of ${name}`}
                    value={metric.expression}
                    onChange={(e) => onChange(index, { ...metric, expression: e.target.value })}
                  />
                </td>
                <td>{text('verbose_name', 'Label')}</td>
                <td>{text('d3format', 'D3 format')}</td>
                <td>{text('description', 'Description')}</td>
                <td>{text('certified_by', 'Certified by')}</td>
                <td>{text('certification_details', 'Certification details')}</td>
                <td>{text('warning_markdown', 'Warning')}</td>
                <td>
                  <button type="button" className="link danger" onClick={() => onRemove(index)}>
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
