import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The outbox (no `SMTP_HOST`): each mail that would have been sent, keyed by its delivery id, the id the
 * stream's `report/mailOutboxed` event names. Not a read model: the message bytes are not in the log
 * (binary data is no event payload), so a rebuild neither empties nor refills these tables.
 */
export class ReportMailOutbox1797001850000 implements MigrationInterface {
  name = 'ReportMailOutbox1797001850000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE report_mail_outbox (
        delivery_id uuid PRIMARY KEY,
        report_id integer NOT NULL,
        run_id text,
        created_on timestamptz NOT NULL,
        mail_from text NOT NULL,
        mail_to text[] NOT NULL,
        mail_cc text[] NOT NULL,
        mail_bcc text[] NOT NULL,
        subject text NOT NULL,
        html text NOT NULL
      )`);
    await q.query(`CREATE INDEX report_mail_outbox_report ON report_mail_outbox (report_id)`);
    await q.query(`CREATE INDEX report_mail_outbox_created ON report_mail_outbox (created_on DESC, delivery_id)`);
    await q.query(`
      CREATE TABLE report_mail_outbox_attachment (
        delivery_id uuid NOT NULL REFERENCES report_mail_outbox (delivery_id) ON DELETE CASCADE,
        n integer NOT NULL,
        filename text NOT NULL,
        content_type text NOT NULL,
        cid text,
        content bytea NOT NULL,
        PRIMARY KEY (delivery_id, n)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE report_mail_outbox_attachment`);
    await q.query(`DROP TABLE report_mail_outbox`);
  }
}
