/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
// Discard is per user (issue 12), two editors over real socket.io connections (testing/edit-harness).
import { fireEvent, waitFor } from '@testing-library/react';
import { emptyLayout } from '@strata/domain';
import { editHarness, toastTexts } from './testing/edit-harness';

const h = editHarness();
const markdowns = (host: HTMLElement) => host.querySelectorAll('.edit-item--markdown').length;
const dividers = (host: HTMLElement) => host.querySelectorAll('.edit-item--divider').length;

describe('Discard in edit mode', () => {
  it("takes back only my changes: Bob's markdown stays on both screens, my Undo brings mine back", async () => {
    await h.start({ 7: emptyLayout('Sales') });
    const alice = h.editor('1');
    const bob = h.editor('2');
    await alice.ui.findByTestId('edit-grid');
    await bob.ui.findByTestId('edit-grid');
    fireEvent.click(bob.ui.getByRole('button', { name: 'Add Text / Markdown' }));
    await waitFor(() => expect(markdowns(alice.host)).toBe(1));
    fireEvent.click(alice.ui.getByRole('button', { name: 'Add Divider' }));
    await waitFor(() => expect(dividers(bob.host)).toBe(1));

    fireEvent.click(alice.ui.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(dividers(alice.host)).toBe(0));
    await waitFor(() => expect(dividers(bob.host)).toBe(0));
    expect([markdowns(alice.host), markdowns(bob.host)]).toEqual([1, 1]);
    // Nobody left edit mode; Bob's undo still has his markdown.
    expect([alice.exits, bob.exits]).toEqual([[], []]);
    expect(bob.ui.getByRole('button', { name: 'Undo' })).toBeEnabled();
    expect(alice.ui.getByRole('button', { name: 'Discard' })).toBeDisabled();

    fireEvent.click(alice.ui.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(dividers(alice.host)).toBe(1));
    await waitFor(() => expect(dividers(bob.host)).toBe(1));
  });

  it('keeps my markdown Bob typed in, says so, and my Undo stays off naming him (issue 12)', async () => {
    await h.start({ 7: emptyLayout('Sales') });
    const alice = h.editor('1');
    const bob = h.editor('2');
    await alice.ui.findByTestId('edit-grid');
    await bob.ui.findByLabelText('alice is editing');
    fireEvent.click(alice.ui.getByRole('button', { name: 'Add Text / Markdown' }));
    fireEvent.click(alice.ui.getByRole('button', { name: 'Add Divider' }));
    await waitFor(() => expect(h.drafts.draft(7).changes.length).toBe(2));
    const id = Object.keys(h.drafts.draft(7).layout).find((k) => k.startsWith('MARKDOWN'))!;
    h.drafts.command(7, '2', 'UpdateMarkdown', { id, code: "bob's text" });
    await waitFor(() => expect(h.drafts.draft(7).changes.length).toBe(3));

    fireEvent.click(alice.ui.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(dividers(alice.host)).toBe(0));
    expect(markdowns(alice.host)).toBe(1);
    await waitFor(() =>
      expect(toastTexts(alice.toasts)).toContain('1 of your changes was kept: another editor has built on it.'),
    );
    // Her Undo brings the divider back; then the markdown's undo is off, its title naming Bob.
    fireEvent.click(alice.ui.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(dividers(alice.host)).toBe(1));
    fireEvent.click(alice.ui.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(dividers(alice.host)).toBe(0));
    const undo = alice.ui.getByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toBeDisabled());
    expect(undo).toHaveAttribute('title', 'bob has since changed this; undoing it would remove their work.');
    expect(markdowns(bob.host)).toBe(1);
  });

  it("tells the others when an owner discarded everyone's draft, with how many of their changes", async () => {
    await h.start({ 7: emptyLayout('Sales') });
    const alice = h.editor('1');
    const bob = h.editor('2');
    await bob.ui.findByTestId('edit-grid');
    await alice.ui.findByLabelText('bob is editing');
    fireEvent.click(bob.ui.getByRole('button', { name: 'Add Text / Markdown' }));
    fireEvent.click(bob.ui.getByRole('button', { name: 'Add Divider' }));
    await waitFor(() => expect(h.drafts.draft(7).changes.length).toBe(2));
    h.drafts.command(7, '1', 'DiscardDraft', {});
    expect(
      await bob.ui.findByText(
        'alice discarded the draft, including 2 of your changes. Restore it from version history.',
      ),
    ).toBeInTheDocument();
    expect(alice.ui.queryByText(/discarded the draft/)).toBeNull();
  });
});
