import rison from 'rison';
import type { ActivityFilters, AuditRowView, HistoryRowView, ObjectRef } from '@strata/domain';
import { hasStatus } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import { auditQueryOf, MAX_PAGE_SIZE } from './activity-url';

/** The server calls of the Activity page (apps/server/src/audit, object-history, object-revert). */
export interface ActivityApi {
  audit(filters: ActivityFilters): Promise<{ count: number; result: AuditRowView[] }>;
  users(): Promise<{ id: number; username: string }[]>;
  history(object: ObjectRef, page: number): Promise<{ count: number; result: HistoryRowView[] }>;
  /** The object's GET answer as it was right after that log position; null where it did not exist then. */
  asOf(object: ObjectRef, position: number): Promise<unknown>;
  revert(object: ObjectRef, batchId: string): Promise<{ batch_id: string | null }>;
}

/** The API paths of each object kind (`saved_query`'s is its own, as in the spec). */
const pathOf = (object: ObjectRef) => `/api/v1/${object.type}/${encodeURIComponent(String(object.id))}`;

export const HISTORY_PAGE_SIZE = 100;

export function activityApi(http: HttpClient): ActivityApi {
  return {
    audit: (filters) => http.get(`/api/v1/audit/?q=${encodeURIComponent(rison.encode(auditQueryOf(filters)))}`),
    users: async () => {
      const answer = await http.get<{ result: { id: number; username: string }[] }>(
        `/api/v1/security/users/?q=${encodeURIComponent(rison.encode({ page_size: MAX_PAGE_SIZE }))}`,
      );
      return answer.result.map(({ id, username }) => ({ id, username }));
    },
    history: (object, page) =>
      http.get(
        `${pathOf(object)}/history?q=${encodeURIComponent(rison.encode({ page, page_size: HISTORY_PAGE_SIZE }))}`,
      ),
    asOf: async (object, position) => {
      if (position < 1) return null;
      try {
        const answer = await http.get<{ result: unknown }>(`${pathOf(object)}?as_of=${position}`);
        return answer.result;
      } catch (error) {
        // 404: the object did not exist at that point (not yet created, or deleted by then).
        if (hasStatus(error, 404)) return null;
        throw error;
      }
    },
    revert: async (object, batchId) => {
      const answer = await http.post<{ result: { batch_id: string | null } }>(
        `${pathOf(object)}/history/${encodeURIComponent(batchId)}/revert`,
      );
      return answer.result;
    },
  };
}
