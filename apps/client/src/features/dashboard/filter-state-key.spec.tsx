/**
 * The viewer's filters under a native_filters_key (issue 16 item 1): a change of the applied filters puts
 * a key in the address and keeps it current; a reload of that address opens with the same filters; the
 * last change is sent when the page is left, without waiting for its quiet time.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FILTER_STATE_UNREADABLE } from './load/open-actions';
import { originFilter, sampleDashboard } from './testing/layouts';
import { dashboardPageSpec } from './testing/page-spec';

const spec = dashboardPageSpec();

const location = () => screen.getByTestId('location').textContent ?? '';
const bar = () => screen.getByRole('complementary', { name: 'Filters' });
const filtersOf = (sliceId: number) =>
  (spec.api.chartData.filter((c) => c.sliceId === sliceId).at(-1)!.body.queries as { filters: unknown[] }[])[0]!
    .filters;
const kept = (key: string) =>
  (
    JSON.parse(spec.api.filterStates.get(key)!.value) as {
      dataMask: Record<string, { filterState?: { value?: unknown } }>;
    }
  ).dataMask['NATIVE_FILTER-origin']?.filterState?.value;

async function choose(value: string) {
  const values = await within(await screen.findByRole('complementary', { name: 'Filters' })).findByRole('group', {
    name: 'Origin values',
  });
  fireEvent.click(await within(values).findByRole('checkbox', { name: value }));
  fireEvent.click(within(bar()).getByRole('button', { name: 'Apply filters' }));
}

describe('native_filters_key: the filters kept in the address (issue 16)', () => {
  it('a filter change puts a key in the address and PUTs later changes; a reload with the key restores them', async () => {
    spec.api.dashboards.push(sampleDashboard({ json_metadata: { native_filter_configuration: [originFilter()] } }));
    spec.render('/dashboard/7/?standalone=1');
    await screen.findByRole('figure', { name: 'Origins table' });
    // Nothing chosen, nothing kept: an empty bar makes no key.
    expect(spec.api.filterStateWrites).toEqual([]);

    await choose('Japan');
    await waitFor(() =>
      expect(location()).toMatch(/^\/dashboard\/7\/\?standalone=1&native_filters_key=filterKey1\w+$/),
    );
    const key = /native_filters_key=(\w+)/.exec(location())![1]!;
    expect(spec.api.filterStateWrites.map((w) => w.method)).toEqual(['POST']);
    expect(kept(key)).toEqual(['Japan']);

    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'USA' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(spec.api.filterStateWrites.map((w) => w.method)).toEqual(['POST', 'PUT']));
    expect(spec.api.filterStateWrites[1]!.key).toBe(key);
    expect(kept(key)).toEqual(['Japan', 'USA']);
    expect(location()).toContain(`native_filters_key=${key}`);
    spec.disposePage();

    // The reload: the address's key opens the same filters, in the bar and in the charts' queries.
    spec.api.chartData.length = 0;
    spec.render(`/dashboard/7/?standalone=1&native_filters_key=${key}`);
    await waitFor(() => expect(spec.api.chartData.filter((c) => c.sliceId === 2)).toHaveLength(1));
    expect(filtersOf(2)).toEqual([{ col: 'origin', op: 'IN', val: ['Japan', 'USA'] }]);
    expect(await within(bar()).findByRole('checkbox', { name: 'Japan' })).toBeChecked();
    expect(within(bar()).getByRole('checkbox', { name: 'USA' })).toBeChecked();
    // Reopened as it was kept: the same key, no new one.
    await waitFor(() => expect(spec.api.filterStateWrites.at(-1)).toMatchObject({ method: 'PUT', key }));
    expect(spec.api.filterStates.size).toBe(1);
  });

  it('sends the last change when the page is left, before its quiet time', async () => {
    spec.api.dashboards.push(sampleDashboard({ json_metadata: { native_filter_configuration: [originFilter()] } }));
    spec.render('/dashboard/7/');
    await choose('Japan');
    await waitFor(() => expect(location()).toContain('native_filters_key='));
    const key = /native_filters_key=(\w+)/.exec(location())![1]!;
    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'Europe' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Apply filters' }));
    spec.disposePage();
    await waitFor(() => expect(spec.api.filterStateWrites.map((w) => w.method)).toEqual(['POST', 'PUT']));
    expect(kept(key)).toEqual(expect.arrayContaining(['Europe', 'Japan']));
  });

  it('filter defaults get a key on load; a key that cannot be read opens the defaults and says so', async () => {
    spec.api.dashboards.push(
      sampleDashboard({
        json_metadata: {
          native_filter_configuration: [originFilter({}, { defaultDataMask: { filterState: { value: ['Europe'] } } })],
        },
      }),
    );
    spec.render('/dashboard/7/?native_filters_key=nothingKeptUnderThis');
    await waitFor(() => expect(location()).toMatch(/native_filters_key=filterKey1\w+$/));
    expect(spec.page!.toasts.store.getState().toasts.map((t) => t.text)).toContain(FILTER_STATE_UNREADABLE);
    expect(location()).not.toContain('nothingKeptUnderThis');
    expect(kept(/native_filters_key=(\w+)/.exec(location())![1]!)).toEqual(['Europe']);
  });
});
