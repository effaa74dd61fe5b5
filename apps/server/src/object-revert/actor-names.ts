import { Injectable } from '@nestjs/common';
import type { RevertContext } from '@strata/domain';
import type { Envelope } from '@strata/events';
import { DataSource } from 'typeorm';

/**
 * The user names a revert's refusal speaks of ("bob changed the name again later"): the domain knows
 * actors only by id, so the handler looks up the names of everyone who wrote on the stream.
 */
@Injectable()
export class ActorNames {
  constructor(private readonly dataSource: DataSource) {}

  async of(events: readonly Envelope[]): Promise<RevertContext> {
    const ids = [...new Set(events.map((e) => Number(e.meta.actor)).filter((id) => Number.isSafeInteger(id)))];
    const rows =
      ids.length === 0
        ? []
        : ((await this.dataSource.query(`SELECT id, username FROM users WHERE id = ANY($1::int[])`, [ids])) as {
            id: number;
            username: string;
          }[]);
    return { names: new Map(rows.map((r) => [String(r.id), r.username])) };
  }
}
