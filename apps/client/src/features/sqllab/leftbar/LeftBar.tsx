import type { DatabaseOption, TableOption } from '../api/sqllab-api';
import { TableExtras } from './TableExtras';

/** A table entry as the left bar shows it (sqllab-and-platform §3 Table entry). */
export interface TableEntryView {
  id: string;
  name: string;
  schema: string;
  expanded: boolean;
  isMetadataLoading: boolean;
  columns: readonly { name: string; type: string; keys?: readonly { type: string }[] }[];
  primaryKey: unknown;
  foreignKeys: readonly unknown[];
  indexes: readonly unknown[];
  selectStar: string | null;
  persistData: Record<string, unknown> | null;
  isExtraMetadataLoading: boolean;
}

export interface LeftBarProps {
  databases: readonly DatabaseOption[] | null;
  dbId: number | null;
  schemas: readonly string[] | undefined;
  schema: string | null;
  tables: readonly TableOption[] | undefined;
  entries: readonly TableEntryView[];
  onDatabase(dbId: number | null): void;
  onSchema(schema: string | null): void;
  onAddTable(name: string): void;
  onRefresh(): void;
  onToggle(entry: TableEntryView): void;
  onRemove(entry: TableEntryView): void;
  onPreview(entry: TableEntryView): void;
  onSelectStar(entry: TableEntryView): void;
}

const columnNames = (value: unknown): string[] => {
  if (value && typeof value === 'object' && Array.isArray((value as { column_names?: unknown }).column_names)) {
    return (value as { column_names: string[] }).column_names;
  }
  return [];
};

/** Key and index markers of a column: primary key, foreign key, part of an index. */
function columnMarks(entry: TableEntryView, column: string): string[] {
  const marks: string[] = [];
  if (columnNames(entry.primaryKey).includes(column)) marks.push('PK');
  if (entry.foreignKeys.some((fk) => columnNames(fk).includes(column))) marks.push('FK');
  if (entry.indexes.some((ix) => columnNames(ix).includes(column))) marks.push('IDX');
  return marks;
}

/** Database, schema and table pickers, then the tab's table entries. */
export function LeftBar(props: LeftBarProps) {
  const { databases, dbId, schemas, schema, tables, entries } = props;
  return (
    <aside className="sqllab-leftbar" aria-label="Database explorer">
      <label className="sqllab-field">
        <span>Database</span>
        <select
          aria-label="Database"
          value={dbId ?? ''}
          onChange={(e) => props.onDatabase(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">{databases === null ? 'Loading…' : 'Select a database'}</option>
          {(databases ?? []).map((db) => (
            <option key={db.id} value={db.id}>
              {db.database_name}
            </option>
          ))}
        </select>
      </label>
      <label className="sqllab-field">
        <span>Schema</span>
        <select
          aria-label="Schema"
          value={schema ?? ''}
          disabled={dbId === null}
          onChange={(e) => props.onSchema(e.target.value || null)}
        >
          <option value="">{dbId !== null && schemas === undefined ? 'Loading…' : 'Select a schema'}</option>
          {(schemas ?? []).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="sqllab-field">
        <span>
          Table{tables ? ` (${tables.length})` : ''}{' '}
          <button
            type="button"
            className="link-button"
            onClick={props.onRefresh}
            aria-label="Refresh tables"
            title="Refresh the lists"
          >
            ↻
          </button>
        </span>
        <select
          aria-label="Add a table"
          value=""
          disabled={schema === null}
          onChange={(e) => {
            if (e.target.value) props.onAddTable(e.target.value);
          }}
        >
          <option value="">
            {schema !== null && tables === undefined ? 'Loading…' : 'Select a table to see its columns'}
          </option>
          {(tables ?? []).map((t) => (
            <option key={t.value} value={t.value}>
              {t.value}
              {t.type === 'view' ? ' (view)' : ''}
            </option>
          ))}
        </select>
      </label>
      <ul className="sqllab-entries" aria-label="Tables of this tab">
        {entries.map((entry) => (
          <li key={entry.id} className="sqllab-entry" data-testid={`table-entry-${entry.name}`}>
            <div className="sqllab-entry__head">
              <button
                type="button"
                className="link-button"
                aria-expanded={entry.expanded}
                onClick={() => props.onToggle(entry)}
              >
                {entry.expanded ? '▾' : '▸'} {entry.name}
              </button>
              <span className="sqllab-spacer" />
              <button
                type="button"
                className="link-button"
                title="Data preview"
                aria-label={`Preview ${entry.name}`}
                onClick={() => props.onPreview(entry)}
              >
                ⊞
              </button>
              <button
                type="button"
                className="link-button"
                title="Copy SELECT statement into the editor"
                aria-label={`Select star from ${entry.name}`}
                disabled={!entry.selectStar}
                onClick={() => props.onSelectStar(entry)}
              >
                ★
              </button>
              <button
                type="button"
                className="link-button"
                aria-label={`Remove ${entry.name}`}
                onClick={() => props.onRemove(entry)}
              >
                ×
              </button>
            </div>
            {entry.expanded && entry.isMetadataLoading && <div className="muted">Loading…</div>}
            {entry.expanded && (
              <ul className="sqllab-columns">
                {entry.columns.map((column) => (
                  <li key={column.name}>
                    <span>{column.name}</span>
                    {columnMarks(entry, column.name).map((mark) => (
                      <span key={mark} className={`sqllab-key sqllab-key--${mark.toLowerCase()}`} title={mark}>
                        {mark}
                      </span>
                    ))}
                    <span className="sqllab-spacer" />
                    <span className="muted">{column.type}</span>
                  </li>
                ))}
              </ul>
            )}
            {entry.expanded && <TableExtras entry={entry} />}
          </li>
        ))}
      </ul>
    </aside>
  );
}
