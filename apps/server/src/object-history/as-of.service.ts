/**
 * `GET /api/v1/<kind>/<id>?as_of=`: the object as it was at a log position or time, in its plain GET's
 * shape. The state is the fold of the object's events up to that point through the read model's own pure
 * fold (the same `evolve` and event types), not a read of the projection table, started from a snapshot
 * kept in the database (past-states.ts); it then goes through the plain GET's SELECT (with the past row in
 * place of the table) and serializer.
 */
import { Injectable } from '@nestjs/common';
import { isAdmin } from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { EventStore } from '../event-store';
import type { Row } from '../projections/fold-projection';
import { FoldSnapshots } from './fold-snapshots';
import { parseLogPoint } from './log-point';
import { objectAccess, objectNotFound } from './object-access';
import { PAST_KINDS, type PastKind } from './object-kinds';
import { PastStates } from './past-states';

export type PastKindName = PastKind['kind'];

@Injectable()
export class AsOfService {
  private readonly states: PastStates;

  constructor(
    store: EventStore,
    private readonly dataSource: DataSource,
  ) {
    this.states = new PastStates(store, new FoldSnapshots(dataSource));
  }

  /**
   * `{ id, result }` as the plain GET answers. `readableNow` is that GET's read for this user (null when it
   * would answer 404); a dashboard may be named by its slug, then the id is the one it has now.
   */
  async answer(
    kindName: PastKindName,
    idOrSlug: number | string,
    asOf: unknown,
    user: CurrentUser,
    readableNow: () => Promise<{ id: number } | null>,
  ): Promise<{ id: number; result: unknown }> {
    const point = parseLogPoint(asOf);
    const kind = PAST_KINDS[kindName];
    const id = typeof idOrSlug === 'number' ? idOrSlug : ((await readableNow())?.id ?? NaN);
    if (!Number.isSafeInteger(id)) throw objectNotFound();
    // The read right and the past state are independent reads: side by side, a request waits for the
    // longer one only (the right is the plain GET's whole read). A refused user gets no part of the state.
    const [access, row] = await Promise.all([
      objectAccess(this.dataSource, kindName, id, readableNow),
      this.states.row(kind, id, point),
    ]);
    if (row === null) throw objectNotFound();
    if (access === 'deleted' && !isAdmin(user) && !kind.ownersOf(row).includes(user.id)) throw objectNotFound();
    return { id, result: await this.serialize(kind, row) };
  }

  private async serialize(kind: PastKind, row: Row): Promise<unknown> {
    // A CTE named like the table shadows it in the GET's SELECT (jsonb_populate_record gives its columns,
    // as the projection writer does); the joins read today's users, databases and charts.
    const past = `${kind.table} AS (SELECT * FROM jsonb_populate_record(NULL::${kind.table}, $1::jsonb))`;
    const ctes = [past, ...(kind.views ? [kind.views] : [])].join(', ');
    const found = (await this.dataSource.query(`WITH ${ctes} ${kind.select}`, [JSON.stringify(row)])) as never[];
    return kind.serialize(found[0]!);
  }
}
