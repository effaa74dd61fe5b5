import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { ChartEvent, DatabaseEvent, DatasetEvent, SavedQueryEvent } from '@strata/domain';
import { ObjectReaders } from '../object-history/object-readers';
import { objectOfStream } from '../objects/object-streams';
import type { CommittedBatch } from '../event-store/committed-events';
import { StreamAccessPolicy } from '../realtime/stream-access.policy';
import { StreamFeed } from '../realtime/stream-feed';

const KINDS = ['chart', 'dataset', 'saved_query', 'database'] as const;
type Kind = (typeof KINDS)[number];
type Batch = Pick<CommittedBatch, 'stream' | 'events'>;

/**
 * A database's facts that can take its datasets (and so their charts) away: a role's grant revoked, the
 * name its `database_access` permission pairs name, the database gone. Roles are the gateway's own
 * concern (access-changes.ts judges all of a user's subscriptions when their roles change).
 */
const DATABASE_ACCESS_EVENTS: ReadonlySet<string> = new Set<string>([
  'database/accessRevoked',
  'database/databaseRenamed',
  'database/databaseDeleted',
] satisfies DatabaseEvent['type'][]);

/**
 * The facts of an object's own stream that can take it away from a reader of its GET: the owners (a
 * Gamma owner reads it as owner), the dataset a chart shows (its readers read the chart), the deletion
 * (a deleted object is the admins' only), a database's grants. A revert's batch carries the edit events
 * it restores; a dataset's database never changes (no event); a saved query is its creator's for good.
 */
const OWN_ACCESS_EVENTS: Record<Kind, ReadonlySet<string>> = {
  chart: new Set<string>([
    'chart/chartOwnersChanged',
    'chart/datasourceChanged',
    'chart/chartDeleted',
  ] satisfies ChartEvent['type'][]),
  dataset: new Set<string>(['dataset/datasetOwnersChanged', 'dataset/datasetDeleted'] satisfies DatasetEvent['type'][]),
  saved_query: new Set<string>(['sqllab/savedQueryDeleted'] satisfies SavedQueryEvent['type'][]),
  database: DATABASE_ACCESS_EVENTS,
};

/** Which objects of a kind a fact of another stream can take away from their readers. */
function upstreamAffects(kind: Kind, { stream, events }: Batch): boolean {
  const has = (types: ReadonlySet<string>) => events.some((e) => types.has(e.type));
  // A saved query's GET and a database's own read ask nothing of other streams.
  if (kind === 'saved_query' || kind === 'database') return false;
  if (stream.startsWith('database:')) return has(DATABASE_ACCESS_EVENTS);
  // A chart is read through its dataset: that dataset's owners are among the chart's readers.
  return kind === 'chart' && stream.startsWith('dataset:') && has(OWN_ACCESS_EVENTS.dataset);
}

/**
 * Chart, dataset, saved query and database streams have no socket of their own, so no context registered
 * who may read them: a bug report of their pages could not carry their events. Their rule is their plain
 * GET's (`GET /api/v1/chart/:id`, `/dataset/:id`, ...: the route permission, then what that GET answers), the one
 * their history uses (object-history/object-readers.ts). A fact that can change that answer makes the
 * gateway judge the stream's subscribers again (rights are checked on every message, and a revoked one
 * takes effect at once), and the feed holds its batch back from those who lost it.
 */
@Injectable()
export class ObjectStreamRules implements OnModuleInit {
  constructor(
    private readonly policy: StreamAccessPolicy,
    private readonly readers: ObjectReaders,
    private readonly feed: StreamFeed,
  ) {}

  onModuleInit(): void {
    for (const kind of KINDS) {
      this.policy.register({
        prefix: kind,
        canRead: (user, stream) => {
          const id = idOf(kind, stream);
          return id !== null && this.readers.mayRead(user, kind, id);
        },
        affectedBy: (batch) => this.affectedBy(kind, batch),
      });
    }
  }

  private affectedBy(kind: Kind, batch: Batch): string[] {
    if (idOf(kind, batch.stream) !== null)
      return batch.events.some((e) => OWN_ACCESS_EVENTS[kind].has(e.type)) ? [batch.stream] : [];
    // Which charts show that dataset, or which datasets sit on that database, would take a query here (this
    // runs inside the commit's publish): every followed stream of the kind is judged again instead. Such
    // facts are rare, and the gateway re-checks only the sockets holding one of them.
    if (!upstreamAffects(kind, batch)) return [];
    return this.feed.streams().filter((stream) => idOf(kind, stream) !== null);
  }
}

/** The object's id, or null when the stream names no object of this kind. */
function idOf(kind: Kind, stream: string): number | null {
  const object = objectOfStream(stream);
  const id = Number(object?.id);
  // Ids are int4 keys: anything else names no object (and must not reach the SQL).
  return object?.type === kind && id > 0 && id <= 2_147_483_647 ? id : null;
}
