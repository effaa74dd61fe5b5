/**
 * `POST /strata/log/?explode=events[&dashboard_id=|&slice_id=]`: the client's batched user log
 * (sqllab-and-platform §7), validated with the domain's schema and recorded by the LogUserEvents command
 * (userLogDecider): one `platform/userEventLogged` per logged entry (what explode=events means: each entry
 * is its own record, queryable and foldable on its own), all entries of a request appended as ONE batch
 * on `userlog:<userId>`, so the batch id still says which entries arrived together. CSRF-exempt like Superset's /log/ (a beacon cannot set headers);
 * authenticated by the session cookie, a bearer token, or a guest token (X-GuestToken header or body).
 */
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ErrorType,
  USER_LOG_MAX_EVENTS_PER_REQUEST,
  userLogBodySchema,
  userLogQuerySchema,
  type UserLogGuest,
  type UserLogQuery,
} from '@strata/domain';
import { Authenticator, type CurrentUser } from '../auth/current-user';
import { CsrfExempt, Public } from '../auth/guards/decorators';
import { httpError, unauthorized } from '../auth/http-error';
import type { HttpRequest } from '../auth/http-request';
import { ZodQuery, ZodValidationPipe } from '../common/zod-validation.pipe';
import { LogUserEvents } from './log-user-events';
import { MAX_USER_LOG_BODY_BYTES, type UserLogBodyRequest } from './userlog-body';

const tooLarge = (message: string) => httpError(413, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, message);
const TOO_MANY = `Too many events in one request: at most ${USER_LOG_MAX_EVENTS_PER_REQUEST}.`;
const bodyPipe = new ZodValidationPipe(userLogBodySchema);

/** The body as an object, whichever way it arrived (parsed JSON, or raw text holding JSON or a form). */
function bodyObject(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  const text = body.trim();
  if (!text.startsWith('{')) return Object.fromEntries(new URLSearchParams(text)); // events=<json>&guest_token=...
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw httpError(400, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, 'The request body is not valid JSON.');
  }
}

/** Embedded guests have no user id here: they share one stream, and the actor names them. */
const logOwnerOf = (user: CurrentUser) => (user.via === 'guest' ? 'guest' : user.id);
const actorOf = (user: CurrentUser) => (user.via === 'guest' ? `guest:${user.username}` : String(user.id));
/** Who the guest token says the guest is, for the audit view: its claims, never the token. */
const guestUserOf = (user: CurrentUser): UserLogGuest | undefined =>
  user.guest === undefined
    ? undefined
    : { username: user.guest.user.username, dashboard_ids: user.guest.resources.map((r) => String(r.id)) };

@Controller('strata/log')
export class UserLogController {
  constructor(
    private readonly commands: CommandBus,
    private readonly authenticator: Authenticator,
  ) {}

  @Post()
  @Public()
  @CsrfExempt()
  @HttpCode(200)
  async log(
    @Req() req: HttpRequest & UserLogBodyRequest,
    @Body() body: unknown,
    @ZodQuery(userLogQuerySchema) params: UserLogQuery,
  ) {
    if (req.userLogBodyTooLarge)
      throw tooLarge(`The log batch is larger than ${MAX_USER_LOG_BODY_BYTES / 1024 / 1024} MB.`);
    const raw = bodyObject(body);
    // Counted before validating, so an oversized batch is refused without walking every entry.
    const events = (raw as { events?: unknown } | null | undefined)?.events;
    if (Array.isArray(events) && events.length > USER_LOG_MAX_EVENTS_PER_REQUEST) throw tooLarge(TOO_MANY);
    const input = bodyPipe.transform(raw, { type: 'body' });

    const user =
      req.strataUser ??
      (input.guest_token ? await this.authenticator.authenticate({ guestToken: input.guest_token }) : null);
    if (!user) throw unauthorized();

    const guest = user.via === 'guest'; // however the guest token came (header or body)
    const { events: logged } = await this.commands.execute(
      new LogUserEvents(
        logOwnerOf(user),
        { type: 'LogUserEvents', body: input, query: params, guest, guestUser: guestUserOf(user) },
        { actor: actorOf(user), sessionId: user.sessionId, undoable: false },
      ),
    );
    return { result: { logged: logged.length } };
  }
}
