import { useEffect, useRef } from 'react';
import { DragDropContext } from '@hello-pangea/dnd';
import type { VersionHistoryState } from '@strata/domain';
import type { EditModeFeature } from './EditMode';
import { EditGridContext } from './edit-context';
import { EditGrid } from './EditGrid';

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

/**
 * The version history (server dashboard-drafts): who saved each version, when, whose edits went in and
 * a summary; a version can be viewed read-only, or restored (which makes it a new version). The list
 * follows the draft's saved version, so a save by another editor shows up at once. What it shows is the
 * page's state (`edit.history`); its buttons are the page's intents.
 */
export function VersionHistory({
  dashboard,
  history,
  dashboardId,
  savedVersion,
  gridWidth,
  escapeMarkdown,
}: {
  dashboard: EditModeFeature;
  history: VersionHistoryState;
  dashboardId: number;
  savedVersion: number;
  gridWidth: number;
  escapeMarkdown: boolean;
}) {
  const { list, error, viewing, restoring } = history;
  const busy = restoring !== null;

  // Opening the panel loads the list (the intent's effect); another editor's save or a restore moves the
  // draft's saved version, and the list follows it. A panel shown again by time travel asks nothing.
  const listedFor = useRef(savedVersion);
  useEffect(() => {
    if (listedFor.current === savedVersion) return;
    listedFor.current = savedVersion;
    dashboard.loadVersions(dashboardId);
  }, [dashboard, dashboardId, savedVersion]);

  return (
    <aside className="edit-history" aria-label="Version history">
      <h3>Version history</h3>
      {error && (
        <div className="alert danger" role="alert">
          {error}
        </div>
      )}
      {list === null ? (
        <p className="muted">Loading versions…</p>
      ) : (
        <ol className="edit-history__list">
          {list.result.map((v) => (
            <li key={v.version} className="edit-history__item" data-version={v.version}>
              <div>
                <strong>Version {v.version}</strong>
                {v.version === list.current_version && <span className="badge success">current</span>}
              </div>
              <div className="muted">
                {v.saved_by.username} · {when(v.saved_at)}
              </div>
              <div className="edit-history__summary">{v.summary}</div>
              {v.authors.length > 1 && (
                <div className="muted">Edits by {v.authors.map((a) => a.username).join(', ')}</div>
              )}
              <div className="edit-history__actions">
                <button type="button" className="link" onClick={() => dashboard.viewVersion(dashboardId, v.version)}>
                  View
                </button>
                {v.version !== list.current_version && (
                  <button
                    type="button"
                    className="link"
                    disabled={busy}
                    onClick={() => void dashboard.restoreVersion(dashboardId, v.version, savedVersion)}
                  >
                    Restore
                  </button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {viewing && (
        <div className="edit-history__view" role="region" aria-label={`Version ${viewing.info.version} (read-only)`}>
          <div className="edit-history__view-bar">
            <strong>Version {viewing.info.version} (read-only)</strong>
            <button type="button" className="link" onClick={() => dashboard.closeVersionView()}>
              Close
            </button>
          </div>
          <DragDropContext onDragEnd={() => undefined}>
            <EditGridContext.Provider
              value={{
                layout: viewing.layout,
                readOnly: true,
                selectedId: null,
                select: () => undefined,
                selections: {},
                execute: () => false,
                newId: () => '',
                escapeMarkdown,
                gridWidth,
              }}
            >
              <EditGrid />
            </EditGridContext.Provider>
          </DragDropContext>
        </div>
      )}
    </aside>
  );
}
