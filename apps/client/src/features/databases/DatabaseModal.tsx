import { cloneElement, useId, useState, type ReactElement } from 'react';
import {
  DATABASE_ENGINES,
  type DatabaseEngine,
  type DatabaseForm,
  type DatabaseFormOption,
  type DatabaseFormState,
} from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import { connectionErrorTitle } from './connection-errors';
import type { DatabasesFeature } from './databases.feature';

const DANGEROUS = 'CONNECTION_DATABASE_PERMISSIONS_ERROR';

/**
 * Add or edit a connection, Superset's DatabaseModal: connection, test, settings. The form is the
 * page's fold (`form`, made by the databaseForm/* intents); the password and URI inputs are not
 * controlled by it, since the log keeps neither a password nor a URI's (the feature holds them aside).
 */
export function DatabaseModal({ databases, form }: { databases: DatabasesFeature; form: DatabaseFormState }) {
  const titleId = useId();
  const { test, databases: list, roleChoices } = useStoreState(databases.store.state$);
  // Which tab shows is how the modal is looked at, not part of the connection.
  const [tab, setTab] = useState<'connection' | 'advanced'>('connection');
  const values = form.values;
  const database = form.databaseId === null ? null : (list?.find((d) => d.id === form.databaseId) ?? null);
  const busy = form.pending !== null;
  const error = form.error;
  const option = (name: DatabaseFormOption) => (on: boolean) =>
    databases.change({
      type: on ? 'databaseForm/optionEnabled' : 'databaseForm/optionDisabled',
      data: { option: name },
    });

  const danger = error?.errorType === DANGEROUS || test?.errorType === DANGEROUS;
  const engine = DATABASE_ENGINES[values.engine];
  return (
    <div className="modal-backdrop">
      <form
        className="modal database-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onSubmit={(e) => {
          e.preventDefault();
          void databases.submitForm();
        }}
      >
        <header className="modal__header">
          <h2 id={titleId}>
            {form.databaseId !== null ? `Edit database ${database?.database_name ?? ''}` : 'Connect a database'}
          </h2>
        </header>
        <div className="modal__body">
          <div className="database-modal__tabs" role="tablist">
            <button type="button" role="tab" aria-selected={tab === 'connection'} onClick={() => setTab('connection')}>
              Connection
            </button>
            <button type="button" role="tab" aria-selected={tab === 'advanced'} onClick={() => setTab('advanced')}>
              Advanced
            </button>
          </div>
          {tab === 'connection' ? (
            <div className="database-modal__grid">
              <Field label="Display name">
                <input
                  value={values.database_name}
                  onChange={(e) => databases.change({ type: 'databaseForm/nameTyped', data: { name: e.target.value } })}
                  autoComplete="off"
                />
              </Field>
              <Field label="Connect with">
                <select
                  value={values.method}
                  onChange={(e) =>
                    databases.change({
                      type: 'databaseForm/connectionMethodChosen',
                      data: { method: e.target.value as DatabaseForm['method'] },
                    })
                  }
                >
                  <option value="parameters">Host, port and database</option>
                  <option value="uri">SQLAlchemy URI</option>
                </select>
              </Field>
              {values.method === 'uri' ? (
                <Field label="SQLAlchemy URI" wide>
                  <input
                    defaultValue={values.uri}
                    onChange={(e) => databases.typeUri(e.target.value)}
                    placeholder="postgresql://user:password@host:5432/database"
                    autoComplete="off"
                  />
                </Field>
              ) : (
                <>
                  <Field label="Engine">
                    <select
                      value={values.engine}
                      onChange={(e) =>
                        databases.change({
                          type: 'databaseForm/engineChosen',
                          data: { engine: e.target.value as DatabaseEngine },
                        })
                      }
                    >
                      {(Object.keys(DATABASE_ENGINES) as DatabaseEngine[]).map((key) => (
                        <option key={key} value={key}>
                          {DATABASE_ENGINES[key].label}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field label="Host">
                    <input
                      value={values.host}
                      onChange={(e) =>
                        databases.change({ type: 'databaseForm/hostTyped', data: { host: e.target.value } })
                      }
                      placeholder="e.g. 127.0.0.1"
                    />
                  </Field>
                  <Field label="Port">
                    <input
                      value={values.port}
                      onChange={(e) =>
                        databases.change({ type: 'databaseForm/portTyped', data: { port: e.target.value } })
                      }
                      inputMode="numeric"
                    />
                  </Field>
                  <Field label="Database name">
                    <input
                      value={values.database}
                      onChange={(e) =>
                        databases.change({ type: 'databaseForm/databaseTyped', data: { database: e.target.value } })
                      }
                    />
                  </Field>
                  <Field label="Username">
                    <input
                      value={values.username}
                      onChange={(e) =>
                        databases.change({ type: 'databaseForm/usernameTyped', data: { username: e.target.value } })
                      }
                      autoComplete="off"
                    />
                  </Field>
                  <Field label="Password">
                    <input
                      type="password"
                      defaultValue={values.password}
                      onChange={(e) => databases.typePassword(e.target.value)}
                      autoComplete="new-password"
                    />
                  </Field>
                  <Field label="SSL mode">
                    <select
                      value={values.sslMode}
                      onChange={(e) =>
                        databases.change({ type: 'databaseForm/sslModeChosen', data: { sslMode: e.target.value } })
                      }
                    >
                      <option value="">Default</option>
                      {engine.sslModes.map((mode) => (
                        <option key={mode} value={mode}>
                          {mode}
                        </option>
                      ))}
                    </select>
                  </Field>
                </>
              )}
            </div>
          ) : (
            <AdvancedSettings databases={databases} form={values} option={option} roleChoices={roleChoices} />
          )}
          {test && (
            <div
              role={test.ok ? 'status' : 'alert'}
              aria-label="Connection test"
              className={test.ok ? 'database-modal__ok' : 'database-modal__error'}
            >
              <strong>{test.ok ? 'Connection looks good!' : connectionErrorTitle(test.errorType)}</strong>
              {!test.ok && <div>{test.message}</div>}
            </div>
          )}
          {error && (
            <div role="alert" aria-label="Not saved" className="database-modal__error">
              {error.errorType && error.errorType.startsWith('CONNECTION_') && (
                <strong>{connectionErrorTitle(error.errorType)}</strong>
              )}
              <div>{error.message}</div>
            </div>
          )}
          {danger && (
            <label className="database-modal__check">
              <input
                type="checkbox"
                checked={form.dangerousLoginAccepted}
                onChange={(e) =>
                  databases.change({
                    type: e.target.checked
                      ? 'databaseForm/dangerousLoginAccepted'
                      : 'databaseForm/dangerousLoginDeclined',
                    data: {},
                  })
                }
              />
              I understand the risks of this login and want to use it anyway
            </label>
          )}
        </div>
        <footer className="modal__footer">
          <button type="button" onClick={() => void databases.testForm()} disabled={busy}>
            Test connection
          </button>
          <span className="modal__spacer" />
          <button type="button" onClick={databases.closeForm}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {form.databaseId !== null ? 'Finish' : 'Connect'}
          </button>
        </footer>
      </form>
    </div>
  );
}

/** A labelled control; named by its label only (a wrapping label would add a select's option text). */
function Field({ label, wide, children }: { label: string; wide?: boolean; children: ReactElement<{ id?: string }> }) {
  const id = useId();
  return (
    <div className={wide ? 'database-modal__field database-modal__wide' : 'database-modal__field'}>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id })}
    </div>
  );
}

function AdvancedSettings({
  databases,
  form,
  option,
  roleChoices,
}: {
  databases: DatabasesFeature;
  form: DatabaseForm;
  option: (name: DatabaseFormOption) => (on: boolean) => void;
  /** The roles the server listed (built-in and custom, Admin left out: admins read every database). */
  roleChoices: readonly string[];
}) {
  // A granted role the list lacks (it could not be read) stays shown, so it can be withdrawn.
  const grantable = [...new Set([...roleChoices, ...form.roles])];
  const check = (field: DatabaseFormOption, label: string) => (
    <label className="database-modal__check">
      <input type="checkbox" checked={form[field]} onChange={(e) => option(field)(e.target.checked)} />
      {label}
    </label>
  );
  return (
    <div className="database-modal__settings">
      <fieldset>
        <legend>SQL Lab</legend>
        {check('expose_in_sqllab', 'Expose database in SQL Lab')}
        {check('allow_dml', 'Allow DML')}
        {check('allow_run_async', 'Asynchronous query execution')}
        {check('allows_cost_estimate', 'Enable query cost estimation')}
        {check('allow_ctas', 'Allow CREATE TABLE AS')}
        {check('allow_cvas', 'Allow CREATE VIEW AS')}
        {(form.allow_ctas || form.allow_cvas) && (
          <Field label="CTAS & CVAS schema">
            <input
              value={form.force_ctas_schema}
              onChange={(e) =>
                databases.change({ type: 'databaseForm/ctasSchemaTyped', data: { schema: e.target.value } })
              }
              placeholder="e.g. tmp"
            />
          </Field>
        )}
      </fieldset>
      <fieldset>
        <legend>Security</legend>
        {check('allow_file_upload', 'Allow file uploads to database')}
        {form.allow_file_upload && (
          <Field label="Schemas allowed for file upload">
            <input
              value={form.upload_schemas}
              onChange={(e) =>
                databases.change({ type: 'databaseForm/uploadSchemasTyped', data: { schemas: e.target.value } })
              }
              placeholder="e.g. public, uploads"
            />
          </Field>
        )}
        <div role="group" aria-label="Roles with access">
          Roles with access
          {grantable.map((role) => (
            <label key={role} className="database-modal__check">
              <input
                type="checkbox"
                checked={form.roles.includes(role)}
                onChange={(e) =>
                  databases.change({
                    type: e.target.checked ? 'databaseForm/roleGranted' : 'databaseForm/roleWithdrawn',
                    data: { role },
                  })
                }
              />
              {role}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Performance</legend>
        <Field label="Chart cache timeout (seconds)">
          <input
            value={form.cache_timeout}
            onChange={(e) =>
              databases.change({ type: 'databaseForm/cacheTimeoutTyped', data: { timeout: e.target.value } })
            }
            inputMode="numeric"
          />
        </Field>
      </fieldset>
    </div>
  );
}
