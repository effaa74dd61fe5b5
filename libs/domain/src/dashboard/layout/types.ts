/**
 * The layout of a dashboard: REFERENCE §3.1 position_json without its version key. A flat map of
 * components by id; each knows its ordered children and its ancestor path from ROOT_ID down.
 */
export const ComponentType = {
  ROOT: 'ROOT',
  GRID: 'GRID',
  HEADER: 'HEADER',
  TABS: 'TABS',
  TAB: 'TAB',
  ROW: 'ROW',
  COLUMN: 'COLUMN',
  CHART: 'CHART',
  MARKDOWN: 'MARKDOWN',
  DIVIDER: 'DIVIDER',
  DYNAMIC: 'DYNAMIC',
} as const;
export type ComponentType = (typeof ComponentType)[keyof typeof ComponentType];
export const COMPONENT_TYPES = Object.values(ComponentType);

/** REFERENCE §3.1 reserved ids. */
export const ROOT_ID = 'ROOT_ID';
export const GRID_ID = 'GRID_ID';
export const HEADER_ID = 'HEADER_ID';
export const RESERVED_IDS: readonly string[] = [ROOT_ID, GRID_ID, HEADER_ID];

export const HeaderSize = { SMALL: 'SMALL_HEADER', MEDIUM: 'MEDIUM_HEADER', LARGE: 'LARGE_HEADER' } as const;
export type HeaderSize = (typeof HeaderSize)[keyof typeof HeaderSize];
export const HEADER_SIZES: readonly HeaderSize[] = Object.values(HeaderSize);

export const Background = { WHITE: 'BACKGROUND_WHITE', TRANSPARENT: 'BACKGROUND_TRANSPARENT' } as const;
export type Background = (typeof Background)[keyof typeof Background];
export const BACKGROUNDS: readonly Background[] = Object.values(Background);

export interface LayoutMeta {
  /** Grid columns (CHART, MARKDOWN, COLUMN, DYNAMIC). */
  readonly width?: number;
  /** Grid units of GRID_BASE_UNIT px (CHART, MARKDOWN, DYNAMIC). */
  readonly height?: number;
  readonly chartId?: number;
  readonly sliceName?: string;
  readonly sliceNameOverride?: string;
  readonly uuid?: string;
  /** Markdown source (MARKDOWN). */
  readonly code?: string;
  /** Header or tab text (HEADER, TAB; HEADER_ID holds the dashboard title). */
  readonly text?: string;
  readonly defaultText?: string;
  readonly placeholder?: string;
  readonly headerSize?: HeaderSize;
  readonly background?: Background;
}

export interface LayoutItem {
  readonly id: string;
  readonly type: ComponentType;
  readonly children: readonly string[];
  /** Ancestor ids from ROOT_ID down to the parent; [] for ROOT_ID and HEADER_ID. */
  readonly parents: readonly string[];
  readonly meta: LayoutMeta;
}

export type Layout = Readonly<Record<string, LayoutItem>>;

/** Types a user can add: from the component palette, a chart from the chart list, a tab in existing tabs. */
export const PaletteType = {
  ROW: 'ROW',
  COLUMN: 'COLUMN',
  TABS: 'TABS',
  HEADER: 'HEADER',
  MARKDOWN: 'MARKDOWN',
  DIVIDER: 'DIVIDER',
  CHART: 'CHART',
  /** A new tab in an existing TABS (its "+" button). */
  TAB: 'TAB',
} as const;
export type CreatableType = (typeof PaletteType)[keyof typeof PaletteType];
export const CREATABLE_TYPES: readonly CreatableType[] = Object.values(PaletteType);

/** Types whose meta.width takes grid columns in a row. */
export const SIZABLE_TYPES: readonly ComponentType[] = ['CHART', 'MARKDOWN', 'COLUMN', 'DYNAMIC'];
/** Types with a height. */
export const TALL_TYPES: readonly ComponentType[] = ['CHART', 'MARKDOWN', 'DYNAMIC'];
