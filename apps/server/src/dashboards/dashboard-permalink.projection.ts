/** Writes each dashboard permalink into `key_value` under its own resource name, in the append's transaction. */
import { Injectable } from '@nestjs/common';
import type { Envelope } from '@strata/events';
import { KeyValueProjection } from '../common/key-value.projection';
import { DASHBOARD_PERMALINK_RESOURCE, type DashboardPermalinkCreated } from './dashboard.events';

@Injectable()
export class DashboardPermalinkProjection extends KeyValueProjection {
  readonly name = 'dashboard_permalink';
  readonly handles = ['dashboard/permalinkCreated'] as const;
  protected readonly resource = DASHBOARD_PERMALINK_RESOURCE;

  protected entry(envelope: Envelope) {
    const { data } = envelope as unknown as DashboardPermalinkCreated;
    return { key: data.key, value: { dashboardId: data.dashboardId, state: data.state } };
  }
}
