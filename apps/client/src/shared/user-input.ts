/**
 * The browser's input events that carry a user's intent. Focus, hover, scroll and resize are not here:
 * they only change how the page is looked at.
 */
const USER_INPUT = new Set([
  'click',
  'dblclick',
  'auxclick',
  'contextmenu',
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'touchstart',
  'touchend',
  'keydown',
  'keypress',
  'keyup',
  'beforeinput',
  'input',
  'change',
  'paste',
  'cut',
  'drop',
  'dragend',
  'submit',
  'reset',
]);

export function isUserInputType(type: string): boolean {
  return USER_INPUT.has(type);
}

/**
 * The user's input event being handled right now, or null. `window.event` is set by the browser (and
 * jsdom) only while an event's listeners run, and React calls its handlers inside them, so code that
 * runs synchronously from a click sees the click; code after an `await`, a timer or a socket message
 * does not.
 */
export function userInputNow(): Event | null {
  if (typeof window === 'undefined') return null;
  const event = (window as Window & { event?: Event }).event;
  return event !== undefined && isUserInputType(event.type) ? event : null;
}
