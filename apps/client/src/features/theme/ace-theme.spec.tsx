import { act, render, screen, waitFor } from '@testing-library/react';
import ace from 'ace-builds';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { useEffect, useRef } from 'react';
import { usePageAceTheme } from './ace-theme';

/** Any Ace editor of the app, as a feature would write one: created with the hook's theme, then left to it. */
function AnyAceEditor() {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<ace.Ace.Editor | null>(null);
  const theme = usePageAceTheme(editor);
  const createdTheme = useRef(theme);
  useEffect(() => {
    const instance = ace.edit(host.current!, { theme: createdTheme.current, value: 'SELECT 1', readOnly: true });
    editor.current = instance;
    return () => instance.destroy();
  }, []);
  return <div ref={host} data-testid="ace" />;
}

const aceTheme = () =>
  (screen.getByTestId('ace') as HTMLElement & { env: { editor: ace.Ace.Editor } }).env.editor.getTheme();

afterEach(() => {
  delete document.documentElement.dataset.theme;
});

describe('Ace follows the page theme (issue 15 item 7)', () => {
  it('opens dark on a dark page and switches whenever the page switches', async () => {
    document.documentElement.dataset.theme = 'dark';
    render(<AnyAceEditor />);
    expect(aceTheme()).toBe('ace/theme/tomorrow_night');
    act(() => void (document.documentElement.dataset.theme = 'light'));
    await waitFor(() => expect(aceTheme()).toBe('ace/theme/sqlserver'));
    act(() => void (document.documentElement.dataset.theme = 'dark'));
    await waitFor(() => expect(aceTheme()).toBe('ace/theme/tomorrow_night'));
  });

  it('is the only place that names Ace themes, and every Ace editor of the app uses it', () => {
    const src = join(__dirname, '../..');
    const files = (readdirSync(src, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && !/\.spec\.tsx?$/.test(f))
      .map((f) => ({ path: relative(src, join(src, f)), text: readFileSync(join(src, f), 'utf8') }));
    const namingThemes = files.filter((f) => /ace\/theme\/|src-noconflict\/theme-/.test(f.text)).map((f) => f.path);
    expect(namingThemes).toEqual([join('features', 'theme', 'ace-theme.ts')]);
    const editors = files.filter((f) => /\bace\.edit\(/.test(f.text));
    expect(editors.length).toBeGreaterThan(0);
    for (const f of editors) expect([f.path, /usePageAceTheme\(/.test(f.text)]).toEqual([f.path, true]);
  });
});
