import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DragDropContext, type BeforeCapture, type DropResult } from '@hello-pangea/dnd';
import { DashboardMessages, GRID_ID, ROOT_ID, undoLimitWarning, type NativeFilter } from '@strata/domain';
import type { ClientContext } from '../../../shared/feature-store';
import { useStoreState } from '../../../shared/use-store-state';
import type { HttpClient } from '../../api/http-client';
import type { DashboardFeature } from '../dashboard.feature';
import { createDraftSession, type DraftNotices, type DraftSession, type LayoutIntent } from './draft-session';
import { socketDraftTransport, type DraftTransport } from './draft-transport';
import { dropIntent, paletteDraggableId } from './drops';
import { EditGridContext, type EditGridView } from './edit-context';
import { EditGrid } from './EditGrid';
import { ChartList, ComponentPalette } from './Palette';
import { PresenceAvatars } from './Presence';
import { moveChangesFilterScope } from './scope-warning';
import { TopLevelTabsDrop } from './TopLevelTabsDrop';
import { VersionHistory } from './VersionHistory';
import { DiscardConfirm } from './DiscardConfirm';
import { DiscardNotice } from './DiscardNotice';
import { PendingEdits, RejectedEdits } from './PendingEdits';
import { SaveNotice, useSaveNotices } from './SaveNotice';
import { draftApi } from './draft-api';
import { useOnScreen, useReadOnly, useTimeTravelStore } from '../../timetravel/use-read-only';
import './edit.css';

/** What edit mode reads and asks of the page: its state, Save / Discard, the history and the palette. */
export type EditModeFeature = Pick<
  DashboardFeature,
  | 'store'
  | 'saveDraft'
  | 'discardDraft'
  | 'toggleVersionHistory'
  | 'loadVersions'
  | 'viewVersion'
  | 'closeVersionView'
  | 'restoreVersion'
  | 'discardMyChanges'
  | 'askDiscardEveryone'
  | 'cancelDiscardEveryone'
  | 'discardEveryone'
  | 'restoreDiscardedDraft'
  | 'searchPaletteCharts'
>;

export interface EditModeProps {
  dashboardId: number;
  /** The dashboard page's feature: edit mode's save, discard, history and palette are facts of its log. */
  dashboard: EditModeFeature;
  http: HttpClient;
  context: ClientContext;
  notices: DraftNotices;
  /** The socket under the session; by default the page's own server. */
  openTransport?: () => DraftTransport;
  escapeMarkdown: boolean;
  gridWidth: number;
  /** Leaves edit mode; `changed` when a version was saved or restored (the page reloads the dashboard). */
  onExit: (changed: boolean) => void;
  renderChart?: EditGridView['renderChart'];
  /** The dashboard's native filters: a move that changes a chart's filter scope warns (charts-dashboards-reports §5). */
  filters?: readonly NativeFilter[];
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The session's view, once it exists. */
function useSession(props: EditModeProps): DraftSession | null {
  const { dashboardId, http, context, notices, openTransport } = props;
  const [session, setSession] = useState<DraftSession | null>(null);
  useEffect(() => {
    const transport = openTransport
      ? openTransport()
      : socketDraftTransport({ url: http.url('') || undefined, sessionId: context.sessionId });
    const next = createDraftSession({ dashboardId, transport, context, notices });
    setSession(next);
    return () => next.close();
    // One session per dashboard opened in edit mode.
  }, [dashboardId]);
  // The draft's log joins the time-travel panel while edit mode is open (issue 13).
  const source = useMemo(
    () => (session ? { name: 'dashboardDraft', store: session.store, refused$: session.refused$ } : null),
    [session],
  );
  useTimeTravelStore(source);
  return session;
}

/**
 * Edit mode of a dashboard (issue 5): the shared draft drawn as an editable grid, the component palette
 * and chart list to drag from, undo and redo of one's own edits (buttons, Ctrl+Z, Ctrl+Shift+Z), the
 * other editors' avatars, Save (publishes a version), Discard, and the version history.
 */
export function EditMode(props: EditModeProps) {
  const session = useSession(props);
  if (!session) return <div className="splash">Opening the editor…</div>;
  return <EditSession {...props} session={session} />;
}

function EditSession({
  session,
  dashboard,
  dashboardId,
  http,
  context,
  notices,
  escapeMarkdown,
  gridWidth,
  onExit,
  renderChart,
  filters,
}: EditModeProps & { session: DraftSession }) {
  const view = useStoreState(session.view$);
  // Someone else's save or restore, told with the count of this editor's changes in it (issue 12).
  const saveNotices = useSaveNotices(session, context.actor, (n) =>
    draftApi(http)
      .version(dashboardId, n)
      .then(({ info }) => info.saved_by.username),
  );
  const { undoBlocked } = useStoreState(saveNotices.state$);
  const { edit } = useStoreState(dashboard.store.state$);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  useOnScreen([session.stream]);
  // Scrubbed into the past (time travel): the page is read-only, the session refuses commands anyway.
  const readOnly = useReadOnly();
  const busy = edit.draft !== null || readOnly;
  const newId = useCallback(() => context.newId().replace(/-/g, '').slice(0, 12), [context]);

  const select = useCallback(
    (id: string | null) => {
      setSelectedId(id);
      session.select(id ? [id] : []);
    },
    [session],
  );
  const filtersRef = useRef(filters ?? []);
  filtersRef.current = filters ?? [];
  const execute = useCallback(
    (intent: LayoutIntent) => {
      const before = session.store.getState().layout;
      if (!session.execute(intent)) return false;
      // The local decide has already applied the move: compare with what the user saw before it.
      if (
        intent.type === 'MoveComponent' &&
        moveChangesFilterScope(filtersRef.current, before, session.store.getState().layout, intent.data.id)
      ) {
        notices.warning(DashboardMessages.MOVED_TO_DIFFERENT_FILTER_SCOPE);
      }
      return true;
    },
    [session, notices],
  );
  // What is being dragged, known before dnd measures the drop targets: a new Tabs adds the top-level zone.
  const [dragging, setDragging] = useState<string | null>(null);

  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z' || isTyping(e.target)) return;
      // Keys typed elsewhere on the page (a dialog, another widget) are not this editor's.
      const target = e.target instanceof Node ? e.target : null;
      if (target !== document.body && target !== document && !(target && root.current?.contains(target))) return;
      e.preventDefault();
      if (e.shiftKey) session.redo();
      else if (!session.undo()) {
        // A Ctrl+Z that finds nothing says why when the user's changes went into a saved version.
        const why = saveNotices.undoBlocked();
        if (why) notices.warning(why);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [session, saveNotices, notices]);

  const onBeforeCapture = (before: BeforeCapture) => setDragging(before.draggableId);
  const onDragEnd = (result: DropResult) => {
    setDragging(null);
    const intent = dropIntent(result, view.draft.layout, newId, edit.paletteCharts ?? []);
    if (intent) execute(intent);
  };
  const topIsGrid = view.draft.layout[ROOT_ID]?.children[0] === GRID_ID;

  const save = async () => {
    if (await dashboard.saveDraft(dashboardId, session)) onExit(true);
  };
  const discard = async () => {
    if (await dashboard.discardDraft(dashboardId, session)) onExit(false);
  };
  // Issue 12: Discard takes back only this user's edits (undoable, edit mode goes on).
  const me = context.actor();
  const mineUnsaved = view.draft.changes.some((c) => c.actor === me);
  const openHistory = () => {
    if (!edit.history) dashboard.toggleVersionHistory(dashboardId);
  };

  const grid: EditGridView = {
    layout: view.draft.layout,
    readOnly,
    selectedId,
    select,
    selections: view.selections,
    execute,
    newId,
    escapeMarkdown,
    gridWidth,
    renderChart,
  };

  return (
    <div className="edit-mode" data-testid="edit-mode" ref={root} onClick={() => select(null)}>
      <div className="edit-bar" role="toolbar" aria-label="Edit dashboard" onClick={(e) => e.stopPropagation()}>
        <button
          type="button"
          aria-label="Undo"
          title={(!view.canUndo && (view.undoBlocked ?? undoBlocked)) || 'Undo (Ctrl+Z)'}
          disabled={!view.canUndo || readOnly}
          onClick={() => session.undo()}
        >
          ↶ Undo
        </button>
        <button
          type="button"
          aria-label="Redo"
          title={(!view.canRedo && view.redoBlocked) || 'Redo (Ctrl+Shift+Z)'}
          disabled={!view.canRedo || readOnly}
          onClick={() => session.redo()}
        >
          ↷ Redo
        </button>
        {view.connection === 'offline' && <span className="badge warning">Reconnecting…</span>}
        {view.connection === 'connecting' && <span className="muted">Connecting…</span>}
        <PendingEdits view={view} />
        <span className="edit-bar__spacer" />
        <PresenceAvatars editors={view.editors} selections={view.selections} layout={view.draft.layout} />
        {view.unsaved && <span className="badge warning">Unsaved changes</span>}
        <button
          type="button"
          aria-pressed={edit.history !== null}
          onClick={() => dashboard.toggleVersionHistory(dashboardId)}
        >
          Version history
        </button>
        <button
          type="button"
          title="Discard my unsaved changes (Undo brings them back)"
          disabled={busy || !mineUnsaved || !!edit.discarding}
          onClick={() => void dashboard.discardMyChanges(dashboardId, session)}
        >
          Discard
        </button>
        {view.unsaved && (
          <button
            type="button"
            disabled={busy || !!edit.discarding}
            onClick={() => void dashboard.askDiscardEveryone(dashboardId, session)}
          >
            Discard everyone's changes
          </button>
        )}
        <button type="button" disabled={busy} onClick={() => void discard()}>
          Exit edit mode
        </button>
        <button
          type="button"
          className="primary"
          disabled={busy || !view.unsaved || view.connection !== 'live'}
          onClick={() => void save()}
        >
          Save
        </button>
      </div>
      <SaveNotice notices={saveNotices} />
      <RejectedEdits view={view} session={session} />
      <DiscardNotice draft={view.draft} ready={view.ready} me={me} editors={view.editors} onOpenHistory={openHistory} />
      {edit.confirmDiscard && (
        <DiscardConfirm
          unsaved={edit.confirmDiscard.unsaved}
          me={me}
          onCancel={() => dashboard.cancelDiscardEveryone()}
          onConfirm={() => void dashboard.discardEveryone(dashboardId, session)}
        />
      )}
      {view.connection === 'failed' && (
        <div className="alert danger" role="alert">
          {view.error ?? 'This dashboard can not be edited.'}
        </div>
      )}
      {edit.problem && (
        <div className="alert danger" role="alert">
          {edit.problem}
        </div>
      )}
      {view.undoLimitExceeded && (
        <div className="alert warning" role="status">
          {undoLimitWarning()}
        </div>
      )}
      <EditGridContext.Provider value={grid}>
        <DragDropContext onBeforeCapture={onBeforeCapture} onDragEnd={onDragEnd}>
          <div className="edit-body">
            <div className="edit-body__grid">
              {view.ready && topIsGrid && dragging === paletteDraggableId('TABS') && <TopLevelTabsDrop />}
              {view.ready ? <EditGrid /> : <div className="splash">Loading the draft…</div>}
            </div>
            {view.ready && (
              <div className="edit-body__side" onClick={(e) => e.stopPropagation()}>
                <ComponentPalette />
                <ChartList charts={edit.paletteCharts} search={dashboard.searchPaletteCharts} />
              </div>
            )}
          </div>
        </DragDropContext>
      </EditGridContext.Provider>
      {edit.history && (
        <VersionHistory
          dashboard={dashboard}
          history={edit.history}
          dashboardId={dashboardId}
          savedVersion={view.draft.version}
          discards={view.draft.discardedDrafts.length}
          gridWidth={gridWidth}
          escapeMarkdown={escapeMarkdown}
        />
      )}
    </div>
  );
}
