/**
 * Child process of the scheduler's multi-process specs: a server process's scheduler whose clock reads
 * `now`, on the given PostgreSQL.
 *
 * - report-timeout.int.spec.ts: ticks once (starting the runs owed then) and never exits by itself; the
 *   test kills it with SIGKILL while a run is in the middle of its alert query.
 * - report-scheduler.processes.int.spec.ts (options `{redisUrl, queuePrefix, smtpPort, loop: true}`): with
 *   REDIS_URL (BullMQ's worker runs the wake-ups), ticks again and again and writes `tick <n>` after each
 *   whole tick, so the test can wait until a process has ticked after a given moment (a signal, not a
 *   duration).
 *
 * Usage: node --require test/register-ts.cjs src/report-scheduler/testing/scheduler-child.ts <database url> <now ISO> [options JSON]
 */
import { startSchedulerApp } from './scheduler-app';

interface ChildOptions {
  redisUrl?: string;
  queuePrefix?: string;
  smtpPort?: number;
  loop?: boolean;
}

async function main(): Promise<void> {
  const [url, now, json] = process.argv.slice(2);
  if (!url || !now) throw new Error('usage: scheduler-child <database url> <now ISO> [options JSON]');
  const options = (json ? JSON.parse(json) : {}) as ChildOptions;
  const { clock } = await startSchedulerApp(url, {
    redisUrl: options.redisUrl,
    smtpPort: options.smtpPort,
    settings: { now: () => new Date(now), ...(options.queuePrefix ? { queuePrefix: options.queuePrefix } : {}) },
  });
  process.stdout.write('ready\n');
  if (!options.loop) {
    const { runs } = await clock.tick();
    process.stdout.write(`ran ${JSON.stringify(await runs)}\n`);
    return;
  }
  for (let n = 1; ; n++) {
    const { runs } = await clock.tick();
    await runs;
    process.stdout.write(`tick ${n}\n`);
    // The process's own cadence between ticks (the server's tickMs, shortened), not a test's wait.
    await new Promise((r) => setTimeout(r, 100));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
