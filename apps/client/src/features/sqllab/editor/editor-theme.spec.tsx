import { act, render, screen, waitFor } from '@testing-library/react';
import ace from 'ace-builds';
import { createTestContext } from '../../../shared/test-context';
import { TestServer, type RecordedRequest } from '../../../testing/test-server';
import { HttpClient } from '../../api/http-client';
import { createTheme, type ColorSchemeQuery, type ThemeFeature } from '../../theme/theme.feature';
import { SqlEditor } from './SqlEditor';

// The server keeps the one user's preference (the real route: apps/server preferences.int.spec.ts).
function preferencesApi() {
  let theme = 'system';
  return (request: RecordedRequest) => {
    if (request.url === '/api/v1/security/csrf_token/') return { status: 200, body: { result: 'csrf-1' } };
    if (request.url === '/api/v1/me/preferences/') {
      if (request.method === 'PUT') theme = (request.body as { theme: string }).theme;
      return { status: 200, body: { result: { theme } } };
    }
    return undefined;
  };
}

let server: TestServer;
let theme: ThemeFeature;
// jsdom has no matchMedia: this stands for the browser's (prefers-color-scheme: dark) query.
const schemeListeners: ((event: { matches: boolean }) => void)[] = [];

beforeEach(async () => {
  server = await new TestServer(preferencesApi()).start();
  const scheme: ColorSchemeQuery = {
    matches: false,
    addEventListener: (_type, listener) => void schemeListeners.push(listener),
    removeEventListener: () => undefined,
  };
  theme = createTheme(
    createTestContext(),
    new HttpClient({ baseUrl: server.baseUrl }),
    scheme,
    document.documentElement,
  );
});

afterEach(async () => {
  theme.dispose();
  schemeListeners.splice(0);
  delete document.documentElement.dataset.theme;
  await server.stop();
});

const editorTheme = () =>
  (screen.getByTestId('sql-editor') as HTMLElement & { env: { editor: ace.Ace.Editor } }).env.editor.getTheme();

describe("the SQL editor's theme (issue 15 item 7)", () => {
  it("is dark when the user's theme preference is dark, light again when they choose light", async () => {
    render(
      <SqlEditor
        tabId="a"
        value="SELECT 1"
        words={{ schemas: [], tables: [], columns: [] }}
        onChange={() => undefined}
        onSelectionChange={() => undefined}
        onRun={() => undefined}
      />,
    );
    expect(editorTheme()).toBe('ace/theme/sqlserver');

    await act(() => theme.choose('dark'));
    await waitFor(() => expect(editorTheme()).toBe('ace/theme/tomorrow_night'));
    expect(server.requests.find((r) => r.method === 'PUT')?.body).toEqual({ theme: 'dark' });

    await act(() => theme.choose('light'));
    await waitFor(() => expect(editorTheme()).toBe('ace/theme/sqlserver'));
  });

  it("follows the system's scheme under the 'system' preference, and opens dark on a dark page", async () => {
    act(() => schemeListeners.forEach((l) => l({ matches: true })));
    render(
      <SqlEditor
        tabId="a"
        value="SELECT 1"
        words={{ schemas: [], tables: [], columns: [] }}
        onChange={() => undefined}
        onSelectionChange={() => undefined}
        onRun={() => undefined}
      />,
    );
    expect(editorTheme()).toBe('ace/theme/tomorrow_night');
    act(() => schemeListeners.forEach((l) => l({ matches: false })));
    await waitFor(() => expect(editorTheme()).toBe('ace/theme/sqlserver'));
  });
});
