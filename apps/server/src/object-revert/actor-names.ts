import { Injectable } from '@nestjs/common';
import type { RevertContext } from '@strata/domain';
import type { Envelope } from '@strata/events';
import { DataSource } from 'typeorm';
import { actorUserId } from '../event-store/envelope-ids';
import { usernames } from '../objects/batch-facts';

/**
 * The user names a revert's refusal speaks of ("bob changed the name again later"): the domain knows
 * actors only by id (as strings), so the handler looks up the names of everyone who wrote on the stream.
 */
@Injectable()
export class ActorNames {
  constructor(private readonly dataSource: DataSource) {}

  async of(events: readonly Envelope[]): Promise<RevertContext> {
    const names = await usernames(this.dataSource, events.map(actorUserId));
    return { names: new Map([...names].map(([id, name]) => [String(id), name])) };
  }
}
