import type { DatasetColumn, DatasetEditorEvent, DraftColumnFlag, DraftColumnRef } from '@strata/domain';

const TYPE_NAMES: Record<number, string> = { 0: 'Numeric', 1: 'String', 2: 'Temporal', 3: 'Boolean' };

/** The draft's text fields of a column, each with the intent its box records. */
const TEXTS = {
  verbose_name: (ref: DraftColumnRef, text: string): DatasetEditorEvent => ({
    type: 'datasetEditor/columnVerboseNameEdited',
    data: { ...ref, verboseName: text },
  }),
  description: (ref: DraftColumnRef, text: string): DatasetEditorEvent => ({
    type: 'datasetEditor/columnDescriptionEdited',
    data: { ...ref, description: text },
  }),
  certified_by: (ref: DraftColumnRef, text: string): DatasetEditorEvent => ({
    type: 'datasetEditor/columnCertifiedByEdited',
    data: { ...ref, certifiedBy: text },
  }),
  certification_details: (ref: DraftColumnRef, text: string): DatasetEditorEvent => ({
    type: 'datasetEditor/columnCertificationDetailsEdited',
    data: { ...ref, details: text },
  }),
  warning_markdown: (ref: DraftColumnRef, text: string): DatasetEditorEvent => ({
    type: 'datasetEditor/columnWarningEdited',
    data: { ...ref, warning: text },
  }),
  column_name: (ref: DraftColumnRef, text: string): DatasetEditorEvent => ({
    type: 'datasetEditor/calculatedColumnRenamed',
    data: { ...ref, name: text },
  }),
} as const;

interface Props {
  /** The columns shown, each with its place in the draft's list (what the edits address). */
  rows: { column: DatasetColumn; index: number }[];
  /** Calculated columns: their name, type and SQL expression are typed here. */
  calculated: boolean;
  edit(event: DatasetEditorEvent): void;
}

/** One row per column: what Explore shows and lets a chart do with it, and its certification and warning. */
export function ColumnsTable({ rows, calculated, edit }: Props) {
  if (rows.length === 0) return <p className="muted">{calculated ? 'No calculated columns.' : 'No columns.'}</p>;
  return (
    <div className="datasets-editor__scroll">
      <table className="data datasets-editor__table" aria-label={calculated ? 'Calculated columns' : 'Columns'}>
        <thead>
          <tr>
            <th>Column</th>
            {calculated && <th>SQL expression</th>}
            <th>Label</th>
            <th>Type</th>
            <th>Temporal</th>
            <th>Groupable</th>
            <th>Filterable</th>
            <th>Description</th>
            <th>Certified by</th>
            <th>Certification details</th>
            <th>Warning</th>
            {calculated && <th />}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ column, index }, shown) => {
            const name = column.column_name || `#${shown + 1}`;
            const ref: DraftColumnRef = { index, column: column.column_name };
            const text = (field: keyof typeof TEXTS, label: string) => (
              <input
                aria-label={`${label} of ${name}`}
                value={column[field] ?? ''}
                onChange={(e) => edit(TEXTS[field](ref, e.target.value))}
              />
            );
            const flag = (field: DraftColumnFlag, label: string) => (
              <input
                type="checkbox"
                aria-label={`${label} ${name}`}
                checked={column[field]}
                onChange={(e) =>
                  edit({
                    type: e.target.checked ? 'datasetEditor/columnFlagged' : 'datasetEditor/columnUnflagged',
                    data: { ...ref, flag: field },
                  })
                }
              />
            );
            return (
              <tr key={index} data-testid={`column-${name}`}>
                <td>{calculated ? text('column_name', 'Name') : <code>{column.column_name}</code>}</td>
                {calculated && (
                  <td>
                    <textarea
                      rows={1}
                      aria-label={`SQL expression of ${name}`}
                      value={column.expression ?? ''}
                      onChange={(e) =>
                        edit({
                          type: 'datasetEditor/columnExpressionEdited',
                          data: { ...ref, expression: e.target.value },
                        })
                      }
                    />
                  </td>
                )}
                <td>{text('verbose_name', 'Label')}</td>
                <td>
                  {calculated ? (
                    <select
                      aria-label={`Type of ${name}`}
                      value={column.type_generic ?? ''}
                      onChange={(e) =>
                        edit({
                          type: 'datasetEditor/calculatedColumnTypeChosen',
                          data: { ...ref, typeGeneric: e.target.value === '' ? null : Number(e.target.value) },
                        })
                      }
                    >
                      <option value="">Unknown</option>
                      {Object.entries(TYPE_NAMES).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span title={column.type ?? undefined}>{column.type ?? '?'}</span>
                  )}
                </td>
                <td>{flag('is_dttm', 'Temporal')}</td>
                <td>{flag('groupby', 'Groupable')}</td>
                <td>{flag('filterable', 'Filterable')}</td>
                <td>{text('description', 'Description')}</td>
                <td>{text('certified_by', 'Certified by')}</td>
                <td>{text('certification_details', 'Certification details')}</td>
                <td>{text('warning_markdown', 'Warning')}</td>
                {calculated && (
                  <td>
                    <button
                      type="button"
                      className="link danger"
                      onClick={() => edit({ type: 'datasetEditor/calculatedColumnRemoved', data: ref })}
                    >
                      Remove
                    </button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
