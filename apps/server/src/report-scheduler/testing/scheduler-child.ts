/**
 * Child process of report-timeout.int.spec.ts: a server process's scheduler whose clock reads `now`,
 * which ticks once (starting the runs owed then) and never exits by itself; the test kills it with SIGKILL
 * while a run is in the middle of its alert query.
 *
 * Usage: node --require test/register-ts.cjs src/report-scheduler/testing/scheduler-child.ts <database url> <now ISO>
 */
import { startSchedulerApp } from './scheduler-app';

async function main(): Promise<void> {
  const [url, now] = process.argv.slice(2);
  if (!url || !now) throw new Error('usage: scheduler-child <database url> <now ISO>');
  const { clock } = await startSchedulerApp(url, { settings: { now: () => new Date(now) } });
  process.stdout.write('ready\n');
  const { runs } = await clock.tick();
  process.stdout.write(`ran ${JSON.stringify(await runs)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
