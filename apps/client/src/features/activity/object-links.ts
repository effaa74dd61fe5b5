import { HISTORY_KINDS, type ObjectRef } from '@strata/domain';

/** Where an object of the audit log opens in Strata, when it has a page of its own. */
export function objectPageUrl(object: ObjectRef): string | null {
  const id = encodeURIComponent(String(object.id));
  switch (object.type) {
    case 'dashboard':
      return `/superset/dashboard/${id}/`;
    case 'chart':
      return `/explore/?slice_id=${id}`;
    case 'dataset':
      return `/explore/?datasource_type=table&datasource_id=${id}`;
    case 'saved_query':
      return `/sqllab/?savedQueryId=${id}`;
    default:
      return null;
  }
}

/** The object's history page on the Activity page, for the kinds with a history API. */
export function objectHistoryUrl(object: ObjectRef): string | null {
  if (!HISTORY_KINDS.has(object.type)) return null;
  return `/activity/object/${object.type}/${encodeURIComponent(String(object.id))}`;
}

/**
 * The object's own page as it was right after a log position, for the pages that open a past state
 * (`?as_of=`, read-only: Explore and the dashboard page); null for the others.
 */
export function objectPageAsOfUrl(object: ObjectRef, position: number): string | null {
  const id = encodeURIComponent(String(object.id));
  if (object.type === 'dashboard') return `/superset/dashboard/${id}/?as_of=${position}`;
  if (object.type === 'chart') return `/explore/?slice_id=${id}&as_of=${position}`;
  return null;
}
