import { useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';

export interface TabBarProps {
  tabs: readonly { id: string; name: string; running: boolean }[];
  activeId: string | null;
  onSelect(id: string): void;
  onAdd(): void;
  onClose(id: string): void;
  onCloseOthers(id: string): void;
  onClone(id: string): void;
  onRename(id: string, name: string): void;
  /** The tab dragged onto another's place (or moved by the menu): one undo step. */
  onMove(id: string, toId: string): void;
  /** Shown at the right end of the bar. */
  aside?: ReactNode;
}

/**
 * The editor's tabs: click to switch, double-click the name to rename (Enter keeps, Escape cancels),
 * a menu per tab for close, close others and clone, and + for a new tab.
 */
export function TabBar({
  tabs,
  activeId,
  onSelect,
  onAdd,
  onClose,
  onCloseOthers,
  onClone,
  onRename,
  onMove,
  aside,
}: TabBarProps) {
  // Which name is being edited and which menu is open are how the page is looked at, not facts.
  const [editing, setEditing] = useState<{ id: string; index: number; name: string } | null>(null);
  // Backend sync gives a local tab its server id (sqllab/tabMigrated) at the same place in the bar: a
  // rename in progress follows it there instead of vanishing under the user's typing.
  const editingId = editing && (tabs.some((t) => t.id === editing.id) ? editing.id : tabs[editing.index]?.id);
  const [menuFor, setMenuFor] = useState<string | null>(null);

  const finish = (keep: boolean) => {
    if (editing && editingId && keep && editing.name.trim() !== '') onRename(editingId, editing.name.trim());
    setEditing(null);
  };
  // The tab being dragged and the one under it: a gesture in progress, recorded only when dropped.
  const dragged = useRef<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const drag = (id: string) => ({
    draggable: editingId !== id,
    onDragStart: (event: DragEvent) => {
      dragged.current = id;
      event.dataTransfer?.setData('text/plain', id);
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (event: DragEvent) => {
      if (dragged.current === null) return;
      event.preventDefault();
      if (dropTarget !== id) setDropTarget(id);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const from = dragged.current;
      dragged.current = null;
      setDropTarget(null);
      if (from !== null && from !== id) onMove(from, id);
    },
    onDragEnd: () => {
      dragged.current = null;
      setDropTarget(null);
    },
  });
  const neighbour = (id: string, step: number) => tabs[tabs.findIndex((t) => t.id === id) + step]?.id;

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') finish(true);
    if (event.key === 'Escape') finish(false);
  };

  return (
    <div className="sqllab-tabs" role="tablist" aria-label="Query tabs">
      {tabs.map((tab, index) => {
        const active = tab.id === activeId;
        return (
          <div
            // By place, not id: a tab keeps its element (and a rename its input) when its id is migrated.
            key={index}
            className={`sqllab-tab${active ? ' sqllab-tab--active' : ''}${dropTarget === tab.id ? ' sqllab-tab--drop-target' : ''}`}
            data-testid="sqllab-tab"
            {...drag(tab.id)}
          >
            {editingId === tab.id && editing ? (
              <input
                className="sqllab-tab__rename"
                aria-label="Tab name"
                autoFocus
                value={editing.name}
                onChange={(e) => setEditing({ id: tab.id, index, name: e.target.value })}
                onKeyDown={onKey}
                onBlur={() => finish(true)}
              />
            ) : (
              <button
                type="button"
                role="tab"
                aria-selected={active}
                className="sqllab-tab__name"
                onClick={() => onSelect(tab.id)}
                onDoubleClick={() => setEditing({ id: tab.id, index, name: tab.name })}
                title="Double-click to rename"
              >
                {tab.running && <span className="sqllab-tab__running" aria-label="running" />}
                {tab.name}
              </button>
            )}
            <button
              type="button"
              className="sqllab-tab__menu-button"
              aria-label={`Actions of ${tab.name}`}
              onClick={() => setMenuFor(menuFor === tab.id ? null : tab.id)}
            >
              ⋮
            </button>
            <button
              type="button"
              className="sqllab-tab__close"
              aria-label={`Close ${tab.name}`}
              onClick={() => onClose(tab.id)}
            >
              ×
            </button>
            {menuFor === tab.id && (
              <div className="sqllab-tab__menu" role="menu" onMouseLeave={() => setMenuFor(null)}>
                {(
                  [
                    { label: 'Close tab', run: () => onClose(tab.id) },
                    { label: 'Close all other tabs', run: () => onCloseOthers(tab.id) },
                    { label: 'Rename tab', run: () => setEditing({ id: tab.id, index, name: tab.name }) },
                    { label: 'Duplicate tab', run: () => onClone(tab.id) },
                    {
                      label: 'Move tab left',
                      run: () => neighbour(tab.id, -1) && onMove(tab.id, neighbour(tab.id, -1)!),
                    },
                    {
                      label: 'Move tab right',
                      run: () => neighbour(tab.id, 1) && onMove(tab.id, neighbour(tab.id, 1)!),
                    },
                  ] as const
                )
                  .filter(({ label }) =>
                    label === 'Move tab left'
                      ? neighbour(tab.id, -1)
                      : label === 'Move tab right'
                        ? neighbour(tab.id, 1)
                        : true,
                  )
                  .map(({ label, run }) => (
                    <button
                      key={label}
                      type="button"
                      role="menuitem"
                      onClick={() => {
                        setMenuFor(null);
                        run();
                      }}
                    >
                      {label}
                    </button>
                  ))}
              </div>
            )}
          </div>
        );
      })}
      <button type="button" className="sqllab-tabs__add" aria-label="New tab" title="New tab (Alt+T)" onClick={onAdd}>
        +
      </button>
      <span className="sqllab-spacer" />
      {aside && <span className="sqllab-tabs__aside">{aside}</span>}
    </div>
  );
}
