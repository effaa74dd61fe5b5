import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { HttpClient } from '../features/api/http-client';
import type { Subscription } from 'rxjs';
import { bindTimeTravelShortcut } from '../features/timetravel/shortcut';
import { routerPaths$ } from '../features/userlog/user-log-wiring';
import { TestServer, type RecordedRequest } from '../testing/test-server';
import { appRoutes } from './routes';
import { createAppServices, type AppServices } from './services';
import { ServicesProvider } from './services-context';

const me = {
  id: 1,
  username: 'admin',
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'admin@example.com',
  roles: { Admin: [['can_read', 'User']] },
  permissions: [['can_read', 'User']],
};
// Who signs in: the admin, unless a test says otherwise (reset before each).
let signingIn: Omit<typeof me, 'roles'> & { roles: Record<string, string[][]> } = me;

// The server's session as one flag: Node's fetch keeps no cookies, and one browser is all we need.
function strataApi() {
  let signedIn = false;
  let statusCalls = 0;
  return (request: RecordedRequest) => {
    const { method, url } = request;
    if (url === '/api/v1/me/')
      return signedIn
        ? { status: 200, body: { result: signingIn } }
        : { status: 401, body: { message: 'Not authorized' } };
    if (url === '/login/' && method === 'POST') {
      const { username, password } = request.body as { username: string; password: string };
      if (username !== 'admin' || password !== 'secret-password') {
        return {
          status: 401,
          body: {
            message: 'Invalid login. Please try again.',
            errors: [
              { message: 'Invalid login. Please try again.', error_type: 'GENERIC_BACKEND_ERROR', level: 'error' },
            ],
          },
        };
      }
      signedIn = true;
      return { status: 200, body: { result: signingIn } };
    }
    if (url === '/logout/' && method === 'POST') {
      signedIn = false;
      return { status: 200, body: { result: 'ok' } };
    }
    if (!signedIn) return { status: 401, body: { message: 'Not authorized' } };
    if (url === '/api/v1/security/csrf_token/') return { status: 200, body: { result: 'csrf-1' } };
    if (url === '/api/v1/examples/status') {
      statusCalls += 1;
      const loaded = statusCalls > 1;
      return {
        status: 200,
        body: {
          result: {
            state: loaded ? 'ready' : 'loading',
            tables: [
              { name: 'cars', rows: 406, expected_rows: 406, loaded: true },
              { name: 'flights_200k', rows: loaded ? 200000 : 50000, expected_rows: 200000, loaded },
            ],
          },
        },
      };
    }
    if (url.startsWith('/strata/log/') && method === 'POST') return { status: 200, body: { result: { logged: 1 } } };
    return undefined;
  };
}

let server: TestServer;
let services: AppServices;
let shortcut: Subscription;

beforeEach(async () => {
  signingIn = me;
  server = await new TestServer(strataApi()).start();
  services = createAppServices({ http: new HttpClient({ baseUrl: server.baseUrl }) });
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/'] });
  services.trackPaths(routerPaths$(router));
  shortcut = bindTimeTravelShortcut(services.timeTravel);
  services.session.check();
  render(
    <ServicesProvider value={services}>
      <RouterProvider router={router} />
    </ServicesProvider>,
  );
});

afterEach(async () => {
  shortcut.unsubscribe();
  services.dispose();
  await server.stop();
});

async function signIn(password: string) {
  const form = await screen.findByRole('form', { name: 'Sign in' });
  fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'admin' } });
  fireEvent.change(within(form).getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(within(form).getByRole('button', { name: 'Sign in' }));
}

describe('the app', () => {
  it('sends a visitor to the login page, and a refused login says why', async () => {
    await signIn('wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login. Please try again.');
  });

  it('signs in, shows home with roles and example data, and logs the visit', async () => {
    await signIn('secret-password');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Admin' })).toBeInTheDocument();
    expect(screen.getByTestId('home-roles')).toHaveTextContent('Admin');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent(
      'HomeSQL LabChartsDashboardsDatasetsUsers',
    );
    // Superset's "Alerts & reports", for users with can_read on ReportSchedule (an admin has every permission).
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Alerts & reports' }),
    ).toHaveAttribute('href', '/alert/list/');
    // Superset's Settings > Data > "Database Connections", for who may change them (can_write on Database).
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Database Connections' }),
    ).toHaveAttribute('href', '/databaseview/list/');

    // The first status is still loading; the page refreshes until all tables are in.
    const examples = screen.getByRole('region', { name: 'Example data' });
    expect(await within(examples).findByText('loading…')).toBeInTheDocument();
    expect(within(examples).getByText('25%')).toBeInTheDocument();
    expect(await within(examples).findByText('ready')).toBeInTheDocument();
    // Rows and expected rows of flights_200k are both 200,000 now.
    expect(within(examples).getAllByText('200,000')).toHaveLength(2);

    // After a second of quiet the user log leaves in one request.
    await waitFor(() => expect(server.requests.some((r) => r.url.startsWith('/strata/log/'))).toBe(true));
    const log = server.requests.find((r) => r.url.startsWith('/strata/log/'))!;
    expect(log.url).toBe('/strata/log/?explode=events');
    const events = (log.body as { events: { event_name: string; impression_id: string; path?: string }[] }).events;
    expect(events.map((e) => [e.event_name, e.path]).sort()).toEqual([
      ['login', undefined],
      ['page_view', '/'],
    ]);
    expect(new Set(events.map((e) => e.impression_id))).toEqual(new Set([services.context.sessionId]));
  });

  it('shows a Gamma user no "Database Connections" entry (no can_write on Database)', async () => {
    signingIn = {
      ...me,
      roles: { Gamma: [['can_read', 'Database']] },
      permissions: [['can_read', 'Database']],
    };
    await signIn('secret-password');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Charts' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Database Connections' })).not.toBeInTheDocument();
  });

  it('logs out from the user menu back to the login page', async () => {
    await signIn('secret-password');
    fireEvent.click(await screen.findByRole('button', { name: /Ada Admin/ }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(server.requests.some((r) => r.url === '/logout/')).toBe(true);
  });

  it('opens the time-travel panel with Ctrl+Shift+E', async () => {
    await signIn('secret-password');
    await screen.findByRole('heading', { name: 'Welcome, Ada Admin' });
    expect(screen.queryByRole('region', { name: 'Time travel' })).not.toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'E', ctrlKey: true, shiftKey: true });
    const panel = screen.getByRole('region', { name: 'Time travel' });
    expect(
      within(panel)
        .getAllByTestId('time-travel-event')
        .map((r) => r.children[2]?.textContent),
    ).toEqual(expect.arrayContaining(['session/notSignedIn', 'session/loginSubmitted', 'session/loggedIn']));
  });
});
