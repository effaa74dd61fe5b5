import { useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabBarProps {
  tabs: readonly { id: string; name: string; running: boolean }[];
  activeId: string | null;
  onSelect(id: string): void;
  onAdd(): void;
  onClose(id: string): void;
  onCloseOthers(id: string): void;
  onClone(id: string): void;
  onRename(id: string, name: string): void;
  /** Shown at the right end of the bar. */
  aside?: ReactNode;
}

/**
 * The editor's tabs: click to switch, double-click the name to rename (Enter keeps, Escape cancels),
 * a menu per tab for close, close others and clone, and + for a new tab.
 */
export function TabBar({ tabs, activeId, onSelect, onAdd, onClose, onCloseOthers, onClone, onRename, aside }: TabBarProps) {
  // Which name is being edited and which menu is open are how the page is looked at, not facts.
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [menuFor, setMenuFor] = useState<string | null>(null);

  const finish = (keep: boolean) => {
    if (editing && keep && editing.name.trim() !== '') onRename(editing.id, editing.name.trim());
    setEditing(null);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') finish(true);
    if (event.key === 'Escape') finish(false);
  };

  return (
    <div className="sqllab-tabs" role="tablist" aria-label="Query tabs">
      {tabs.map((tab) => {
        const active = tab.id === activeId;
        return (
          <div key={tab.id} className={`sqllab-tab${active ? ' sqllab-tab--active' : ''}`} data-testid="sqllab-tab">
            {editing?.id === tab.id ? (
              <input
                className="sqllab-tab__rename"
                aria-label="Tab name"
                autoFocus
                value={editing.name}
                onChange={(e) => setEditing({ id: tab.id, name: e.target.value })}
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
                onDoubleClick={() => setEditing({ id: tab.id, name: tab.name })}
                title="Double-click to rename"
              >
                {tab.running && <span className="sqllab-tab__running" aria-label="running" />}
                {tab.name}
              </button>
            )}
            <button type="button" className="sqllab-tab__menu-button" aria-label={`Actions of ${tab.name}`} onClick={() => setMenuFor(menuFor === tab.id ? null : tab.id)}>
              ⋮
            </button>
            <button type="button" className="sqllab-tab__close" aria-label={`Close ${tab.name}`} onClick={() => onClose(tab.id)}>
              ×
            </button>
            {menuFor === tab.id && (
              <div className="sqllab-tab__menu" role="menu" onMouseLeave={() => setMenuFor(null)}>
                {(
                  [
                    { label: 'Close tab', run: () => onClose(tab.id) },
                    { label: 'Close all other tabs', run: () => onCloseOthers(tab.id) },
                    { label: 'Rename tab', run: () => setEditing({ id: tab.id, name: tab.name }) },
                    { label: 'Duplicate tab', run: () => onClone(tab.id) },
                  ] as const
                ).map(({ label, run }) => (
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
