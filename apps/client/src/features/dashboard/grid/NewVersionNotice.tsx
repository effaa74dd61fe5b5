import type { NewVersion } from '../live/new-versions';

/**
 * View mode, when someone published a newer version while the viewer had something open (issue 12): who
 * saved it and a button that loads it in place, keeping the filters and the tabs.
 */
export function NewVersionNotice({ notice, onLoad }: { notice: NewVersion | null; onLoad: () => void }) {
  if (!notice) return null;
  return (
    <div className="alert info dashboard-new-version" role="status" data-testid="new-version-notice">
      <span>
        {notice.by
          ? `A new version of this dashboard was saved by ${notice.by}.`
          : 'A new version of this dashboard was saved.'}
      </span>
      <button type="button" className="link" onClick={onLoad}>
        Load it
      </button>
    </div>
  );
}
