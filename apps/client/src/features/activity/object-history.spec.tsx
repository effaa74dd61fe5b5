import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createTestContext } from '../../shared/test-context';
import { TestServer } from '../../testing/test-server';
import { HttpClient } from '../api/http-client';
import { createActivity, type ActivityFeature } from './activity.feature';
import { ObjectHistoryPage } from './ObjectHistoryPage';
import { auditApi } from './testing/audit-api';

let server: TestServer;
let activity: ActivityFeature;

beforeEach(async () => {
  server = await new TestServer(auditApi()).start();
  activity = createActivity({ context: createTestContext(), http: new HttpClient({ baseUrl: server.baseUrl }) });
  render(
    <MemoryRouter>
      <ObjectHistoryPage activity={activity} object={{ type: 'chart', id: 3 }} />
    </MemoryRouter>,
  );
});

afterEach(async () => {
  activity.dispose();
  await server.stop();
});

describe('object history', () => {
  it('lists the intents and shows the object as it was after one: its page with as_of, or the JSON', async () => {
    const row = await screen.findByTestId('history-batch-12');
    expect(row).toHaveTextContent('bob');
    expect(row).toHaveTextContent('chart/chartRenamed');
    expect(within(row).getByRole('link', { name: 'View as it was' })).toHaveAttribute(
      'href',
      '/explore/?slice_id=3&as_of=12',
    );
    fireEvent.click(within(row).getByRole('button', { name: 'As JSON' }));
    const past = await screen.findByRole('region', { name: 'As it was' });
    expect(within(past).getByText(/"slice_name": "Revenue"/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open it' })).toHaveAttribute('href', '/explore/?slice_id=3');
  });

  it('asks before reverting and shows the refusal the server gave', async () => {
    const row = await screen.findByTestId('history-batch-12');
    fireEvent.click(within(row).getByRole('button', { name: 'Revert' }));
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, revert' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      "'Rename' cannot be reverted: alice changed the name again later.",
    );
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/v1/chart/3/history/batch-12/revert',
    ]);
  });

  it('reverts a change once confirmed, says so and reads the history again', async () => {
    const row = await screen.findByTestId('history-batch-10');
    const historyReads = () => server.requests.filter((r) => r.url.startsWith('/api/v1/chart/3/history?')).length;
    expect(historyReads()).toBe(1);
    fireEvent.click(within(row).getByRole('button', { name: 'Revert' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, revert' }));
    expect(await within(screen.getByTestId('history-batch-10')).findByText('reverted')).toHaveClass('badge');
    await waitFor(() => expect(historyReads()).toBe(2));
  });
});
