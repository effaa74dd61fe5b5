import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { SESSION_RESTORED } from '@strata/domain';
import { createAppServices } from '../../app/services';
import { ServicesProvider } from '../../app/services-context';
import { MAY_LAND_IN_PAST } from '../../shared/feature-store';
import { HttpClient } from '../api/http-client';
import { ChartDrillArea } from './ChartDrillArea';

const target = { title: 'Cars by origin', datasource: '7__table', formData: { viz_type: 'table' } };

describe('ChartDrillArea', () => {
  // The signed-in user reaches the area a render after the chart's first one: a wrapper that appeared then
  // remounted the chart inside, so every Highcharts chart of a dashboard was created twice (apps/bench).
  it('keeps the chart mounted when the signed-in user (and so the menu) arrives after its first render', () => {
    const services = createAppServices({ http: new HttpClient({ fetch: () => Promise.reject(new Error('offline')) }) });
    let mounts = 0;
    function Chart() {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <svg data-testid="chart" />;
    }
    const { container } = render(
      <ServicesProvider value={services}>
        <ChartDrillArea target={target} columns={[]}>
          <Chart />
        </ChartDrillArea>
      </ServicesProvider>,
    );
    fireEvent.contextMenu(container.querySelector('.drill-area')!);
    expect(screen.queryByRole('menuitem', { name: 'Drill to detail' })).toBeNull();

    act(() => {
      services.session.store.record(
        [
          {
            type: SESSION_RESTORED,
            data: { user: { id: 5, username: 'eve', roles: { Custom: [['can_explore', 'Strata']] } } as never },
          },
        ],
        MAY_LAND_IN_PAST,
      );
    });
    fireEvent.contextMenu(container.querySelector('.drill-area')!);
    expect(screen.getByRole('menuitem', { name: 'Drill to detail' })).toBeTruthy();
    expect(mounts).toBe(1);
  });
});
