/**
 * The outbox's tables (migrations/): a mail is written in the transaction that appends its
 * `report/mailOutboxed` event (outbox-mail.ts), so there is never a stored mail the log does not know
 * of, nor the reverse. Reading: admins see every mail; others the mails of schedules they created or own
 * (Superset's ReportScheduleFilter, as reports.service.ts reads schedules). A mail of a deleted schedule
 * is an admin's to read.
 */
import { Injectable } from '@nestjs/common';
import { isAdmin } from '@strata/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import type { CurrentUser } from '../auth/current-user';
import type { MailMessage } from './mail-message';

export const outboxQuery = z.object({
  page: z.number().int().min(0).default(0),
  page_size: z.number().int().min(1).max(200).default(25),
});
export type OutboxQuery = z.output<typeof outboxQuery>;

export interface StoredMail {
  deliveryId: string;
  reportId: number;
  runId: string | null;
  at: string;
  from: string;
  message: MailMessage;
}

interface MailRow {
  delivery_id: string;
  report_id: number;
  report_name: string | null;
  run_id: string | null;
  created_on: Date;
  mail_from: string;
  mail_to: string[];
  mail_cc: string[];
  mail_bcc: string[];
  subject: string;
  html?: string;
  attachments: { n: number; filename: string; content_type: string; cid: string | null; size: number }[];
}

/** Who may read which rows: `$1` the user, `$2` whether they are an admin. */
const VISIBLE = `($2::boolean OR s.created_by = $1 OR $1 = ANY (s.owners))`;
const ATTACHMENTS = `COALESCE((SELECT json_agg(json_build_object('n', a.n, 'filename', a.filename,
  'content_type', a.content_type, 'cid', a.cid, 'size', octet_length(a.content)) ORDER BY a.n)
  FROM report_mail_outbox_attachment a WHERE a.delivery_id = m.delivery_id), '[]'::json) AS attachments`;

const json = (row: MailRow) => ({
  id: row.delivery_id,
  report_id: row.report_id,
  report_name: row.report_name,
  run_id: row.run_id,
  created_on: row.created_on.toISOString(),
  from: row.mail_from,
  to: row.mail_to,
  cc: row.mail_cc,
  bcc: row.mail_bcc,
  subject: row.subject,
  ...(row.html !== undefined ? { html: row.html } : {}),
  attachments: row.attachments.map((a) => ({ ...a, inline: a.cid !== null })),
});

@Injectable()
export class OutboxStore {
  constructor(private readonly db: DataSource) {}

  /** Inside the append's transaction. */
  async insert(tx: EntityManager, mail: StoredMail): Promise<void> {
    const { message: m } = mail;
    await tx.query(
      `INSERT INTO report_mail_outbox (delivery_id, report_id, run_id, created_on, mail_from, mail_to, mail_cc,
         mail_bcc, subject, html) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [mail.deliveryId, mail.reportId, mail.runId, mail.at, mail.from, m.to, m.cc, m.bcc, m.subject, m.html],
    );
    for (const [n, a] of m.attachments.entries())
      await tx.query(
        `INSERT INTO report_mail_outbox_attachment (delivery_id, n, filename, content_type, cid, content)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [mail.deliveryId, n, a.filename, a.contentType, a.cid ?? null, a.content],
      );
  }

  async list(q: OutboxQuery, user: CurrentUser) {
    const params = [user.id, isAdmin(user)];
    const from = `FROM report_mail_outbox m LEFT JOIN report_schedule s ON s.id = m.report_id WHERE ${VISIBLE}`;
    const [{ count }] = (await this.db.query(`SELECT count(*)::int AS count ${from}`, params)) as { count: number }[];
    const rows = (await this.db.query(
      `SELECT m.delivery_id, m.report_id, s.name AS report_name, m.run_id, m.created_on, m.mail_from, m.mail_to,
         m.mail_cc, m.mail_bcc, m.subject, ${ATTACHMENTS}
       ${from} ORDER BY m.created_on DESC, m.delivery_id LIMIT $3 OFFSET $4`,
      [...params, q.page_size, q.page * q.page_size],
    )) as MailRow[];
    return { count, ids: rows.map((r) => r.delivery_id), result: rows.map(json) };
  }

  /** The whole mail, HTML included, or null when it is not there or not the user's to see. */
  async get(deliveryId: string, user: CurrentUser) {
    const [row] = (await this.db.query(
      `SELECT m.delivery_id, m.report_id, s.name AS report_name, m.run_id, m.created_on, m.mail_from, m.mail_to,
         m.mail_cc, m.mail_bcc, m.subject, m.html, ${ATTACHMENTS}
       FROM report_mail_outbox m LEFT JOIN report_schedule s ON s.id = m.report_id
       WHERE m.delivery_id = $3 AND ${VISIBLE}`,
      [user.id, isAdmin(user), deliveryId],
    )) as MailRow[];
    return row ? json(row) : null;
  }

  async attachment(deliveryId: string, n: number, user: CurrentUser) {
    const [row] = (await this.db.query(
      `SELECT a.filename, a.content_type, a.content
       FROM report_mail_outbox_attachment a JOIN report_mail_outbox m ON m.delivery_id = a.delivery_id
       LEFT JOIN report_schedule s ON s.id = m.report_id
       WHERE a.delivery_id = $3 AND a.n = $4 AND ${VISIBLE}`,
      [user.id, isAdmin(user), deliveryId, n],
    )) as { filename: string; content_type: string; content: Buffer }[];
    return row ?? null;
  }
}
