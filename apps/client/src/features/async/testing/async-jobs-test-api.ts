/**
 * GLOBAL_ASYNC_QUERIES for the in-process test APIs (explore, dashboard): with `control.on`, a chart data
 * request answers 202 with a job (REFERENCE §5 shape); after `jobMs` the answer it would have given is
 * stored and an async event published (done with result_url, or error with the answer's errors), served
 * by GET /api/v1/async_event/?last_id= and pushed to `onAsyncEvent` (a test's socket server).
 */
type Answer = { status: number; body?: unknown };

export function asyncJobsTestApi() {
  const events: Record<string, unknown>[] = [];
  const results = new Map<string, unknown>();
  const polls: (string | null)[] = [];
  const resultFetches: string[] = [];
  const control = {
    on: false,
    jobMs: 100,
    /** Hides events from polling: they can only come through the socket. */
    pushOnly: false,
    onAsyncEvent: (_event: Record<string, unknown>) => undefined as void,
  };
  let jobs = 0;

  function publish(event: Record<string, unknown>) {
    const stored = {
      id: String(events.length + 1),
      channel_id: 'user:1',
      user_id: '1',
      errors: [],
      result_url: null,
      ...event,
    };
    events.push(stored);
    control.onAsyncEvent(stored);
  }

  /** The 202 for a job whose answer `compute` gives once the job has run. */
  function submit(compute: () => Answer): Answer {
    jobs += 1;
    const jobId = `00000000-0000-0000-0000-${String(jobs).padStart(12, '0')}`;
    setTimeout(() => {
      const answer = compute();
      const body = answer.body as { result?: unknown; errors?: { message: string; error_type: string }[] } | undefined;
      if (answer.status === 200) {
        results.set(jobId, body);
        publish({ job_id: jobId, status: 'done', result_url: `/api/v1/chart/data/${jobId}` });
      } else {
        publish({
          job_id: jobId,
          status: 'error',
          errors: (body?.errors ?? []).map((e) => ({ message: e.message, error_type: e.error_type })),
        });
      }
    }, control.jobMs);
    return {
      status: 202,
      body: { channel_id: 'user:1', job_id: jobId, user_id: '1', status: 'pending', errors: [], result_url: null },
    };
  }

  /** The job routes: the event list and the results; undefined for any other request. */
  function handle(method: string, url: URL): Answer | undefined {
    if (url.pathname === '/api/v1/async_event/' && method === 'GET') {
      const lastId = url.searchParams.get('last_id');
      polls.push(lastId);
      return {
        status: 200,
        body: { result: control.pushOnly ? [] : events.filter((e) => Number(e['id']) > Number(lastId ?? 0)) },
      };
    }
    const result = /^\/api\/v1\/chart\/data\/([0-9a-f-]{36})$/.exec(url.pathname);
    if (result && method === 'GET') {
      resultFetches.push(result[1]!);
      const stored = results.get(result[1]!);
      const message = 'Data could not be retrieved. You need to re-run the original query.';
      return stored
        ? { status: 200, body: stored }
        : {
            status: 410,
            body: { message, errors: [{ message, error_type: 'RESULTS_BACKEND_ERROR', level: 'error' }] },
          };
    }
    return undefined;
  }

  return { control, events, polls, resultFetches, submit, handle };
}
