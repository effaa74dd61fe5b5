import { useState } from 'react';
import { useStoreState } from '../../../shared/use-store-state';
import { COLOR_SCHEMES } from '../../charts/viz/shared/color-schemes';
import type { DashboardMetadata, DashboardRecord } from '../api/types';
import type { DashboardPropertiesFeature, PropertiesForm } from './dashboard-properties.feature';
import { ModalForm } from './ModalForm';
import { OwnersField } from './OwnersField';
import { colorSchemeOfJson, jsonObjectProblem, jsonWithColorScheme, jsonWithField, refreshOfJson } from './save-body';
import { DASHBOARD_AUTO_REFRESH_INTERVALS } from '@strata/domain';
import { refreshIntervalLabel } from '../refresh/refresh-labels';

const selected = (select: HTMLSelectElement) => [...select.selectedOptions].map((o) => o.value);

/** The names users know the categorical schemes by. */
const SCHEME_LABELS: Readonly<Record<string, string>> = {
  supersetColors: 'Superset Colors',
  d3Category10: 'D3 Category 10',
  googleCategory10c: 'Google Category 10c',
  bnbColors: 'Airbnb Colors',
};

function formOf(dashboard: DashboardRecord, metadata: DashboardMetadata): PropertiesForm {
  return {
    title: dashboard.dashboard_title ?? '',
    slug: dashboard.slug ?? '',
    owners: (dashboard.owners ?? []).map((o) => o.id),
    roles: (dashboard.roles ?? []).map((r) => (typeof r === 'string' ? r : r.name)),
    certifiedBy: dashboard.certified_by ?? '',
    certificationDetails: dashboard.certification_details ?? '',
    jsonMetadata: JSON.stringify(metadata, null, 2),
  };
}

/**
 * Edit properties: title, slug, owners, roles (DASHBOARD_RBAC), certification and, under Advanced, the
 * JSON metadata. The fields start from the dashboard as the page has it. When someone else saved first,
 * the fields keep what the user typed and the differences are shown; the page remounts the form with the
 * latest values (its `key`) only when the user discards their changes.
 */
export function PropertiesModal({
  properties,
  dashboard,
  metadata,
  onClose,
}: {
  properties: DashboardPropertiesFeature;
  dashboard: DashboardRecord;
  metadata: DashboardMetadata;
  onClose: () => void;
}) {
  const state = useStoreState(properties.store.state$);
  // Form input only: what is saved and whether it was are the stores'.
  const [form, setForm] = useState(() => formOf(dashboard, metadata));
  const set = <K extends keyof PropertiesForm>(key: K, value: PropertiesForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const jsonProblem = jsonObjectProblem(form.jsonMetadata);
  const failure = state.failure?.write === 'properties' ? state.failure : null;
  const confirmation = state.overwriteConfirmMetadata?.write === 'properties' ? state.overwriteConfirmMetadata : null;
  const save = (overwrite: boolean) => {
    if (jsonProblem) return;
    void properties.saveProperties(form, overwrite).then((saved) => saved && onClose());
  };
  // The scheme lives in the JSON metadata: the select reads and rewrites the Advanced field's color_scheme.
  const scheme = colorSchemeOfJson(form.jsonMetadata);
  const schemes =
    scheme && !(scheme in COLOR_SCHEMES) ? [...Object.keys(COLOR_SCHEMES), scheme] : Object.keys(COLOR_SCHEMES);
  const swatches = scheme ? COLOR_SCHEMES[scheme] : undefined;
  // Saved with the dashboard (charts-dashboards-reports §4 persistent refresh frequency), unlike the title bar's picker.
  const refresh = refreshOfJson(form.jsonMetadata);
  const intervals: number[] = [...DASHBOARD_AUTO_REFRESH_INTERVALS];
  if (refresh !== null && !intervals.includes(refresh)) intervals.push(refresh);

  return (
    <ModalForm
      label="Dashboard properties"
      onClose={onClose}
      saving={state.writing === 'properties'}
      canSave={jsonProblem === null}
      error={failure?.message ?? null}
      onSubmit={() => save(false)}
      overwrite={
        confirmation && {
          confirmation,
          ownerNames: state.ownerNames,
          onOverwrite: () => save(true),
          onDiscard: () => properties.discardChanges('properties'),
        }
      }
    >
      <fieldset>
        <legend>Basic information</legend>
        <label>
          Title
          <input
            value={form.title}
            maxLength={500}
            onChange={(e) => set('title', e.target.value)}
            placeholder="[ untitled dashboard ]"
          />
        </label>
        <label>
          URL slug
          <input
            value={form.slug}
            maxLength={255}
            onChange={(e) => set('slug', e.target.value)}
            placeholder="A readable URL for your dashboard"
          />
        </label>
      </fieldset>
      <fieldset>
        <legend>Access</legend>
        <OwnersField
          properties={properties}
          state={state}
          owners={form.owners}
          onChange={(owners) => set('owners', owners)}
        />
        <span className="muted">Owners may edit the dashboard.</span>
        {properties.roleBasedAccess && (
          <>
            <label>
              Roles
              <select multiple value={form.roles} onChange={(e) => set('roles', selected(e.target))}>
                {[...new Set([...state.roleChoices, ...form.roles])].map((role) => (
                  <option key={role} value={role}>
                    {role}
                  </option>
                ))}
              </select>
            </label>
            <span className="muted">
              With roles set, only users with one of them (besides owners and admins) see the published dashboard.
            </span>
          </>
        )}
      </fieldset>
      <fieldset>
        <legend>Colors</legend>
        <label>
          Color scheme
          <select
            value={scheme ?? ''}
            disabled={scheme === null}
            title={scheme === null ? 'Correct the JSON metadata first' : undefined}
            onChange={(e) => set('jsonMetadata', jsonWithColorScheme(form.jsonMetadata, e.target.value))}
          >
            <option value="">(chart's own)</option>
            {schemes.map((name) => (
              <option key={name} value={name}>
                {SCHEME_LABELS[name] ?? (name in COLOR_SCHEMES ? name : `${name} (unknown)`)}
              </option>
            ))}
          </select>
        </label>
        {swatches && (
          <span className="dashboard-properties__swatches" aria-hidden="true">
            {swatches.map((color) => (
              <span key={color} style={{ background: color }} />
            ))}
          </span>
        )}
        <span className="muted">
          Replaces the colour scheme of every chart on this dashboard. A new scheme gives every label a colour of it
          again; colours set by hand in label_colors stay.
        </span>
      </fieldset>
      <fieldset>
        <legend>Refresh</legend>
        <label>
          Auto-refresh interval
          <select
            value={refresh ?? 0}
            disabled={refresh === null}
            title={refresh === null ? 'Correct the JSON metadata first' : undefined}
            onChange={(e) =>
              set('jsonMetadata', jsonWithField(form.jsonMetadata, 'refresh_frequency', Number(e.target.value)))
            }
          >
            {intervals.map((seconds) => (
              <option key={seconds} value={seconds}>
                {refreshIntervalLabel(seconds)}
              </option>
            ))}
          </select>
        </label>
        <span className="muted">
          Every viewer's charts refresh at this interval. The interval picked in the title bar lasts for your visit
          only.
        </span>
      </fieldset>
      <fieldset>
        <legend>Certification</legend>
        <label>
          Certified by
          <input
            value={form.certifiedBy}
            onChange={(e) => set('certifiedBy', e.target.value)}
            placeholder="Person or group that has certified this dashboard"
          />
        </label>
        <label>
          Certification details
          <input
            value={form.certificationDetails}
            onChange={(e) => set('certificationDetails', e.target.value)}
            placeholder="Any additional detail to show in the certification tooltip"
          />
        </label>
        {!form.certifiedBy.trim() && form.certificationDetails.trim() && (
          <span className="muted">Details are saved only with a certifier.</span>
        )}
      </fieldset>
      <details>
        <summary>Advanced</summary>
        <label>
          JSON metadata
          <textarea
            rows={12}
            spellCheck={false}
            value={form.jsonMetadata}
            onChange={(e) => set('jsonMetadata', e.target.value)}
            aria-invalid={jsonProblem !== null}
          />
        </label>
        {jsonProblem && <div className="form-error">{jsonProblem}</div>}
      </details>
    </ModalForm>
  );
}
