import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ShortcutHelp } from './ShortcutHelp';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <input aria-label="Search" />
      <div className="ace_editor">
        <textarea aria-label="SQL" />
      </div>
      <ShortcutHelp />
    </MemoryRouter>,
  );
}

describe('the keyboard shortcut help', () => {
  it("opens on ? with the page's shortcuts and those that work everywhere; Escape closes it", () => {
    renderAt('/sqllab/');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(document.body, { key: '?' });
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const sqlLab = within(dialog).getByRole('region', { name: 'SQL Lab' });
    expect(sqlLab).toHaveTextContent('Ctrl+EnterRun the selection');
    expect(sqlLab).toHaveTextContent('Alt+TNew tab');
    expect(within(dialog).getByRole('region', { name: 'Everywhere' })).toHaveTextContent(
      'Ctrl+Shift+EOpen or close the time-travel panel',
    );
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves ? to what is being typed: an input, the SQL editor', () => {
    renderAt('/sqllab/');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Search' }), { key: '?' });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'SQL' }), { key: '?' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("lists each page's own keys: Explore's undo, the dashboard editor's; elsewhere only the global ones", () => {
    const explore = renderAt('/explore/?slice_id=1');
    fireEvent.keyDown(document.body, { key: '?' });
    expect(screen.getByRole('region', { name: 'Explore' })).toHaveTextContent('Undo / redo a control change');
    explore.unmount();

    const dashboard = renderAt('/superset/dashboard/7/');
    fireEvent.keyDown(document.body, { key: '?' });
    expect(screen.getByRole('region', { name: 'Dashboard (edit mode)' })).toBeInTheDocument();
    dashboard.unmount();

    renderAt('/chart/list/');
    fireEvent.keyDown(document.body, { key: '?' });
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['Everywhere']);
  });
});
