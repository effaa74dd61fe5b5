import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ToastsFeature } from '../toasts/toasts.feature';
import type { ExploreFeature } from './explore.feature';
import { ALPHA_CSV_DASHBOARDS, startExplore, stopExplore, type ExploreTestApi } from './testing/explore-kit';
import { renderExploreAt } from './testing/explore-page-kit';

let api: ExploreTestApi;
let toasts: ToastsFeature;
let explore: ExploreFeature;

beforeEach(async () => ({ api, toasts, explore } = await startExplore({ user: () => ALPHA_CSV_DASHBOARDS })));

afterEach(() => stopExplore({ explore, toasts, api }));

const renderAt = (url: string) => renderExploreAt(url, { explore, toasts });

describe('Explore page', () => {
  it('builds a bar chart from a dataset: validation, adhoc metric, run, render, save to a new dashboard', async () => {
    renderAt('/explore/?datasource_id=1&datasource_type=table&viz_type=echarts_timeseries_bar');
    // The dataset's columns and metrics are listed.
    const columns = await screen.findByRole('list', { name: 'Dataset columns' });
    expect(within(columns).getByText('horsepower')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Dataset metrics' })).getByText('COUNT(*)')).toBeInTheDocument();
    // charts-dashboards-reports §5: metrics are required; the chart cannot be created yet.
    expect(await screen.findByText('Metrics cannot be empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create chart' })).toBeDisabled();

    expect(screen.getByLabelText('Time grain')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('X-axis'), { target: { value: 'origin' } });
    // A categorical x-axis has no time grain.
    expect(screen.queryByLabelText('Time grain')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add to Metrics' }));
    const editor = screen.getByRole('dialog', { name: 'Edit metric' });
    fireEvent.change(within(editor).getByLabelText('Column'), { target: { value: 'horsepower' } });
    fireEvent.change(within(editor).getByLabelText('Aggregate'), { target: { value: 'AVG' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(screen.queryByText('Metrics cannot be empty')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Create chart' }));
    await waitFor(() => expect(screen.getByTestId('chart-status')).toHaveTextContent(/Rendered|Rendering/));
    expect(api.chartDataBodies.at(-1)).toMatchObject({
      queries: [
        {
          columns: [expect.objectContaining({ label: 'origin' })],
          metrics: [{ aggregate: 'AVG', column: { column_name: 'horsepower' } }],
        },
      ],
    });

    // View results shows what the server computed.
    fireEvent.click(screen.getByRole('tab', { name: 'View results' }));
    const results = await screen.findByRole('tabpanel', { name: 'View results' });
    await within(results).findByText('147.5');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const modal = await screen.findByRole('dialog', { name: 'Save chart' });
    fireEvent.change(within(modal).getByLabelText('Chart name'), { target: { value: 'HP by origin' } });
    await within(modal).findByRole('option', { name: 'Existing board' });
    fireEvent.change(within(modal).getByLabelText('Add to dashboard'), { target: { value: 'new' } });
    fireEvent.change(within(modal).getByLabelText('New dashboard name'), { target: { value: 'Cars' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Save' }));

    await screen.findByText('Chart [HP by origin] has been saved');
    await screen.findByText('Dashboard [Cars] just got created and chart [HP by origin] was added to it');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/explore/?slice_id=1'));
    expect(screen.queryByRole('dialog', { name: 'Save chart' })).toBeNull();
    expect(api.charts[0]).toMatchObject({ slice_name: 'HP by origin', dashboards: [{ id: 2 }] });
    // A saved chart gets its favourite star.
    fireEvent.click(screen.getByRole('button', { name: 'Star' }));
    await screen.findByRole('button', { name: 'Unstar' });
  });

  it('adds a SIMPLE IN filter and a SQL filter, and sends them in the query', async () => {
    renderAt('/explore/?datasource_id=1&datasource_type=table&viz_type=pie');
    await screen.findByRole('list', { name: 'Dataset columns' });
    fireEvent.change(screen.getByLabelText('Add to Dimensions'), { target: { value: 'origin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to Metric' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Edit metric' })).getByRole('tab', { name: 'Saved' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Edit metric' })).getByRole('button', { name: 'Save' }));

    fireEvent.click(screen.getByRole('button', { name: 'Add to Filters' }));
    let filter = screen.getByRole('dialog', { name: 'Edit filter' });
    fireEvent.change(within(filter).getByLabelText('Column'), { target: { value: 'origin' } });
    fireEvent.change(within(filter).getByLabelText('Operator'), { target: { value: 'IN' } });
    fireEvent.change(within(filter).getByLabelText('Values (comma separated)'), { target: { value: 'USA, Japan' } });
    fireEvent.click(within(filter).getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Filters' }));
    filter = screen.getByRole('dialog', { name: 'Edit filter' });
    fireEvent.click(within(filter).getByRole('tab', { name: 'Custom SQL' }));
    fireEvent.change(within(filter).getByLabelText('SQL expression'), {
      target: { value: 'horsepower > 90 -- strong' },
    });
    fireEvent.click(within(filter).getByRole('button', { name: 'Save' }));
    expect(within(screen.getByRole('list', { name: 'Filters' })).getByText('origin IN USA, Japan')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Create chart' }));
    await waitFor(() => expect(api.chartDataBodies).toHaveLength(1));
    const query = (api.chartDataBodies[0]!.queries as Record<string, unknown>[])[0]!;
    expect(query.filters).toEqual([{ col: 'origin', op: 'IN', val: ['USA', 'Japan'] }]);
    // charts-dashboards-reports §5: a fragment with a line comment gets a newline before its closing parenthesis.
    expect(query.extras).toMatchObject({ where: '(horsepower > 90 -- strong\n)' });
    expect(query.metrics).toEqual(['count']);
  });

  it('searches datasets, switches dataset keeping what fits, and reads a custom time range', async () => {
    renderAt('/explore/?datasource_id=1&datasource_type=table&viz_type=table');
    await screen.findByRole('list', { name: 'Dataset columns' });
    fireEvent.change(screen.getByLabelText('Add to Dimensions'), { target: { value: 'origin' } });
    fireEvent.change(screen.getByLabelText('Add to Dimensions'), { target: { value: 'name' } });

    fireEvent.click(screen.getByRole('button', { name: 'Change dataset' }));
    fireEvent.change(screen.getByLabelText('Search datasets'), { target: { value: 'fli' } });
    const found = await screen.findByRole('list', { name: 'Datasets' });
    await waitFor(() => expect(within(found).queryByRole('button', { name: 'cars' })).toBeNull());
    fireEvent.click(await within(found).findByRole('button', { name: 'flights' }));

    // 'origin' exists in flights, 'name' does not: the group by keeps one and says it was transferred.
    const dims = await screen.findByRole('list', { name: 'Dimensions' });
    await waitFor(() => expect(within(dims).queryByText('name')).toBeNull());
    expect(within(dims).getByText('origin')).toBeInTheDocument();
    expect(screen.getByText('transferred')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Time range type'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText('Time range start'), { target: { value: '2001-01-01' } });
    fireEvent.change(screen.getByLabelText('Time range end'), { target: { value: '2001-02-01' } });
    expect(explore.store.getState().formData.time_range).toBe('2001-01-01 : 2001-02-01');
    // What the range means, as the server will read it.
    const actual = screen.getByRole('group', { name: 'Time range' }).querySelector('.explore-time-range__actual')!;
    expect(actual.textContent).toMatch(/2001-01-01.*≤ col <.*2001-02-01/);
    fireEvent.change(screen.getByLabelText('Time range start'), { target: { value: 'whenever' } });
    expect(screen.getByRole('group', { name: 'Time range' }).querySelector('.form-error')).not.toBeNull();
  });
  it('standalone=3 (a report): the saved chart alone, no header or controls, its status on the figure', async () => {
    api.charts.push({
      id: 1,
      slice_name: 'Cars by origin',
      viz_type: 'table',
      datasource_id: 1,
      datasource_type: 'table',
      params: JSON.stringify({ query_mode: 'aggregate', groupby: ['origin'], metrics: ['count'] }),
      owners: [{ id: 1 }],
      dashboards: [],
    });
    renderAt('/explore/?slice_id=1&standalone=3');
    const chart = screen.getByRole('region', { name: 'Chart' });
    // The report renderer waits for this, as for a dashboard's charts (apps/server/src/report-render).
    await waitFor(() => expect(chart).toHaveAttribute('data-status', 'rendered'));
    expect(chart).toHaveAttribute('data-chart-id', '1');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Dataset columns' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create chart' })).toBeNull();
  });
});
