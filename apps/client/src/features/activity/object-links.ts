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
