import type { DatasetColumn } from '@strata/domain';

const TYPE_NAMES: Record<number, string> = { 0: 'Numeric', 1: 'String', 2: 'Temporal', 3: 'Boolean' };

interface Props {
  columns: DatasetColumn[];
  /** Calculated columns: their name, type and SQL expression are typed here. */
  calculated: boolean;
  onChange(index: number, column: DatasetColumn): void;
  onRemove(index: number): void;
}

/** One row per column: what Explore shows and lets a chart do with it, and its certification and warning. */
export function ColumnsTable({ columns, calculated, onChange, onRemove }: Props) {
  if (columns.length === 0) return <p className="muted">{calculated ? 'No calculated columns.' : 'No columns.'}</p>;
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
          {columns.map((column, index) => {
            const name = column.column_name || `#${index + 1}`;
            const set = (patch: Partial<DatasetColumn>) => onChange(index, { ...column, ...patch });
            const text = (field: keyof DatasetColumn, label: string) => (
              <input
                aria-label={`${label} of ${name}`}
                value={(column[field] as string | null | undefined) ?? ''}
                onChange={(e) => set({ [field]: e.target.value })}
              />
            );
            const flag = (field: 'is_dttm' | 'groupby' | 'filterable', label: string) => (
              <input
                type="checkbox"
                aria-label={`${label} ${name}`}
                checked={column[field]}
                onChange={(e) => set({ [field]: e.target.checked })}
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
                      onChange={(e) => set({ expression: e.target.value })}
                    />
                  </td>
                )}
                <td>{text('verbose_name', 'Label')}</td>
                <td>
                  {calculated ? (
                    <select
                      aria-label={`Type of ${name}`}
                      value={column.type_generic ?? ''}
                      onChange={(e) => {
                        const generic = e.target.value === '' ? null : Number(e.target.value);
                        set({
                          type_generic: generic,
                          type: generic === null ? null : ((TYPE_NAMES[generic] ?? null)?.toUpperCase() ?? null),
                          is_dttm: generic === 2 ? true : column.is_dttm,
                        });
                      }}
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
                    <button type="button" className="link danger" onClick={() => onRemove(index)}>
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
