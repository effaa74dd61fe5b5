/** `GET /api/v1/async_event/?last_id=` -> `{result: [events after last_id]}`: the user's own events only. */
import { Controller, Get } from '@nestjs/common';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import { ReqUser } from '../auth/guards/decorators';
import { ZodQuery } from '../common/zod-validation.pipe';
import { AsyncEventsService } from './async-events.service';

// Ids are bigserial numbers; Superset's Redis stream ids (`1607477697866-0`) are refused, not misread.
const querySchema = z.object({
  last_id: z
    .string()
    .regex(/^\d{1,18}$/, 'must be an event id')
    .optional(),
});

@Controller('api/v1/async_event')
export class AsyncEventsController {
  constructor(private readonly events: AsyncEventsService) {}

  @Get()
  async list(@ReqUser() user: CurrentUser, @ZodQuery(querySchema) query: z.output<typeof querySchema>) {
    return { result: await this.events.after(user.id, query.last_id ?? null) };
  }
}
