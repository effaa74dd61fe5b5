/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
// Node builds of socket.io (server and client) in this file: the browser build of `ws` refuses to run.
import { fireEvent, waitFor, within } from '@testing-library/react';
import { DashboardMessages, emptyLayout, GRID_ID } from '@strata/domain';
import { pendingStorageKey, type StoredCommand } from './pending-store';
import { editHarness } from './testing/edit-harness';

// Issue 12 items 3 and 4 as the editor sees them: changes waiting while offline, refused edits kept.
const h = editHarness();
const DASHBOARD = 7;

beforeEach(() => localStorage.clear());

/** A markdown in the draft, created by user `actor` as the server would from another editor's socket. */
function markdownIn(actor: string, id: string, code: string) {
  const data = { id, componentType: 'MARKDOWN', destination: { parentId: GRID_ID, index: 0 }, rowId: `ROW-${id}` };
  expect(h.drafts.command(DASHBOARD, actor, 'CreateComponent', data).ok).toBe(true);
  if (code) expect(h.drafts.command(DASHBOARD, actor, 'UpdateMarkdown', { id, code }).ok).toBe(true);
}

describe('edit mode when the connection drops', () => {
  it('shows the changes made offline as pending, and they land for everyone on reconnect', async () => {
    await h.start({ [DASHBOARD]: emptyLayout('Sales') });
    const alice = h.editor('1');
    const bob = h.editor('2');
    await alice.ui.findByTestId('edit-grid');
    await bob.ui.findByTestId('edit-grid');

    h.drafts.goOffline();
    await alice.ui.findByText('Reconnecting…');
    fireEvent.click(alice.ui.getByRole('button', { name: 'Add Header' }));
    expect(alice.grid().getByRole('heading', { name: 'New header' })).toBeInTheDocument();
    expect(alice.ui.getByTestId('pending-edits')).toHaveTextContent('Offline: 1 change pending');
    fireEvent.click(alice.ui.getByRole('button', { name: 'Add Text / Markdown' }));
    expect(alice.ui.getByTestId('pending-edits')).toHaveTextContent('Offline: 2 changes pending');

    h.drafts.goOnline();
    expect(await bob.grid().findByRole('heading', { name: 'New header' })).toBeInTheDocument();
    await waitFor(() => expect(bob.host.querySelector('.edit-item--markdown')).not.toBeNull());
    await waitFor(() => expect(alice.ui.queryByTestId('pending-edits')).toBeNull());
    expect(alice.ui.queryByRole('region', { name: 'Changes not applied' })).toBeNull();
  });

  it('after a reload, lists an edit left pending that lost to another editor, keeps its text and re-applies it', async () => {
    await h.start({ [DASHBOARD]: emptyLayout('Sales') });
    markdownIn('1', 'MARKDOWN-notes', '');
    // What Alice's last page load typed from the empty markdown and could not send before it went...
    const left: StoredCommand = {
      commandId: 'alice-left-1',
      batchId: 'alice-left-2',
      command: { type: 'UpdateMarkdown', data: { id: 'MARKDOWN-notes', code: '# Alice notes', baseCode: '' } },
      baseVersion: h.drafts.log(DASHBOARD).length,
      at: new Date().toISOString(),
    };
    localStorage.setItem(pendingStorageKey(DASHBOARD, '1'), JSON.stringify({ pending: [left], rejected: [] }));
    // ...while Bob wrote his text.
    expect(h.drafts.command(DASHBOARD, '2', 'UpdateMarkdown', { id: 'MARKDOWN-notes', code: '# Bob notes' }).ok).toBe(
      true,
    );

    const alice = h.editor('1');
    const list = await alice.ui.findByRole('region', { name: 'Changes not applied' });
    expect(list).toHaveTextContent(`Editing a markdown: ${DashboardMessages.TEXT_CHANGED}`);
    expect(within(list).getByRole('textbox', { name: 'Your text' })).toHaveValue('# Alice notes');
    // Bob's text stays in the draft; Alice's is kept across another reload until she acts on it.
    expect(h.drafts.draft(DASHBOARD).layout['MARKDOWN-notes']!.meta.code).toBe('# Bob notes');
    h.cleanups.splice(0).forEach((c) => c());
    const again = h.editor('1');
    const kept = await again.ui.findByRole('region', { name: 'Changes not applied' });

    await waitFor(() => expect(within(kept).getByRole('button', { name: 'Re-apply' })).toBeEnabled());
    fireEvent.click(within(kept).getByRole('button', { name: 'Re-apply' }));
    await waitFor(() => expect(h.drafts.draft(DASHBOARD).layout['MARKDOWN-notes']!.meta.code).toBe('# Alice notes'));
    expect(again.ui.queryByRole('region', { name: 'Changes not applied' })).toBeNull();
    await waitFor(() => expect(localStorage.getItem(pendingStorageKey(DASHBOARD, '1'))).toBeNull());
  });

  it('keeps a refused edit listed until it is dismissed', async () => {
    await h.start({ [DASHBOARD]: emptyLayout('Sales') });
    markdownIn('2', 'MARKDOWN-gone', '# Bob');
    const alice = h.editor('1');
    await alice.ui.findByTestId('edit-grid');
    h.drafts.goOffline();
    await alice.ui.findByText('Reconnecting…');
    fireEvent.click(alice.host.querySelector('.edit-item--markdown')!);
    const source = alice.grid().getByRole('textbox', { name: 'Markdown text' });
    fireEvent.change(source, { target: { value: '# Alice was here' } });
    fireEvent.blur(source);
    expect(h.drafts.command(DASHBOARD, '2', 'DeleteComponent', { id: 'MARKDOWN-gone' }).ok).toBe(true);

    h.drafts.goOnline();
    const list = await alice.ui.findByRole('region', { name: 'Changes not applied' });
    expect(list).toHaveTextContent(DashboardMessages.COMPONENT_MISSING);
    expect(within(list).getByRole('textbox', { name: 'Your text' })).toHaveValue('# Alice was here');
    // The markdown is gone: nothing to re-apply on, the text is there to copy.
    expect(within(list).queryByRole('button', { name: 'Re-apply' })).toBeNull();
    expect(list).toHaveTextContent('The component is no longer on the dashboard');
    fireEvent.click(within(list).getByRole('button', { name: 'Dismiss' }));
    expect(alice.ui.queryByRole('region', { name: 'Changes not applied' })).toBeNull();
  });
});
