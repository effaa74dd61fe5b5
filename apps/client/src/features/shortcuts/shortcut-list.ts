/**
 * Every keyboard shortcut the app binds, by page, for the `?` help. The bindings themselves live with
 * their pages (sqllab/shortcuts.ts, SqlEditor's Ace command, explore's and dashboard edit mode's undo
 * keys, timetravel/shortcut.ts); this list says them in words and must change with them.
 */
export interface Shortcut {
  readonly keys: string;
  readonly what: string;
}
export interface ShortcutSection {
  readonly title: string;
  readonly shortcuts: readonly Shortcut[];
}

const EVERYWHERE: ShortcutSection = {
  title: 'Everywhere',
  shortcuts: [
    { keys: '?', what: 'Show these shortcuts' },
    { keys: 'Ctrl+Shift+E', what: 'Open or close the time-travel panel' },
    { keys: 'Escape', what: 'Close a dialog' },
  ],
};

const SQL_LAB: ShortcutSection = {
  title: 'SQL Lab',
  shortcuts: [
    { keys: 'Ctrl+Enter', what: 'Run the selection, or the whole query (in the editor)' },
    { keys: 'Alt+T', what: 'New tab' },
    { keys: 'Alt+W', what: 'Close the tab' },
    { keys: 'Alt+PageDown / Alt+PageUp', what: 'Next / previous tab' },
    { keys: 'Ctrl+Z / Ctrl+Shift+Z', what: 'Undo / redo a tab change (outside the editor)' },
  ],
};

const EXPLORE: ShortcutSection = {
  title: 'Explore',
  shortcuts: [{ keys: 'Ctrl+Z / Ctrl+Shift+Z', what: 'Undo / redo a control change' }],
};

const DASHBOARD: ShortcutSection = {
  title: 'Dashboard (edit mode)',
  shortcuts: [
    { keys: 'Ctrl+Z / Ctrl+Shift+Z', what: 'Undo / redo your own layout change' },
    { keys: 'Enter / Escape', what: 'Keep / drop the text being edited' },
    { keys: 'Space, arrows, Space', what: 'Pick up, move and drop a component' },
  ],
};

/** The page's own shortcuts first, then those that work everywhere. On a Mac, Cmd stands for Ctrl. */
export function shortcutsFor(pathname: string): ShortcutSection[] {
  const page = /^\/sqllab\/(?:p\/|$)/.test(pathname)
    ? SQL_LAB
    : pathname.startsWith('/explore/')
      ? EXPLORE
      : /^\/(?:superset\/)?dashboard\/(?!list\/)/.test(pathname)
        ? DASHBOARD
        : null;
  return page ? [page, EVERYWHERE] : [EVERYWHERE];
}

/** Where a key press belongs to what is being typed (an input, the SQL editor), not to the page. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return Boolean(
    target.closest('.ace_editor, input, textarea, select, [contenteditable="true"], [contenteditable=""]'),
  );
}
