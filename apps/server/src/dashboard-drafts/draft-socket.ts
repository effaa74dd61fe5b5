/**
 * The edit session over socket.io: who may follow a draft stream (StreamAccessPolicy) and its commands
 * (CommandRouter, which sends them through the CommandBus). Subscribing opens the draft if nobody has,
 * so the first editor's catch-up already holds the saved layout (`dashboard/draftStarted`). A change of
 * the dashboard's owners makes the gateway judge its editors' subscriptions again.
 */
import { Injectable } from '@nestjs/common';
import {
  CLIENT_DRAFT_COMMAND_TYPES,
  dashboardIdOfDraftStream,
  DRAFT_STREAM_PREFIX,
  ErrorType,
  type SavedDashboardEvent,
} from '@strata/domain';
import { DomainError } from '@strata/events';
import type { CurrentUser } from '../auth/current-user';
import { CommandRouter } from '../realtime/command-router';
import { StreamAccessPolicy } from '../realtime/stream-access.policy';
import { DraftAccess } from './draft-access';
import { HISTORY_COMMANDS } from './draft-history';
import { DraftService } from './draft.service';

const PREFIX = DRAFT_STREAM_PREFIX.slice(0, -1); // 'dashboard-draft'
/** The dashboard facts that can change who owns it. */
const OWNERSHIP_EVENTS: ReadonlySet<string> = new Set<SavedDashboardEvent['type']>([
  'dashboard/ownersChanged',
  'dashboard/dashboardDeleted',
]);

@Injectable()
export class DraftSocket {
  constructor(
    private readonly access: DraftAccess,
    private readonly drafts: DraftService,
  ) {}

  register(policy: StreamAccessPolicy, router: CommandRouter): void {
    policy.register({
      prefix: PREFIX,
      errorType: ErrorType.DASHBOARD_SECURITY_ACCESS_ERROR,
      canRead: (user, stream) => {
        const id = dashboardIdOfDraftStream(stream);
        return id !== null && this.access.isEditor(id, user);
      },
      prepare: (user, stream) => this.drafts.ensureStarted(dashboardIdOfDraftStream(stream)!, user),
      // Editing needs ownership: when a dashboard's owners change (or it goes), its editors are judged again.
      affectedBy: ({ stream, events }) => {
        const id = /^dashboard:(\d+)$/.exec(stream)?.[1];
        return id !== undefined && events.some((e) => OWNERSHIP_EVENTS.has(e.type)) ? [`${PREFIX}:${id}`] : [];
      },
    });
    router.register({
      prefix: PREFIX,
      commands: [...CLIENT_DRAFT_COMMAND_TYPES, ...HISTORY_COMMANDS],
      authorize: (user: CurrentUser, stream: string) => {
        const id = dashboardIdOfDraftStream(stream);
        return id !== null && this.access.isEditor(id, user);
      },
      toCommand: async (user, stream, command, meta) => {
        const id = dashboardIdOfDraftStream(stream)!;
        // Everyone's draft is dropped by an owner (or admin) only; an editor's own changes by themself.
        if (command.type === 'DiscardDraft' && !(await this.access.isOwnerOrAdmin(id, user)))
          throw new DomainError('forbidden', "Only the dashboard's owners can discard everyone's changes.");
        return this.drafts.toCommand(id, user, command, meta);
      },
    });
  }
}
