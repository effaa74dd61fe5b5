/**
 * A delivery that did not go out, and whether trying again later may help: the executor retries a
 * transient failure with back-off and ends the run as Error on a permanent one.
 *
 * SMTP (RFC 5321 §4.2.1): 4xx replies are transient ("451 try again later"), 5xx permanent ("550 no such
 * mailbox"); no reply at all (refused, reset, timed out, DNS) is transient. Webhooks follow Superset:
 * 5xx, 429 and network failures transient; other non-2xx answers permanent.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    /** The SMTP reply code or the HTTP status, when the other side answered. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** The fields nodemailer sets on the errors it rejects a send with. */
interface NodemailerError {
  message?: string;
  code?: string;
  responseCode?: number;
}

/** A nodemailer rejection as a DeliveryError. */
export function smtpDeliveryError(error: unknown): DeliveryError {
  const e = (error ?? {}) as NodemailerError;
  const message = `SMTP: ${e.message ?? String(error)}`;
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (code !== null) return new DeliveryError(message, code >= 400 && code < 500, code);
  // No reply code: the server was not reached or went silent (ETIMEDOUT, ECONNECTION, ESOCKET, EDNS...).
  // A refused login or a bad message is not fixed by waiting.
  const permanent = e.code === 'EAUTH' || e.code === 'EMESSAGE' || e.code === 'EENVELOPE' || e.code === 'ETLS';
  return new DeliveryError(message, !permanent);
}
