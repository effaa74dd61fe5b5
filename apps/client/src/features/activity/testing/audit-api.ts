import rison from 'rison';
import type { AuditRowView, HistoryRowView } from '@strata/domain';
import type { RecordedRequest } from '../../../testing/test-server';

/** bob renamed the chart 'Sales' to 'Revenue' (position 12), undone later; alice created a dashboard. */
export const ROWS: AuditRowView[] = [
  {
    position: 12,
    time: '2026-03-01T10:00:00.000Z',
    actor: { id: 2, username: 'bob' },
    object: { type: 'chart', id: 3, name: 'Sales' },
    type: 'chart/chartRenamed',
    summary: "bob renamed the chart 'Sales' to 'Revenue'",
    payload: { slice_name: 'Revenue' },
    batch_id: 'batch-12',
    undone: true,
  },
  {
    position: 5,
    time: '2026-03-01T09:00:00.000Z',
    actor: { id: 1, username: 'alice' },
    object: { type: 'dashboard', id: 7, name: 'Flights' },
    type: 'dashboard/dashboardCreated',
    summary: "alice created the dashboard 'Flights'",
    payload: { dashboard_title: 'Flights' },
    batch_id: 'batch-5',
    undone: false,
  },
];

export const HISTORY: HistoryRowView[] = [
  {
    batch_id: 'batch-12',
    position: 12,
    time: '2026-03-01T10:00:00.000Z',
    actor: { id: 2, username: 'bob' },
    event_types: ['chart/chartRenamed'],
    events: [
      { stream: 'chart:3', type: 'chart/chartRenamed', data: { slice_name: 'Revenue' }, version: 4, position: 12 },
    ],
    undone: false,
  },
  {
    batch_id: 'batch-10',
    position: 10,
    time: '2026-03-01T09:30:00.000Z',
    actor: { id: 2, username: 'bob' },
    event_types: ['chart/vizTypeChanged'],
    events: [],
    undone: false,
  },
];

const json = (status: number, body: unknown) => ({ status, body });
const error = (status: number, message: string, error_type = 'GENERIC_BACKEND_ERROR') =>
  json(status, { message, errors: [{ message, error_type, level: 'error' }] });

/**
 * The audit, users, as_of, history and revert API with the server's shapes, over ROWS: the audit query
 * filters on actor, object and types like the server, and pages; a chart's `as_of` answers its name as
 * it was (before position 12: 'Sales', from it on: 'Revenue'); reverting 'batch-12' is refused (409), 'batch-10' is reverted.
 */
export function auditApi(rows: AuditRowView[] = ROWS) {
  return (request: RecordedRequest) => {
    const url = new URL(request.url, 'http://x');
    if (url.pathname === '/api/v1/security/csrf_token/') return json(200, { result: 'csrf-1' });
    if (url.pathname === '/api/v1/audit/') {
      const q = rison.decode(url.searchParams.get('q') ?? '()') as {
        actor?: number;
        object?: { type: string; id: number | string };
        types?: string[];
        page: number;
        page_size: number;
      };
      const found = rows.filter(
        (r) =>
          (q.actor === undefined || r.actor.id === q.actor) &&
          (q.object === undefined ||
            (r.object?.type === q.object.type && String(r.object.id) === String(q.object.id))) &&
          (q.types === undefined || q.types.includes(r.type)),
      );
      return json(200, { count: found.length, result: found.slice(q.page * q.page_size, (q.page + 1) * q.page_size) });
    }
    if (url.pathname === '/api/v1/security/users/') {
      return json(200, {
        count: 2,
        result: [
          { id: 1, username: 'alice' },
          { id: 2, username: 'bob' },
        ],
      });
    }
    if (url.pathname === '/api/v1/chart/3' && url.searchParams.has('as_of')) {
      const position = Number(url.searchParams.get('as_of'));
      if (position < 2) return error(404, 'Not found', 'OBJECT_DOES_NOT_EXIST_ERROR');
      return json(200, {
        id: 3,
        result: { id: 3, slice_name: position >= 12 ? 'Revenue' : 'Sales', viz_type: 'table' },
      });
    }
    if (url.pathname === '/api/v1/chart/3/history') return json(200, { count: HISTORY.length, result: HISTORY });
    if (url.pathname === '/api/v1/chart/3/history/batch-12/revert' && request.method === 'POST') {
      return error(409, "'Rename' cannot be reverted: alice changed the name again later.");
    }
    if (url.pathname === '/api/v1/chart/3/history/batch-10/revert' && request.method === 'POST') {
      return json(200, { result: { batch_id: 'batch-13', reverted_batch_id: 'batch-10', version: 6 } });
    }
    return undefined;
  };
}
