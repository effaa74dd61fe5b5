/**
 * Worker thread of a pglite-host process: ends the process when the server that started it is gone.
 *
 * PROBLEM: a host busy in a long statement (a user's `SELECT pg_sleep(3600)`) runs WASM on its main
 * thread, which then never sees its IPC channel close. When the server died without stopping it
 * (SIGKILL, out of memory, a Jest worker torn down), the host ran on at full CPU, for good.
 * SOLUTION: this worker has an event loop of its own. When the parent is gone (the process was adopted
 * by another one), it asks the main thread; a main thread that answers is already stopping cleanly on
 * its 'disconnect', one that does not is blocked in WASM and the process is killed at once.
 *
 * Started by pglite-host.ts from its own folder: imports nothing outside it (host-script.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';

export interface ParentWatchData {
  /** The server's pid: once process.ppid differs, the server is gone (a pid is never re-parented back). */
  parentPid: number;
}

export type ParentWatchMessage = 'parent-gone' | 'stopping';

/** How often the parent is checked: an orphan busy at full CPU lives about this long. */
const POLL_MS = 250;
/** How long a main thread that can still run JavaScript takes at most to answer. */
const ANSWER_MS = 2_000;
/** A clean stop (closing PGlite) that takes longer than this is cut short. */
const STOP_GRACE_MS = 10_000;

function killProcess(): void {
  process.kill(process.pid, 'SIGKILL');
}

function watch({ parentPid }: ParentWatchData): void {
  const poll = setInterval(() => {
    if (process.ppid === parentPid) return;
    clearInterval(poll);
    const unanswered = setTimeout(killProcess, ANSWER_MS);
    parentPort!.once('message', (message: ParentWatchMessage) => {
      if (message !== 'stopping') return;
      clearTimeout(unanswered);
      setTimeout(killProcess, STOP_GRACE_MS);
    });
    parentPort!.postMessage('parent-gone' satisfies ParentWatchMessage);
  }, POLL_MS);
}

if (parentPort) watch(workerData as ParentWatchData);
