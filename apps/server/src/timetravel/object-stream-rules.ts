import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ObjectReaders } from '../object-history/object-readers';
import { objectOfStream } from '../objects/object-streams';
import { StreamAccessPolicy } from '../realtime/stream-access.policy';

/**
 * Chart and dataset streams have no socket of their own, so no context registered who may read them: a
 * bug report of a chart's or dataset's page could not carry its events. Their rule is their plain GET's
 * (`GET /api/v1/chart/:id`, `/dataset/:id`: the route permission, then what that GET answers), the one
 * their history uses (object-history/object-readers.ts).
 */
@Injectable()
export class ObjectStreamRules implements OnModuleInit {
  constructor(
    private readonly policy: StreamAccessPolicy,
    private readonly readers: ObjectReaders,
  ) {}

  onModuleInit(): void {
    for (const kind of ['chart', 'dataset'] as const) {
      this.policy.register({
        prefix: kind,
        canRead: (user, stream) => {
          const object = objectOfStream(stream);
          const id = Number(object?.id);
          // Ids are int4 keys: anything else names no object (and must not reach the SQL).
          if (object?.type !== kind || !(id > 0 && id <= 2_147_483_647)) return false;
          return this.readers.mayRead(user, kind, id);
        },
      });
    }
  }
}
