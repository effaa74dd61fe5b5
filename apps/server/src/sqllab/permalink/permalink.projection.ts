/** Writes each permalink into `key_value`, inside the append's transaction. */
import { Injectable } from '@nestjs/common';
import type { Envelope } from '@strata/events';
import { KeyValueProjection } from '../../common/key-value.projection';
import { SQLLAB_PERMALINK_EVENTS, SQLLAB_PERMALINK_RESOURCE, type SqlLabPermalinkCreated } from '@strata/domain';

@Injectable()
export class PermalinkProjection extends KeyValueProjection {
  readonly name = 'sqllab_permalink';
  readonly handles = SQLLAB_PERMALINK_EVENTS;
  protected readonly resource = SQLLAB_PERMALINK_RESOURCE;

  protected entry(envelope: Envelope) {
    const { data } = envelope as unknown as SqlLabPermalinkCreated;
    return { key: data.key, value: data.state };
  }
}
