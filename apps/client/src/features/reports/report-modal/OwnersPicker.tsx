import { useEffect, useState } from 'react';
import { OwnersInput, type OwnerSearchView } from '../../../shared/owners/OwnersInput';
import type { ReportsApi } from '../api/reports-api';
import { FieldError } from './SchedulePicker';

/** How long the search waits for the typing to pause before it asks the server. */
const SEARCH_PAUSE_MS = 250;

/**
 * The schedule's owners (Superset's AlertReportModal "Owners"), searched among the active users (GET
 * /api/v1/report/related/owners). The matches are a read for this dialog, not a fact of the page (as the
 * content and database pickers).
 */
export function OwnersPicker({
  api,
  owners,
  names,
  editing,
  onChange,
  error,
}: {
  api: ReportsApi;
  owners: number[];
  names: Record<number, string>;
  editing: boolean;
  onChange(owners: number[], names: Record<number, string>): void;
  error: string | null;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState<OwnerSearchView>({ status: 'idle' });

  useEffect(() => {
    if (!text.trim()) {
      setSearch({ status: 'idle' });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      api.relatedOwners(text.trim()).then(
        ({ owners: results, count }) => live && setSearch({ status: 'found', results, count }),
        () => live && setSearch({ status: 'failed', message: 'The users could not be searched.' }),
      );
    }, SEARCH_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, text]);

  return (
    <OwnersInput
      className="report-modal__field"
      field="owners"
      owners={owners}
      nameOf={(id) => names[id] ?? `User #${id}`}
      emptyText={editing ? 'No owners: only admins may edit it.' : 'You, as its creator.'}
      search={search}
      onSearch={setText}
      onRemove={(id) =>
        onChange(
          owners.filter((o) => o !== id),
          names,
        )
      }
      onAdd={(user) => onChange([...owners, user.id], { ...names, [user.id]: user.label })}
    >
      <FieldError field="owners" error={error} />
    </OwnersInput>
  );
}
