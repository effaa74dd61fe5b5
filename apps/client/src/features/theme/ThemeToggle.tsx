import { THEME_PREFERENCES, type ThemePreference } from '@strata/domain';
import { useServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import './theme.css';

const LABELS: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };

/** Light / dark / system, in the user menu: the choice is kept per user on the server. */
export function ThemeToggle() {
  const { theme } = useServices();
  const { preference } = useStoreState(theme.store.state$);
  return (
    <div className="theme-toggle" role="group" aria-label="Theme">
      <span className="muted">Theme</span>
      {THEME_PREFERENCES.map((value) => (
        <button
          key={value}
          type="button"
          role="menuitemradio"
          aria-checked={preference === value}
          className={preference === value ? 'theme-toggle__option active' : 'theme-toggle__option'}
          onClick={() => void theme.choose(value).catch(() => undefined)}
        >
          {LABELS[value]}
        </button>
      ))}
    </div>
  );
}
