import { useEffect, useMemo, useRef } from 'react';
import { isNativeFilter, type FilterConfigItem, listedItems } from '@strata/domain';
import { useStoreState } from '../../../../shared/use-store-state';
import type { FilterConfigFeature } from './filter-config.feature';
import { FILTER_TYPE_LABELS, FilterForm } from './FilterForm';
import type { ScopeChoices } from './ScopeField';

const titleOf = (item: FilterConfigItem) =>
  (isNativeFilter(item) ? item.name : item.title).trim() ||
  (isNativeFilter(item) ? '[untitled filter]' : '[untitled divider]');

/**
 * "Add and edit filters" (charts-dashboards-reports §4): the filters and dividers on the left (add, reorder, remove with 5 s
 * to restore), the open one's form on the right, Save and Cancel below. Everything it shows is the
 * filter configuration store's state.
 */
export function FilterConfigModal({
  feature,
  scope,
  onClose,
}: {
  feature: FilterConfigFeature;
  scope: ScopeChoices;
  onClose(): void;
}) {
  const state = useStoreState(feature.store.state$);
  const errors = feature.errors(state);
  const items = listedItems(state);
  const selected = items.find((i) => i.id === state.selectedId) ?? null;
  const failing = useMemo(() => new Set(errors.map((e) => e.filterId)), [errors]);
  const dialog = useRef<HTMLDivElement>(null);

  // A failed check opens the first failing filter: move the keyboard there too.
  useEffect(() => {
    if (state.showErrors)
      dialog.current?.querySelector<HTMLElement>('.filter-config__form input, .filter-config__form select')?.focus();
  }, [state.showErrors, state.selectedId]);

  return (
    <div className="dashboard-modal" role="dialog" aria-modal="true" aria-label="Add and edit filters">
      <div className="dashboard-modal__body filter-config" ref={dialog}>
        <h2>Add and edit filters</h2>
        <div className="filter-config__main">
          <nav className="filter-config__list" aria-label="Filters and dividers">
            <div className="filter-config__add">
              <button type="button" onClick={feature.addFilter}>
                + Add filter
              </button>
              <button type="button" onClick={feature.addDivider}>
                + Add divider
              </button>
            </div>
            <ul>
              {items.map((item, index) => {
                // Removed but within its 5 s: listed greyed out, with Restore.
                const pending = item.id in state.removed;
                return (
                  <li
                    key={item.id}
                    className={`filter-config__item${item.id === state.selectedId ? ' active' : ''}${pending ? ' removed' : ''}`}
                    data-item-id={item.id}
                  >
                    {pending ? (
                      <>
                        <span className="muted">{titleOf(item)} (removed)</span>
                        <button type="button" className="link" onClick={() => feature.restore(item.id)}>
                          Restore {titleOf(item)}
                        </button>
                      </>
                    ) : (
                      <>
                        <button
                          type="button"
                          className="link filter-config__name"
                          aria-current={item.id === state.selectedId}
                          onClick={() => feature.select(item.id)}
                        >
                          {titleOf(item)}
                          {failing.has(item.id) && (
                            <span className="form-error" aria-label="has errors">
                              {' '}
                              !
                            </span>
                          )}
                        </button>
                        <span className="muted filter-config__type">
                          {isNativeFilter(item) ? FILTER_TYPE_LABELS[item.filterType] : 'Divider'}
                        </span>
                        <span className="filter-config__item-actions">
                          <button
                            type="button"
                            className="link"
                            aria-label={`Move ${titleOf(item)} up`}
                            disabled={index === 0}
                            onClick={() => feature.move(item.id, index - 1)}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className="link"
                            aria-label={`Move ${titleOf(item)} down`}
                            disabled={index === items.length - 1}
                            onClick={() => feature.move(item.id, index + 1)}
                          >
                            ↓
                          </button>
                          <button
                            type="button"
                            className="link"
                            aria-label={`Remove ${titleOf(item)}`}
                            onClick={() => feature.remove(item.id)}
                          >
                            ✕
                          </button>
                        </span>
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
            {items.length === 0 && <p className="muted">No filters yet: add one.</p>}
          </nav>
          <section className="filter-config__edit">
            {selected && !(selected.id in state.removed) ? (
              <FilterForm
                key={selected.id}
                feature={feature}
                state={state}
                item={selected}
                errors={errors.filter((e) => e.filterId === selected.id)}
                scope={scope}
              />
            ) : (
              <p className="muted">Choose a filter or divider to edit it.</p>
            )}
          </section>
        </div>
        {state.status === 'failed' && (
          <div className="alert danger" role="alert">
            The filters could not be saved. {state.saveError}
          </div>
        )}
        <div className="dashboard-modal__actions">
          <button
            type="button"
            onClick={() => {
              feature.cancel();
              onClose();
            }}
          >
            Cancel
          </button>
          <button
            type="button"
            className="primary"
            disabled={state.status === 'saving'}
            onClick={() => void feature.save().then((saved) => saved && onClose())}
          >
            {state.status === 'saving' ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>
    </div>
  );
}
