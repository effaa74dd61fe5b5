import { useSyncExternalStore } from 'react';
import type { Theme } from '@strata/domain';

/**
 * The page's resolved theme as the theme store published it on `<html data-theme>` (theme.feature.ts),
 * for the few widgets that CSS variables cannot reach because they take a theme by name (Ace's editor
 * themes). Components deep in a page (the SQL editor, also in a replay) read it here instead of being
 * handed the theme store.
 */
export function usePageTheme(): Theme {
  return useSyncExternalStore(subscribe, pageTheme, () => 'light');
}

function pageTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

function subscribe(changed: () => void): () => void {
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}
