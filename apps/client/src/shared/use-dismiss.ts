import { useEffect, useRef, useState } from 'react';

/**
 * A menu's open state and the element that holds it: while open, a mouse press outside that element folds
 * the menu. Whether a menu is unfolded is how the page is looked at, not a fact, so it stays local state.
 */
export function useDismiss<T extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const area = useRef<T>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!area.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  return [open, setOpen, area] as const;
}
