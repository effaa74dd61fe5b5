/**
 * What a chaos editor does in the browser, as a user does it: the palette's Add buttons, selecting a
 * component by its handle and deleting or resizing it from its menu, typing in a markdown, Undo, Redo,
 * Save, Discard and reloading the page. Moves (drags) are left to the socket editor and the server's
 * chaos spec: a drag takes seconds in a browser. A gesture whose target went away meanwhile (another
 * editor deleted it) is a missed click, counted, not a failure.
 */
import type { Locator } from 'playwright-core';
import type { BrowserEditor } from './browser-editor';

export type BrowserAction =
  'add' | 'delete' | 'markdown' | 'resize' | 'undo' | 'redo' | 'save' | 'discard' | 'reload' | 'idle';

const WEIGHTS: readonly [BrowserAction, number][] = [
  ['add', 26],
  ['delete', 10],
  ['markdown', 14],
  ['resize', 8],
  ['undo', 14],
  ['redo', 6],
  ['save', 5],
  ['discard', 4],
  ['reload', 6],
  ['idle', 7],
];
const PALETTE = ['Row', 'Column', 'Tabs', 'Header', 'Text / Markdown', 'Divider'];
const CLICK = { timeout: 5_000 };

export function drawBrowserAction(random: () => number): BrowserAction {
  let k = random() % WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  for (const [action, weight] of WEIGHTS) {
    if (k < weight) return action;
    k -= weight;
  }
  return 'idle';
}

/**
 * 'done'; 'nothing' when there was nothing to do it on (no markdown yet, Undo disabled); 'missed' when
 * its target left the screen under the click (another editor removed it).
 */
export type Outcome = 'done' | 'nothing' | 'missed';

export async function perform(editor: BrowserEditor, action: BrowserAction, random: () => number): Promise<Outcome> {
  const { page } = editor;
  const grid = page.getByTestId('edit-grid');
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  try {
    switch (action) {
      case 'add':
        await button(`Add ${PALETTE[random() % PALETTE.length]}`).click(CLICK);
        return 'done';
      case 'delete':
        if (!(await select(grid.locator('.edit-item'), random))) return 'nothing';
        await page
          .getByRole('toolbar', { name: 'Component menu' })
          .getByRole('button', { name: 'Delete component' })
          .click(CLICK);
        return 'done';
      case 'markdown':
        if (!(await select(grid.locator('.edit-item--markdown'), random))) return 'nothing';
        await page.getByLabel('Markdown text').fill(`# ${editor.who} ${random() % 1000}`, CLICK);
        await deselect(editor);
        return 'done';
      case 'resize': {
        if (!(await select(grid.locator('.edit-item--markdown, .edit-item--column'), random))) return 'nothing';
        const width = page.getByRole('toolbar', { name: 'Component menu' }).getByLabel('Width');
        await width.fill(String(1 + (random() % 12)), CLICK);
        await width.press('Enter', CLICK);
        await deselect(editor);
        return 'done';
      }
      case 'undo':
      case 'redo':
        return (await clickIfEnabled(button(action === 'undo' ? 'Undo' : 'Redo'))) ? 'done' : 'nothing';
      case 'save':
        if (!(await clickIfEnabled(button('Save')))) return 'nothing';
        await page.getByTestId('edit-mode').waitFor({ state: 'detached' });
        await editor.open();
        return 'done';
      case 'discard':
        return (await discardGesture(editor)) ? 'done' : 'nothing';
      case 'reload':
        await page.reload();
        await grid.waitFor();
        return 'done';
      case 'idle':
        return 'done';
    }
  } catch (error) {
    // Only a click whose target left the screen is a missed click; anything else is the test's failure.
    if (error instanceof Error && /Timeout|detached|not attached|not visible/i.test(error.message)) return 'missed';
    throw error;
  }
}

/**
 * The Discard button: the user's own unsaved changes (issue 12 item 1; the server's DiscardMyChanges).
 * Before that change it dropped everyone's and left edit mode; either way the page ends in edit mode.
 */
export async function discardGesture(editor: BrowserEditor): Promise<boolean> {
  const { page } = editor;
  if (!(await clickIfEnabled(page.getByRole('button', { name: 'Discard', exact: true })))) return false;
  if ((await page.getByTestId('edit-mode').count()) === 0) await editor.open();
  return true;
}

async function clickIfEnabled(button: Locator): Promise<boolean> {
  if ((await button.count()) === 0 || !(await button.isEnabled())) return false;
  await button.click(CLICK);
  return true;
}

/** Selects one of the components by its drag handle (a click that is no drag). */
async function select(items: Locator, random: () => number): Promise<boolean> {
  const count = await items.count();
  if (count === 0) return false;
  const item = items.nth(random() % count);
  await item.locator(':scope > .edit-item__handle').click(CLICK);
  await item.locator(':scope.edit-item--selected').waitFor(CLICK);
  return true;
}

/** A click beside the editor: the field loses focus (which sends its edit) and nothing stays selected. */
async function deselect(editor: BrowserEditor): Promise<void> {
  await editor.page.locator('body').click({ position: { x: 5, y: 5 } });
}
