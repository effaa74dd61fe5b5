import type { ReactNode } from 'react';
import { componentName, kindPhrase, ROOT_ID, type Layout } from '@strata/domain';

/**
 * A dashboard layout drawn as it was, read-only: rows, columns, tabs, headers, markdown and charts by
 * name, nested as on the page. The dashboard's own grid (DashboardGrid) is not used: it lives inside
 * the dashboard page's view context and its chart holders ask the databases for chart data, which a
 * replay must not do.
 */
export function LayoutOutline({ layout }: { layout: Layout }) {
  const root = layout[ROOT_ID];
  if (!root) return <p className="muted">The layout is empty.</p>;
  return (
    <ul className="replay-layout" data-testid="replay-layout">
      {root.children.map((id) => (
        <Item key={id} layout={layout} id={id} />
      ))}
    </ul>
  );
}

function Item({ layout, id }: { layout: Layout; id: string }): ReactNode {
  const item = layout[id];
  if (!item) return null;
  const name = componentName(item);
  const children = item.children.map((child) => <Item key={child} layout={layout} id={child} />);
  // The grid only holds the rows: it is not shown as a level of its own.
  if (item.type === 'GRID') return children;
  return (
    <li className={`replay-layout__item replay-layout__item--${item.type.toLowerCase()}`} data-component={item.type}>
      <span className="replay-layout__kind">{kindPhrase(item.type).replace(/^an? /, '')}</span>
      {name && <span className="replay-layout__name"> {name}</span>}
      {children.length > 0 && <ul>{children}</ul>}
    </li>
  );
}
