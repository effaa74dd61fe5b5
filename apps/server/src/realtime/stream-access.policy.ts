import { Injectable } from '@nestjs/common';
import { ErrorType, isAdmin } from '@strata/domain';
import type { CurrentUser } from '../auth/current-user';

/** Who may read the streams of one prefix (`dashboard` for `dashboard:12`). */
export interface StreamReadRule {
  prefix: string;
  canRead(user: CurrentUser, stream: string): boolean | Promise<boolean>;
  /** error_type of the refusal; default USER_ACTIVITY_SECURITY_ACCESS_ERROR. */
  errorType?: ErrorType;
}

export type ReadDecision = { allowed: true } | { allowed: false; errorType: ErrorType; message: string };

/** `dashboard:12` → `dashboard`; a name without a prefix has none. */
export function streamPrefix(stream: string): string | null {
  const at = stream.indexOf(':');
  return at > 0 ? stream.slice(0, at) : null;
}

/**
 * Decides socket subscriptions. Deny by default: a stream whose prefix no bounded context registered is
 * refused, so a new kind of stream is never readable by accident. Contexts register their rule at
 * startup (onModuleInit).
 */
@Injectable()
export class StreamAccessPolicy {
  private readonly rules = new Map<string, StreamReadRule>();

  constructor() {
    // A user's own stream (profile, roles, async notifications): that user, or an admin.
    this.register({ prefix: 'user', canRead: (user, stream) => isAdmin({ roles: user.roles }) || (user.via !== 'guest' && stream === `user:${user.id}`) });
  }

  register(rule: StreamReadRule): void {
    if (this.rules.has(rule.prefix)) throw new Error(`A read rule for ${rule.prefix}: streams is already registered`);
    this.rules.set(rule.prefix, rule);
  }

  async canRead(user: CurrentUser, stream: string): Promise<ReadDecision> {
    const prefix = streamPrefix(stream);
    const rule = prefix === null ? undefined : this.rules.get(prefix);
    if (!rule) {
      return { allowed: false, errorType: ErrorType.OBJECT_DOES_NOT_EXIST_ERROR, message: `There is no stream named ${stream}.` };
    }
    if (await rule.canRead(user, stream)) return { allowed: true };
    return {
      allowed: false,
      errorType: rule.errorType ?? ErrorType.USER_ACTIVITY_SECURITY_ACCESS_ERROR,
      message: `You do not have access to ${stream}.`,
    };
  }
}
