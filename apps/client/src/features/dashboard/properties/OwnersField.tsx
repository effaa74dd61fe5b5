import type { DashboardPropertiesState } from '@strata/domain';
import { OwnersInput, type OwnerSearchView } from '../../../shared/owners/OwnersInput';
import type { DashboardPropertiesFeature } from './dashboard-properties.feature';

/**
 * The owners of the properties dialog. The search of the active users (GET
 * /api/v1/dashboard/related/owners, open to everyone who may edit dashboards) is the store's: the feature
 * asks once the typing pauses, and its answers are facts of the dialog's log.
 */
export function OwnersField({
  properties,
  state,
  owners,
  onChange,
}: {
  properties: DashboardPropertiesFeature;
  state: DashboardPropertiesState;
  owners: number[];
  onChange: (owners: number[]) => void;
}) {
  const { ownerSearch } = state;
  const search: OwnerSearchView =
    ownerSearch.status === 'failed'
      ? { status: 'failed', message: ownerSearch.message ?? 'The users could not be searched.' }
      : ownerSearch.status === 'found'
        ? { status: 'found', results: ownerSearch.results, count: ownerSearch.count }
        : { status: ownerSearch.status };
  return (
    <OwnersInput
      owners={owners}
      nameOf={(id) => state.ownerNames[String(id)] ?? `User #${id}`}
      emptyText="No owners: only admins may edit it."
      search={search}
      onSearch={(text) => properties.searchOwners(text.trim())}
      onRemove={(id) => onChange(owners.filter((o) => o !== id))}
      onAdd={(user) => onChange([...owners, user.id])}
    />
  );
}
