import { distinctUntilChanged, filter, map, type Observable, type Subscription } from 'rxjs';
import {
  resolvedTheme,
  themeFold,
  type Theme,
  type ThemeEvent,
  type ThemePreference,
  type ThemeState,
  type UserPreferences,
} from '@strata/domain';
import type { HttpClient } from '../api/http-client';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../shared/feature-store';

export const PREFERENCES_PATH = '/api/v1/me/preferences/';

/** The part of `window.matchMedia('(prefers-color-scheme: dark)')` the theme listens to. */
export interface ColorSchemeQuery {
  readonly matches: boolean;
  addEventListener(type: 'change', listener: (event: { matches: boolean }) => void): void;
  removeEventListener(type: 'change', listener: (event: { matches: boolean }) => void): void;
}

export interface ThemeFeature {
  readonly store: FeatureStore<ThemeState, ThemeEvent>;
  /** Reads the signed-in user's choice from the server (at login and on each page load). */
  load(): Promise<void>;
  /** The user menu's toggle: shown at once, kept on the server for the user's next session. */
  choose(theme: ThemePreference): Promise<void>;
  /** Loads the preference each time a user signs in (`userId$`: the signed-in user's id, or null). */
  followUser(userId$: Observable<number | null>): Subscription;
  dispose(): void;
}

export function systemColorScheme(): ColorSchemeQuery | undefined {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : undefined;
}

/**
 * The page's colour theme (issue 15 item 7): the user's preference from the server, or the system's
 * scheme when it is 'system'. The resolved theme goes on `<html data-theme>`; the CSS variables follow it.
 */
export function createTheme(
  context: ClientContext,
  http: HttpClient,
  scheme: ColorSchemeQuery | undefined = systemColorScheme(),
  root: HTMLElement | undefined = typeof document === 'undefined' ? undefined : document.documentElement,
): ThemeFeature {
  const store = createFeatureStore<ThemeState, ThemeEvent>('theme', themeFold, context);
  const systemChanged = (dark: boolean) =>
    store.record([{ type: 'theme/systemSchemeChanged', data: { dark } }], MAY_LAND_IN_PAST);
  if (scheme?.matches) systemChanged(true);
  const onScheme = (event: { matches: boolean }) => systemChanged(event.matches);
  scheme?.addEventListener('change', onScheme);

  const applied: Subscription = store.state$
    .pipe(map(resolvedTheme), distinctUntilChanged())
    .subscribe((theme: Theme) => {
      if (!root) return;
      root.dataset.theme = theme;
      root.style.colorScheme = theme;
    });

  return {
    store,
    async load() {
      const { result } = await http.get<{ result: UserPreferences }>(PREFERENCES_PATH);
      store.record([{ type: 'theme/preferenceLoaded', data: { theme: result.theme } }], MAY_LAND_IN_PAST);
    },
    async choose(theme) {
      if (store.record([{ type: 'theme/preferenceChosen', data: { theme } }]).length === 0) return;
      await http.put(PREFERENCES_PATH, { theme });
    },
    followUser(userId$) {
      return (
        userId$
          .pipe(
            distinctUntilChanged(),
            filter((id): id is number => id !== null),
          )
          // A failed read leaves the page on the system's scheme; the toggle still works.
          .subscribe(() => void this.load().catch(() => undefined))
      );
    },
    dispose() {
      applied.unsubscribe();
      scheme?.removeEventListener('change', onScheme);
    },
  };
}
