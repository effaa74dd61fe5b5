import { useEffect, useId } from 'react';
import { useStoreState } from '../../../shared/use-store-state';
import type { Option } from '../api/datasets-api';
import type { DatasetsFeature } from '../datasets.feature';

interface Props {
  datasets: DatasetsFeature;
  databases: Option[];
  onClose(): void;
  onCreated(id: number): void;
}

/**
 * "+ Dataset": from a table (database, schema and table pickers: a physical dataset whose columns the
 * server reads from the table) or from a query (a virtual dataset: the server runs it once for its
 * columns and refuses a query that fails with the database's message).
 */
export function CreateDatasetModal({ datasets, databases, onClose, onCreated }: Props) {
  const { create } = useStoreState(datasets.store.state$);
  const { form } = create;
  const titleId = useId();

  const chosenDatabase = form.databaseId ?? databases[0]?.value ?? null;
  useEffect(() => {
    if (chosenDatabase !== null) void datasets.loadSchemas(chosenDatabase);
  }, [datasets, chosenDatabase]);
  const schema = form.schema;
  useEffect(() => {
    if (chosenDatabase !== null && schema) void datasets.loadTables(chosenDatabase, schema);
  }, [datasets, chosenDatabase, schema]);
  const schemas = form.schemas?.databaseId === chosenDatabase ? form.schemas.list : [];
  const tables = form.tables?.databaseId === chosenDatabase && form.tables.schema === schema ? form.tables.list : [];

  const { source, table, name, sql } = form;
  const ready =
    chosenDatabase !== null && (source === 'table' ? table !== '' : name.trim() !== '' && sql.trim() !== '');
  const submit = async () => {
    if (!ready || chosenDatabase === null) return;
    const created = await datasets.create(
      source === 'table'
        ? { database: chosenDatabase, schema: schema || null, table_name: table }
        : { database: chosenDatabase, schema: schema || null, table_name: name.trim(), sql },
    );
    if (created) onCreated(created.id);
  };

  return (
    <div className="modal-backdrop">
      <div className="modal datasets-create" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="modal__header">
          <h2 id={titleId}>New dataset</h2>
        </header>
        <div className="modal__body datasets-form">
          <div role="radiogroup" aria-label="Source">
            <label>
              <input
                type="radio"
                checked={source === 'table'}
                onChange={() => datasets.choose({ type: 'datasetCreate/sourceChosen', data: { source: 'table' } })}
              />{' '}
              From a table
            </label>{' '}
            <label>
              <input
                type="radio"
                checked={source === 'sql'}
                onChange={() => datasets.choose({ type: 'datasetCreate/sourceChosen', data: { source: 'sql' } })}
              />{' '}
              From SQL (virtual)
            </label>
          </div>
          <label>
            Database
            <select
              aria-label="Database"
              value={chosenDatabase ?? ''}
              onChange={(e) =>
                datasets.choose({ type: 'datasetCreate/databaseChosen', data: { databaseId: Number(e.target.value) } })
              }
            >
              {databases.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Schema
            <select
              aria-label="Schema"
              value={schema}
              onChange={(e) =>
                datasets.choose({ type: 'datasetCreate/schemaChosen', data: { schema: e.target.value } })
              }
            >
              {schemas.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
          {source === 'table' ? (
            <label>
              Table
              <select
                aria-label="Table"
                value={table}
                onChange={(e) =>
                  datasets.choose({ type: 'datasetCreate/tableChosen', data: { table: e.target.value } })
                }
              >
                <option value="">Choose a table</option>
                {tables.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <>
              <label>
                Name
                <input
                  aria-label="Dataset name"
                  value={name}
                  onChange={(e) =>
                    datasets.choose({ type: 'datasetCreate/nameEdited', data: { name: e.target.value } })
                  }
                />
              </label>
              <label>
                SQL
                <textarea
                  aria-label="SQL"
                  rows={8}
                  value={sql}
                  onChange={(e) => datasets.choose({ type: 'datasetCreate/sqlEdited', data: { sql: e.target.value } })}
                />
              </label>
            </>
          )}
          {create.error && (
            <div className="form-error" role="alert">
              {create.error}
            </div>
          )}
        </div>
        <footer className="modal__footer">
          <span className="modal__spacer" />
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" disabled={!ready || create.pending} onClick={() => void submit()}>
            {create.pending ? 'Creating…' : 'Create dataset'}
          </button>
        </footer>
      </div>
    </div>
  );
}
