/**
 * A drag with @hello-pangea/dnd's keyboard sensor in jsdom: Space lifts, arrows move, Space drops.
 * jsdom lays nothing out, so the boxes dnd measures are given per CSS selector (everything else is an
 * empty box at 0,0); moving to another list (ArrowLeft / ArrowRight) picks the nearest list on that side
 * whose box overlaps the dragged item's list.
 */
import { act, fireEvent } from '@testing-library/react';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const KEYS = { space: 32, left: 37, up: 38, right: 39, down: 40, escape: 27 } as const;
type Key = Exclude<keyof typeof KEYS, 'space'>;

/** Gives matching elements these boxes until the returned function is called. */
export function layOut(boxes: [selector: string, box: Box][], viewport = { width: 1024, height: 768 }): () => void {
  // dnd reads the viewport from the document element, which jsdom leaves at 0 × 0.
  const root = document.documentElement;
  Object.defineProperty(root, 'clientWidth', { configurable: true, value: viewport.width });
  Object.defineProperty(root, 'clientHeight', { configurable: true, value: viewport.height });
  const spy = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const box = boxes.find(([selector]) => this.matches(selector))?.[1] ?? { left: 0, top: 0, width: 0, height: 0 };
    const { left, top, width, height } = box;
    return {
      x: left,
      y: top,
      left,
      top,
      width,
      height,
      right: left + width,
      bottom: top + height,
      toJSON: () => box,
    } as DOMRect;
  });
  return () => {
    spy.mockRestore();
    delete (root as unknown as Record<string, unknown>).clientWidth;
    delete (root as unknown as Record<string, unknown>).clientHeight;
  };
}

const press = (target: HTMLElement, key: keyof typeof KEYS) =>
  act(() => void fireEvent.keyDown(target, { keyCode: KEYS[key], key: key === 'space' ? ' ' : key }));

/** Lifts the draggable whose drag handle is `handle`; `moves` then drops, or `cancel` puts it back. */
export function lift(handle: HTMLElement) {
  handle.focus();
  press(handle, 'space');
  return {
    move(...keys: Key[]) {
      for (const key of keys) press(handle, key);
    },
    drop() {
      press(handle, 'space');
      // The drop animation ends on the dragged element's transitionend, which jsdom never fires.
      const dragged = handle.closest<HTMLElement>('[data-rfd-draggable-id]') ?? handle;
      act(() => void fireEvent.transitionEnd(dragged, { propertyName: 'transform' }));
    },
    cancel() {
      press(handle, 'escape');
    },
  };
}
