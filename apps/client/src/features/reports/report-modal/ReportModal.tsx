import { useEffect, useMemo, useState } from 'react';
import { ALERT_OPERATORS, type ReportJson } from '@strata/domain';
import { newId } from '../../../shared/ids';
import { useStoreState } from '../../../shared/use-store-state';
import { useReports } from '../state/reports-context';
import type { ReportsFeature } from '../state/reports.feature';
import { ADVANCED_FIELDS, AdvancedFields } from './AdvancedFields';
import { OwnersPicker } from './OwnersPicker';
import { bodyOf, formatsFor, formOf, newForm, type ReportForm, type ReportTargetProp } from './report-form';
import { Field, FieldError, SchedulePicker } from './SchedulePicker';
import { timeZones } from './schedule';
import './report-modal.css';

export interface ReportModalProps {
  open: boolean;
  onClose(): void;
  type: 'Report' | 'Alert';
  /** The schedule to edit; a new one when absent. */
  report?: ReportJson;
  /** Where a new one comes from (a chart's or dashboard's menu, or the lists: alerts_reports). */
  target?: ReportTargetProp;
  onSaved?(report: ReportJson): void;
}

/**
 * The report modal (charts-dashboards-reports §9 "manage email reports"; Superset's AlertReportModal):
 * name, description, owners, schedule, time zone, format, recipients, active; for an Alert also its
 * database, SQL and validator; the Advanced settings (AdvancedFields.tsx). What is typed stays until Save succeeds; a refusal shows on the field the server names.
 */
export function ReportModal(props: ReportModalProps) {
  const reports = useReports();
  if (!props.open) return null;
  if (!reports) throw new Error('ReportModal needs a ReportsProvider or the app services');
  // A new form (and form id) each time the modal opens on another report.
  return <ReportDialog key={props.report?.id ?? 'new'} {...props} reports={reports} />;
}

function ReportDialog({
  onClose,
  type,
  report,
  target,
  onSaved,
  reports,
}: ReportModalProps & { reports: ReportsFeature }) {
  const [formId] = useState(newId);
  const [form, setForm] = useState<ReportForm>(() => (report ? formOf(report) : newForm(type, target)));
  const save = useStoreState(reports.store.state$).saves[formId];
  const set = <K extends keyof ReportForm>(key: K, value: ReportForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const editing = report !== undefined;
  const creationMethod = report?.creation_method ?? target?.creationMethod ?? 'alerts_reports';
  // A report made from a chart's or a dashboard's menu sends that object; from the lists, the user picks one.
  const fixedContent = editing
    ? creationMethod !== 'alerts_reports'
    : target?.chartId !== undefined || target?.dashboardId !== undefined;
  const formats = formatsFor(form.contentType);

  useEffect(() => {
    const escape = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', escape);
    return () => document.removeEventListener('keydown', escape);
  }, [onClose]);

  const errorOf = (...fields: string[]) =>
    save?.status === 'refused' && save.field !== null && fields.includes(save.field) ? save.message : null;
  const shownFields = [
    'name',
    'description',
    'crontab',
    'timezone',
    'report_format',
    'recipients',
    'chart',
    'dashboard',
    'active',
    'owners',
    ...ADVANCED_FIELDS,
    ...(type === 'Alert' ? ['database', 'sql', 'validator_type', 'validator_config_json'] : []),
  ];
  const generalError =
    save?.status === 'refused' && (save.field === null || !shownFields.includes(save.field)) ? save.message : null;

  const submit = async () => {
    const saved = await reports.save(formId, bodyOf(form, type, creationMethod, editing), report?.id);
    if (saved) {
      onSaved?.(saved);
      onClose();
    }
  };
  const noun = type === 'Alert' ? 'alert' : 'report';
  const title = `${editing ? 'Edit' : 'Add'} ${type === 'Alert' ? 'Alert' : 'Email Report'}`;

  return (
    <div className="report-modal" role="dialog" aria-modal="true" aria-label={title}>
      <form
        className="report-modal__body"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2>{title}</h2>
        <Field label={`${type} name`} field="name" error={errorOf('name')}>
          <input
            aria-label={`${type} name`}
            value={form.name}
            placeholder={`Enter ${noun} name`}
            aria-invalid={errorOf('name') !== null}
            onChange={(e) => set('name', e.target.value)}
          />
        </Field>
        <Field label="Description" field="description" error={errorOf('description')}>
          <input
            aria-label="Description"
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
          />
        </Field>
        <OwnersPicker
          api={reports.api}
          owners={form.owners}
          names={form.ownerNames}
          editing={editing}
          onChange={(owners, names) => setForm((f) => ({ ...f, owners, ownerNames: names }))}
          error={errorOf('owners')}
        />
        <label className="report-modal__check">
          <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} /> Active
        </label>
        {type === 'Alert' && <AlertFields reports={reports} form={form} set={set} errorOf={errorOf} />}
        <ContentField reports={reports} form={form} set={set} fixed={fixedContent} errorOf={errorOf} />
        <SchedulePicker
          crontab={form.crontab}
          timezone={form.timezone}
          onChange={(cron) => set('crontab', cron)}
          error={errorOf('crontab')}
        />
        <TimeZoneField value={form.timezone} onChange={(zone) => set('timezone', zone)} error={errorOf('timezone')} />
        <Field label="Format" field="report_format" error={errorOf('report_format')}>
          <select
            aria-label="Format"
            value={form.format}
            onChange={(e) => set('format', e.target.value as ReportForm['format'])}
          >
            {formats.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </Field>
        <fieldset className="report-modal__recipients">
          <legend>Recipients</legend>
          {(['to', 'cc', 'bcc'] as const).map((key) => (
            <label key={key}>
              {key === 'to' ? 'Email to' : key === 'cc' ? 'CC' : 'BCC'}
              <input
                aria-label={key === 'to' ? 'Email recipients' : key === 'cc' ? 'CC recipients' : 'BCC recipients'}
                placeholder="a@example.com, b@example.com"
                value={form[key]}
                onChange={(e) => set(key, e.target.value)}
              />
            </label>
          ))}
          <label>
            Webhook URL
            <input
              aria-label="Webhook URL"
              placeholder="https://"
              value={form.webhook}
              onChange={(e) => set('webhook', e.target.value)}
            />
          </label>
          <FieldError field="recipients" error={errorOf('recipients')} />
        </fieldset>
        <AdvancedFields api={reports.api} type={type} form={form} set={set} errorOf={errorOf} />
        {generalError !== null && (
          <div className="form-error" role="alert">
            {generalError}
          </div>
        )}
        <div className="report-modal__actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={save?.status === 'saving'}>
            {editing ? 'Save' : 'Add'}
          </button>
        </div>
      </form>
    </div>
  );
}

type Set = <K extends keyof ReportForm>(key: K, value: ReportForm[K]) => void;

function TimeZoneField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(zone: string): void;
  error: string | null;
}) {
  const zones = useMemo(() => timeZones(value), [value]);
  return (
    <Field label="Time zone" field="timezone" error={error}>
      <select aria-label="Time zone" value={value} onChange={(e) => onChange(e.target.value)}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The chart or dashboard sent: fixed when made from its menu, picked from a list otherwise. */
function ContentField({
  reports,
  form,
  set,
  fixed,
  errorOf,
}: {
  reports: ReportsFeature;
  form: ReportForm;
  set: Set;
  fixed: boolean;
  errorOf(...fields: string[]): string | null;
}) {
  // The options are a read for this dialog, not a fact of the page.
  const [options, setOptions] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    if (fixed) return;
    let live = true;
    reports.api.contents(form.contentType).then(
      (found) => live && setOptions(found),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [fixed, form.contentType, reports]);
  const error = errorOf('chart', 'dashboard');
  if (fixed) return <FieldError field="content" error={error} />;
  return (
    <fieldset className="report-modal__content">
      <legend>Content</legend>
      <label>
        Content type
        <select
          aria-label="Content type"
          value={form.contentType}
          onChange={(e) => {
            const contentType = e.target.value as ReportForm['contentType'];
            set('contentType', contentType);
            set('contentId', '');
            set('tabPath', []);
            set('nativeFilters', []);
            if (!formatsFor(contentType).includes(form.format)) set('format', 'PNG');
          }}
        >
          <option value="dashboard">Dashboard</option>
          <option value="chart">Chart</option>
        </select>
      </label>
      <label>
        {form.contentType === 'chart' ? 'Chart' : 'Dashboard'}
        <select
          aria-label="Select content"
          value={form.contentId}
          onChange={(e) => {
            set('contentId', e.target.value);
            // Tabs and filters are another dashboard's.
            set('tabPath', []);
            set('nativeFilters', []);
          }}
        >
          <option value="">Select {form.contentType}</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      <FieldError field="content" error={error} />
    </fieldset>
  );
}

/** An alert's condition: the database, the SQL, and the validator ("not null", or an operator and threshold). */
function AlertFields({
  reports,
  form,
  set,
  errorOf,
}: {
  reports: ReportsFeature;
  form: ReportForm;
  set: Set;
  errorOf(...fields: string[]): string | null;
}) {
  const [databases, setDatabases] = useState<{ id: number; database_name: string }[]>([]);
  useEffect(() => {
    let live = true;
    reports.api.databases().then(
      (found) => live && setDatabases(found),
      () => live && setDatabases([]),
    );
    return () => {
      live = false;
    };
  }, [reports]);
  return (
    <fieldset className="report-modal__alert">
      <legend>Alert condition</legend>
      <Field label="Database" field="database" error={errorOf('database')}>
        <select aria-label="Database" value={form.databaseId} onChange={(e) => set('databaseId', e.target.value)}>
          <option value="">Select database</option>
          {databases.map((d) => (
            <option key={d.id} value={d.id}>
              {d.database_name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="SQL query" field="sql" error={errorOf('sql')}>
        <textarea
          aria-label="SQL query"
          className="report-modal__sql"
          spellCheck={false}
          rows={5}
          value={form.sql}
          onChange={(e) => set('sql', e.target.value)}
        />
      </Field>
      <Field
        label="Trigger alert if..."
        field="validator_config_json"
        error={errorOf('validator_type', 'validator_config_json')}
      >
        <select
          aria-label="Condition"
          value={form.validatorType === 'not null' ? 'not null' : form.op}
          onChange={(e) => {
            const value = e.target.value;
            if (value === 'not null') set('validatorType', 'not null');
            else {
              set('validatorType', 'operator');
              set('op', value as ReportForm['op']);
            }
          }}
        >
          <option value="not null">not null</option>
          {ALERT_OPERATORS.map((op) => (
            <option key={op} value={op}>
              {op}
            </option>
          ))}
        </select>
        {form.validatorType === 'operator' && (
          <input
            aria-label="Threshold"
            inputMode="decimal"
            placeholder="Value"
            value={form.threshold}
            onChange={(e) => set('threshold', e.target.value)}
          />
        )}
      </Field>
    </fieldset>
  );
}
