/**
 * A user's colour theme (issue 15 item 7): light, dark, or whatever the system prefers
 * (prefers-color-scheme). Kept per user on the server, on stream `user-preferences:<userId>`, so it
 * follows the user to another browser; a preference, never an undo step.
 */
import { DomainError, type Decider, type EventLike } from '@strata/events';

export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type Theme = 'light' | 'dark';

export const isThemePreference = (value: unknown): value is ThemePreference =>
  typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);

export const userPreferencesStream = (userId: number) => `user-preferences:${userId}`;

/** Server side: the user chose a theme (PUT /api/v1/me/preferences). */
export type PreferencesEvent = EventLike<'preferences/themePreferenceChanged', { theme: ThemePreference }>;
export const PREFERENCES_EVENTS = [
  'preferences/themePreferenceChanged',
] as const satisfies readonly PreferencesEvent['type'][];

export interface ChangeThemePreference {
  type: 'ChangeThemePreference';
  data: { theme: string };
}

export interface UserPreferences {
  theme: ThemePreference;
}

/** A user who never chose follows the system. */
export const DEFAULT_PREFERENCES: UserPreferences = { theme: 'system' };

export const preferencesDecider: Decider<UserPreferences, PreferencesEvent, ChangeThemePreference, void> = {
  initialState: () => DEFAULT_PREFERENCES,
  evolve: (state, event) => ({ ...state, theme: event.data.theme }),
  decide(command, state) {
    const { theme } = command.data;
    if (!isThemePreference(theme))
      throw new DomainError('invalid_theme', `The theme must be one of ${THEME_PREFERENCES.join(', ')}.`);
    // Choosing the theme already chosen changes nothing.
    return theme === state.theme ? [] : [{ type: 'preferences/themePreferenceChanged', data: { theme } }];
  },
};

/** Client side: the page's theme, loaded from the server, chosen in the user menu, and the system's. */
export type ThemeEvent =
  | EventLike<'theme/preferenceLoaded', { theme: ThemePreference }>
  | EventLike<'theme/preferenceChosen', { theme: ThemePreference }>
  | EventLike<'theme/systemSchemeChanged', { dark: boolean }>;

export interface ThemeState {
  preference: ThemePreference;
  systemDark: boolean;
}

export const themeFold = {
  initialState: (): ThemeState => ({ preference: 'system', systemDark: false }),
  evolve(state: ThemeState, event: ThemeEvent): ThemeState {
    switch (event.type) {
      case 'theme/preferenceLoaded':
      case 'theme/preferenceChosen':
        return { ...state, preference: event.data.theme };
      case 'theme/systemSchemeChanged':
        return { ...state, systemDark: event.data.dark };
    }
  },
};

/** The theme the page shows: the user's choice, or the system's when they chose 'system'. */
export function resolvedTheme(state: ThemeState): Theme {
  if (state.preference === 'system') return state.systemDark ? 'dark' : 'light';
  return state.preference;
}
