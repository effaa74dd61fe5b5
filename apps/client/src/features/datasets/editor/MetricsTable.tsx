import type { DatasetEditorEvent, DatasetMetric, DraftMetricRef } from '@strata/domain';

/** The draft's text fields of a metric, each with the intent its box records. */
const TEXTS = {
  metric_name: (ref: DraftMetricRef, text: string): DatasetEditorEvent => ({
    type: 'datasetEditor/metricRenamed',
    data: { ...ref, name: text },
  }),
  verbose_name: (ref: DraftMetricRef, text: string): DatasetEditorEvent => ({
    type: 'datasetEditor/metricVerboseNameEdited',
    data: { ...ref, verboseName: text },
  }),
  d3format: (ref: DraftMetricRef, text: string): DatasetEditorEvent => ({
    type: 'datasetEditor/metricD3FormatEdited',
    data: { ...ref, d3format: text },
  }),
  description: (ref: DraftMetricRef, text: string): DatasetEditorEvent => ({
    type: 'datasetEditor/metricDescriptionEdited',
    data: { ...ref, description: text },
  }),
  certified_by: (ref: DraftMetricRef, text: string): DatasetEditorEvent => ({
    type: 'datasetEditor/metricCertifiedByEdited',
    data: { ...ref, certifiedBy: text },
  }),
  certification_details: (ref: DraftMetricRef, text: string): DatasetEditorEvent => ({
    type: 'datasetEditor/metricCertificationDetailsEdited',
    data: { ...ref, details: text },
  }),
  warning_markdown: (ref: DraftMetricRef, text: string): DatasetEditorEvent => ({
    type: 'datasetEditor/metricWarningEdited',
    data: { ...ref, warning: text },
  }),
} as const;

interface Props {
  metrics: DatasetMetric[];
  edit(event: DatasetEditorEvent): void;
}

/** The saved metrics: name, SQL expression, label, d3 format, description, certification and warning. */
export function MetricsTable({ metrics, edit }: Props) {
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
            const ref: DraftMetricRef = { index, metric: metric.metric_name };
            const text = (field: keyof typeof TEXTS, label: string) => (
              <input
                aria-label={`${label} of ${name}`}
                value={metric[field] ?? ''}
                onChange={(e) => edit(TEXTS[field](ref, e.target.value))}
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
                    onChange={(e) =>
                      edit({
                        type: 'datasetEditor/metricExpressionEdited',
                        data: { ...ref, expression: e.target.value },
                      })
                    }
                  />
                </td>
                <td>{text('verbose_name', 'Label')}</td>
                <td>{text('d3format', 'D3 format')}</td>
                <td>{text('description', 'Description')}</td>
                <td>{text('certified_by', 'Certified by')}</td>
                <td>{text('certification_details', 'Certification details')}</td>
                <td>{text('warning_markdown', 'Warning')}</td>
                <td>
                  <button
                    type="button"
                    className="link danger"
                    onClick={() => edit({ type: 'datasetEditor/metricRemoved', data: ref })}
                  >
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
