import { useState, type ReactNode } from 'react';
import { canExplore, type DrillTarget } from '@strata/domain';
import { useDismiss } from '../../shared/use-dismiss';
import { useSignedInUser } from '../reports/state/reports-context';
import { useDrill } from './drill-context';
import { drilledPoint, hoveredPoint, type DrilledPoint } from './point-filters';

/**
 * A chart's context menu (Superset's right click on a chart): "Drill to detail" for the whole chart, "Drill
 * to detail by <value>" and "Drill by" another column for the point under the mouse. Only for users with
 * can_explore; for the others the browser's own menu stays.
 */
export function ChartDrillArea({
  target,
  columns,
  children,
}: {
  /** Null while the chart has not been drawn from a query. */
  target: DrillTarget | null;
  /** The columns the chart may be re-grouped by (drill by). */
  columns: readonly string[];
  children: ReactNode;
}) {
  const drill = useDrill();
  const allowed = canExplore(useSignedInUser());
  // Where the menu is and for which point is how the page is looked at, not a fact.
  const [open, setOpen, menu] = useDismiss<HTMLDivElement>();
  const [at, setAt] = useState<{ x: number; y: number; point: DrilledPoint | null } | null>(null);
  const [byOpen, setByOpen] = useState(false);

  if (!drill || !allowed || !target) return <>{children}</>;
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <div
      className="drill-area"
      onContextMenu={(event) => {
        const point = hoveredPoint(event.currentTarget);
        event.preventDefault();
        setAt({ x: event.clientX, y: event.clientY, point: point ? drilledPoint(point) : null });
        setByOpen(false);
        setOpen(true);
      }}
    >
      {children}
      {open && at && (
        <div ref={menu} className="drill-menu" role="menu" style={{ left: at.x, top: at.y }}>
          <button type="button" role="menuitem" onClick={choose(() => drill.openDetail(target, [], null))}>
            Drill to detail
          </button>
          {at.point && (
            <button
              type="button"
              role="menuitem"
              onClick={choose(() => drill.openDetail(target, at.point!.filters, at.point!.label))}
            >
              Drill to detail by {at.point.label}
            </button>
          )}
          {at.point && columns.length > 0 && (
            <button type="button" role="menuitem" aria-expanded={byOpen} onClick={() => setByOpen(!byOpen)}>
              Drill by ›
            </button>
          )}
          {at.point &&
            byOpen &&
            columns.map((column) => (
              <button
                key={column}
                type="button"
                role="menuitem"
                className="drill-menu__sub"
                onClick={choose(() => drill.openBy(target, at.point!.filters, at.point!.label, columns, column))}
              >
                {column}
              </button>
            ))}
        </div>
      )}
    </div>
  );
}
