/**
 * A dashboard's filter state under a `native_filters_key` (issue 16 item 1; Superset's
 * `/api/v1/dashboard/{id}/filter_state`, REFERENCE §2.4 FILTER_STATE_CACHE_CONFIG: 90 days): the native
 * filter and cross-filter values a viewer has, `{id, dataMask, activeTabs, anchor, urlParams}`, so a
 * reload or a shared link opens with them. One stream per key, `dashboard_filter_state:<key>`: created
 * once for one dashboard by its owner (the user who created it), then changed by that owner only. The
 * events carry the whole state, so the replay (issue 13) reads the values a user had at any position.
 */
import { DomainError, type Decider, type EventLike } from '@strata/events';
import { z } from 'zod';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import { dataMaskSchema } from '../native-filters/schema';

/** Superset's filter state value (the JSON text clients send, parsed). */
export const dashboardFilterStateSchema = z
  .object({
    id: z.string().max(200).optional(),
    dataMask: z.record(z.string().max(200), dataMaskSchema).default({}),
    activeTabs: z.array(z.string().max(200)).max(200).optional(),
    anchor: z.string().max(200).nullish(),
    urlParams: z
      .union([
        z.array(z.tuple([z.string().max(200), z.string().max(10_000)])).max(100),
        z.record(z.string(), z.string().max(10_000)),
      ])
      .nullish(),
  })
  .loose();
export type DashboardFilterState = z.output<typeof dashboardFilterStateSchema>;

export type FilterStateCreated = EventLike<
  'dashboard/filterStateCreated',
  { key: string; dashboardId: number; owner: number; state: DashboardFilterState }
>;
export type FilterStateChanged = EventLike<
  'dashboard/filterStateChanged',
  { key: string; dashboardId: number; state: DashboardFilterState }
>;
export type FilterStateEvent = FilterStateCreated | FilterStateChanged;
export const FILTER_STATE_EVENTS = [
  'dashboard/filterStateCreated',
  'dashboard/filterStateChanged',
] as const satisfies readonly FilterStateEvent['type'][];
export const FILTER_STATE_RESOURCE = 'dashboard_filter_state';
/** REFERENCE §2.4 FILTER_STATE_CACHE_CONFIG: each store keeps the key 90 more days. */
export const FILTER_STATE_TTL_DAYS = 90;
export const filterStateStream = (key: string) => `${FILTER_STATE_RESOURCE}:${key}`;
export const isFilterStateEvent = (type: string): type is FilterStateEvent['type'] =>
  (FILTER_STATE_EVENTS as readonly string[]).includes(type);

export interface CreateFilterState {
  type: 'CreateFilterState';
  data: FilterStateCreated['data'];
}
export interface ChangeFilterState {
  type: 'ChangeFilterState';
  data: { key: string; dashboardId: number; userId: number; state: DashboardFilterState };
}
export type FilterStateCommand = CreateFilterState | ChangeFilterState;

/** What the key holds: its dashboard, its owner and the latest state. */
export interface StoredFilterState {
  dashboardId: number;
  owner: number;
  state: DashboardFilterState;
}

export const FILTER_STATE_NOT_FOUND = 'The filter state does not exist or has expired.';
export const FILTER_STATE_NOT_OWNER = 'This filter state belongs to another user.';

export const filterStateDecider: Decider<StoredFilterState | null, FilterStateEvent, FilterStateCommand, void> = {
  initialState: () => null,
  evolve(state, event) {
    switch (event.type) {
      case 'dashboard/filterStateCreated':
        return { dashboardId: event.data.dashboardId, owner: event.data.owner, state: event.data.state };
      case 'dashboard/filterStateChanged':
        return state && { ...state, state: event.data.state };
      default:
        return leaveUnchanged(event, state);
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateFilterState':
        if (state) throw new DomainError('filter_state_exists', 'This filter state key is taken.');
        return [{ type: 'dashboard/filterStateCreated', data: command.data }];
      case 'ChangeFilterState': {
        const { key, dashboardId, userId, state: next } = command.data;
        // A key of another dashboard is not found from this one (Superset keys the cache by both).
        if (!state || state.dashboardId !== dashboardId)
          throw new DomainError('filter_state_not_found', FILTER_STATE_NOT_FOUND);
        if (state.owner !== userId) throw new DomainError('filter_state_not_owner', FILTER_STATE_NOT_OWNER);
        // Stored even when unchanged: each store starts the key's 90 days again.
        return [{ type: 'dashboard/filterStateChanged', data: { key, dashboardId, state: next } }];
      }
      default:
        return unknownCommand(command);
    }
  },
};

/**
 * The native filter values (filter id -> value) and cross-filters (chart id -> entry) of a filter state:
 * what a reload or the replay starts the page with.
 */
export function filterStateValues(state: DashboardFilterState | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, mask] of Object.entries(state?.dataMask ?? {})) {
    const value = mask?.filterState?.value;
    if (value !== undefined) out[id] = value;
  }
  return out;
}

export * from './filter-state.summaries';
