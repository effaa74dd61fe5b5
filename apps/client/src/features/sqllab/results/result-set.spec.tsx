import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { timeoutError } from '@strata/domain';
import { ResultSet, type QueryView } from './ResultSet';
import { ResultsGrid } from './ResultsGrid';
import { formatElapsed, limitingMessage, toTsv } from './result-texts';

const columns = Array.from({ length: 20 }, (_, i) => `col_${i}`);
const manyRows = Array.from({ length: 100_000 }, (_, r) => Object.fromEntries(columns.map((c, i) => [c, r * 100 + i])));

const query = (overrides: Partial<QueryView> = {}): QueryView => ({
  id: 'abcdefghijk',
  state: 'success',
  sql: 'SELECT * FROM flights',
  startDttm: 1_000,
  endDttm: 1_450,
  rows: 1000,
  limitingFactor: 'DROPDOWN',
  progressMessage: null,
  errorMessage: null,
  errors: [],
  results: {
    columns: ['a', 'b'],
    data: [
      { a: 1, b: null },
      { a: 2, b: 'x' },
    ],
    displayLimitReached: false,
  },
  isDataPreview: false,
  ...overrides,
});

describe('results grid', () => {
  it('renders only the visible cells of 100,000 rows × 20 columns, header aligned with the cells', () => {
    // Speed is measured by the benchmarks; here the proof is that only a window of rows is in the DOM.
    render(<ResultsGrid columns={columns} rows={manyRows} initialSize={{ width: 800, height: 300 }} />);
    const grid = screen.getByRole('grid', { name: 'Query results' });
    expect(grid).toHaveAttribute('aria-rowcount', '100001');
    const rows = within(grid).getAllByRole('row');
    // 300 px / 28 px rows plus overscan: a few dozen rows, never 100,000.
    expect(rows.length).toBeLessThan(40);
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.length).toBeLessThan(20);
    expect(headers[0]).toHaveTextContent('col_0');
    const firstCell = within(rows[1]!).getAllByRole('gridcell')[0]!;
    expect(firstCell).toHaveTextContent('0');
    expect(firstCell.style.transform).toBe(headers[0]!.style.transform);
    expect(firstCell.style.width).toBe(headers[0]!.style.width);
  });

  it('shows NULL for missing values', () => {
    render(<ResultsGrid columns={['a', 'b']} rows={[{ a: 1, b: null }]} />);
    expect(screen.getByText('NULL')).toHaveClass('results-grid__cell--null');
  });
});

describe('result set', () => {
  const notify = jest.fn();
  const refetch = jest.fn();
  beforeEach(() => {
    notify.mockReset();
    refetch.mockReset();
  });

  it('offers to fetch the rows of a run restored without them', () => {
    render(
      <ResultSet
        query={query({ results: { columns: ['a'], data: [], displayLimitReached: false } })}
        maxRow={100000}
        exportUrl={null}
        now={() => 0}
        notify={notify}
        onRefetch={refetch}
      />,
    );
    expect(screen.queryByRole('grid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Fetch the results' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the state badge, timer, row count and the DROPDOWN limiting message', () => {
    render(
      <ResultSet
        query={query()}
        maxRow={100000}
        exportUrl="/api/v1/sqllab/export/abcdefghijk/"
        now={() => 2000}
        notify={notify}
        onRefetch={refetch}
      />,
    );
    expect(screen.getByTestId('query-state')).toHaveTextContent('success');
    expect(screen.getByTestId('query-state')).toHaveClass('badge', 'success');
    expect(screen.getByTestId('query-timer')).toHaveTextContent('0.5 s');
    expect(screen.getByTestId('row-count')).toHaveTextContent('1,000 rows');
    expect(screen.getByTestId('limiting-message')).toHaveTextContent(
      'The number of rows displayed is limited to 1000 by the limit dropdown.',
    );
    expect(screen.getByRole('link', { name: 'Download to CSV' })).toHaveAttribute(
      'href',
      '/api/v1/sqllab/export/abcdefghijk/',
    );
  });

  it('warns at the display limit and suggests the CSV export', () => {
    render(
      <ResultSet
        query={query({
          rows: 50000,
          limitingFactor: 'NOT_LIMITED',
          results: { columns: ['a'], data: [{ a: 1 }], displayLimitReached: true },
        })}
        maxRow={100000}
        exportUrl={null}
        now={() => 0}
        notify={notify}
        onRefetch={refetch}
      />,
    );
    expect(screen.queryByTestId('limiting-message')).toBeNull();
    expect(screen.getByTestId('display-limit-message')).toHaveTextContent(
      'download to csv to see more rows up to the 100000 limit',
    );
  });

  it('shows the error with its Request Access link', () => {
    render(
      <ResultSet
        query={query({
          state: 'failed',
          results: null,
          errorMessage: 'relation "nope" does not exist',
          errors: [{ message: 'x', extra: { link: 'https://example.com/access' } }],
        })}
        maxRow={100000}
        exportUrl={null}
        now={() => 0}
        notify={notify}
        onRefetch={refetch}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('relation "nope" does not exist');
    expect(screen.getByRole('link', { name: 'Request Access' })).toHaveAttribute('href', 'https://example.com/access');
    expect(screen.getByTestId('query-state')).toHaveClass('badge', 'danger');
    expect(screen.getByTestId('query-state')).toHaveTextContent('failed');
  });

  it('copies the rows as tab-separated text and says so', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async (t: string) => void written.push(t) },
      configurable: true,
    });
    render(
      <ResultSet query={query()} maxRow={100000} exportUrl={null} now={() => 0} notify={notify} onRefetch={refetch} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Copied to clipboard!'));
    expect(written).toEqual(['a\tb\n1\t\n2\tx']);
  });
});

describe('result texts', () => {
  it('limiting messages per factor', () => {
    expect(limitingMessage('QUERY', 10)).toBe('The number of rows displayed is limited to 10 by the query');
    expect(limitingMessage('QUERY_AND_DROPDOWN', 10)).toBe(
      'The number of rows displayed is limited to 10 by the query and limit dropdown.',
    );
    expect(limitingMessage('NOT_LIMITED', 10)).toBeNull();
  });
  it("shows 'Request timed out' with the issues that may explain it (sqllab-and-platform §8)", () => {
    const timeout = timeoutError(120_000);
    render(
      <ResultSet
        query={query({ state: 'failed', results: null, errorMessage: timeout.message, errors: timeout.errors })}
        maxRow={100000}
        exportUrl={null}
        now={() => 0}
        notify={() => undefined}
        onRefetch={() => undefined}
      />,
    );
    const alert = screen.getByTestId('query-error');
    expect(alert).toHaveTextContent('Request timed out');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Issue 1000 - The dataset is too large to query.',
      'Issue 1001 - The database is under an unusual load.',
    ]);
  });

  it('formats elapsed time and TSV', () => {
    expect(formatElapsed(125_100)).toBe('2:05.1');
    expect(toTsv(['a'], [{ a: 'x\ty' }])).toBe('a\nx y');
  });
});
