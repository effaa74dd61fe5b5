import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createTestContext } from '../../shared/test-context';
import { ToastList } from '../toasts/ToastList';
import { createToasts, type ToastsFeature } from '../toasts/toasts.feature';
import { UsersPage } from '../users/UsersPage';
import { createUsers, type UsersFeature } from '../users/users.feature';
import { HttpClient } from '../api/http-client';
import { createErrors } from '../errors/errors.feature';
import { readText, TimeTravelPanel } from './TimeTravelPanel';
import { TimeTravel } from './time-travel';
import { securityApi } from '../../testing/security-api';
import { TestServer } from '../../testing/test-server';

const alice = { username: 'alice', first_name: 'Alice', last_name: '', email: '', roles: ['Gamma'] };

let toasts: ToastsFeature;
let users: UsersFeature;
let timeTravel: TimeTravel;

let server: TestServer;

beforeEach(async () => {
  server = await new TestServer(securityApi()).start();
  const context = createTestContext();
  toasts = createToasts(context);
  users = createUsers(context, new HttpClient({ baseUrl: server.baseUrl }), {
    toasts,
    errors: createErrors(context, toasts),
  });
  timeTravel = new TimeTravel();
  timeTravel.register(toasts.store);
  timeTravel.register(users.store);
  timeTravel.open$.next(true);
});

afterEach(async () => {
  toasts.dispose();
  users.dispose();
  timeTravel.dispose();
  await server.stop();
});

function renderPage() {
  render(
    <>
      <ToastList toasts={toasts} />
      <UsersPage users={users} />
      <TimeTravelPanel timeTravel={timeTravel} toasts={toasts} now={() => '2026-01-01T00:00:00.000Z'} />
    </>,
  );
}

const toastTexts = () => screen.queryAllByTestId('toast').map((t) => t.querySelector('.toast__text')?.textContent);
const usernames = () =>
  within(screen.getByRole('table', { name: 'Users' }))
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.firstElementChild?.textContent);
const rows = () => screen.getAllByTestId('time-travel-event');

describe('time-travel panel', () => {
  beforeEach(async () => {
    renderPage();
    await screen.findByTestId('user-admin');
    act(() => toasts.info('first'));
    await act(() => users.create({ ...alice, password: 'a long password' }));
    act(() => toasts.success('second'));
  });

  it('lists the events of every store in the order they happened, with type and actor', () => {
    expect(rows().map((r) => r.children[1]?.textContent + ' ' + r.children[2]?.textContent)).toEqual([
      'users users/rolesLoaded',
      'users users/listLoaded',
      'toasts platform/toastAdded',
      'users users/userCreated',
      'toasts platform/toastAdded',
      'toasts platform/toastAdded',
    ]);
    expect(rows()[0]!.children[3]).toHaveTextContent('1');
    expect(screen.getByTestId('time-travel-status')).toHaveTextContent('Live · 6 events');
  });

  it('clicking an event shows every store as it was just after it; Live returns to now', () => {
    const now = ['second', 'User alice was created', 'first'];
    expect(usernames()).toEqual(['admin', 'alice']);
    expect(toastTexts()).toEqual(now);

    fireEvent.click(rows()[2]!);
    expect(screen.getByTestId('time-travel-status')).toHaveTextContent('Showing 3 of 6 events');
    expect(usernames()).toEqual(['admin']);
    expect(toastTexts()).toEqual(['first']);

    fireEvent.click(screen.getByRole('button', { name: 'Live' }));
    expect(usernames()).toEqual(['admin', 'alice']);
    expect(toastTexts()).toEqual(now);
  });

  it('the slider scrubs to any position, down to the page start', () => {
    const slider = screen.getByRole('slider', { name: 'Position in the event log' });
    fireEvent.change(slider, { target: { value: '0' } });
    expect(toastTexts()).toEqual([]);
    expect(screen.getByText('Loading users…')).toBeInTheDocument();
    fireEvent.change(slider, { target: { value: '5' } });
    expect(usernames()).toEqual(['admin', 'alice']);
    expect(toastTexts()).toEqual(['User alice was created', 'first']);
  });

  it('keeps recording while scrubbed, and shows the new events when Live', () => {
    fireEvent.click(rows()[0]!);
    act(() => toasts.warning('while away'));
    expect(toastTexts()).toEqual([]);
    expect(rows()).toHaveLength(7);
    fireEvent.click(screen.getByRole('button', { name: 'Live' }));
    expect(toastTexts()).toEqual(['while away', 'second', 'User alice was created', 'first']);
  });

  it('exports the timeline and imports it back into the stores', async () => {
    const exported = timeTravel.exportLog('2026-01-01T00:00:00.000Z');
    expect(exported.events.map((e) => e.store)).toEqual(['users', 'users', 'toasts', 'users', 'toasts', 'toasts']);

    act(() => toasts.danger('after the export'));
    const file = new File([JSON.stringify(exported)], 'bug-report.json', { type: 'application/json' });
    fireEvent.change(screen.getByTestId('time-travel-import'), { target: { files: [file] } });

    expect(await screen.findByText('Imported 6 events from bug-report.json')).toBeInTheDocument();
    expect(usernames()).toEqual(['admin', 'alice']);
    expect(toastTexts()).toEqual(expect.arrayContaining(['second', 'first']));
    expect(toastTexts()).not.toContain('after the export');
    // The imported interleaving is kept: scrubbing to 3 shows the same moment as before.
    fireEvent.click(rows()[2]!);
    expect(usernames()).toEqual(['admin']);
    expect(toastTexts()).toEqual(['first']);
  });

  it('the Export button downloads the log as a JSON file that Import takes back', async () => {
    // jsdom has no object URLs: keep the blob the panel hands to the download link, and the link's name.
    const blobs: Blob[] = [];
    const downloads: string[] = [];
    const create = jest.fn((blob: Blob) => (blobs.push(blob), `blob:strata/${blobs.length}`));
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.download);
    });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    } finally {
      click.mockRestore();
    }
    expect(downloads).toEqual(['strata-events-2026-01-01T00-00-00-000Z.json']);
    const text = await readText(blobs[0]!);
    expect(JSON.parse(text).events).toHaveLength(6);

    act(() => toasts.danger('after the export'));
    const file = new File([text], downloads[0]!, { type: 'application/json' });
    fireEvent.change(screen.getByTestId('time-travel-import'), { target: { files: [file] } });
    expect(await screen.findByText(`Imported 6 events from ${downloads[0]}`)).toBeInTheDocument();
    expect(toastTexts()).not.toContain('after the export');
  });

  it('refuses a file that is not an event log, and says why', async () => {
    const file = new File(['{"hello": "world"}'], 'notes.json', { type: 'application/json' });
    fireEvent.change(screen.getByTestId('time-travel-import'), { target: { files: [file] } });
    expect(await screen.findByText(/Could not import notes.json: This is not a Strata event log/)).toBeInTheDocument();
    expect(usernames()).toEqual(['admin', 'alice']);
  });
});
