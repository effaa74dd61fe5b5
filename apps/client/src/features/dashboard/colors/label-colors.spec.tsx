import { waitFor } from '@testing-library/react';
import { Highcharts } from '../../charts/viz/shared/highcharts';
import { rendered, sliceColors, withoutUsa } from '../testing/drawn-charts';
import { SUPERSET_COLORS } from '../../charts/viz/shared/color-schemes';
import { pieChart } from '../testing/dashboard-test-api';
import { sampleDashboard } from '../testing/layouts';
import { dashboardPageSpec } from '../testing/page-spec';
import { ADMIN } from '../testing/render-dashboard';

const spec = dashboardPageSpec();

/** Two pies: every origin, and all but the largest, so a label's place (and a palette's colour) differs. */
function twoPies(metadata: Record<string, unknown> = {}) {
  const dashboard = sampleDashboard({ json_metadata: metadata });
  dashboard.charts = [pieChart(1, 'Cars by origin'), pieChart(2, 'Origins table', withoutUsa), dashboard.charts[2]!];
  spec.api.dashboards.push(dashboard);
}

describe('dashboard label colours (charts-dashboards-reports §3 label colours, §4 colour sync)', () => {
  it('gives a label the same colour on every chart, and an owner pushes the colours 500 ms later without marking the dashboard changed', async () => {
    twoPies();
    // Every set of options a chart is created or updated with, to see which colours it was ever drawn in.
    const drawnWith = [
      jest.spyOn(Highcharts.Chart.prototype, 'init'),
      jest.spyOn(Highcharts.Chart.prototype, 'update'),
    ];
    spec.render('/dashboard/7/');
    await rendered('Cars by origin');
    await rendered('Origins table');
    const first = sliceColors('Cars by origin');
    expect(new Set(Object.values(first)).size).toBe(3);
    const { USA: _, ...others } = first;
    await waitFor(() => expect(sliceColors('Origins table')).toEqual(others));

    // One push once the charts have drawn (two when they drew further apart than the debounce, as on a
    // busy machine): the last has every label and the shared ones.
    await waitFor(() =>
      expect(spec.api.colorSaves.at(-1)?.body).toMatchObject({
        map_label_colors: first,
        shared_label_colors: Object.keys(others).sort(),
        color_scheme_domain: SUPERSET_COLORS,
      }),
    );
    for (const save of spec.api.colorSaves) {
      expect(save.markUpdated).toBe('false');
      expect(save.body).not.toHaveProperty('label_colors');
      expect(save.body).not.toHaveProperty('color_scheme');
    }
    // Each chart is drawn in its dashboard colours from the start: never in its own palette and then again.
    const slices = drawnWith
      .flatMap((spy) =>
        spy.mock.calls.map(
          (args) =>
            args.find((a) => typeof a === 'object' && a !== null && 'series' in a) as Highcharts.Options | undefined,
        ),
      )
      .flatMap((options) =>
        (options?.series ?? []).flatMap(
          (series) => (series as { data?: { name?: string; color?: string }[] }).data ?? [],
        ),
      );
    expect(slices.length).toBeGreaterThanOrEqual(5);
    for (const slice of slices) expect([slice.name, slice.color]).toEqual([slice.name, first[slice.name!]]);
    // The page's metadata holds what the server stored, so a properties save made next keeps it.
    await waitFor(() =>
      expect(spec.page!.dashboard.store.getState().metadata).toMatchObject({
        map_label_colors: first,
        shared_label_colors: Object.keys(others).sort(),
      }),
    );
  });

  it('keeps the colours stored before, and a colour set by hand wins', async () => {
    twoPies({ map_label_colors: { USA: '#A868B7', Europe: '#3CCCCB' }, label_colors: { Japan: 'black' } });
    spec.render('/dashboard/7/');
    await rendered('Origins table');
    await waitFor(() =>
      expect(sliceColors('Cars by origin')).toEqual({ USA: '#A868B7', Europe: '#3CCCCB', Japan: 'black' }),
    );
    expect(sliceColors('Origins table')).toEqual({ Europe: '#3CCCCB', Japan: 'black' });
  });

  it('the dashboard colour scheme replaces the charts own', async () => {
    twoPies({ color_scheme: 'd3Category10' });
    spec.render('/dashboard/7/');
    await rendered('Cars by origin');
    await waitFor(() =>
      expect(Object.values(sliceColors('Cars by origin')).sort()).toEqual(['#1f77b4', '#2ca02c', '#ff7f0e']),
    );
  });

  // That they push nothing is known on virtual time only: label-colors.feature.spec.ts.
  it('someone who may not edit the dashboard sees the same colours', async () => {
    twoPies();
    const gamma = { ...ADMIN, id: 5, username: 'gamma', roles: { Gamma: [] }, permissions: [] };
    spec.render('/dashboard/7/', { user: gamma as never });
    await rendered('Origins table');
    await rendered('Cars by origin');
    const { USA: _, ...others } = sliceColors('Cars by origin');
    await waitFor(() => expect(sliceColors('Origins table')).toEqual(others));
  });
});
