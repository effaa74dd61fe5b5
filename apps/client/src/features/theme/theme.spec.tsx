import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpClient } from '../api/http-client';
import { createAppServices, type AppServices } from '../../app/services';
import { ServicesProvider } from '../../app/services-context';
import { createTestContext } from '../../shared/test-context';
import { TestServer, type RecordedRequest } from '../../testing/test-server';
import { createTheme, type ColorSchemeQuery } from './theme.feature';
import { ThemeToggle } from './ThemeToggle';

const me = { id: 1, username: 'admin', first_name: 'Ada', last_name: 'Admin', roles: {}, permissions: [] };

// The server keeps one preference for the one user (the real route: preferences.int.spec.ts).
function preferencesApi() {
  let theme = 'system';
  return (request: RecordedRequest) => {
    if (request.url === '/api/v1/me/') return { status: 200, body: { result: me } };
    if (request.url === '/api/v1/security/csrf_token/') return { status: 200, body: { result: 'csrf-1' } };
    if (request.url === '/api/v1/me/preferences/') {
      if (request.method === 'PUT') theme = (request.body as { theme: string }).theme;
      return { status: 200, body: { result: { theme } } };
    }
    if (request.url.startsWith('/strata/log/')) return { status: 200, body: { result: { logged: 1 } } };
    return undefined;
  };
}

let server: TestServer;
const opened: AppServices[] = [];

/** One page load: its own services, the session checked, the toggle rendered. */
function openPage() {
  const services = createAppServices({ http: new HttpClient({ baseUrl: server.baseUrl }) });
  opened.push(services);
  services.session.check();
  const view = render(
    <ServicesProvider value={services}>
      <ThemeToggle />
    </ServicesProvider>,
  );
  return { services, view };
}

beforeEach(async () => {
  server = await new TestServer(preferencesApi()).start();
});
afterEach(async () => {
  opened.splice(0).forEach((s) => s.dispose());
  delete document.documentElement.dataset.theme;
  await server.stop();
});

describe('the theme toggle', () => {
  it('shows the chosen theme at once, keeps it on the server, and the next page load reads it back', async () => {
    const first = openPage();
    await waitFor(() => expect(server.requests.some((r) => r.url === '/api/v1/me/preferences/')).toBe(true));
    expect(await screen.findByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    expect(document.documentElement.dataset.theme).toBe('light');

    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Dark' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ theme: 'dark' }));

    first.view.unmount();
    first.services.dispose();
    delete document.documentElement.dataset.theme;
    openPage();
    await waitFor(() =>
      expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveAttribute('aria-checked', 'true'),
    );
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});

describe('the system scheme', () => {
  it("follows prefers-color-scheme while the preference is 'system', and a choice wins over it", async () => {
    // jsdom has no matchMedia: this stands for the browser's (prefers-color-scheme: dark) query.
    const listeners: ((event: { matches: boolean }) => void)[] = [];
    const scheme: ColorSchemeQuery = {
      matches: true,
      addEventListener: (_type, listener) => void listeners.push(listener),
      removeEventListener: () => undefined,
    };
    const root = document.createElement('html');
    const http = new HttpClient({ baseUrl: server.baseUrl });
    const theme = createTheme(createTestContext(), http, scheme, root);
    expect(root.dataset.theme).toBe('dark');
    act(() => listeners.forEach((l) => l({ matches: false })));
    expect(root.dataset.theme).toBe('light');
    act(() => listeners.forEach((l) => l({ matches: true })));
    await theme.choose('light');
    expect(root.dataset.theme).toBe('light');
    theme.dispose();
  });
});
