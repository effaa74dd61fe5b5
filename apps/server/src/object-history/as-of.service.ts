/**
 * `GET /api/v1/<kind>/<id>?as_of=`: the object as it was at a log position or time, in its plain GET's
 * shape. The state is the fold of the object's events up to that point through the read model's own pure
 * fold (the same `evolve` and event types), not a read of the projection table; it then goes through the
 * plain GET's SELECT (with the past row in place of the table) and serializer.
 */
import { Injectable } from '@nestjs/common';
import { isAdmin } from '@strata/domain';
import { DataSource } from 'typeorm';
import type { CurrentUser } from '../auth/current-user';
import { EventStore, type LogPoint } from '../event-store';
import type { Row } from '../projections/fold-projection';
import { CHECKPOINT_EVERY, FoldCheckpoints } from './fold-checkpoints';
import { parseLogPoint } from './log-point';
import { objectAccess, objectNotFound } from './object-access';
import { PAST_KINDS, type PastKind } from './object-kinds';

export type PastKindName = PastKind['kind'];

@Injectable()
export class AsOfService {
  /** A cache of folds of the append-only log, one per app (fold-checkpoints.ts). */
  private readonly checkpoints = new FoldCheckpoints();

  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
  ) {}

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
    const access = await objectAccess(this.dataSource, kindName, id, readableNow);
    const row = await this.pastRow(kind, id, point);
    if (row === null) throw objectNotFound();
    if (access === 'deleted' && !isAdmin(user) && !kind.ownersOf(row).includes(user.id)) throw objectNotFound();
    return { id, result: await this.serialize(kind, row) };
  }

  /**
   * The read model's row as it was at `point`, or null when the object did not exist then: the fold of
   * its streams' events up to there, from the latest whole checkpoint before it (fold-checkpoints.ts).
   */
  async pastRow(kind: PastKind, id: number, point: LogPoint): Promise<Row | null> {
    const streams = kind.foldStreams(id);
    const key = `${kind.kind}:${id}`;
    let start = this.checkpoints.best(key, point);
    if (start && (await this.store.countStreamsUntil(streams, start.position)) !== start.count) {
      this.checkpoints.forget(key);
      start = null;
    }
    const events = await this.store.readStreamsUntil(streams, point, start?.position ?? 0);
    const handles = new Set<string>(kind.fold.handles);
    // A time point may skip an event whose clock ran ahead; only a position point folds every event up to
    // its end, so only it leaves checkpoints behind.
    const contiguous = 'position' in point;
    let row = start?.row ?? null;
    let count = start?.count ?? 0;
    let maxAt = start?.maxAt ?? '';
    for (const event of events) {
      if (handles.has(event.type)) row = kind.fold.evolve(row, event);
      count += 1;
      if (event.meta.at > maxAt) maxAt = event.meta.at;
      if (contiguous && count % CHECKPOINT_EVERY === 0 && event.position !== undefined)
        this.checkpoints.add(key, { position: event.position, count, maxAt, row });
    }
    return row;
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
