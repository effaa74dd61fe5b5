import { Injectable } from '@nestjs/common';
import { ErrorType, isAdmin } from '@strata/domain';
import type { CurrentUser } from '../auth/current-user';
import type { CommittedBatch } from '../event-store/committed-events';

/** Who may read the streams of one prefix (`dashboard` for `dashboard:12`). */
export interface StreamReadRule {
  prefix: string;
  /** A question only: it is asked again whenever the user's rights may have changed. */
  canRead(user: CurrentUser, stream: string): boolean | Promise<boolean>;
  /** Runs once a subscription was allowed, before its catch-up is read (e.g. a draft opens itself). */
  prepare?(user: CurrentUser, stream: string): Promise<void>;
  /**
   * The streams of this prefix whose subscribers must be judged again because of these committed events
   * (e.g. a dashboard's owners changed). Changes to users and sessions are the gateway's own concern.
   */
  affectedBy?(batch: Pick<CommittedBatch, 'stream' | 'events'>): string[];
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
    this.register({
      prefix: 'user',
      canRead: (user, stream) =>
        isAdmin({ roles: user.roles }) || (user.via !== 'guest' && stream === `user:${user.id}`),
    });
  }

  register(rule: StreamReadRule): void {
    if (this.rules.has(rule.prefix)) throw new Error(`A read rule for ${rule.prefix}: streams is already registered`);
    this.rules.set(rule.prefix, rule);
  }

  async canRead(user: CurrentUser, stream: string): Promise<ReadDecision> {
    const rule = this.ruleOf(stream);
    if (!rule) {
      return {
        allowed: false,
        errorType: ErrorType.OBJECT_DOES_NOT_EXIST_ERROR,
        message: `There is no stream named ${stream}.`,
      };
    }
    if (await rule.canRead(user, stream)) return { allowed: true };
    return {
      allowed: false,
      errorType: rule.errorType ?? ErrorType.USER_ACTIVITY_SECURITY_ACCESS_ERROR,
      message: `You do not have access to ${stream}.`,
    };
  }

  /** After canRead allowed it: whatever the stream's context does when someone subscribes. */
  async prepare(user: CurrentUser, stream: string): Promise<void> {
    await this.ruleOf(stream)?.prepare?.(user, stream);
  }

  /** Every stream whose subscribers these committed events may have taken the access from. */
  streamsAffectedBy(batch: Pick<CommittedBatch, 'stream' | 'events'>): string[] {
    return [...this.rules.values()].flatMap((rule) => rule.affectedBy?.(batch) ?? []);
  }

  private ruleOf(stream: string): StreamReadRule | undefined {
    const prefix = streamPrefix(stream);
    return prefix === null ? undefined : this.rules.get(prefix);
  }
}
