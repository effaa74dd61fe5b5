import { DomainError } from '@strata/events';
import { summarizeStream } from '../../audit/registry';
import { preferencesDecider, resolvedTheme, themeFold, type ThemeEvent, type UserPreferences } from './theme';

const decide = (theme: string, state: UserPreferences = preferencesDecider.initialState()) =>
  preferencesDecider.decide({ type: 'ChangeThemePreference', data: { theme } }, state);

describe('theme preference', () => {
  it('a user who never chose follows the system; choosing dark records one intent', () => {
    expect(preferencesDecider.initialState()).toEqual({ theme: 'system' });
    expect(decide('dark')).toEqual([{ type: 'preferences/themePreferenceChanged', data: { theme: 'dark' } }]);
  });

  it('choosing the theme already chosen records nothing; an unknown theme is refused', () => {
    expect(decide('dark', { theme: 'dark' })).toEqual([]);
    expect(() => decide('purple')).toThrow(DomainError);
  });

  it("the page shows the user's choice, or the system's scheme for 'system'", () => {
    const fold = (events: ThemeEvent[]) => events.reduce(themeFold.evolve, themeFold.initialState());
    expect(resolvedTheme(fold([]))).toBe('light');
    expect(resolvedTheme(fold([{ type: 'theme/systemSchemeChanged', data: { dark: true } }]))).toBe('dark');
    const lightChosen = fold([
      { type: 'theme/systemSchemeChanged', data: { dark: true } },
      { type: 'theme/preferenceChosen', data: { theme: 'light' } },
    ]);
    expect(resolvedTheme(lightChosen)).toBe('light');
  });

  it('says in words what was chosen', () => {
    const texts = summarizeStream([{ type: 'preferences/themePreferenceChanged', data: { theme: 'dark' } }], () => ({
      who: 'alice',
    }));
    expect(texts).toEqual(['alice chose the dark theme']);
  });
});
