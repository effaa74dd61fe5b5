import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { originFilter, sampleDashboard } from '../testing/layouts';
import { dashboardPageSpec } from '../testing/page-spec';

/**
 * A select filter's values in the bar (charts-dashboards-reports §3): narrowed by its cascade parents, and searched in the
 * database with "Dynamically search all filter values".
 */
const spec = dashboardPageSpec();

const bar = () => screen.getByRole('complementary', { name: 'Filters' });
const filtersOf = (sliceId: number) =>
  (spec.api.chartData.filter((c) => c.sliceId === sliceId).at(-1)!.body.queries as { filters: unknown[] }[])[0]!
    .filters;
const withFilters = (filters: unknown[]) =>
  sampleDashboard({ json_metadata: { native_filter_configuration: filters } });

/** A select filter on the cars' names. */
const carFilter = (controlValues: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  originFilter(controlValues, {
    id: 'NATIVE_FILTER-name',
    name: 'Car',
    targets: [{ datasetId: 1, column: { name: 'name' } }],
    ...extra,
  });
const ALL_CARS = [
  'buick skylark',
  'chevrolet chevelle',
  'datsun pl510',
  'peugeot 504',
  'toyota corona',
  'volkswagen 1131',
];

/** The database search of the Car filter that the page has typed and not yet answered (or shows). */
const pendingSearch = () => spec.page!.dashboard.store.getState().filterSearch['NATIVE_FILTER-name'];
/** The values a select filter offers, as shown. */
const offered = (name: string) =>
  within(within(bar()).getByRole('group', { name: `${name} values` }))
    .queryAllByRole('checkbox')
    .map((c) => c.parentElement?.textContent);
/** The filter value requests (no chart) for a column, in order, with their filters. */
const valueRequests = (column: string) =>
  spec.api.chartData
    .filter(
      (c) => c.sliceId === null && ((c.body.queries as { columns?: unknown[] }[])[0]?.columns ?? []).includes(column),
    )
    .map((c) => (c.body.queries as { filters: unknown[] }[])[0]!.filters);

describe('cascading filters (charts-dashboards-reports §3 cascadeParentIds)', () => {
  it("narrows a child filter's values to those its parent's applied selection leaves", async () => {
    spec.api.dashboards.push(
      withFilters([originFilter(), carFilter({}, { cascadeParentIds: ['NATIVE_FILTER-origin'] })]),
    );
    spec.render('/dashboard/7/');
    await within(await screen.findByRole('complementary', { name: 'Filters' })).findByRole('group', {
      name: 'Car values',
    });
    await waitFor(() => expect(offered('Car')).toEqual(ALL_CARS));
    await waitFor(() => expect(offered('Origin')).toEqual(['Europe', 'Japan', 'USA']));

    // A picked parent value narrows nothing until it is applied.
    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'Japan' }));
    expect(offered('Car')).toEqual(ALL_CARS);
    fireEvent.click(within(bar()).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(offered('Car')).toEqual(['datsun pl510', 'toyota corona']));
    expect(valueRequests('name').at(-1)).toEqual([{ col: 'origin', op: 'IN', val: ['Japan'] }]);

    fireEvent.click(within(bar()).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(offered('Car')).toEqual(ALL_CARS));
    expect(valueRequests('name').at(-1)).toEqual([]);
  });
});

describe('"Dynamically search all filter values" (controlValues.searchAllOptions)', () => {
  // The table is larger than the values a filter loads: only the first three names come.
  const LOADED = ['buick skylark', 'chevrolet chevelle', 'datsun pl510'];

  it('asks the database for the values containing the text once typing settles, and shows those', async () => {
    spec.api.control.rowCap = 3;
    spec.api.dashboards.push(withFilters([carFilter({ searchAllOptions: true })]));
    spec.render('/dashboard/7/');
    await within(await screen.findByRole('complementary', { name: 'Filters' })).findByRole('group', {
      name: 'Car values',
    });
    await waitFor(() => expect(offered('Car')).toEqual(LOADED));
    const before = valueRequests('name').length;
    const search = within(bar()).getByLabelText('Search Car');

    fireEvent.change(search, { target: { value: 'T' } });
    fireEvent.change(search, { target: { value: 'TO' } });
    fireEvent.change(search, { target: { value: 'TOY' } });
    expect(within(bar()).getByRole('status')).toHaveTextContent('Searching…');
    await waitFor(() => expect(offered('Car')).toEqual(['toyota corona']));
    // One request for the settled text, case-insensitive, the text a bound value of the pattern.
    expect(valueRequests('name').slice(before)).toEqual([[{ col: 'name', op: 'ILIKE', val: '%TOY%' }]]);
    expect(within(bar()).queryByRole('status')).toBeNull();

    // A value found this way is picked and applied like any other.
    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'toyota corona' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(filtersOf(2)).toEqual([{ col: 'name', op: 'IN', val: ['toyota corona'] }]));

    // What the user types is matched as text: _ and % are no wildcards.
    fireEvent.change(search, { target: { value: '_' } });
    await waitFor(() => expect(within(bar()).getByText('No values')).toBeInTheDocument());
    expect(valueRequests('name').at(-1)).toEqual([{ col: 'name', op: 'ILIKE', val: '%\\_%' }]);
    // An emptied search shows the loaded values again, without asking: no search is left pending (the
    // pipeline asks only for a pending one), which holds at once, with no wait for the debounce.
    const asked = valueRequests('name').length;
    fireEvent.change(search, { target: { value: '' } });
    expect(offered('Car')).toEqual(LOADED);
    expect(pendingSearch()).toBeUndefined();
    expect(within(bar()).queryByRole('status')).toBeNull();
    expect(valueRequests('name')).toHaveLength(asked);
  });

  it('without the option, searches only the values already loaded', async () => {
    spec.api.control.rowCap = 3;
    spec.api.dashboards.push(withFilters([carFilter()]));
    spec.render('/dashboard/7/');
    await within(await screen.findByRole('complementary', { name: 'Filters' })).findByRole('group', {
      name: 'Car values',
    });
    await waitFor(() => expect(offered('Car')).toEqual(LOADED));
    const before = valueRequests('name').length;
    fireEvent.change(within(bar()).getByLabelText('Search Car'), { target: { value: 'toy' } });
    expect(within(bar()).getByText('No values')).toBeInTheDocument();
    fireEvent.change(within(bar()).getByLabelText('Search Car'), { target: { value: 'sun' } });
    expect(offered('Car')).toEqual(['datsun pl510']);
    // Nothing was handed to the search pipeline, so nothing can be asked later either.
    expect(pendingSearch()).toBeUndefined();
    expect(valueRequests('name')).toHaveLength(before);
  });

  it("narrows the searched values by the parent's applied selection, and searches again when it changes", async () => {
    spec.api.dashboards.push(
      withFilters([
        originFilter(),
        carFilter({ searchAllOptions: true }, { cascadeParentIds: ['NATIVE_FILTER-origin'] }),
      ]),
    );
    spec.render('/dashboard/7/');
    await within(await screen.findByRole('complementary', { name: 'Filters' })).findByRole('group', {
      name: 'Car values',
    });
    await waitFor(() => expect(offered('Origin')).toEqual(['Europe', 'Japan', 'USA']));
    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'Japan' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(offered('Car')).toEqual(['datsun pl510', 'toyota corona']));

    fireEvent.change(within(bar()).getByLabelText('Search Car'), { target: { value: 'o' } });
    await waitFor(() =>
      expect(valueRequests('name')).toContainEqual([
        { col: 'origin', op: 'IN', val: ['Japan'] },
        { col: 'name', op: 'ILIKE', val: '%o%' },
      ]),
    );
    await waitFor(() => expect(offered('Car')).toEqual(['toyota corona']));

    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'Japan' }));
    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'USA' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Apply filters' }));
    // The newly loaded USA values, filtered here by 'o', already read 'chevrolet chevelle' before the
    // search is asked again (after its debounce): wait for the search itself and its answer. Apply sends
    // the values request at once and the search one debounce later, but on a busy machine both can be on
    // their way together and reach the server in either order: look for the search among the requests,
    // not at the end of the list.
    await waitFor(() =>
      expect(valueRequests('name')).toContainEqual([
        { col: 'origin', op: 'IN', val: ['USA'] },
        { col: 'name', op: 'ILIKE', val: '%o%' },
      ]),
    );
    await waitFor(() => expect(pendingSearch()).toMatchObject({ text: 'o', status: 'ready' }));
    expect(within(bar()).queryByRole('status')).toBeNull();
    expect(offered('Car')).toEqual(['chevrolet chevelle']);
  });
});

describe('a select filter on a temporal column (values answered as epoch ms, as Superset)', () => {
  it('offers its values as dates and filters the charts by the epoch ms the server compares as timestamps', async () => {
    const yearFilter = originFilter(
      {},
      { id: 'NATIVE_FILTER-year', name: 'Year', targets: [{ datasetId: 1, column: { name: 'year' } }] },
    );
    spec.api.dashboards.push(withFilters([yearFilter]));
    spec.render('/dashboard/7/');
    await within(await screen.findByRole('complementary', { name: 'Filters' })).findByRole('group', {
      name: 'Year values',
    });
    await waitFor(() => expect(offered('Year')).toEqual(['1970-01-01', '1971-01-01', '1972-01-01']));
    fireEvent.click(within(bar()).getByRole('checkbox', { name: '1971-01-01' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(filtersOf(spec.api.chartData.find((c) => c.sliceId !== null)!.sliceId!)).toContainEqual({
        col: 'year',
        op: 'IN',
        val: [Date.UTC(1971, 0, 1)],
      }),
    );
  });
});
