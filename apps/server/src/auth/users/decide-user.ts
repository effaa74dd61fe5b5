/**
 * Every change to a user account (`user:<id>`), creation included, as one command on the Nest CommandBus.
 * What must commit with the events but never enter the log (the password hash, ending sessions, the
 * "another active admin remains" check that spans users) rides along in the append's transaction: the
 * caller passes it as `beside`, which also gets the state the command was decided against.
 */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { userDecider, userStream, type UserCommand, type UserEvent, type UserState } from '@strata/domain';
import type { EntityManager } from 'typeorm';
import type { AppendResult } from '../../event-store/event-store.port';
import { DecideOn } from '../../event-store/decide-command';
import { DecisionRunner, type DecisionMeta } from '../../event-store/load-decide-append';
import { givenRolesExist } from '../roles/role-holders';
import { RolesService } from '../roles/roles.service';

export type BesideUserEvents = (tx: EntityManager, before: UserState, events: UserEvent[]) => Promise<void>;

export class DecideUser extends DecideOn<number, UserCommand> {
  constructor(
    id: number,
    command: UserCommand,
    meta: DecisionMeta,
    readonly beside?: BesideUserEvents,
  ) {
    super(id, command, meta);
  }
}

/**
 * The roles that exist (built-in and custom, read now) and the acting user, when a user acts (meta.actor
 * is a user id or 'system'): nobody deactivates or deletes themselves.
 */
const contextOf = (meta: DecisionMeta, knownRoles: readonly string[]) => ({
  knownRoles,
  actorId: /^\d+$/.test(String(meta.actor)) ? Number(meta.actor) : undefined,
});

@CommandHandler(DecideUser)
export class DecideUserHandler implements ICommandHandler<DecideUser> {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly roles: RolesService,
  ) {}

  async execute({ id, command, meta, beside }: DecideUser): Promise<AppendResult> {
    let before = userDecider.initialState();
    let decided: UserEvent[] = [];
    const context = contextOf(meta, await this.roles.names());
    return this.runner.decideWith(
      userStream(id),
      userDecider,
      ({ state }) => {
        before = state;
        decided = userDecider.decide(command, state, context);
        return decided;
      },
      meta,
      {
        alongside: async (tx) => {
          // A custom role given here may have been deleted since it was read for `knownRoles`.
          await givenRolesExist(tx, decided);
          if (beside) await beside(tx, before, decided);
        },
      },
    );
  }
}
