import { cloneElement, useEffect, useId, useState, type FormEvent, type ReactElement } from 'react';
import { BuiltInRole, type DatabaseView } from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import { connectionErrorTitle } from './connection-errors';
import {
  connectionBody,
  databaseBody,
  EMPTY_FORM,
  ENGINES,
  formOf,
  missingField,
  type DatabaseForm,
  type Engine,
} from './database-form';
import type { DatabasesFeature } from './databases.feature';

const DANGEROUS = 'CONNECTION_DATABASE_PERMISSIONS_ERROR';

/** Add (database null) or edit a connection, Superset's DatabaseModal: connection, test, settings. */
export function DatabaseModal({
  databases,
  database,
  onClose,
}: {
  databases: DatabasesFeature;
  database: DatabaseView | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const { test } = useStoreState(databases.store.state$);
  // What is being typed is the form's own business until it is sent.
  const [form, setForm] = useState<DatabaseForm>(() => (database ? formOf(database) : EMPTY_FORM));
  const [tab, setTab] = useState<'connection' | 'advanced'>('connection');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; errorType?: string } | null>(null);
  const [confirmDanger, setConfirmDanger] = useState(false);

  useEffect(() => {
    databases.clearTest();
    return () => databases.clearTest();
  }, [databases]);

  const change = (patch: Partial<DatabaseForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    databases.clearTest();
    setError(null);
  };
  const text = (field: keyof DatabaseForm) => (e: { target: { value: string } }) =>
    change({ [field]: e.target.value } as Partial<DatabaseForm>);
  const flag = (field: keyof DatabaseForm) => (e: { target: { checked: boolean } }) =>
    change({ [field]: e.target.checked } as Partial<DatabaseForm>);
  const confirm = confirmDanger ? { confirm_dangerous_login: true } : {};

  const runTest = async () => {
    const missing = missingField({ ...form, database_name: form.database_name || '-' });
    if (missing) return setError({ message: missing });
    setBusy(true);
    // The edit form tests with the stored password (the mask): the server finds it by the name.
    await databases.testConnection({ database_name: database?.database_name, ...connectionBody(form), ...confirm });
    setBusy(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = missingField(form);
    if (missing) return setError({ message: missing });
    setBusy(true);
    const outcome = await databases.save(
      database?.id ?? null,
      { ...databaseBody(form, database?.extra, database ? formOf(database) : undefined), ...confirm },
      form.roles,
    );
    setBusy(false);
    if (outcome.ok) onClose();
    else setError({ message: outcome.message, errorType: outcome.errorType });
  };

  const danger = error?.errorType === DANGEROUS || test?.errorType === DANGEROUS;
  const engine = ENGINES[form.engine];
  return (
    <div className="modal-backdrop">
      <form
        className="modal database-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onSubmit={(e) => void submit(e)}
      >
        <header className="modal__header">
          <h2 id={titleId}>{database ? `Edit database ${database.database_name}` : 'Connect a database'}</h2>
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
                <input value={form.database_name} onChange={text('database_name')} autoComplete="off" />
              </Field>
              <Field label="Connect with">
                <select value={form.method} onChange={text('method')}>
                  <option value="parameters">Host, port and database</option>
                  <option value="uri">SQLAlchemy URI</option>
                </select>
              </Field>
              {form.method === 'uri' ? (
                <Field label="SQLAlchemy URI" wide>
                  <input
                    value={form.uri}
                    onChange={text('uri')}
                    placeholder="postgresql://user:password@host:5432/database"
                    autoComplete="off"
                  />
                </Field>
              ) : (
                <>
                  <Field label="Engine">
                    <select
                      value={form.engine}
                      onChange={(e) => {
                        const next = e.target.value as Engine;
                        change({ engine: next, port: String(ENGINES[next].port), sslMode: '' });
                      }}
                    >
                      {(Object.keys(ENGINES) as Engine[]).map((key) => (
                        <option key={key} value={key}>
                          {ENGINES[key].label}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field label="Host">
                    <input value={form.host} onChange={text('host')} placeholder="e.g. 127.0.0.1" />
                  </Field>
                  <Field label="Port">
                    <input value={form.port} onChange={text('port')} inputMode="numeric" />
                  </Field>
                  <Field label="Database name">
                    <input value={form.database} onChange={text('database')} />
                  </Field>
                  <Field label="Username">
                    <input value={form.username} onChange={text('username')} autoComplete="off" />
                  </Field>
                  <Field label="Password">
                    <input
                      type="password"
                      value={form.password}
                      onChange={text('password')}
                      autoComplete="new-password"
                    />
                  </Field>
                  <Field label="SSL mode">
                    <select value={form.sslMode} onChange={text('sslMode')}>
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
            <AdvancedSettings form={form} text={text} flag={flag} onRoles={(roles) => change({ roles })} />
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
              <input type="checkbox" checked={confirmDanger} onChange={(e) => setConfirmDanger(e.target.checked)} />I
              understand the risks of this login and want to use it anyway
            </label>
          )}
        </div>
        <footer className="modal__footer">
          <button type="button" onClick={() => void runTest()} disabled={busy}>
            Test connection
          </button>
          <span className="modal__spacer" />
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {database ? 'Finish' : 'Connect'}
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

type TextHandler = (field: keyof DatabaseForm) => (e: { target: { value: string } }) => void;
type FlagHandler = (field: keyof DatabaseForm) => (e: { target: { checked: boolean } }) => void;

// Admins read every database already: only the other roles are granted one.
const GRANTABLE_ROLES = Object.values(BuiltInRole).filter((role) => role !== BuiltInRole.ADMIN);

function AdvancedSettings({
  form,
  text,
  flag,
  onRoles,
}: {
  form: DatabaseForm;
  text: TextHandler;
  flag: FlagHandler;
  onRoles: (roles: string[]) => void;
}) {
  const check = (field: keyof DatabaseForm, label: string) => (
    <label className="database-modal__check">
      <input type="checkbox" checked={form[field] as boolean} onChange={flag(field)} />
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
            <input value={form.force_ctas_schema} onChange={text('force_ctas_schema')} placeholder="e.g. tmp" />
          </Field>
        )}
      </fieldset>
      <fieldset>
        <legend>Security</legend>
        {check('allow_file_upload', 'Allow file uploads to database')}
        {form.allow_file_upload && (
          <Field label="Schemas allowed for file upload">
            <input value={form.upload_schemas} onChange={text('upload_schemas')} placeholder="e.g. public, uploads" />
          </Field>
        )}
        <div role="group" aria-label="Roles with access">
          Roles with access
          {GRANTABLE_ROLES.map((role) => (
            <label key={role} className="database-modal__check">
              <input
                type="checkbox"
                checked={form.roles.includes(role)}
                onChange={(e) =>
                  onRoles(e.target.checked ? [...form.roles, role] : form.roles.filter((r) => r !== role))
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
          <input value={form.cache_timeout} onChange={text('cache_timeout')} inputMode="numeric" />
        </Field>
      </fieldset>
    </div>
  );
}
