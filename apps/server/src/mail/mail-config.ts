/**
 * The mail settings, read from the environment once at boot with Superset's names (REFERENCE.md §4.3):
 * `SMTP_HOST` (none: deliveries go to the outbox), `SMTP_PORT` (25), `SMTP_USER`/`SMTP_PASSWORD`,
 * `SMTP_STARTTLS` (true: require STARTTLS), `SMTP_SSL` (TLS from the first byte, e.g. port 465),
 * `EMAIL_FROM`, `EMAIL_REPORTS_SUBJECT_PREFIX` ("[Report] "), `WEBHOOK_TIMEOUT_SECONDS` (60, Superset's
 * ALERT_REPORTS_WEBHOOK_TIMEOUT). Like config/load-config.ts, every problem is listed in one message.
 */
import { z } from 'zod';
import { ConfigError } from '../config/load-config';

export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  password?: string;
  starttls: boolean;
  ssl: boolean;
}

/** Every network step of a send is bounded, so a silent server cannot hold a run forever. */
export interface MailTimeouts {
  /** TCP connect. */
  connectionMs: number;
  /** The server's 220 greeting after connecting. */
  greetingMs: number;
  /** Any silence on the open socket (a command left unanswered). */
  socketMs: number;
  /** A webhook's whole POST, from connect to the last byte of the answer. */
  webhookMs: number;
}

export class MailConfig {
  constructor(
    /** null: no mail server, mails go to the outbox. */
    readonly smtp: SmtpSettings | null,
    readonly from: string,
    readonly subjectPrefix: string,
    readonly timeouts: MailTimeouts,
  ) {}
}

export const DEFAULT_MAIL_TIMEOUTS: MailTimeouts = {
  connectionMs: 30_000,
  greetingMs: 30_000,
  socketMs: 60_000,
  webhookMs: 60_000,
};

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());
const booleanVar = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(v), {
    message: 'must be true or false',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));
const seconds = z.coerce.number({ message: 'must be a number of seconds' }).positive('must be more than 0').max(3600);

const mailEnv = z.object({
  SMTP_HOST: optional(z.string()),
  SMTP_PORT: optional(z.coerce.number({ message: 'must be a port number' }).int().min(1).max(65535)),
  SMTP_USER: optional(z.string()),
  SMTP_PASSWORD: optional(z.string()),
  SMTP_STARTTLS: optional(booleanVar),
  SMTP_SSL: optional(booleanVar),
  EMAIL_FROM: optional(z.string()),
  // An empty prefix is a choice here ("no prefix"), so it is not read as unset.
  EMAIL_REPORTS_SUBJECT_PREFIX: z.string().optional(),
  SMTP_TIMEOUT_SECONDS: optional(seconds),
  WEBHOOK_TIMEOUT_SECONDS: optional(seconds),
});

export function loadMailConfig(env: NodeJS.ProcessEnv): MailConfig {
  const parsed = mailEnv.safeParse(env);
  if (!parsed.success)
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const v = parsed.data;
  if (v.SMTP_SSL && v.SMTP_STARTTLS)
    throw new ConfigError([
      'SMTP_SSL: SMTP_SSL and SMTP_STARTTLS exclude each other (TLS from the start, or upgraded)',
    ]);
  const smtp = v.SMTP_HOST
    ? {
        host: v.SMTP_HOST,
        port: v.SMTP_PORT ?? (v.SMTP_SSL ? 465 : 25),
        user: v.SMTP_USER,
        password: v.SMTP_PASSWORD,
        starttls: v.SMTP_STARTTLS ?? false,
        ssl: v.SMTP_SSL ?? false,
      }
    : null;
  const smtpMs = v.SMTP_TIMEOUT_SECONDS === undefined ? undefined : v.SMTP_TIMEOUT_SECONDS * 1000;
  return new MailConfig(smtp, v.EMAIL_FROM ?? 'strata@localhost', v.EMAIL_REPORTS_SUBJECT_PREFIX ?? '[Report] ', {
    connectionMs: smtpMs ?? DEFAULT_MAIL_TIMEOUTS.connectionMs,
    greetingMs: smtpMs ?? DEFAULT_MAIL_TIMEOUTS.greetingMs,
    socketMs: smtpMs ?? DEFAULT_MAIL_TIMEOUTS.socketMs,
    webhookMs: (v.WEBHOOK_TIMEOUT_SECONDS ?? 60) * 1000,
  });
}
