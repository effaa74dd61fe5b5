import { useEffect } from 'react';
import { BehaviorSubject } from 'rxjs';
import { useOptionalServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import type { TimeTravelSource } from './time-travel';

const live = new BehaviorSubject<number | null>(null);

/**
 * Whether the page shows the past (the time-travel cursor is set): edit controls bind it to look and
 * be disabled. False where no services are given (component specs render pages without them).
 */
export function useReadOnly(): boolean {
  const services = useOptionalServices();
  return useStoreState(services?.timeTravel.cursor$ ?? live) !== null;
}

/**
 * Joins a store that lives as long as a part of the page (edit mode's draft, the filter configuration)
 * to the time-travel panel while it is mounted.
 */
export function useTimeTravelStore(source: TimeTravelSource | null): void {
  const timeTravel = useOptionalServices()?.timeTravel;
  useEffect(() => {
    // A second copy of the same part (two filter bars) keeps the first one's log in the panel.
    if (!source || !timeTravel || timeTravel.storeNames.includes(source.name)) return;
    return timeTravel.register(source);
  }, [source, timeTravel]);
}

/** Names the server streams of what the page shows while it is mounted ("Report a bug" exports them). */
export function useOnScreen(streams: readonly string[]): void {
  const timeTravel = useOptionalServices()?.timeTravel;
  const key = streams.join(' ');
  useEffect(() => {
    if (!timeTravel || key === '') return;
    const names = key.split(' ');
    return timeTravel.onScreen(() => names);
  }, [timeTravel, key]);
}
