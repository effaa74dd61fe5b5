import { fork } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { openTestStore } from '../../test/event-store/store-fixture';

const hook = path.join(__dirname, '../../test/register-ts.cjs');
const script = path.join(__dirname, '../../test/event-store/append-loop.ts');

let s: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => {
  s = await openTestStore('crash');
});
afterAll(async () => s.close());

/** Runs the append loop in a child process, kills it with SIGKILL after `acks` acknowledgements, and returns every one it gave. */
async function appendThenKill(stream: string, acks: number): Promise<number[]> {
  const child = fork(script, [s.db.url, stream], {
    execArgv: ['--require', hook],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const acked: number[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  // Read to the end of the child's output: acks it wrote before the kill landed (still in the pipe when
  // the kill was sent) count too, or a fast child's next commits would look unacknowledged.
  for await (const line of createInterface({ input: child.stdout! })) {
    const match = /^acked (\d+)$/.exec(line);
    if (match) acked.push(Number(match[1]));
    if (acked.length === acks) child.kill('SIGKILL'); // mid-append: the next batch is usually in flight
  }
  expect({ signal: await exited, stderr }).toEqual({ signal: 'SIGKILL', stderr: '' });
  return acked;
}

it('keeps every acknowledged event, with no gaps and no partial batch, when the appender is killed', async () => {
  for (const [round, acks] of [5, 23, 41].entries()) {
    const stream = `crash:${round}`;
    const acked = await appendThenKill(stream, acks);
    expect(acked.length).toBeGreaterThanOrEqual(acks);

    const events = await s.store.readStream(stream);
    const versions = events.map((e) => e.version);
    expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => i + 1));
    // Every acknowledged version is there; at most the one batch in flight committed without its ack.
    expect(versions.length).toBeGreaterThanOrEqual(acked.at(-1)!);
    expect(versions.length).toBeLessThanOrEqual(acked.at(-1)! + 3);
    expect(versions.length % 3).toBe(0);
    expect(events.map((e) => (e.data as { n: number }).n)).toEqual(versions);
  }
});
