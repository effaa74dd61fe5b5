/** The event stream holding a dashboard's shared draft (one per dashboard, DESIGN "Edit sessions"). */
export const DRAFT_STREAM_PREFIX = 'dashboard-draft:';

export function draftStreamId(dashboardId: number): string {
  return `${DRAFT_STREAM_PREFIX}${dashboardId}`;
}

/** The dashboard id of a draft stream, or null for any other stream. */
export function dashboardIdOfDraftStream(stream: string): number | null {
  if (!stream.startsWith(DRAFT_STREAM_PREFIX)) return null;
  const id = Number(stream.slice(DRAFT_STREAM_PREFIX.length));
  return Number.isInteger(id) && id > 0 ? id : null;
}
