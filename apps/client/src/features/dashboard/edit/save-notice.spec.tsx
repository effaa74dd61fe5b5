/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
// Node builds of socket.io (server and client) in this file: the browser build of `ws` refuses to run.
import { fireEvent, waitFor } from '@testing-library/react';
import { emptyLayout } from '@strata/domain';
import { editHarness, toastTexts } from './testing/edit-harness';

const h = editHarness();
const UNDO_BLOCKED = 'Your earlier changes are in version 2: restore an older version from the history to revert them';

describe('a save by someone else, told to the other editors (issue 12 §2)', () => {
  it('bob is told how many of his changes alice saved, and why his Undo has nothing; later edits undo again', async () => {
    await h.start({ 7: emptyLayout('Sales') });
    const alice = h.editor('1');
    const bob = h.editor('2');
    fireEvent.click(await bob.ui.findByRole('button', { name: 'Add Divider' }));
    fireEvent.click(bob.ui.getByRole('button', { name: 'Add Header' }));
    fireEvent.click(await alice.ui.findByRole('button', { name: 'Add Text / Markdown' }));
    await waitFor(() => expect(h.drafts.draft(7).changes.length).toBe(3));
    expect(await bob.ui.findByLabelText('alice is editing')).toBeInTheDocument();
    const bobUndo = bob.ui.getByRole('button', { name: 'Undo' });
    expect(bobUndo).toBeEnabled();
    expect(bobUndo).toHaveAttribute('title', 'Undo (Ctrl+Z)');

    await waitFor(() => expect(alice.ui.getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(alice.ui.getByRole('button', { name: 'Save' }));
    const notice = await bob.ui.findByTestId('save-notice');
    expect(notice).toHaveTextContent('alice saved version 2, including 2 of your changes.');
    expect(notice).toHaveTextContent(`${UNDO_BLOCKED}.`);
    expect(bobUndo).toBeDisabled();
    expect(bobUndo).toHaveAttribute('title', UNDO_BLOCKED);
    // Ctrl+Z finds nothing to undo and says why.
    fireEvent.keyDown(bob.ui.getByTestId('edit-mode'), { key: 'z', ctrlKey: true });
    expect(toastTexts(bob.toasts)).toContain(UNDO_BLOCKED);
    // The saver is not told about their own save.
    await waitFor(() => expect(alice.exits).toEqual([true]));
    expect(alice.ui.queryByTestId('save-notice')).toBeNull();

    // An edit after the save is Bob's to undo as before; once undone, the reason is given again.
    fireEvent.click(bob.ui.getByRole('button', { name: 'Add Divider' }));
    await waitFor(() => expect(bobUndo).toBeEnabled());
    expect(bobUndo).toHaveAttribute('title', 'Undo (Ctrl+Z)');
    fireEvent.click(bobUndo);
    await waitFor(() => expect(bobUndo).toBeDisabled());
    expect(bobUndo).toHaveAttribute('title', UNDO_BLOCKED);

    fireEvent.click(bob.ui.getByRole('button', { name: 'Dismiss' }));
    expect(bob.ui.queryByTestId('save-notice')).toBeNull();
  });

  it('a save with none of his changes is told plainly; a saver never seen editing is named from the history', async () => {
    await h.start({ 7: emptyLayout('Sales') });
    const bob = h.editor('2');
    await bob.ui.findByTestId('edit-grid');
    // Alice saves through the API, without ever being in edit mode next to Bob.
    expect(
      h.drafts.command(7, '1', 'CreateComponent', {
        id: 'DIVIDER-a',
        componentType: 'DIVIDER',
        destination: { parentId: 'GRID_ID', index: 0 },
      }).ok,
    ).toBe(true);
    expect(h.drafts.command(7, '1', 'SaveDraft', {}).ok).toBe(true);
    expect(await bob.ui.findByTestId('save-notice')).toHaveTextContent(/^alice saved version 2\.Dismiss$/);
    expect(bob.ui.getByRole('button', { name: 'Undo' })).toHaveAttribute('title', 'Undo (Ctrl+Z)');
  });

  it('a restore by someone else is told with the version it brought back', async () => {
    await h.start({ 7: emptyLayout('Sales') });
    const alice = h.editor('1');
    const bob = h.editor('2');
    fireEvent.click(await alice.ui.findByRole('button', { name: 'Add Divider' }));
    await waitFor(() => expect(h.drafts.draft(7).changes.length).toBe(1));
    expect(await bob.ui.findByLabelText('alice is editing')).toBeInTheDocument();
    expect(h.drafts.command(7, '1', 'SaveDraft', {}).ok).toBe(true);
    expect(await bob.ui.findByTestId('save-notice')).toHaveTextContent('alice saved version 2.');
    fireEvent.click(alice.ui.getByRole('button', { name: 'Version history' }));
    const restore = await alice.ui.findAllByRole('button', { name: 'Restore' });
    fireEvent.click(restore.at(-1)!);
    await waitFor(() =>
      expect(bob.ui.getByTestId('save-notice')).toHaveTextContent('alice restored version 1 as version 3.'),
    );
  });
});
