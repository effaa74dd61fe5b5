/** Schedules, owners and counts for the scheduler's specs, written through the real commands. */
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { nextRuns, type ReportFields } from '@strata/domain';
import { DataSource } from 'typeorm';
import { UsersService } from '../../auth/users/users.service';
import { EventStore } from '../../event-store/event-store.port';
import { DecideReport } from '../../reports/decide-report';

/** An admin with an e-mail address: the alert's owner, who hears of its errors. */
export async function createOwner(app: INestApplication, username: string): Promise<number> {
  const user = await app
    .get(UsersService)
    .createUser(
      { username, password: `${username}-password-1`, email: `${username}@example.com`, roles: ['Admin'] },
      'system',
    );
  return user.id;
}

/** A database entry pointing at `url` (PostgreSQL), for alert SQL. */
export async function createDatabase(app: INestApplication, url: string): Promise<number> {
  const rows = (await app
    .get(DataSource)
    .query(`INSERT INTO databases (database_name, uri, expose_in_sqllab) VALUES ($1, $2, true) RETURNING id`, [
      `db-${Math.random().toString(36).slice(2)}`,
      url.replace(/^postgres:/, 'postgresql:'),
    ])) as { id: number }[];
  return rows[0]!.id;
}

/** Once a year (1 January, 09:00 UTC): real BullMQ never fires it while a test runs; the tests' clocks do. */
export const YEARLY = '0 9 1 1 *';
/** The instant a test's clock reads: 30 s after the yearly time that follows now. */
export const yearlyTimeAfterNow = () => nextRuns(YEARLY, 'UTC', new Date(), 1)[0]!;

export async function createAlert(
  app: INestApplication,
  owner: number,
  databaseId: number,
  over: Partial<ReportFields> = {},
): Promise<number> {
  const db = app.get(DataSource);
  const [{ id }] = (await db.query(`SELECT nextval('report_schedule_id_seq')::int AS id`)) as { id: number }[];
  await app.get(CommandBus).execute(
    new DecideReport(
      id,
      {
        type: 'CreateReport',
        data: {
          id,
          owner_id: owner,
          type: 'Alert',
          name: `Alert ${id}`,
          active: true,
          crontab: YEARLY,
          timezone: 'UTC',
          creation_method: 'alerts_reports',
          // Never read on these alerts' paths (they end before any content is made).
          chart_id: 999_999,
          report_format: 'PNG',
          recipients: [{ type: 'Email', to: ['ops@example.com'], cc: [], bcc: [] }],
          database_id: databaseId,
          sql: 'SELECT 1, 2',
          validator: { type: 'not null' },
          ...over,
        },
      },
      { actor: String(owner), undoable: false },
    ),
  );
  return id;
}

/** The types of the events on a schedule's stream, in order. */
export async function streamTypes(app: INestApplication, reportId: number): Promise<string[]> {
  return (await app.get(EventStore).readStream(`report:${reportId}`)).map((e) => e.type);
}

export const count = (types: string[], type: string) => types.filter((t) => t === type).length;

/** Polls until `check` holds (a bound for a loaded machine, not a wait for a duration). */
export async function until<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
