import { deciderSpec } from '../../testing';
import { summarize } from '../../audit/registry';
import { filterStateDecider, filterStateValues, type DashboardFilterState } from '.';

const key = 'k'.repeat(32);
const japan: DashboardFilterState = {
  dataMask: { 'NATIVE_FILTER-a': { filterState: { value: ['Japan'] }, extraFormData: {} } },
  activeTabs: [],
};
const usa: DashboardFilterState = { dataMask: { 'NATIVE_FILTER-a': { filterState: { value: ['USA'] } } } };
const created = {
  type: 'dashboard/filterStateCreated' as const,
  data: { key, dashboardId: 7, owner: 3, state: japan },
};
const spec = deciderSpec(filterStateDecider);

describe('dashboard filter state (dashboard_filter_state:<key>)', () => {
  it('a key is created once, for one dashboard, owned by its creator', () => {
    spec.given([]).when({ type: 'CreateFilterState', data: created.data }).then([created]);
    spec.given([created]).when({ type: 'CreateFilterState', data: created.data }).thenThrows('filter_state_exists');
  });

  it('its owner changes it, and each change carries the whole state', () => {
    spec
      .given([created])
      .when({ type: 'ChangeFilterState', data: { key, dashboardId: 7, userId: 3, state: usa } })
      .then([{ type: 'dashboard/filterStateChanged', data: { key, dashboardId: 7, state: usa } }]);
  });

  it('another user may not change it; from another dashboard, or never created, it is not found', () => {
    spec
      .given([created])
      .when({ type: 'ChangeFilterState', data: { key, dashboardId: 7, userId: 4, state: usa } })
      .thenThrows('filter_state_not_owner');
    spec
      .given([created])
      .when({ type: 'ChangeFilterState', data: { key, dashboardId: 8, userId: 3, state: usa } })
      .thenThrows('filter_state_not_found');
    spec
      .given([])
      .when({ type: 'ChangeFilterState', data: { key, dashboardId: 7, userId: 3, state: usa } })
      .thenThrows('filter_state_not_found');
  });

  it('reads the values a state holds, by filter or chart id', () => {
    expect(
      filterStateValues({ dataMask: { ...usa.dataMask, '12': { filterState: { value: ['a'] } }, b: {} } }),
    ).toEqual({
      'NATIVE_FILTER-a': ['USA'],
      '12': ['a'],
    });
    expect(filterStateValues(null)).toEqual({});
  });

  it('is summarized for the audit log without its key', () => {
    expect(summarize(created, { who: 'alice', objectName: 'Sales' })).toBe(
      "alice kept the filters of the dashboard 'Sales' (1 filter set)",
    );
    expect(
      summarize(
        { type: 'dashboard/filterStateChanged', data: { key, dashboardId: 7, state: { dataMask: {} } } },
        { who: 'alice' },
      ),
    ).toBe('alice changed the filters of the dashboard (no filter set)');
  });
});
