import { useEffect, type RefObject } from 'react';
// Ace's theme modules register themselves on the global `ace` that this import defines: keep it first
// (a side-effect import, which the compiler never drops as it may drop an import used only as a type).
import 'ace-builds';
import type { Ace } from 'ace-builds';
import 'ace-builds/src-noconflict/theme-sqlserver';
import 'ace-builds/src-noconflict/theme-tomorrow_night';
import type { Theme } from '@strata/domain';
import { usePageTheme } from './page-theme';

/** Ace's theme for the page's theme: a dark editor on a dark page (issue 15 item 7). */
const ACE_THEMES: Record<Theme, string> = {
  light: 'ace/theme/sqlserver',
  dark: 'ace/theme/tomorrow_night',
};

/**
 * The one place an Ace editor gets its theme: the theme for the page now (create the editor with it),
 * and the editor in `editor` is switched whenever the page's theme changes. Every Ace use calls this, so
 * no feature keeps its own copy of the choice (ace-theme.spec.tsx checks the source for one).
 * Kept apart from page-theme.ts so that only pages with an editor load Ace.
 */
export function usePageAceTheme(editor: RefObject<Ace.Editor | null>): string {
  const theme = ACE_THEMES[usePageTheme()];
  useEffect(() => {
    const instance = editor.current;
    if (instance && instance.getTheme() !== theme) instance.setTheme(theme);
  }, [editor, theme]);
  return theme;
}
