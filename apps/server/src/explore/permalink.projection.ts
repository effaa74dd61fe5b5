/**
 * One projection for the permalinks of Explore and of dashboards: each event of `handles` writes its key
 * and value into `key_value` under its resource name, in the append's transaction. A permalink is written
 * once (a replayed event finds its key there). Each module registers its own instance, so each can be
 * rebuilt by its name.
 */
import {
  DASHBOARD_PERMALINK_EVENTS,
  DASHBOARD_PERMALINK_RESOURCE,
  EXPLORE_PERMALINK_EVENTS,
  EXPLORE_PERMALINK_RESOURCE,
  type DashboardPermalinkCreated,
  type ExplorePermalinkCreated,
} from '@strata/domain';
import type { Envelope, EventLike } from '@strata/events';
import { KeyValueProjection } from '../common/key-value.projection';

interface PermalinkKind<E extends EventLike<string, { key: string }>> {
  resource: string;
  handles: readonly E['type'][];
  /** What a reader gets back for the key. */
  value: (data: E['data']) => unknown;
}

export class PermalinkProjection<E extends EventLike<string, { key: string }>> extends KeyValueProjection {
  readonly name: string;
  readonly handles: readonly string[];
  protected readonly resource: string;

  constructor(private readonly kind: PermalinkKind<E>) {
    super();
    this.name = kind.resource;
    this.handles = kind.handles;
    this.resource = kind.resource;
  }

  protected entry(envelope: Envelope) {
    const { data } = envelope as unknown as E;
    return { key: data.key, value: this.kind.value(data) };
  }
}

export const dashboardPermalinkProjection = () =>
  new PermalinkProjection<DashboardPermalinkCreated>({
    resource: DASHBOARD_PERMALINK_RESOURCE,
    handles: DASHBOARD_PERMALINK_EVENTS,
    value: ({ dashboardId, state }) => ({ dashboardId, state }),
  });

export const explorePermalinkProjection = () =>
  new PermalinkProjection<ExplorePermalinkCreated>({
    resource: EXPLORE_PERMALINK_RESOURCE,
    handles: EXPLORE_PERMALINK_EVENTS,
    value: ({ state }) => state,
  });
