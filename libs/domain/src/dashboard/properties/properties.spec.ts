import { DashboardMessages } from '../messages';
import { normalizeDashboardSave, normalizeSlug } from './save-body';
import { metadataWithDefaults, parseJsonMetadata } from './json-metadata';
import { isStandardRefreshInterval, refreshSchedule } from './refresh';
import { remapChartIdsInMetadata } from './remap-charts';
import { canEditDashboardLayout, canViewDashboard, dashboardPermissionFlags, isEditModeOn } from './permissions';
import type { PermissionSubject } from '../../platform/permissions/permissions';

const ok = (input: unknown, roleBasedAccess = false) => {
  const result = normalizeDashboardSave(input, { roleBasedAccess });
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.body;
};

describe('dashboard save body (charts-dashboards-reports §5)', () => {
  it('an empty title becomes [ untitled dashboard ]', () => {
    expect(ok({ dashboard_title: '  ' }).dashboard_title).toBe('[ untitled dashboard ]');
    expect(ok({}).dashboard_title).toBe(DashboardMessages.UNTITLED_DASHBOARD);
    expect(ok({ dashboard_title: ' Sales ' }).dashboard_title).toBe('Sales');
  });

  it('an empty slug is null; a slug is trimmed, spaces become dashes, other characters go', () => {
    expect(ok({ slug: '' }).slug).toBeNull();
    expect(ok({ slug: '   ' }).slug).toBeNull();
    expect(ok({ slug: ' my sales/board! ' }).slug).toBe('my-salesboard');
    expect(normalizeSlug(null)).toBeNull();
    const numeric = normalizeDashboardSave({ slug: '123' }, { roleBasedAccess: false });
    expect(numeric.ok).toBe(false);
  });

  it('certification details only with a certifier', () => {
    expect(ok({ certified_by: '', certification_details: 'checked' })).toMatchObject({
      certified_by: null,
      certification_details: null,
    });
    expect(ok({ certified_by: 'Data team', certification_details: 'checked' })).toMatchObject({
      certified_by: 'Data team',
      certification_details: 'checked',
    });
  });

  it('refresh_frequency is 0 when unset, kept when set', () => {
    expect(ok({}).json_metadata.refresh_frequency).toBe(0);
    expect(ok({ json_metadata: JSON.stringify({ refresh_frequency: 300 }) }).json_metadata.refresh_frequency).toBe(300);
  });

  it('roles are kept only under role-based access', () => {
    expect(ok({ roles: ['Gamma'] }).roles).toBeUndefined();
    expect(ok({ roles: ['gamma', 'Gamma', ' Alpha'] }, true).roles).toEqual(['Gamma', 'Alpha']);
    const unknown = normalizeDashboardSave({ roles: ['Gamma', 'Nope'] }, { roleBasedAccess: true });
    expect(unknown).toEqual({ ok: false, problems: ['roles: unknown role "Nope"'] });
    expect(normalizeDashboardSave({ roles: [3] }, { roleBasedAccess: true }).ok).toBe(false);
  });

  it('custom roles the caller knows are accepted under their stored name; others are not', () => {
    const saved = normalizeDashboardSave(
      { roles: ['analysts', 'Gamma'] },
      { roleBasedAccess: true, customRoles: ['Analysts'] },
    );
    expect(saved.ok && saved.body.roles).toEqual(['Analysts', 'Gamma']);
    const unknown = normalizeDashboardSave({ roles: ['Analysts'] }, { roleBasedAccess: true, customRoles: [] });
    expect(unknown).toEqual({ ok: false, problems: ['roles: unknown role "Analysts"'] });
  });

  it('bad input is refused with the field named, never stored', () => {
    const results = [
      normalizeDashboardSave({ dashboard_title: 5 }, { roleBasedAccess: false }),
      normalizeDashboardSave({ owners: ['x'] }, { roleBasedAccess: false }),
      normalizeDashboardSave({ unknown_field: 1 }, { roleBasedAccess: false }),
      normalizeDashboardSave({ json_metadata: '{not json' }, { roleBasedAccess: false }),
      normalizeDashboardSave({ json_metadata: { refresh_frequency: -1 } }, { roleBasedAccess: false }),
      normalizeDashboardSave('nope', { roleBasedAccess: false }),
    ];
    for (const result of results) expect(result.ok).toBe(false);
    const titled = normalizeDashboardSave({ dashboard_title: 'x'.repeat(501) }, { roleBasedAccess: false });
    expect(titled.ok ? [] : titled.problems[0]).toMatch(/^dashboard_title/);
  });
});

describe('json_metadata (REFERENCE §3.3)', () => {
  it('accepts the documented fields, as an object or a JSON string', () => {
    const metadata = {
      refresh_frequency: 60,
      cross_filters_enabled: true,
      filter_bar_orientation: 'HORIZONTAL',
      chart_configuration: { '5': { id: 5, crossFilters: { scope: 'global', chartsInScope: [6] } } },
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [5, 6] },
      native_filter_configuration: [{ id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', title: 'A', description: '' }],
      expanded_slices: { '5': true },
      label_colors: { boys: '#00f' },
      color_scheme: null,
    };
    expect(parseJsonMetadata(metadata)).toEqual({ ok: true, metadata });
    expect(parseJsonMetadata(JSON.stringify(metadata)).ok).toBe(true);
    expect(parseJsonMetadata('')).toEqual({ ok: true, metadata: {} });
  });

  it('refuses a misspelt key, a bad orientation and a chart configuration keyed by a non-id', () => {
    expect(parseJsonMetadata({ refresh_frequncy: 1 }).ok).toBe(false);
    expect(parseJsonMetadata({ filter_bar_orientation: 'DIAGONAL' }).ok).toBe(false);
    expect(parseJsonMetadata({ chart_configuration: { abc: { id: 1, crossFilters: { scope: 'global' } } } }).ok).toBe(
      false,
    );
  });

  it('defaults: no refresh, staggered by 5000 ms, cross-filters on, vertical bar', () => {
    expect(metadataWithDefaults({})).toMatchObject({
      refresh_frequency: 0,
      stagger_refresh: true,
      stagger_time: 5000,
      cross_filters_enabled: true,
      filter_bar_orientation: 'VERTICAL',
    });
  });
});

describe('dashboard permissions (charts-dashboards-reports §6)', () => {
  const user = (id: number, roles: string[], permissions: [string, string][] = []): PermissionSubject => ({
    id,
    roles,
    permissions,
  });
  const writer = (id: number) => user(id, ['Gamma'], [['can_write', 'Dashboard']]);
  const dashboard = { owners: [1], roles: ['Sales'], published: true };

  it('editing needs can_write on Dashboard and being an owner or admin', () => {
    expect(canEditDashboardLayout(writer(1), dashboard)).toBe(true);
    expect(canEditDashboardLayout(writer(2), dashboard)).toBe(false);
    expect(canEditDashboardLayout(user(1, ['Gamma']), dashboard)).toBe(false);
    expect(canEditDashboardLayout(user(9, ['Admin']), dashboard)).toBe(true);
    expect(canEditDashboardLayout(null, dashboard)).toBe(false);
  });

  it('role-based access: only the dashboard’s roles, owners and admins see it when the flag is on', () => {
    expect(canViewDashboard(user(5, ['Gamma']), dashboard, {})).toBe(true);
    expect(canViewDashboard(user(5, ['Gamma']), dashboard, { DASHBOARD_RBAC: true })).toBe(false);
    expect(canViewDashboard(user(5, ['sales']), dashboard, { DASHBOARD_RBAC: true })).toBe(true);
    expect(canViewDashboard(user(1, ['Gamma']), dashboard, { DASHBOARD_RBAC: true })).toBe(true);
    expect(canViewDashboard(user(5, ['Gamma']), { owners: [1], published: false }, {})).toBe(false);
    // Roles never open a draft to non-owners.
    expect(canViewDashboard(user(5, ['Sales']), { ...dashboard, published: false }, { DASHBOARD_RBAC: true })).toBe(
      false,
    );
    expect(canViewDashboard(user(1, ['Gamma']), { ...dashboard, published: false }, { DASHBOARD_RBAC: true })).toBe(
      true,
    );
  });

  it('the permission flags and edit mode from the URL', () => {
    const flags = dashboardPermissionFlags(
      user(
        1,
        ['Gamma'],
        [
          ['can_write', 'Dashboard'],
          ['can_csv', 'Strata'],
        ],
      ),
      dashboard,
    );
    expect(flags).toEqual({ edit: true, save: true, share: false, explore: false, shareChart: false, csv: true });
    expect(isEditModeOn(flags, 'true')).toBe(true);
    expect(isEditModeOn(flags, '1')).toBe(false);
    expect(isEditModeOn({ edit: false }, 'true')).toBe(false);
  });
});

describe('staggered refresh (charts-dashboards-reports §9)', () => {
  it('spreads n charts over the larger of the refresh frequency and the stagger time', () => {
    expect(refreshSchedule([1, 2, 3, 4], {})).toEqual([
      { chartId: 1, delayMs: 0 },
      { chartId: 2, delayMs: 1250 },
      { chartId: 3, delayMs: 2500 },
      { chartId: 4, delayMs: 3750 },
    ]);
    expect(refreshSchedule([1, 2], { refreshFrequency: 10, staggerTime: 5000 }).map((r) => r.delayMs)).toEqual([
      0, 5000,
    ]);
    expect(refreshSchedule([1, 2], { staggerRefresh: false }).map((r) => r.delayMs)).toEqual([0, 0]);
  });

  it('periodic refreshes skip the immune charts; a first load does not', () => {
    expect(refreshSchedule([1, 2, 3], { immuneChartIds: [2] }, true).map((r) => r.chartId)).toEqual([1, 3]);
    expect(refreshSchedule([1, 2, 3], { immuneChartIds: [2] }).map((r) => r.chartId)).toEqual([1, 2, 3]);
    expect(isStandardRefreshInterval(300)).toBe(true);
    expect(isStandardRefreshInterval(7)).toBe(false);
  });
});

describe('chart ids in a copied dashboard’s json_metadata', () => {
  const mapping = new Map([
    [1, 11],
    [2, 12],
  ]);

  it('points every chart reference at the copies and keeps ids without a copy', () => {
    const scope = (excluded: number[]) => ({ rootPath: ['ROOT_ID'], excluded });
    const next = remapChartIdsInMetadata(
      {
        chart_configuration: {
          '1': { id: 1, crossFilters: { scope: scope([2]), chartsInScope: [2, 99] } },
          '2': { id: 2, crossFilters: { scope: 'global', chartsInScope: [1] } },
        },
        global_chart_configuration: { scope: scope([1]), chartsInScope: [2] },
        native_filter_configuration: [{ id: 'NATIVE_FILTER-a', scope: scope([2]), chartsInScope: [1] }],
        timed_refresh_immune_slices: [1, 99],
        expanded_slices: { '2': true },
        filter_scopes: { '1': { region: { scope: ['ROOT_ID'], immune: [2] } } },
        default_filters: JSON.stringify({ '1': { region: ['EU'] } }),
        positions: { 'CHART-x': { type: 'CHART', id: 'CHART-x', children: [], meta: { chartId: 2 } } },
        color_scheme: 'supersetColors',
      },
      mapping,
    );
    expect(next).toEqual({
      chart_configuration: {
        '11': { id: 11, crossFilters: { scope: scope([12]), chartsInScope: [12, 99] } },
        '12': { id: 12, crossFilters: { scope: 'global', chartsInScope: [11] } },
      },
      global_chart_configuration: { scope: scope([11]), chartsInScope: [12] },
      native_filter_configuration: [{ id: 'NATIVE_FILTER-a', scope: scope([12]), chartsInScope: [11] }],
      timed_refresh_immune_slices: [11, 99],
      expanded_slices: { '12': true },
      filter_scopes: { '11': { region: { scope: ['ROOT_ID'], immune: [12] } } },
      default_filters: JSON.stringify({ '11': { region: ['EU'] } }),
      positions: { 'CHART-x': { type: 'CHART', id: 'CHART-x', children: [], meta: { chartId: 12 } } },
      color_scheme: 'supersetColors',
    });
  });

  it('leaves metadata without chart references as it is', () => {
    expect(remapChartIdsInMetadata({ color_scheme: 'x', default_filters: '{bad' }, mapping)).toEqual({
      color_scheme: 'x',
      default_filters: '{bad',
    });
  });
});
