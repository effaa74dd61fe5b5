/**
 * The executor's settings: where the links in a mail point (`WEBDRIVER_BASEURL_USER_FRIENDLY`, Superset's
 * name; default http://localhost:<PORT>), and how transient failures are retried (attempts and the waits
 * between them, `REPORT_RETRY_DELAYS_SECONDS`, default "5,30": three attempts). Read once at boot like
 * mail/mail-config.ts; tests override the provider (short waits).
 */
import { z } from 'zod';
import { ConfigError } from '../config/load-config';

export class ReportRunConfig {
  constructor(
    /** The server's address as recipients open it, no trailing slash. */
    readonly linkBaseUrl: string,
    /** The waits before the 2nd, 3rd... attempt of a transient failure (ms): attempts = length + 1. */
    readonly retryDelaysMs: readonly number[],
  ) {}
}

export const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000];

const runEnv = z.object({
  WEBDRIVER_BASEURL_USER_FRIENDLY: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^https?:\/\/[^\s/]+/i.test(v), { message: 'must be an http(s) URL' }),
  REPORT_RETRY_DELAYS_SECONDS: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || v.split(',').every((s) => /^\d+(\.\d+)?$/.test(s.trim()) && Number(s) <= 3600), {
      message: 'must be a comma-separated list of seconds (each at most 3600)',
    }),
});

export function loadRunConfig(env: NodeJS.ProcessEnv, port: number): ReportRunConfig {
  const parsed = runEnv.safeParse(env);
  if (!parsed.success)
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const base = parsed.data.WEBDRIVER_BASEURL_USER_FRIENDLY || `http://localhost:${port}`;
  const delays = parsed.data.REPORT_RETRY_DELAYS_SECONDS
    ? parsed.data.REPORT_RETRY_DELAYS_SECONDS.split(',').map((s) => Math.round(Number(s.trim()) * 1000))
    : DEFAULT_RETRY_DELAYS_MS;
  return new ReportRunConfig(base.replace(/\/+$/, ''), delays);
}
