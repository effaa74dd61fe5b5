/**
 * What the audit and replay specs share (issue 13): reading the audit API as the admin, waiting until the
 * server has stored what a page sent, letting the example data finish loading, and stepping a replay.
 */
import type { Page } from 'playwright-core';
import type { Stage } from './stage';

export interface AuditRow {
  position: number;
  type: string;
  summary: string;
  batch_id: string | null;
  actor: { username: string | null };
  object: { type: string; id: number | string } | null;
  payload: unknown;
}
export interface AuditAnswer {
  count: number;
  result: AuditRow[];
}

/** The admin's read of the audit API (`q` in rison). */
export async function audit(stage: Stage, q: string): Promise<AuditAnswer> {
  const answer = await stage.api.call<AuditAnswer>(
    'GET',
    `/api/v1/audit/?q=${encodeURIComponent(q)}`,
    stage.adminToken,
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Polls the audit API until `q` matches an event (the server has stored what the page sent); its newest. */
export async function stored(stage: Stage, q: string, page: Page): Promise<AuditRow> {
  for (;;) {
    const found = await audit(stage, q);
    if (found.count > 0) return found.result[0]!;
    await page.waitForTimeout(200);
  }
}

/** The example data loads in the background after a start and writes its own events: let it finish first. */
export async function examplesLoaded(stage: Stage): Promise<void> {
  for (;;) {
    const answer = await stage.api.call<{ result: { state: string } }>(
      'GET',
      '/api/v1/examples/status',
      stage.adminToken,
    );
    if (answer.body.result.state !== 'loading') return;
    await new Promise((done) => setTimeout(done, 500));
  }
}

/**
 * The SQL in the editor of the replayed SQL Lab page, once the editor (loaded in its own chunk) is up;
 * null when the step shows no SQL Lab tab.
 */
export async function replayedSql(page: Page): Promise<string | null> {
  if ((await page.getByTestId('replay-sqllab').count()) === 0) return null;
  const found = await page.waitForFunction(() => {
    const host = document.querySelector('[data-testid="replay-sqllab"] [data-testid="sql-editor"]') as
      (Element & { env?: { editor?: { getValue(): string } } }) | null;
    return host?.env?.editor ? { sql: host.env.editor.getValue() } : null;
  });
  return ((await found.jsonValue()) as { sql: string }).sql;
}

/** Steps the replay on `page` forward until `shown` holds; fails at the last step, saying which steps it saw. */
export async function stepReplayUntil(page: Page, shown: () => Promise<boolean>, what: string): Promise<void> {
  const step = () => page.getByTestId('replay-step');
  const forward = () => page.getByRole('button', { name: 'Step forward' });
  const seen: string[] = [];
  while (!(await shown())) {
    const before = await step().innerText();
    const sql = await replayedSql(page);
    seen.push(`${before.replace(/\n/g, ' | ')}${sql === null ? '' : ` | SQL: ${sql}`}`);
    if (await forward().isDisabled()) throw new Error(`the last step came before ${what}:\n${seen.join('\n')}`);
    await forward().click();
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="replay-step"]')?.textContent !== text,
      before.replace(/\n/g, ''),
    );
  }
}
