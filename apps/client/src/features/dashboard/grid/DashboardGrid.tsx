import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ChartHolder } from '../charts/ChartHolder';
import {
  GRID_BASE_UNIT,
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_GUTTER_SIZE,
  ROOT_ID,
  type LayoutItem,
} from '@strata/domain';
import { Markdown } from './Markdown';
import { useDashboardView } from './view-context';

/** Pixel width of `columns` grid columns in a grid `gridWidth` px wide (12 columns, 16 px gutters). */
export function columnsToPx(columns: number, gridWidth: number): number {
  const column = (gridWidth - GRID_GUTTER_SIZE * (GRID_COLUMN_COUNT - 1)) / GRID_COLUMN_COUNT;
  const n = Math.max(1, Math.min(GRID_COLUMN_COUNT, columns));
  return Math.floor(column * n + GRID_GUTTER_SIZE * (n - 1));
}

const background = (item: LayoutItem) =>
  item.meta.background === 'BACKGROUND_WHITE' ? ' dashboard-bg--white' : ' dashboard-bg--transparent';

const HEADER_TAGS = { SMALL_HEADER: 'h4', MEDIUM_HEADER: 'h3', LARGE_HEADER: 'h2' } as const;

/**
 * The layout of REFERENCE §3.1 drawn read-only: the grid or the top-level tabs, rows of sized components,
 * columns stacking theirs, headers, dividers, markdown and chart holders. Widths are grid columns of the
 * measured width; heights are 8 px grid units.
 */
export function DashboardGrid({ width }: { width: number }) {
  const { state } = useDashboardView();
  if (state.soloChartId !== null) {
    const height = Math.max(400, (typeof window !== 'undefined' ? window.innerHeight : 800) - 200);
    return (
      <div className="dashboard-grid" data-testid="dashboard-grid">
        <ChartHolder chartId={state.soloChartId} width={width} height={height} />
      </div>
    );
  }
  return (
    <div className="dashboard-grid" data-testid="dashboard-grid">
      <Component id={ROOT_ID} width={width} columns={GRID_COLUMN_COUNT} gridWidth={width} />
    </div>
  );
}

interface ComponentProps {
  id: string;
  /** Pixel width available to the component. */
  width: number;
  /** Grid columns available (a column's children are at most its width). */
  columns: number;
  gridWidth: number;
}

function Children({ item, width, columns, gridWidth }: { item: LayoutItem } & Omit<ComponentProps, 'id'>): ReactNode {
  return item.children.map((child) => (
    <Component key={child} id={child} width={width} columns={columns} gridWidth={gridWidth} />
  ));
}

function Component({ id, width, columns, gridWidth }: ComponentProps): ReactNode {
  const view = useDashboardView();
  const item = view.state.layout[id];
  if (!item) return null;
  const sized = (meta: number | undefined) => {
    const cols = Math.min(columns, meta ?? GRID_DEFAULT_CHART_WIDTH);
    return { cols, px: columnsToPx(cols, gridWidth) };
  };
  const height = (item.meta.height ?? GRID_DEFAULT_CHART_HEIGHT) * GRID_BASE_UNIT;

  switch (item.type) {
    case 'ROOT':
    case 'GRID':
    case 'TAB':
      return <Children item={item} width={width} columns={columns} gridWidth={gridWidth} />;
    case 'TABS':
      return <Tabs item={item} width={width} columns={columns} gridWidth={gridWidth} />;
    case 'ROW':
      return (
        <div className={`dashboard-row${background(item)}`} data-component-id={id} style={{ gap: GRID_GUTTER_SIZE }}>
          <Children item={item} width={width} columns={columns} gridWidth={gridWidth} />
        </div>
      );
    case 'COLUMN': {
      const { cols, px } = sized(item.meta.width);
      return (
        <div
          className={`dashboard-column${background(item)}`}
          data-component-id={id}
          data-width={cols}
          style={{ width: px, gap: GRID_GUTTER_SIZE }}
        >
          <Children item={item} width={px} columns={cols} gridWidth={gridWidth} />
        </div>
      );
    }
    case 'CHART': {
      const { cols, px } = sized(item.meta.width);
      return (
        <div className="dashboard-component" data-component-id={id} data-width={cols} id={id}>
          <ChartHolder
            chartId={item.meta.chartId ?? -1}
            sliceName={item.meta.sliceNameOverride ?? item.meta.sliceName}
            width={px}
            height={height}
          />
        </div>
      );
    }
    case 'MARKDOWN': {
      const { cols, px } = sized(item.meta.width);
      return (
        <div
          className="dashboard-component dashboard-markdown-holder"
          data-component-id={id}
          data-width={cols}
          id={id}
          style={{ width: px, height }}
        >
          <Markdown code={item.meta.code ?? ''} escapeHtml={view.escapeMarkdown} height={height} />
        </div>
      );
    }
    case 'HEADER': {
      const Tag = HEADER_TAGS[item.meta.headerSize as keyof typeof HEADER_TAGS] ?? 'h3';
      return (
        <div className={`dashboard-header-component${background(item)}`} data-component-id={id} id={id}>
          <Tag className="dashboard-header-component__text">{item.meta.text ?? ''}</Tag>
        </div>
      );
    }
    case 'DIVIDER':
      return <hr className="dashboard-divider" data-component-id={id} />;
    case 'DYNAMIC':
      // Extension components have no renderer in Strata yet.
      return null;
    default: {
      const unknown: never = item.type;
      return unknown;
    }
  }
}

function Tabs({ item, width, columns, gridWidth }: { item: LayoutItem } & Omit<ComponentProps, 'id'>) {
  const { state, feature, hideTabs } = useDashboardView();
  const navigate = useNavigate();
  const location = useLocation();
  const active = item.children.find((id) => state.activeTabs.includes(id)) ?? item.children[0];
  // The shown tab is the address's anchor (charts-dashboards-reports §2: the hash is read without its '#'), so a copied link opens it.
  const show = (tabId: string) => {
    feature.activateTab(tabId);
    navigate({ search: location.search, hash: tabId }, { replace: true });
  };
  const activeTab = active ? state.layout[active] : undefined;
  return (
    <div className="dashboard-tabs" data-component-id={item.id}>
      {!hideTabs && (
        <div role="tablist" className="dashboard-tabs__bar">
          {item.children.map((tabId) => (
            <button
              key={tabId}
              type="button"
              role="tab"
              id={tabId}
              aria-selected={tabId === active}
              className={tabId === active ? 'active' : ''}
              onClick={() => show(tabId)}
            >
              {state.layout[tabId]?.meta.text || state.layout[tabId]?.meta.defaultText || 'Tab title'}
            </button>
          ))}
        </div>
      )}
      {activeTab && (
        <div role="tabpanel" className="dashboard-tabs__panel" aria-label={activeTab.meta.text ?? ''}>
          <Component id={activeTab.id} width={width} columns={columns} gridWidth={gridWidth} />
        </div>
      )}
    </div>
  );
}
