import { fireEvent, render, screen, within } from '@testing-library/react';
import { ChartRenderer } from '../ChartRenderer';
import { carsDatasource, carsHorsepowerByOrigin, result } from '../testing/fixtures';

const size = { width: 800, height: 400 };
const bodyRows = () => screen.getAllByRole('row').filter((r) => r.getAttribute('aria-rowindex') !== null);
const firstColumn = () => bodyRows().map((r) => within(r).getAllByRole('gridcell')[0]!.textContent);

function cars(n: number) {
  return result(
    ['name', 'horsepower'],
    [1, 0],
    Array.from({ length: n }, (_, i) => ({ name: `car ${String(i).padStart(5, '0')}`, horsepower: (i * 37) % 230 })),
  );
}

describe('table viz', () => {
  it('shows verbose headers and formatted metrics, and reports rendered', () => {
    const onRendered = jest.fn();
    render(
      <ChartRenderer
        vizType="table"
        formData={{ groupby: ['origin'], metrics: ['AVG(horsepower)'] }}
        queriesData={[carsHorsepowerByOrigin]}
        datasource={carsDatasource}
        {...size}
        onRendered={onRendered}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Origin', 'Average horsepower']);
    expect(firstColumn()).toEqual(['USA', 'Europe', 'Japan']);
    expect(screen.getByText('119.0')).toBeInTheDocument();
    expect(onRendered).toHaveBeenCalledTimes(1);
  });

  it('sorts on header clicks: ascending, descending, then back to the query order', () => {
    render(
      <ChartRenderer
        vizType="table"
        formData={{ groupby: ['origin'], metrics: ['AVG(horsepower)'] }}
        queriesData={[carsHorsepowerByOrigin]}
        {...size}
      />,
    );
    const header = screen.getByRole('button', { name: /AVG\(horsepower\)/ });
    fireEvent.click(header);
    expect(firstColumn()).toEqual(['Japan', 'Europe', 'USA']);
    expect(screen.getAllByRole('columnheader')[1]).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(header);
    expect(firstColumn()).toEqual(['USA', 'Europe', 'Japan']);
    fireEvent.click(header);
    expect(firstColumn()).toEqual(['USA', 'Europe', 'Japan']);
    expect(screen.getAllByRole('columnheader')[1]).toHaveAttribute('aria-sort', 'none');
  });

  it('pages on the client with page_length and searches with include_search', () => {
    render(
      <ChartRenderer
        vizType="table"
        formData={{ query_mode: 'raw', all_columns: ['name', 'horsepower'], page_length: 10, include_search: true }}
        queriesData={[cars(25)]}
        {...size}
      />,
    );
    expect(screen.getByTestId('table-page')).toHaveTextContent('Page 1 of 3');
    expect(firstColumn()).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(firstColumn()[0]).toBe('car 00010');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'car 0002' } });
    expect(firstColumn()).toEqual(['car 00020', 'car 00021', 'car 00022', 'car 00023', 'car 00024']);
    expect(screen.getByTestId('table-page')).toHaveTextContent('Page 1 of 1');
  });

  it('asks the host for pages and sorts with server pagination instead of sorting the page itself', () => {
    const onTableQueryChange = jest.fn();
    const page = cars(20);
    render(
      <ChartRenderer
        vizType="table"
        formData={{
          query_mode: 'raw',
          all_columns: ['name', 'horsepower'],
          server_pagination: true,
          server_page_length: 20,
        }}
        queriesData={[page, result(['rowcount'], [0], [{ rowcount: 406 }])]}
        {...size}
        onTableQueryChange={onTableQueryChange}
      />,
    );
    expect(screen.getByTestId('table-page')).toHaveTextContent('Page 1 of 21');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onTableQueryChange).toHaveBeenLastCalledWith(1, 20, []);
    fireEvent.click(screen.getByRole('button', { name: /horsepower/ }));
    expect(onTableQueryChange).toHaveBeenLastCalledWith(0, 20, [{ key: 'horsepower', desc: false }]);
    fireEvent.click(screen.getByRole('button', { name: /horsepower/ }));
    expect(onTableQueryChange).toHaveBeenLastCalledWith(0, 20, [{ key: 'horsepower', desc: true }]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Page size' }), { target: { value: '50' } });
    expect(onTableQueryChange).toHaveBeenLastCalledWith(0, 50, [{ key: 'horsepower', desc: true }]);
    // The page from the server is shown as sent: sorting is the database's job.
    expect(firstColumn()[0]).toBe('car 00000');
  });

  it('keeps only the visible rows of a large result in the DOM', () => {
    render(
      <ChartRenderer
        vizType="table"
        formData={{ query_mode: 'raw', all_columns: ['name', 'horsepower'] }}
        queriesData={[cars(50_000)]}
        {...size}
      />,
    );
    const rendered = bodyRows().length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '50001');
  });

  it('cross-filters on the group-by values of a clicked row', () => {
    const onCrossFilter = jest.fn();
    render(
      <ChartRenderer
        vizType="table"
        formData={{ groupby: ['origin'], metrics: ['AVG(horsepower)'] }}
        queriesData={[carsHorsepowerByOrigin]}
        {...size}
        onCrossFilter={onCrossFilter}
      />,
    );
    fireEvent.click(bodyRows()[2]!);
    expect(onCrossFilter).toHaveBeenCalledWith({
      filters: [{ col: 'origin', op: 'IN', val: ['Japan'] }],
      label: 'Japan',
    });
  });

  it('shows the totals row with show_totals', () => {
    render(
      <ChartRenderer
        vizType="table"
        formData={{ groupby: ['origin'], metrics: ['count'], show_totals: true }}
        queriesData={[
          result(
            ['origin', 'count'],
            [1, 0],
            [
              { origin: 'USA', count: 254 },
              { origin: 'Japan', count: 79 },
            ],
          ),
          result(['count'], [0], [{ count: 333 }]),
        ]}
        {...size}
      />,
    );
    expect(screen.getByTestId('table-totals')).toHaveTextContent('Total333');
  });
});

describe('table cell bars', () => {
  it('draws bars for metrics, negative ones apart unless color_pn is off', () => {
    const data = result(
      ['team', 'SUM(score)'],
      [1, 0],
      [
        { team: 'a', 'SUM(score)': 10 },
        { team: 'b', 'SUM(score)': -5 },
      ],
    );
    const { container, rerender } = render(
      <ChartRenderer
        vizType="table"
        formData={{ groupby: ['team'], metrics: ['SUM(score)'] }}
        queriesData={[data]}
        {...size}
      />,
    );
    const bars = () =>
      [...container.querySelectorAll('.viz-table__bar')].map((b) => [b.className, (b as HTMLElement).style.width]);
    expect(bars()).toEqual([
      ['viz-table__bar', '90%'],
      ['viz-table__bar viz-table__bar--negative', '45%'],
    ]);
    rerender(
      <ChartRenderer
        vizType="table"
        formData={{ groupby: ['team'], metrics: ['SUM(score)'], color_pn: false }}
        queriesData={[data]}
        {...size}
      />,
    );
    expect(bars()[1]![0]).toBe('viz-table__bar');
    rerender(
      <ChartRenderer
        vizType="table"
        formData={{ groupby: ['team'], metrics: ['SUM(score)'], show_cell_bars: false }}
        queriesData={[data]}
        {...size}
      />,
    );
    expect(bars()).toEqual([]);
  });
});
