import { act, render, screen } from '@testing-library/react';
import ace from 'ace-builds';
import { SqlEditor } from './SqlEditor';
import { completionsFor, referencedTables } from './completions';

const words = {
  schemas: ['public', 'sales'],
  tables: ['flights', 'flights_200k', 'cars'],
  columns: [{ table: 'flights', name: 'origin', type: 'text' }],
};

type Completion = { caption?: string; value?: string; meta: string };

function editorOf(element: HTMLElement): ace.Ace.Editor {
  return (element as HTMLElement & { env: { editor: ace.Ace.Editor } }).env.editor;
}

async function complete(editor: ace.Ace.Editor, prefix: string): Promise<Completion[]> {
  const all: Completion[] = [];
  for (const completer of editor.completers ?? []) {
    await new Promise<void>((done) =>
      completer.getCompletions(editor, editor.session, editor.getCursorPosition(), prefix, (_e, list) => {
        all.push(...(list as Completion[]));
        done();
      }),
    );
  }
  return all;
}

describe('SQL editor', () => {
  it('reports typing and selection, runs on Ctrl+Enter, and completes keywords, schemas, tables and columns', async () => {
    const changes: string[] = [];
    const selections: string[] = [];
    const run = jest.fn();
    const view = render(
      <SqlEditor
        tabId="a"
        value="SELECT 1"
        words={words}
        onChange={(s) => changes.push(s)}
        onSelectionChange={(s) => selections.push(s)}
        onRun={run}
      />,
    );
    const editor = editorOf(screen.getByTestId('sql-editor'));
    expect((editor.session.getMode() as unknown as { $id: string }).$id).toBe('ace/mode/sql');
    expect(editor.getValue()).toBe('SELECT 1');

    act(() => editor.setValue('SELECT * FROM fl', 1));
    expect(changes.at(-1)).toBe('SELECT * FROM fl');
    act(() => editor.selectAll());
    expect(selections.at(-1)).toBe('SELECT * FROM fl');

    editor.commands.exec('runQuery', editor, {});
    expect(run).toHaveBeenCalledTimes(1);

    const found = await complete(editor, 'fl');
    expect(found.filter((c) => c.meta === 'table').map((c) => c.caption)).toEqual(['flights', 'flights_200k']);
    const keywords = await complete(editor, 'sel');
    expect(keywords.some((c) => (c.caption ?? c.value)?.toLowerCase() === 'select' && c.meta === 'keyword')).toBe(true);
    const columns = await complete(editor, 'ori');
    expect(columns.find((c) => c.caption === 'origin')?.meta).toBe('flights · text');

    // A value from outside (undo, format) replaces the text without being reported as typing.
    const before = changes.length;
    view.rerender(
      <SqlEditor
        tabId="a"
        value="SELECT 2"
        words={words}
        onChange={(s) => changes.push(s)}
        onSelectionChange={() => {}}
        onRun={run}
      />,
    );
    expect(editor.getValue()).toBe('SELECT 2');
    expect(changes.length).toBe(before);
  });

  it('never writes back an echo of its own typing that arrives after later keystrokes', () => {
    const props = { words, onChange: () => {}, onSelectionChange: () => {}, onRun: () => {} };
    const view = render(<SqlEditor tabId="a" value="" {...props} />);
    const editor = editorOf(screen.getByTestId('sql-editor'));
    act(() => editor.setValue('SELECT 12', 1));
    // The store recorded 'SELECT 1' (typed a moment earlier) and renders it now: an echo.
    view.rerender(<SqlEditor tabId="a" value="SELECT 1" echo {...props} />);
    expect(editor.getValue()).toBe('SELECT 12');
    // Undo or format is not an echo: the editor takes it.
    view.rerender(<SqlEditor tabId="a" value="SELECT 1" {...props} />);
    expect(editor.getValue()).toBe('SELECT 1');
    // Another tab always shows its own SQL.
    view.rerender(<SqlEditor tabId="b" value="SELECT 2" echo {...props} />);
    expect(editor.getValue()).toBe('SELECT 2');
  });
});

describe('completions', () => {
  it('offers every table of the schema and the schemas', () => {
    expect(completionsFor(words, '').map((c) => c.caption)).toEqual([
      'origin',
      'flights',
      'flights_200k',
      'cars',
      'public',
      'sales',
    ]);
  });
  it('finds the known tables a query references', () => {
    expect(referencedTables('select * from public.Flights f join cars c on 1=1', words.tables)).toEqual([
      'flights',
      'cars',
    ]);
    expect(referencedTables('select 1', words.tables)).toEqual([]);
  });
});
