/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
// Node builds of socket.io (server and client) in this file: the browser build of `ws` refuses to run.
import { fireEvent, waitFor } from '@testing-library/react';
import { emptyLayout, parsePositionJson } from '@strata/domain';
import { peerColor } from './edit-context';
import { editHarness } from './testing/edit-harness';

const h = editHarness();

describe('presence: what each other editor has selected', () => {
  it('outlines the component Bob selected in his colour with his name, and his avatar says what it is', async () => {
    await h.start({ 7: emptyLayout('Sales') });
    const alice = h.editor('1');
    const bob = h.editor('2');
    // Both sessions connect first (a loaded machine may take more than findBy's default second).
    await alice.ui.findByTestId('edit-grid', {}, { timeout: 10_000 });
    await bob.ui.findByTestId('edit-grid', {}, { timeout: 10_000 });
    const bobAvatar = await alice.ui.findByLabelText('bob is editing');
    expect(bobAvatar).toHaveAttribute('title', 'bob is editing and has nothing selected');

    fireEvent.click(await bob.ui.findByRole('button', { name: 'Add chart Bar of sales' }));
    const chartAtAlice = await alice.grid().findByText('Bar of sales');
    const item = chartAtAlice.closest<HTMLElement>('.edit-item--chart')!;
    expect(item.querySelector('.edit-item__peers')).toBeNull();

    // Bob selects the chart: Alice sees the outline in Bob's colour, his name on it, and it in his tooltip.
    fireEvent.click(bob.grid().getByText('Bar of sales'));
    await waitFor(() => expect(item.querySelector('.edit-item__peer')).toHaveTextContent('bob'));
    expect(item.querySelector('.edit-item__peer')).toHaveStyle({ background: peerColor(2) });
    expect(item).toHaveStyle({ outline: `2px solid ${peerColor(2)}` });
    expect(bobAvatar).toHaveAttribute('title', 'bob is editing and has selected chart “Bar of sales”');
    // Bob's own view has no outline of himself.
    expect(bob.host.querySelector('.edit-item__peers')).toBeNull();

    // Bob clicks on the empty space of edit mode: nothing selected any more, at Alice too.
    fireEvent.click(bob.ui.getByTestId('edit-mode'));
    await waitFor(() => expect(item.querySelector('.edit-item__peers')).toBeNull());
    expect(item.style.outline).toBe('');
    expect(alice.ui.getByLabelText('bob is editing')).toHaveAttribute(
      'title',
      'bob is editing and has nothing selected',
    );
  });

  it('top-level tabs Bob selected are outlined in his colour at Alice, and his tooltip says so', async () => {
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-top'], parents: [] },
      'TABS-top': { id: 'TABS-top', type: 'TABS', children: ['TAB-one'], parents: ['ROOT_ID'] },
      'TAB-one': {
        id: 'TAB-one',
        type: 'TAB',
        children: [],
        parents: ['ROOT_ID', 'TABS-top'],
        meta: { text: 'Overview' },
      },
      HEADER_ID: { id: 'HEADER_ID', type: 'HEADER', children: [], parents: [], meta: { text: 'Sales' } },
    };
    const parsed = parsePositionJson(position);
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    await h.start({ 7: parsed.layout });
    const alice = h.editor('1');
    const bob = h.editor('2');
    await alice.ui.findByTestId('edit-grid', {}, { timeout: 10_000 });
    await bob.ui.findByTestId('edit-grid', {}, { timeout: 10_000 });
    fireEvent.click(bob.grid().getByRole('tab', { name: 'Overview' }));
    const tabsAtAlice = alice.host.querySelector<HTMLElement>('.edit-top-tabs')!;
    await waitFor(() => expect(tabsAtAlice).toHaveStyle({ outline: `2px solid ${peerColor(2)}` }));
    expect(alice.ui.getByLabelText('bob is editing')).toHaveAttribute('title', 'bob is editing and has selected tabs');
  });
});
