import { useEffect, useState } from 'react';
import { DragDropContext } from '@hello-pangea/dnd';
import type { Layout } from '@strata/domain';
import { toClientError } from '../../api/api-error';
import type { DraftApi, VersionItem, VersionList } from './draft-api';
import { EditGridContext } from './edit-context';
import { EditGrid } from './EditGrid';

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

/** A 409 says plainly that someone else saved first; anything else keeps the server's words. */
export function describeVersionError(error: unknown): string {
  const e = toClientError(error);
  return e.status === 409
    ? `Someone else saved this dashboard meanwhile, nothing was changed: ${e.message}`
    : e.message;
}

/**
 * The version history (server dashboard-drafts): who saved each version, when, whose edits went in and
 * a summary; a version can be viewed read-only, or restored (which makes it a new version). The list
 * follows the draft's saved version, so a save by another editor shows up at once.
 */
export function VersionHistory({
  api,
  dashboardId,
  savedVersion,
  gridWidth,
  escapeMarkdown,
  onRestored,
}: {
  api: DraftApi;
  dashboardId: number;
  savedVersion: number;
  gridWidth: number;
  escapeMarkdown: boolean;
  onRestored: (version: number) => void;
}) {
  const [list, setList] = useState<VersionList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<{ info: VersionItem; layout: Layout } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api.versions(dashboardId).then(
      (result) => live && setList(result),
      (e: unknown) => live && setError(describeVersionError(e)),
    );
    return () => {
      live = false;
    };
  }, [api, dashboardId, savedVersion]);

  const restore = async (version: number) => {
    setBusy(true);
    setError(null);
    try {
      const restored = await api.restore(dashboardId, version, list?.current_version ?? savedVersion);
      setViewing(null);
      onRestored(restored.version);
    } catch (e) {
      setError(describeVersionError(e));
    } finally {
      setBusy(false);
    }
  };

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
                <button
                  type="button"
                  className="link"
                  onClick={() =>
                    void api
                      .version(dashboardId, v.version)
                      .then(setViewing, (e: unknown) => setError(describeVersionError(e)))
                  }
                >
                  View
                </button>
                {v.version !== list.current_version && (
                  <button type="button" className="link" disabled={busy} onClick={() => void restore(v.version)}>
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
            <button type="button" className="link" onClick={() => setViewing(null)}>
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
