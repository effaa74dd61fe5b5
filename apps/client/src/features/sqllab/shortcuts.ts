import { useEffect } from 'react';
import { activeTabId } from '@strata/domain';
import type { SqlLabPageStore } from './page-store';

/** Where a key press belongs to what is being typed (the editor, an input), not to the page. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return Boolean(target.closest('.ace_editor, input, textarea, select, [contenteditable="true"]'));
}

/**
 * The page's keys: Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y) undo and redo tab operations outside the editor
 * (inside it, Ace undoes typing); Alt+T new tab, Alt+W close tab, Alt+PageDown / Alt+PageUp next and
 * previous tab (browsers keep Ctrl+T, Ctrl+W and Ctrl+Tab for themselves).
 */
export function useSqlLabShortcuts(sqllab: SqlLabPageStore): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const ctrl = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (ctrl && !event.altKey && (key === 'z' || key === 'y') && !typing(event.target)) {
        event.preventDefault();
        if (key === 'y' || event.shiftKey) sqllab.redo();
        else sqllab.undo();
        return;
      }
      if (!event.altKey || ctrl) return;
      const active = activeTabId(sqllab.store.getState());
      if (key === 't') sqllab.addTab();
      else if (key === 'w' && active)
        sqllab.execute({ type: 'CloseTab', data: { queryEditorId: active, at: sqllab.now() } });
      else if (event.key === 'PageDown') sqllab.execute({ type: 'SwitchToNextTab', data: {} });
      else if (event.key === 'PageUp') sqllab.execute({ type: 'SwitchToPreviousTab', data: {} });
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sqllab]);
}
