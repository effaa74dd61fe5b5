/**
 * The label colours a dashboard page pushes (charts-dashboards-reports §4 colour sync, §7 PUT .../colors),
 * on their own stream `dashboard-colors:<id>`: a sync that runs in the background while someone edits must
 * never make that editor's version stale, and it sets only the colour fields, so it cannot undo a
 * concurrent change to the rest of json_metadata. The decider keeps the last colours so that a push of
 * what is already stored appends nothing.
 */
import type { Decider, EventLike } from '@strata/events';

/** The colour fields of json_metadata a colour sync sets. */
export interface DashboardColorFields {
  color_namespace?: string | null;
  color_scheme?: string | null;
  color_scheme_domain?: string[];
  shared_label_colors?: string[] | Record<string, string>;
  map_label_colors?: Record<string, string>;
  label_colors?: Record<string, string>;
}
export const DASHBOARD_COLOR_KEYS = [
  'color_namespace',
  'color_scheme',
  'color_scheme_domain',
  'shared_label_colors',
  'map_label_colors',
  'label_colors',
] as const satisfies readonly (keyof DashboardColorFields)[];

/** `markUpdated` false (`mark_updated=false`): a sync, not an edit; the dashboard's changed_on stays. */
export type DashboardColorsSynced = EventLike<
  'dashboard/colorsSynced',
  { colors: DashboardColorFields; markUpdated: boolean }
>;
export const DASHBOARD_COLOR_EVENTS = [
  'dashboard/colorsSynced',
] as const satisfies readonly DashboardColorsSynced['type'][];
export const dashboardColorsStream = (id: number) => `dashboard-colors:${id}`;

export interface SyncDashboardColorsCommand {
  type: 'SyncDashboardColors';
  data: { colors: DashboardColorFields; markUpdated: boolean };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const dashboardColorsDecider: Decider<
  DashboardColorFields,
  DashboardColorsSynced,
  SyncDashboardColorsCommand,
  void
> = {
  initialState: () => ({}),
  evolve: (state, event) => ({ ...state, ...event.data.colors }),
  decide(command, state) {
    const { colors, markUpdated } = command.data;
    const changed = (Object.keys(colors) as (keyof DashboardColorFields)[]).some((k) => !same(colors[k], state[k]));
    return changed || markUpdated ? [{ type: 'dashboard/colorsSynced', data: { colors, markUpdated } }] : [];
  },
};
