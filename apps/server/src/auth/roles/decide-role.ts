/**
 * Every change to a custom role (`role:<id>`) as one command on the Nest CommandBus. Users hold roles by
 * name, so a delete or a rename is decided again with how many users hold the role, counted in the
 * append's transaction (before it commits): a held role is neither deleted nor renamed (422 role_in_use),
 * nor one a dashboard's or database's role setting names (the reason lists them).
 */
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { roleDecider, roleStream, type RoleCommand, type RoleEvent, type RoleState } from '@strata/domain';
import type { AppendResult } from '../../event-store/event-store.port';
import { DecideOn } from '../../event-store/decide-command';
import { DecisionRunner } from '../../event-store/load-decide-append';
import { holdersOf, objectsNaming } from './role-holders';

export class DecideRole extends DecideOn<number, RoleCommand> {}

@CommandHandler(DecideRole)
export class DecideRoleHandler implements ICommandHandler<DecideRole> {
  constructor(private readonly runner: DecisionRunner) {}

  execute({ id, command, meta }: DecideRole): Promise<AppendResult> {
    let decided: RoleEvent[] = [];
    let before: RoleState = roleDecider.initialState();
    return this.runner.decideWith(
      roleStream(id),
      roleDecider,
      ({ state }) => {
        before = state;
        decided = roleDecider.decide(command, state, {});
        return decided;
      },
      meta,
      {
        alongside: async (tx) => {
          if (!decided.some((e) => e.type === 'security/roleDeleted' || e.type === 'security/roleRenamed')) return;
          const n = await holdersOf(tx, before.name);
          const namedBy = await objectsNaming(tx, before.name);
          // The decider's own rule, with what only this transaction can give: it throws role_in_use.
          roleDecider.decide(command, before, { holders: n, namedBy });
        },
      },
    );
  }
}
