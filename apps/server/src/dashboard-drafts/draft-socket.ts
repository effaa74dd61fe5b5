/**
 * The edit session over socket.io: who may follow a draft stream (StreamAccessPolicy) and its commands
 * (CommandRouter, which sends them through the CommandBus). Subscribing opens the draft if nobody has,
 * so the first editor's catch-up already holds the saved layout (`dashboard/draftStarted`).
 */
import { Injectable } from '@nestjs/common';
import { CLIENT_DRAFT_COMMAND_TYPES, dashboardIdOfDraftStream, DRAFT_STREAM_PREFIX, ErrorType } from '@strata/domain';
import type { CurrentUser } from '../auth/current-user';
import { CommandRouter } from '../realtime/command-router';
import { StreamAccessPolicy } from '../realtime/stream-access.policy';
import { DraftAccess } from './draft-access';
import { HISTORY_COMMANDS } from './draft-history';
import { DraftService } from './draft.service';

const PREFIX = DRAFT_STREAM_PREFIX.slice(0, -1); // 'dashboard-draft'

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
      canRead: async (user, stream) => {
        const id = dashboardIdOfDraftStream(stream);
        if (id === null || !(await this.access.isEditor(id, user))) return false;
        await this.drafts.ensureStarted(id, user);
        return true;
      },
    });
    router.register({
      prefix: PREFIX,
      commands: [...CLIENT_DRAFT_COMMAND_TYPES, ...HISTORY_COMMANDS],
      authorize: (user: CurrentUser, stream: string) => {
        const id = dashboardIdOfDraftStream(stream);
        return id !== null && this.access.isEditor(id, user);
      },
      toCommand: (user, stream, command, meta) => this.drafts.toCommand(dashboardIdOfDraftStream(stream)!, user, command, meta),
    });
  }
}
