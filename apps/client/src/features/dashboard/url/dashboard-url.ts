/**
 * The dashboard's URL (charts-dashboards-reports §2): standalone mode, edit, force, slice id, the UI-config bit mask, the
 * focused chart (read on load, then removed), pre-selected native filters, the anchor in the hash, and
 * permalinks built from the current parameters minus the reserved ones.
 */
import rison from 'rison';
import {
  getParam,
  hiddenChrome,
  permalinkUrlParams,
  readHash,
  readPageUrlParams,
  toParamPairs,
  toQueryString,
  UrlParam,
  type Layout,
  type PageUrlParams,
  type UiConfig,
} from '@strata/domain';
import type { DashboardPermalinkState } from '../api/types';
import {
  dataMaskEntry,
  defaultValueOf,
  isFilterValue,
  maskValue,
  nativeFilters,
  targetOf,
  type DataMaskMap,
  type FilterConfigItem,
  type FilterValue,
} from '../filters/native-filters';

/** The focused-chart parameter (not in the platform's list: only dashboards read it). */
export const FOCUSED_CHART_PARAM = 'focused_chart';
/** Issue 13: `?as_of=<log position or ISO time>` opens the dashboard as it was then. */
export const AS_OF_PARAM = 'as_of';

export interface DashboardUrlState {
  params: PageUrlParams;
  /** The edit parameter as written: charts-dashboards-reports §2 edit mode needs it to equal 'true'. */
  editParam: string | null;
  /** What the page leaves out: by standalone mode or by the bit mask. */
  hidden: UiConfig;
  /** Report mode (standalone 3): rendered for a screenshot, without the filter bar. */
  report: boolean;
  focusedChartId: number | null;
  /** native_filters (rison): filter id -> selected value. */
  nativeFilterValues: Record<string, FilterValue>;
  /** preselect_filters (JSON): chart id -> column -> values. */
  preselectFilters: Record<string, Record<string, unknown>>;
  /** The hash without its '#': a tab or component id to show. */
  anchor: string;
  permalinkKey: string | null;
  /** native_filters_key (issue 16): the viewer's filter state kept on the server, restored on load. */
  nativeFiltersKey: string | null;
  /** as_of: the dashboard as it was at a log position or ISO time (issue 13), read-only; null: today's. */
  asOf: string | null;
  /**
   * Not from the address: whether a past view queries chart data as today (true), or runs no query (a
   * page mounting the past where nothing may reach a database: the replay).
   */
  pastQueries: boolean;
  /**
   * Not from the address: in a past view, edit mode's shared draft of then, drawn instead of the saved
   * layout (the replay of an editor with unsaved changes); null: the saved layout.
   */
  pastDraft: Layout | null;
  /**
   * Not from the address: in a past view, the data mask the user had then (the replay: their kept filter
   * state, issue 16), opened as a kept state is (values by filter id, cross-filters by chart); null: none.
   */
  pastDataMask: Record<string, unknown> | null;
}

export function readDashboardUrl(search: string, hash = ''): DashboardUrlState {
  const params = readPageUrlParams(search);
  const focused = Number(getParam(search, FOCUSED_CHART_PARAM));
  return {
    params,
    editParam: getParam(search, UrlParam.EDIT),
    hidden: hiddenChrome(params),
    report: params.standalone === 3,
    focusedChartId: Number.isSafeInteger(focused) && focused > 0 ? focused : null,
    nativeFilterValues: readNativeFilters(getParam(search, UrlParam.NATIVE_FILTERS)),
    preselectFilters: readPreselect(params.preselectFilters),
    anchor: readHash(hash),
    permalinkKey: getParam(search, UrlParam.PERMALINK_KEY),
    nativeFiltersKey: getParam(search, UrlParam.NATIVE_FILTERS_KEY)?.trim() || null,
    asOf: getParam(search, AS_OF_PARAM)?.trim() || null,
    pastQueries: true,
    pastDraft: null,
    pastDataMask: null,
  };
}

/** The search string once the focused chart has been read: it must not stick to reloads and shares. */
export function withoutFocusedChart(search: string): string {
  const pairs = toParamPairs(search).filter(([key]) => key !== FOCUSED_CHART_PARAM);
  return pairs.length ? `?${toQueryString(pairs)}` : '';
}

/**
 * native_filters is rison of the data mask, `(NATIVE_FILTER-a:(filterState:(value:!(x))))`. Only the
 * values are kept: what they filter is computed from the dashboard's own filter definitions, so a
 * crafted link cannot inject query fragments.
 */
function readNativeFilters(text: string | null): Record<string, FilterValue> {
  if (!text) return {};
  let decoded: unknown;
  try {
    decoded = rison.decode(text);
  } catch {
    return {};
  }
  const out: Record<string, FilterValue> = {};
  if (typeof decoded !== 'object' || decoded === null) return out;
  for (const [id, entry] of Object.entries(decoded as Record<string, unknown>)) {
    const value = (entry as { filterState?: { value?: unknown } } | null)?.filterState?.value;
    if (isFilterValue(value)) out[id] = value;
  }
  return out;
}

function readPreselect(text: string | undefined): Record<string, Record<string, unknown>> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, Record<string, unknown>>)
      : {};
  } catch {
    return {};
  }
}

/**
 * The data mask the page opens with: each filter's default, then pre-selected filters (by column, for
 * select filters on that column), then native_filters by id, the most explicit last.
 */
export function initialDataMask(
  items: readonly FilterConfigItem[],
  url: Pick<DashboardUrlState, 'nativeFilterValues' | 'preselectFilters'>,
  permalinkMask: DataMaskMap = {},
): DataMaskMap {
  const mask: Record<string, ReturnType<typeof dataMaskEntry>> = {};
  for (const item of nativeFilters(items)) {
    let value: FilterValue | null = defaultValueOf(item);
    const target = targetOf(item);
    for (const columns of Object.values(url.preselectFilters)) {
      const selected = target ? columns?.[target.column] : undefined;
      if (item.filterType === 'filter_select' && selected !== undefined) {
        const values = (Array.isArray(selected) ? selected : [selected]).filter(
          (v) => v === null || ['string', 'number', 'boolean'].includes(typeof v),
        );
        value = values as FilterValue;
      }
    }
    const fromLink = permalinkMask[item.id]?.filterState?.value;
    if (fromLink !== undefined && isFilterValue(fromLink)) value = fromLink;
    if (item.id in url.nativeFilterValues) value = url.nativeFilterValues[item.id]!;
    // Every filter gets an entry, empty ones too: that is how charts know a required filter is not chosen yet.
    mask[item.id] = dataMaskEntry(item, value);
  }
  return mask;
}

/** The native_filters parameter of the current selection (for the address bar and shared links). */
export function nativeFiltersParam(mask: DataMaskMap, items: readonly FilterConfigItem[]): string | null {
  const ids = nativeFilters(items)
    .filter((f) => maskValue(mask[f.id]) !== null)
    .map((f) => f.id);
  if (ids.length === 0) return null;
  return rison.encode(
    Object.fromEntries(ids.map((id) => [id, { filterState: { value: maskValue(mask[id]) } }])) as never,
  );
}

/** charts-dashboards-reports §7: POST /api/v1/dashboard/{id}/permalink with urlParams (minus reserved), dataMask, activeTabs, anchor. */
export function permalinkState(
  search: string,
  dataMask: DataMaskMap,
  activeTabs: readonly string[],
  anchor: string,
): DashboardPermalinkState {
  return {
    urlParams: permalinkUrlParams(search, 'dashboard')
      .filter(([key]) => key !== FOCUSED_CHART_PARAM)
      .map(([k, v]) => [k, v]),
    dataMask: dataMask as Record<string, unknown>,
    activeTabs: [...activeTabs],
    ...(anchor ? { anchor } : {}),
  };
}

/** The address with `native_filters_key=<key>` (issue 16), its other parameters kept. */
export function withNativeFiltersKey(search: string, key: string): string {
  const pairs = toParamPairs(search).filter(([name]) => name !== UrlParam.NATIVE_FILTERS_KEY);
  return `?${toQueryString([...pairs, [UrlParam.NATIVE_FILTERS_KEY, key]])}`;
}

/**
 * The cross-filters of a kept state (filter state or permalink) the page may apply again: one per chart
 * on the page, each only `col IN (values)` with plain values, as a click on a chart makes them. A kept
 * state is shared by link: nothing else in it reaches a query.
 */
export function keptCrossFilters(mask: Record<string, unknown>, chartIds: readonly number[]): DataMaskMap {
  const out: Record<string, ReturnType<typeof dataMaskEntry>> = {};
  const plain = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
  for (const [id, entry] of Object.entries(mask)) {
    if (!/^\d+$/.test(id) || !chartIds.includes(Number(id))) continue;
    const e = entry as { extraFormData?: { filters?: unknown }; filterState?: { label?: unknown } } | null;
    const filters = e?.extraFormData?.filters;
    if (!Array.isArray(filters) || filters.length === 0) continue;
    const kept = filters.flatMap((f: unknown) => {
      const { col, op, val } = (f ?? {}) as { col?: unknown; op?: unknown; val?: unknown };
      return typeof col === 'string' && op === 'IN' && Array.isArray(val) && val.every(plain)
        ? [{ col, op: 'IN' as const, val: val as (string | number | boolean | null)[] }]
        : [];
    });
    if (kept.length !== filters.length) continue;
    const label = typeof e?.filterState?.label === 'string' ? e.filterState.label : undefined;
    out[id] = {
      id,
      extraFormData: { filters: kept },
      filterState: { value: kept.flatMap((f) => f.val), ...(label !== undefined ? { label } : {}) },
    } as ReturnType<typeof dataMaskEntry>;
  }
  return out;
}
