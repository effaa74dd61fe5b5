/** Writes each permalink into `key_value`, inside the append's transaction. */
import { Injectable } from '@nestjs/common';
import type { Envelope } from '@strata/events';
import { KeyValueProjection } from '../../common/key-value.projection';
import { PERMALINK_EVENTS, PERMALINK_RESOURCE, type PermalinkCreated } from './permalink.events';

@Injectable()
export class PermalinkProjection extends KeyValueProjection {
  readonly name = 'sqllab_permalink';
  readonly handles = PERMALINK_EVENTS;
  protected readonly resource = PERMALINK_RESOURCE;

  protected entry(envelope: Envelope) {
    const { data } = envelope as unknown as PermalinkCreated;
    return { key: data.key, value: data.state };
  }
}
