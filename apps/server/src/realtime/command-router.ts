import { Injectable, Logger } from '@nestjs/common';
import { CommandBus, type Command } from '@nestjs/cqrs';
import { DomainError, type AckMessage, type ClientMessage } from '@strata/events';
import type { CurrentUser } from '../auth/current-user';
import { VersionConflictError, type AppendResult } from '../event-store/event-store.port';
import type { DecisionMeta } from '../event-store/load-decide-append';
import { streamPrefix } from './stream-access.policy';

type CommandMessage = Extract<ClientMessage, { type: 'command' }>;

/** Everything a handler needs to append on the user's behalf; put it on the bus command as is. */
export type CommandMeta = DecisionMeta & {
  actor: string;
  batchId: string;
  clientSeq: number;
  commandId: string;
  sessionId: string;
};

/**
 * A bounded context's commands over the socket, for the streams of one prefix. `toCommand` turns the
 * wire command into the context's @nestjs/cqrs command (e.g. `new DecideDashboardDraft(...)`), which the
 * router sends through the CommandBus to its `@CommandHandler` (load, decide, append with DecisionRunner).
 * A DomainError (from `toCommand` or the handler) becomes `rejected: invalid` with its message, a
 * VersionConflictError `rejected: conflict`.
 */
export interface CommandRoute {
  prefix: string;
  /** Command types accepted; anything else is answered `unknown_command`. */
  commands: readonly string[];
  authorize(user: CurrentUser, stream: string): boolean | Promise<boolean>;
  toCommand(
    user: CurrentUser,
    stream: string,
    command: { type: string; data: unknown },
    meta: CommandMeta,
  ): Command<AppendResult> | Promise<Command<AppendResult>>;
}

/** Thrown by a handler that finds, deeper in, that it does not know this command after all. */
export class UnknownCommandError extends Error {
  constructor(type: string) {
    super(`Unknown command '${type}'.`);
    this.name = 'UnknownCommandError';
  }
}

/** Dispatches socket `command` messages to the route of their stream's prefix and answers an ack. */
@Injectable()
export class CommandRouter {
  private readonly logger = new Logger(CommandRouter.name);
  private readonly routes = new Map<string, CommandRoute>();

  constructor(private readonly commands: CommandBus) {}

  register(route: CommandRoute): void {
    if (this.routes.has(route.prefix)) throw new Error(`Commands for ${route.prefix}: streams are already routed`);
    this.routes.set(route.prefix, route);
  }

  async dispatch(user: CurrentUser, sessionId: string, message: CommandMessage): Promise<AckMessage> {
    const { stream, clientSeq, commandId, command } = message;
    const rejected = (reason: Extract<AckMessage, { result: 'rejected' }>['reason'], text: string): AckMessage => ({
      type: 'ack',
      clientSeq,
      commandId,
      result: 'rejected',
      reason,
      message: text,
    });
    const prefix = streamPrefix(stream);
    const route = prefix === null ? undefined : this.routes.get(prefix);
    if (!route || !route.commands.includes(command.type))
      return rejected('unknown_command', `Unknown command '${command.type}' for ${stream}.`);
    const meta: CommandMeta = { actor: String(user.id), batchId: message.batchId, clientSeq, commandId, sessionId };
    if (message.expectedVersion !== undefined) meta.expectedVersion = message.expectedVersion;
    // Every path answers an ack: a client waits for one per command.
    try {
      if (!(await route.authorize(user, stream))) return rejected('forbidden', `You may not change ${stream}.`);
      // The bus hands back the handler's own promise: its errors reach the catch below unwrapped.
      const result = await this.commands.execute(await route.toCommand(user, stream, command, meta));
      return { type: 'ack', clientSeq, commandId, result: 'committed', version: result.version };
    } catch (error) {
      if (error instanceof VersionConflictError) return rejected('conflict', error.message);
      if (error instanceof DomainError) return rejected('invalid', error.message);
      if (error instanceof UnknownCommandError) return rejected('unknown_command', error.message);
      // Not the user's fault and nothing was appended; the ack tells the client its batch was dropped.
      this.logger.error(
        `command ${command.type} on ${stream} failed: ${error instanceof Error ? error.stack : String(error)}`,
      );
      return rejected('invalid', 'The server could not apply this change. Nothing was saved; try again.');
    }
  }
}
