/** Keys that only move around or look (scrolling, focus, copying): a page showing the past still allows them. */
const LOOKING_KEYS = new Set([
  'Tab',
  'Escape',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'PageUp',
  'PageDown',
  'Home',
  'End',
  'Shift',
  'Control',
  'Alt',
  'Meta',
]);

/** The events the guard stops: each would start an intent (pointer presses start drags; focus is left alone). */
const GUARDED = ['click', 'dblclick', 'keydown', 'paste', 'cut', 'drop', 'dragstart', 'submit', 'beforeinput'];

/** The time-travel panel and the read-only bar stay usable: they are how the user gets back to live. */
const EXEMPT = '.time-travel, .time-travel-bar';

function looking(event: Event): boolean {
  if (!(event instanceof KeyboardEvent)) return false;
  const copy = (event.ctrlKey || event.metaKey) && !event.shiftKey && ['c', 'a'].includes(event.key.toLowerCase());
  // Ctrl+Shift+E opens and closes the panel (shortcut.ts).
  const panel = (event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'e';
  return LOOKING_KEYS.has(event.key) || copy || panel;
}

/**
 * While the page shows the past, a user's input outside the panel and the bar is stopped before any
 * handler of the page sees it (capture phase on the window, or on the part of a page that replays the
 * past), and `onRefused` says so. This is the
 * page-wide half of read-only; the other half is in the stores (feature-store.ts `record`, the draft
 * session), which refuse an intent that gets past it. Returns how to remove the guard.
 */
export function guardReadOnly(target: EventTarget, onRefused: () => void): () => void {
  const stop = (event: Event) => {
    const element = event.target instanceof Element ? event.target : null;
    if (element?.closest(EXEMPT) || looking(event)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    onRefused();
  };
  for (const type of GUARDED) target.addEventListener(type, stop, { capture: true });
  return () => {
    for (const type of GUARDED) target.removeEventListener(type, stop, { capture: true });
  };
}
