import { getParam, toParamPairs, type ParamPair, type ParamsInput } from './query-string';

/** sqllab-and-platform §2: the URL parameters explore and dashboard pages read, by their names on the URL. */
export const UrlParam = {
  STANDALONE: 'standalone',
  EDIT: 'edit',
  FORCE: 'force',
  SLICE_ID: 'slice_id',
  DASHBOARD_ID: 'dashboard_id',
  VIZ_TYPE: 'viz_type',
  UI_CONFIG: 'uiConfig',
  PRESELECT_FILTERS: 'preselect_filters',
  NATIVE_FILTERS: 'native_filters',
  NATIVE_FILTERS_KEY: 'native_filters_key',
  PERMALINK_KEY: 'permalink_key',
  FORM_DATA_KEY: 'form_data_key',
  DATASOURCE_ID: 'datasource_id',
  DATASOURCE_TYPE: 'datasource_type',
  DATASET_ID: 'dataset_id',
  DISABLE_DOMAIN_SHARDING: 'disableDomainSharding',
} as const;

/**
 * Parameters a permalink must not copy: they name the state the permalink itself stores (form data,
 * the chart, the filters) or would open the link in a mode its reader did not ask for.
 */
export const RESERVED_CHART_URL_PARAMS: readonly string[] = [
  UrlParam.FORM_DATA_KEY,
  UrlParam.SLICE_ID,
  UrlParam.DATASOURCE_ID,
  UrlParam.DATASOURCE_TYPE,
  UrlParam.DATASET_ID,
];
export const RESERVED_DASHBOARD_URL_PARAMS: readonly string[] = [
  UrlParam.NATIVE_FILTERS,
  UrlParam.NATIVE_FILTERS_KEY,
  UrlParam.PERMALINK_KEY,
  UrlParam.EDIT,
];

/** sqllab-and-platform §2: permalink parameters are the current URL parameters minus the reserved ones. */
export function permalinkUrlParams(current: ParamsInput, kind: 'chart' | 'dashboard'): ParamPair[] {
  const reserved = kind === 'chart' ? RESERVED_CHART_URL_PARAMS : RESERVED_DASHBOARD_URL_PARAMS;
  return toParamPairs(current).filter(([key]) => !reserved.includes(key));
}

/** sqllab-and-platform §2 UI-config bits. */
export const UiConfigBit = {
  HIDE_TITLE: 1,
  HIDE_TABS: 2,
  HIDE_NAV: 4,
  HIDE_CHART_CONTROLS: 8,
} as const;

export interface UiConfig {
  hideTitle: boolean;
  hideTabs: boolean;
  hideNav: boolean;
  hideChartControls: boolean;
}

/** Reads the uiConfig bit mask; anything that is not a non-negative integer hides nothing. */
export function parseUiConfig(value: string | number | null | undefined): UiConfig {
  const mask = toInteger(value) ?? 0;
  const on = (bit: number) => mask >= 0 && (mask & bit) === bit;
  return {
    hideTitle: on(UiConfigBit.HIDE_TITLE),
    hideTabs: on(UiConfigBit.HIDE_TABS),
    hideNav: on(UiConfigBit.HIDE_NAV),
    hideChartControls: on(UiConfigBit.HIDE_CHART_CONTROLS),
  };
}

export function uiConfigMask(config: Partial<UiConfig>): number {
  return (
    (config.hideTitle ? UiConfigBit.HIDE_TITLE : 0) |
    (config.hideTabs ? UiConfigBit.HIDE_TABS : 0) |
    (config.hideNav ? UiConfigBit.HIDE_NAV : 0) |
    (config.hideChartControls ? UiConfigBit.HIDE_CHART_CONTROLS : 0)
  );
}

/** sqllab-and-platform §2 dashboard standalone modes. */
export const StandaloneMode = {
  NONE: 0,
  HIDE_NAV: 1,
  HIDE_NAV_AND_TITLE: 2,
  REPORT: 3,
} as const;
export type StandaloneMode = (typeof StandaloneMode)[keyof typeof StandaloneMode];

/** `standalone=true` is the older spelling of mode 1; unknown values mean no standalone mode. */
export function parseStandaloneMode(value: string | number | null | undefined): StandaloneMode {
  if (value === 'true') return StandaloneMode.HIDE_NAV;
  const mode = toInteger(value);
  return mode === 1 || mode === 2 || mode === 3 ? mode : StandaloneMode.NONE;
}

/** What a standalone mode hides. A report page is rendered for a screenshot: no navigation, no title. */
export function standaloneHides(mode: StandaloneMode): { nav: boolean; title: boolean } {
  switch (mode) {
    case StandaloneMode.NONE:
      return { nav: false, title: false };
    case StandaloneMode.HIDE_NAV:
      return { nav: true, title: false };
    case StandaloneMode.HIDE_NAV_AND_TITLE:
    case StandaloneMode.REPORT:
      return { nav: true, title: true };
    default: {
      const unknown: never = mode;
      throw new Error(`Unknown standalone mode ${String(unknown)}`);
    }
  }
}

/** Boolean URL flags: 'true' or a non-zero number is on; absent, 'false', '0' or junk is off. */
export function parseBooleanParam(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (value === 'true') return true;
  const n = toInteger(value);
  return n !== undefined && n !== 0;
}

export interface PageUrlParams {
  standalone: StandaloneMode;
  edit: boolean;
  force: boolean;
  sliceId?: number;
  dashboardId?: number;
  vizType?: string;
  uiConfig: UiConfig;
  /** JSON of pre-selected filters, left unparsed: its shape belongs to the dashboard context. */
  preselectFilters?: string;
}

/** sqllab-and-platform §2: the parameters explore and dashboard pages read, typed. */
export function readPageUrlParams(input: ParamsInput): PageUrlParams {
  const pairs = toParamPairs(input);
  const get = (key: string) => getParam(pairs, key);
  const sliceId = toInteger(get(UrlParam.SLICE_ID));
  const dashboardId = toInteger(get(UrlParam.DASHBOARD_ID));
  const vizType = get(UrlParam.VIZ_TYPE);
  const preselectFilters = get(UrlParam.PRESELECT_FILTERS);
  return {
    standalone: parseStandaloneMode(get(UrlParam.STANDALONE)),
    edit: parseBooleanParam(get(UrlParam.EDIT)),
    force: parseBooleanParam(get(UrlParam.FORCE)),
    ...(sliceId !== undefined ? { sliceId } : {}),
    ...(dashboardId !== undefined ? { dashboardId } : {}),
    ...(vizType ? { vizType } : {}),
    uiConfig: parseUiConfig(get(UrlParam.UI_CONFIG)),
    ...(preselectFilters ? { preselectFilters } : {}),
  };
}

/**
 * What the page leaves out. The standalone mode and the bit mask are two ways to ask for the same
 * thing (embedding pages use either): a part is hidden when either asks.
 */
export function hiddenChrome(params: Pick<PageUrlParams, 'standalone' | 'uiConfig'>): UiConfig {
  const byMode = standaloneHides(params.standalone);
  return {
    hideNav: params.uiConfig.hideNav || byMode.nav,
    hideTitle: params.uiConfig.hideTitle || byMode.title,
    hideTabs: params.uiConfig.hideTabs,
    hideChartControls: params.uiConfig.hideChartControls,
  };
}

function toInteger(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = typeof value === 'number' ? String(value) : value.trim();
  // Decimal digits only: Number() would also read '', '0x10' and '1e3'.
  if (!/^-?\d+$/.test(text)) return undefined;
  return Number(text);
}
