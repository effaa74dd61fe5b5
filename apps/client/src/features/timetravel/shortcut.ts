import { filter, fromEvent, type Subscription } from 'rxjs';
import type { TimeTravel } from './time-travel';

/** Ctrl+Shift+E (Cmd+Shift+E on a Mac) opens and closes the panel from any page. */
export function bindTimeTravelShortcut(timeTravel: TimeTravel, target: Window = window): Subscription {
  return fromEvent<KeyboardEvent>(target, 'keydown')
    .pipe(filter((e) => (e.ctrlKey || e.metaKey) && e.shiftKey && e.key.toLowerCase() === 'e'))
    .subscribe((e) => {
      e.preventDefault();
      timeTravel.toggle();
    });
}

/** `?debug=1` opens the panel when the page loads. */
export function debugRequested(search: string): boolean {
  return new URLSearchParams(search).get('debug') === '1';
}
