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

  const menuFor = drill && allowed && target ? { drill, target } : null;
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  // The same wrapper whether the menu is offered or not: the signed-in user arrives a render after the
  // chart's first one, and a wrapper that came and went then remounted the chart, so every Highcharts
  // chart of a dashboard was created twice.
  return (
    <div
      className="drill-area"
      onContextMenu={
        menuFor
          ? (event) => {
              const point = hoveredPoint(event.currentTarget);
              event.preventDefault();
              setAt({ x: event.clientX, y: event.clientY, point: point ? drilledPoint(point) : null });
              setByOpen(false);
              setOpen(true);
            }
          : undefined
      }
    >
      {children}
      {menuFor && open && at && (
        <div ref={menu} className="drill-menu" role="menu" style={{ left: at.x, top: at.y }}>
          <button
            type="button"
            role="menuitem"
            onClick={choose(() => menuFor.drill.openDetail(menuFor.target, [], null))}
          >
            Drill to detail
          </button>
          {at.point && (
            <button
              type="button"
              role="menuitem"
              onClick={choose(() => menuFor.drill.openDetail(menuFor.target, at.point!.filters, at.point!.label))}
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
                onClick={choose(() =>
                  menuFor.drill.openBy(menuFor.target, at.point!.filters, at.point!.label, columns, column),
                )}
              >
                {column}
              </button>
            ))}
        </div>
      )}
    </div>
  );
}
