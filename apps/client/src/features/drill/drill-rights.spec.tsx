import { act, render, screen } from '@testing-library/react';
import { DRILL_DETAIL_OPENED, DRILL_DETAIL_PAGE_LOADED, SESSION_RESTORED, type PermissionPair } from '@strata/domain';
import { createAppServices } from '../../app/services';
import { ServicesProvider } from '../../app/services-context';
import { MAY_LAND_IN_PAST } from '../../shared/feature-store';
import { HttpClient } from '../api/http-client';
import { useChartMenuExtras } from './ChartMenuExtras';
import { drillOf } from './drill-context';
import { DrillModals } from './DrillModals';

const target = { title: 'Cars by origin', datasource: '7__table', formData: { viz_type: 'table' } };

function Menu() {
  const extras = useChartMenuExtras({ target, closeMenu: () => undefined, onError: () => undefined });
  return <div role="menu">{extras.items}</div>;
}

/** The page's services with a signed-in user whose one role grants `pairs` (no server is asked). */
function signedIn(pairs: PermissionPair[]) {
  const services = createAppServices({ http: new HttpClient({ fetch: () => Promise.reject(new Error('offline')) }) });
  services.session.store.record(
    [{ type: SESSION_RESTORED, data: { user: { id: 5, username: 'eve', roles: { Custom: pairs } } as never } }],
    MAY_LAND_IN_PAST,
  );
  return services;
}

describe('drill and share entries follow the roles (charts-dashboards-reports §6)', () => {
  it.each([
    ['can_explore only: drill, no share', [['can_explore', 'Strata']], ['Drill to detail'], ['Embed code']],
    [
      'can_share_chart only: share, no drill',
      [['can_share_chart', 'Strata']],
      ['Copy permalink to clipboard', 'Embed code'],
      ['Drill to detail'],
    ],
  ] as [string, PermissionPair[], string[], string[]][])('%s', (_name, pairs, shown, hidden) => {
    render(
      <ServicesProvider value={signedIn(pairs)}>
        <Menu />
      </ServicesProvider>,
    );
    for (const name of shown) expect(screen.getByRole('menuitem', { name })).toBeTruthy();
    for (const name of hidden) expect(screen.queryByRole('menuitem', { name })).toBeNull();
  });

  it.each([
    ['with can_csv the drilled rows download', [['can_csv', 'Strata']] as PermissionPair[], true],
    ['without can_csv they do not', [] as PermissionPair[], false],
  ])('%s', (_name, pairs, downloads) => {
    const services = signedIn(pairs);
    const drill = drillOf(services);
    render(
      <ServicesProvider value={services}>
        <DrillModals />
      </ServicesProvider>,
    );
    act(() => {
      drill.store.record([{ type: DRILL_DETAIL_OPENED, data: { target, filters: [], label: null } }]);
      drill.store.record(
        [
          {
            type: DRILL_DETAIL_PAGE_LOADED,
            data: { page: 1, colnames: ['name'], rows: [{ name: 'datsun' }], total: 1 },
          },
        ],
        MAY_LAND_IN_PAST,
      );
    });
    expect(screen.getByRole('cell', { name: 'datsun' })).toBeTruthy();
    expect(!!screen.queryByRole('button', { name: 'Download CSV' })).toBe(downloads);
    expect(!!screen.queryByRole('button', { name: 'Download XLSX' })).toBe(downloads);
  });
});
