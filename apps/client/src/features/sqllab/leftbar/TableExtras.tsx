/** What the left bar shows of a table beyond its columns: comment, keys, indexes and engine extras. */
export interface TableExtrasView {
  primaryKey: unknown;
  foreignKeys: readonly unknown[];
  indexes: readonly unknown[];
  /** The extra metadata as loaded (`/table_metadata/extra/` plus the table's comment). */
  persistData: Record<string, unknown> | null;
  isExtraMetadataLoading: boolean;
}

interface Key {
  name?: string | null;
  column_names?: string[];
  referred_table?: string;
  referred_schema?: string | null;
  referred_columns?: string[];
  unique?: boolean;
}

const asKey = (value: unknown): Key | null => (value && typeof value === 'object' ? (value as Key) : null);
const columns = (key: Key) => (key.column_names ?? []).join(', ');
// The comment is shown on its own; the rest of the extras are the engine's, shown as they come.
const KNOWN = new Set(['comment']);

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function TableExtras({ entry }: { entry: TableExtrasView }) {
  const pk = asKey(entry.primaryKey);
  const fks = entry.foreignKeys.map(asKey).filter((k): k is Key => k !== null);
  const indexes = entry.indexes.map(asKey).filter((k): k is Key => k !== null);
  const extra = entry.persistData ?? {};
  const comment = typeof extra['comment'] === 'string' && extra['comment'] ? extra['comment'] : null;
  const others = Object.entries(extra).filter(
    ([key, value]) => !KNOWN.has(key) && value !== null && value !== undefined,
  );
  const nothing =
    !comment && !pk?.column_names?.length && fks.length === 0 && indexes.length === 0 && others.length === 0;
  if (entry.isExtraMetadataLoading && nothing) return <div className="sqllab-entry__extra muted">Loading details…</div>;
  if (nothing) return null;
  return (
    <div className="sqllab-entry__extra" data-testid="table-extras">
      {comment && (
        <p className="muted" title="Table comment">
          {comment}
        </p>
      )}
      {pk?.column_names?.length ? (
        <div>
          Primary key{pk.name ? ` ${pk.name}` : ''}: {columns(pk)}
        </div>
      ) : null}
      {fks.length > 0 && (
        <div>
          Foreign keys
          <ul>
            {fks.map((fk, i) => (
              <li key={fk.name ?? i}>
                {columns(fk)} → {fk.referred_schema ? `${fk.referred_schema}.` : ''}
                {fk.referred_table}({(fk.referred_columns ?? []).join(', ')})
              </li>
            ))}
          </ul>
        </div>
      )}
      {indexes.length > 0 && (
        <div>
          Indexes
          <ul>
            {indexes.map((ix, i) => (
              <li key={ix.name ?? i}>
                {ix.name}
                {ix.unique ? ' (unique)' : ''}: {columns(ix)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {others.map(([key, value]) => (
        <div key={key}>
          {key}: <code>{show(value)}</code>
        </div>
      ))}
    </div>
  );
}
