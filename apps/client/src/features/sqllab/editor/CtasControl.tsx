import type { CtasOption } from '../runs/runs';

export interface CtasControlProps {
  allowCtas: boolean;
  allowCvas: boolean;
  value: CtasOption | null;
  onChange(value: CtasOption | null): void;
}

const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A valid target name (REFERENCE §1.1 tmp_table_name), or an empty one for the server's default. */
export const isValidCtasName = (name: string | null) => name === null || name === '' || TABLE_NAME.test(name);

/**
 * Run the query as CREATE TABLE AS or CREATE VIEW AS (REFERENCE §1.7), offered only when the database
 * allows it. The table name is optional: the server names it tmp_<user>_table_<time> otherwise.
 */
export function CtasControl({ allowCtas, allowCvas, value, onChange }: CtasControlProps) {
  if (!allowCtas && !allowCvas) return null;
  const name = value?.tableName ?? '';
  return (
    <>
      <select
        aria-label="Run as"
        value={value?.method ?? ''}
        onChange={(e) =>
          onChange(
            e.target.value === 'TABLE' || e.target.value === 'VIEW'
              ? { method: e.target.value, tableName: value?.tableName ?? null }
              : null,
          )
        }
      >
        <option value="">Query</option>
        {allowCtas && <option value="TABLE">CREATE TABLE AS</option>}
        {allowCvas && <option value="VIEW">CREATE VIEW AS</option>}
      </select>
      {value && (
        <input
          aria-label="New table name"
          placeholder={value.method === 'VIEW' ? 'view name' : 'table name'}
          value={name}
          aria-invalid={!isValidCtasName(name)}
          onChange={(e) => onChange({ ...value, tableName: e.target.value || null })}
        />
      )}
    </>
  );
}
