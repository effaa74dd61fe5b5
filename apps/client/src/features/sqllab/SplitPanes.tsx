import { useRef, useState, type ReactNode } from 'react';

export interface SplitPanesProps {
  northPercent: number;
  north: ReactNode;
  south: ReactNode;
  /** Called once when a drag ends: one resize is one event, not one per mouse move. */
  onResize(northPercent: number, southPercent: number): void;
}

const MIN = 10;
const MAX = 90;

/** The editor (north) over the results (south), with a splitter between them. */
export function SplitPanes({ northPercent, north, south, onResize }: SplitPanesProps) {
  const box = useRef<HTMLDivElement>(null);
  // The split while the mouse is down: a view of the drag, recorded when it ends.
  const [dragging, setDragging] = useState<number | null>(null);
  const shown = dragging ?? northPercent;

  const start = (event: React.MouseEvent) => {
    event.preventDefault();
    const rect = box.current!.getBoundingClientRect();
    let last = shown;
    const move = (e: MouseEvent) => {
      last = Math.round(Math.min(MAX, Math.max(MIN, ((e.clientY - rect.top) / Math.max(rect.height, 1)) * 100)));
      setDragging(last);
    };
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      setDragging(null);
      if (last !== northPercent) onResize(last, 100 - last);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  return (
    <div className="sqllab-main" ref={box}>
      <div className="sqllab-north" style={{ height: `${shown}%` }} data-testid="north-pane">
        {north}
      </div>
      <div
        className="sqllab-splitter"
        role="separator"
        aria-orientation="horizontal"
        aria-valuenow={shown}
        aria-valuemin={MIN}
        aria-valuemax={MAX}
        aria-label="Resize editor and results"
        tabIndex={0}
        onMouseDown={start}
        onKeyDown={(e) => {
          const step = e.key === 'ArrowUp' ? -5 : e.key === 'ArrowDown' ? 5 : 0;
          if (step === 0) return;
          e.preventDefault();
          const next = Math.min(MAX, Math.max(MIN, northPercent + step));
          if (next !== northPercent) onResize(next, 100 - next);
        }}
      />
      <div className="sqllab-south" style={{ height: `calc(${100 - shown}% - 6px)` }} data-testid="south-pane">
        {south}
      </div>
    </div>
  );
}
