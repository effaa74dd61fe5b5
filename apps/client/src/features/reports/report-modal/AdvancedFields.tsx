import { useEffect, useState } from 'react';
import { SCREENSHOT_SIZE, type ReportType } from '@strata/domain';
import type { ReportsApi } from '../api/reports-api';
import type { DashboardLayout } from './dashboard-layout';
import { LOG_RETENTION_DAYS, SCREENSHOT_FORMATS, type NativeFilterRow, type ReportForm } from './report-form';
import { Field, FieldError } from './SchedulePicker';

type Set = <K extends keyof ReportForm>(key: K, value: ReportForm[K]) => void;
type ErrorOf = (...fields: string[]) => string | null;

/** The body fields the Advanced section shows (their 400s show there). */
export const ADVANCED_FIELDS = [
  'log_retention',
  'working_timeout',
  'grace_period',
  'custom_width',
  'custom_height',
  'force_screenshot',
  'extra',
];

/**
 * Superset's AlertReportModal "Advanced" settings: log retention, working timeout, grace period (alerts),
 * the screenshot's width (PNG/PDF) and "Ignore cache when generating report", and for a dashboard the tab
 * to send and native filter values to apply. Open by default when one of its fields was refused.
 */
export function AdvancedFields({
  api,
  type,
  form,
  set,
  errorOf,
}: {
  api: ReportsApi;
  type: ReportType;
  form: ReportForm;
  set: Set;
  errorOf: ErrorOf;
}) {
  const refused = errorOf(...ADVANCED_FIELDS) !== null;
  const retention = LOG_RETENTION_DAYS.map(String).includes(form.logRetention)
    ? LOG_RETENTION_DAYS.map(String)
    : [...LOG_RETENTION_DAYS.map(String), form.logRetention];
  const screenshot = SCREENSHOT_FORMATS.includes(form.format);
  return (
    <details className="report-modal__advanced" open={refused || undefined}>
      <summary>Advanced</summary>
      <Field label="Log retention" field="log_retention" error={errorOf('log_retention')}>
        <select
          aria-label="Log retention"
          value={form.logRetention}
          onChange={(e) => set('logRetention', e.target.value)}
        >
          {retention.map((days) => (
            <option key={days} value={days}>
              {days === '1' ? '1 day' : `${days} days`}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Working timeout (seconds)" field="working_timeout" error={errorOf('working_timeout')}>
        <input
          aria-label="Working timeout"
          inputMode="numeric"
          value={form.workingTimeout}
          onChange={(e) => set('workingTimeout', e.target.value)}
        />
      </Field>
      {type === 'Alert' && (
        <Field label="Grace period (seconds)" field="grace_period" error={errorOf('grace_period')}>
          <input
            aria-label="Grace period"
            inputMode="numeric"
            value={form.gracePeriod}
            onChange={(e) => set('gracePeriod', e.target.value)}
          />
        </Field>
      )}
      {screenshot && (
        <Field label="Screenshot width (px)" field="custom_width" error={errorOf('custom_width', 'custom_height')}>
          <input
            aria-label="Screenshot width"
            inputMode="numeric"
            placeholder={`${SCREENSHOT_SIZE.min}-${SCREENSHOT_SIZE.max}, blank for the default`}
            value={form.customWidth}
            onChange={(e) => set('customWidth', e.target.value)}
          />
        </Field>
      )}
      <label className="report-modal__check" data-field="force_screenshot">
        <input
          type="checkbox"
          checked={form.forceScreenshot}
          onChange={(e) => set('forceScreenshot', e.target.checked)}
        />{' '}
        Ignore cache when generating report
      </label>
      <FieldError field="force_screenshot" error={errorOf('force_screenshot')} />
      {form.contentType === 'dashboard' && form.contentId !== '' && (
        <DashboardViewFields
          api={api}
          dashboardId={Number(form.contentId)}
          form={form}
          set={set}
          error={errorOf('extra')}
        />
      )}
    </details>
  );
}

/** The tab to send and the native filter values to apply (`extra.dashboard`), from the dashboard's own layout. */
function DashboardViewFields({
  api,
  dashboardId,
  form,
  set,
  error,
}: {
  api: ReportsApi;
  dashboardId: number;
  form: ReportForm;
  set: Set;
  error: string | null;
}) {
  // The dashboard's layout is a read for this dialog, not a fact of the page.
  const [layout, setLayout] = useState<DashboardLayout | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    setLayout(null);
    api.dashboardLayout(dashboardId).then(
      (found) => live && setLayout(found),
      () => live && setLayout('failed'),
    );
    return () => {
      live = false;
    };
  }, [api, dashboardId]);
  const tabs = layout && layout !== 'failed' ? layout.tabs : [];
  const filters = layout && layout !== 'failed' ? layout.nativeFilters : [];
  const tabId = form.tabPath.at(-1) ?? '';
  const setFilter = (index: number, row: Partial<NativeFilterRow>) =>
    set(
      'nativeFilters',
      form.nativeFilters.map((f, i) => (i === index ? { ...f, ...row } : f)),
    );
  return (
    <fieldset className="report-modal__view" data-field="extra">
      <legend>Dashboard view</legend>
      {layout === null && (
        <span className="muted" role="status">
          Reading the dashboard…
        </span>
      )}
      {layout === 'failed' && <span className="form-error">The dashboard's tabs and filters could not be read.</span>}
      <label>
        Tab to send
        <select
          aria-label="Tab to send"
          value={tabId}
          onChange={(e) => set('tabPath', tabs.find((t) => t.id === e.target.value)?.path ?? [])}
        >
          <option value="">{tabs.length ? 'The first tab' : 'The whole dashboard (no tabs)'}</option>
          {tabs.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
          {tabId !== '' && !tabs.some((t) => t.id === tabId) && <option value={tabId}>{tabId}</option>}
        </select>
      </label>
      {form.nativeFilters.map((row, index) => (
        <div key={index} className="report-modal__filter" role="group" aria-label={`Filter ${index + 1}`}>
          <select
            aria-label="Native filter"
            value={row.nativeFilterId}
            onChange={(e) => {
              const chosen = filters.find((f) => f.id === e.target.value);
              setFilter(index, {
                nativeFilterId: e.target.value,
                filterType: chosen?.filterType ?? null,
                columnName: chosen?.columnName ?? null,
              });
            }}
          >
            <option value="">Select filter</option>
            {filters.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
            {row.nativeFilterId !== '' && !filters.some((f) => f.id === row.nativeFilterId) && (
              <option value={row.nativeFilterId}>{row.nativeFilterId}</option>
            )}
          </select>
          <input
            aria-label="Filter values"
            placeholder="Values, comma separated"
            value={row.values}
            onChange={(e) => setFilter(index, { values: e.target.value })}
          />
          <button
            type="button"
            aria-label={`Remove filter ${index + 1}`}
            onClick={() =>
              set(
                'nativeFilters',
                form.nativeFilters.filter((_, i) => i !== index),
              )
            }
          >
            ×
          </button>
        </div>
      ))}
      {filters.length > 0 && (
        <button
          type="button"
          onClick={() =>
            set('nativeFilters', [
              ...form.nativeFilters,
              { nativeFilterId: '', filterType: null, columnName: null, values: '' },
            ])
          }
        >
          + Apply filter values
        </button>
      )}
      <FieldError field="extra" error={error} />
    </fieldset>
  );
}
