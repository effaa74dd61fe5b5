import { defineSummaries } from '../../audit/summary';
import type { PreferencesEvent, ThemeEvent, ThemePreference } from './theme';

const themeName = (theme: ThemePreference) => (theme === 'system' ? 'the theme of their system' : `the ${theme} theme`);

/** What the theme events say in the audit log. */
export const preferencesSummaries = defineSummaries<PreferencesEvent>({
  context: 'preferences',
  of: {
    'preferences/themePreferenceChanged': (d, { who }) => `${who} chose ${themeName(d.theme)}`,
  },
});

export const themeSummaries = defineSummaries<ThemeEvent>({
  context: 'theme',
  of: {
    'theme/preferenceLoaded': (d, { who }) => `${who}'s page showed ${themeName(d.theme)}`,
    'theme/preferenceChosen': (d, { who }) => `${who} chose ${themeName(d.theme)} in the user menu`,
    'theme/systemSchemeChanged': (d) => `the system switched to its ${d.dark ? 'dark' : 'light'} scheme`,
  },
});
