/**
 * `GET /api/v1/timetravel/events/?stream=dashboard:12` -> `{stream, version, result: [events]}`: one
 * stream's events for a bug report of the time-travel panel (issue 13, "Report a bug"). Who may read a
 * stream is exactly who may follow it over the socket (StreamAccessPolicy: a dashboard's viewers, a
 * draft's editors, a user's own stream...); a stream no context made readable is refused.
 */
import { Controller, Get } from '@nestjs/common';
import { ErrorType } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser } from '../auth/guards/decorators';
import { redact } from '../audit/redact';
import { StrataHttpException } from '../common/error-body';
import { ZodQuery } from '../common/zod-validation.pipe';
import { EventStore } from '../event-store/event-store.port';
import { StreamAccessPolicy } from '../realtime/stream-access.policy';

const querySchema = z.object({
  stream: z
    .string()
    .min(3)
    .max(200)
    .regex(/^[a-z][a-z0-9_-]*:[^\s]+$/i, 'must be a stream name such as dashboard:12'),
});

@Controller('api/v1/timetravel')
export class StreamEventsController {
  constructor(
    private readonly store: EventStore,
    private readonly access: StreamAccessPolicy,
  ) {}

  @Get('events')
  async events(@ReqUser() user: CurrentUser, @ZodQuery(querySchema) query: z.output<typeof querySchema>) {
    const decision = await this.access.canRead(user, query.stream);
    if (!decision.allowed) {
      const status = decision.errorType === ErrorType.OBJECT_DOES_NOT_EXIST_ERROR ? 404 : 403;
      throw new StrataHttpException(status, decision.errorType, decision.message);
    }
    const events = await this.store.readStream(query.stream);
    // The audit's second lock on secrets holds here too: a bug report file leaves the server.
    const result = events.map((event) => ({ ...event, data: redact(event.data) }));
    return { stream: query.stream, version: events.at(-1)?.version ?? 0, result };
  }
}
