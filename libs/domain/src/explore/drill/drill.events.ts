import type { EventLike } from '@strata/events';
import { leaveUnchanged as unchanged } from '../../shared/exhaustive';
import type { DrillFilter } from './drill-query';

/**
 * The drill modals of a chart (issue 16 item 3; charts-dashboards-reports §9 "drill to detail"): the rows
 * behind a data point or a whole chart, paged, and the chart re-grouped by another column ("drill by").
 * Page facts of one page's store `drill`: at most one modal is open at a time, as in Superset.
 */

export const DRILL_DETAIL_OPENED = 'drill/detailOpened' as const;
export const DRILL_DETAIL_PAGE_REQUESTED = 'drill/detailPageRequested' as const;
export const DRILL_DETAIL_PAGE_LOADED = 'drill/detailPageLoaded' as const;
export const DRILL_DETAIL_FAILED = 'drill/detailFailed' as const;
export const DRILL_BY_OPENED = 'drill/byOpened' as const;
export const DRILL_BY_COLUMN_CHOSEN = 'drill/byColumnChosen' as const;
export const DRILL_BY_LOADED = 'drill/byLoaded' as const;
export const DRILL_BY_FAILED = 'drill/byFailed' as const;
export const DRILL_CLOSED = 'drill/closed' as const;

/** The rows of drill to detail are read 50 at a time (Superset's drill to detail page size). */
export const DRILL_DETAIL_PAGE_SIZE = 50;

/** The chart drilled into: its name, its dataset ('12__table') and the form data it was drawn with. */
export interface DrillTarget {
  title: string;
  datasource: string;
  formData: Readonly<Record<string, unknown>>;
}

export interface DrillRows {
  colnames: readonly string[];
  rows: readonly Readonly<Record<string, unknown>>[];
  /** Rows matching the chart's filters and the point's, over all pages. */
  total: number;
}

export type DrillEvent =
  /** `filters` are the clicked point's (empty: the whole chart), `label` what it reads as, e.g. 'Japan'. */
  | EventLike<
      typeof DRILL_DETAIL_OPENED,
      { target: DrillTarget; filters: readonly DrillFilter[]; label: string | null }
    >
  /** Page numbers start at 1. */
  | EventLike<typeof DRILL_DETAIL_PAGE_REQUESTED, { page: number }>
  | EventLike<typeof DRILL_DETAIL_PAGE_LOADED, { page: number } & DrillRows>
  | EventLike<typeof DRILL_DETAIL_FAILED, { page: number; message: string }>
  /** `columns`: those the chart may be re-grouped by, offered again in the modal. */
  | EventLike<
      typeof DRILL_BY_OPENED,
      { target: DrillTarget; filters: readonly DrillFilter[]; label: string | null; columns: readonly string[] }
    >
  | EventLike<typeof DRILL_BY_COLUMN_CHOSEN, { column: string }>
  /** The re-grouped chart's data (the chart data API's `result`) for the column it was asked for. */
  | EventLike<typeof DRILL_BY_LOADED, { column: string; result: readonly unknown[] }>
  | EventLike<typeof DRILL_BY_FAILED, { column: string; message: string }>
  | EventLike<typeof DRILL_CLOSED, Record<string, never>>;

export interface DrillDetailModal extends Partial<DrillRows> {
  kind: 'detail';
  target: DrillTarget;
  filters: readonly DrillFilter[];
  label: string | null;
  page: number;
  status: 'loading' | 'loaded' | 'failed';
  message: string | null;
}

export interface DrillByModal {
  kind: 'by';
  target: DrillTarget;
  filters: readonly DrillFilter[];
  label: string | null;
  /** The columns it may be re-grouped by. */
  columns: readonly string[];
  /** The column the chart is re-grouped by; null while the user picks one. */
  column: string | null;
  status: 'choosing' | 'loading' | 'loaded' | 'failed';
  result: readonly unknown[] | null;
  message: string | null;
}

export interface DrillState {
  modal: DrillDetailModal | DrillByModal | null;
}

export const drillFold = {
  initialState: (): DrillState => ({ modal: null }),
  evolve(state: DrillState, event: DrillEvent): DrillState {
    const modal = state.modal;
    switch (event.type) {
      case DRILL_DETAIL_OPENED:
        return { modal: { kind: 'detail', ...event.data, page: 1, status: 'loading', message: null } };
      case DRILL_DETAIL_PAGE_REQUESTED:
        if (modal?.kind !== 'detail') return state;
        return { modal: { ...modal, page: event.data.page, status: 'loading', message: null } };
      case DRILL_DETAIL_PAGE_LOADED: {
        // An answer for a page the user has left (or a modal closed since) changes nothing.
        if (modal?.kind !== 'detail' || modal.page !== event.data.page) return state;
        const { colnames, rows, total } = event.data;
        return { modal: { ...modal, colnames, rows, total, status: 'loaded', message: null } };
      }
      case DRILL_DETAIL_FAILED:
        if (modal?.kind !== 'detail' || modal.page !== event.data.page) return state;
        return { modal: { ...modal, status: 'failed', message: event.data.message } };
      case DRILL_BY_OPENED:
        return { modal: { kind: 'by', ...event.data, column: null, status: 'choosing', result: null, message: null } };
      case DRILL_BY_COLUMN_CHOSEN:
        if (modal?.kind !== 'by') return state;
        return { modal: { ...modal, column: event.data.column, status: 'loading', result: null, message: null } };
      case DRILL_BY_LOADED:
        // The data of a column the user has since changed from changes nothing.
        if (modal?.kind !== 'by' || modal.column !== event.data.column) return state;
        return { modal: { ...modal, status: 'loaded', result: event.data.result } };
      case DRILL_BY_FAILED:
        if (modal?.kind !== 'by' || modal.column !== event.data.column) return state;
        return { modal: { ...modal, status: 'failed', message: event.data.message } };
      case DRILL_CLOSED:
        return { modal: null };
      default:
        return unchanged(event, state);
    }
  },
};

/** How many pages the rows of the detail modal take (at least 1). */
export const drillPageCount = (modal: DrillDetailModal) =>
  Math.max(1, Math.ceil((modal.total ?? 0) / DRILL_DETAIL_PAGE_SIZE));
