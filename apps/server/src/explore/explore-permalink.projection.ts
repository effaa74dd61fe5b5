/** Writes each Explore permalink into `key_value`, inside the append's transaction. */
import { Injectable } from '@nestjs/common';
import type { Envelope } from '@strata/events';
import { KeyValueProjection } from '../common/key-value.projection';
import {
  EXPLORE_PERMALINK_EVENTS,
  EXPLORE_PERMALINK_RESOURCE,
  type ExplorePermalinkCreated,
} from './explore-permalink.events';

@Injectable()
export class ExplorePermalinkProjection extends KeyValueProjection {
  readonly name = 'explore_permalink';
  readonly handles = EXPLORE_PERMALINK_EVENTS;
  protected readonly resource = EXPLORE_PERMALINK_RESOURCE;

  protected entry(envelope: Envelope) {
    const { data } = envelope as unknown as ExplorePermalinkCreated;
    return { key: data.key, value: data.state };
  }
}
