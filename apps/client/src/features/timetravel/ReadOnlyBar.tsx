import { useEffect } from 'react';
import { useStoreState } from '../../shared/use-store-state';
import { guardReadOnly } from './read-only-guard';
import type { TimeTravel } from './time-travel';

/**
 * Shown while the page is scrubbed into the past, panel open or closed: the page is read-only, says so,
 * and "Return to live" is one click away. What the user tried and was refused is said here too (a
 * toast would be recorded in the toasts store, which shows the past as well).
 */
export function ReadOnlyBar({ timeTravel }: { timeTravel: TimeTravel }) {
  const cursor = useStoreState(timeTravel.cursor$);
  const refusal = useStoreState(timeTravel.refusal$);
  const readOnly = cursor !== null;
  useEffect(() => {
    if (!readOnly) return;
    document.body.classList.add('strata-read-only');
    const unguard = guardReadOnly(window, () => timeTravel.refuse());
    return () => {
      unguard();
      document.body.classList.remove('strata-read-only');
    };
  }, [readOnly, timeTravel]);
  if (!readOnly) return null;
  return (
    <div className="time-travel-bar" role="region" aria-label="Viewing the past" data-testid="time-travel-bar">
      <strong>Viewing the past</strong>
      <span className="muted">The page is read-only: nothing you do here changes the live state.</span>
      <button type="button" className="primary" onClick={() => timeTravel.resume()}>
        Return to live
      </button>
      {refusal && (
        <span className="time-travel-bar__refusal" role="alert">
          {refusal}
        </span>
      )}
    </div>
  );
}
