import { useParams } from 'react-router-dom';
import { hasPermission, Permission, PermissionView } from '@strata/domain';
import type { AppServices } from '../../app/services';
import { useServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import { createDatasets, type DatasetsFeature } from './datasets.feature';
import { DatasetEditorPage } from './editor/DatasetEditorPage';
import { DatasetListPage } from './list/DatasetListPage';

// Made when the lazily loaded page first opens, once per page load, and joined to time travel then.
const features = new WeakMap<AppServices, DatasetsFeature>();

function datasetsFor(services: AppServices): DatasetsFeature {
  let feature = features.get(services);
  if (!feature) {
    feature = createDatasets(services.context, services.http, services.toasts);
    services.timeTravel.register(feature.store);
    features.set(services, feature);
  }
  return feature;
}

/** `/tablemodelview/list/`. */
export function DatasetListRoute() {
  const services = useServices();
  const { user } = useStoreState(services.session.store.liveState$);
  return (
    <DatasetListPage
      datasets={datasetsFor(services)}
      canWrite={hasPermission(user, Permission.WRITE, PermissionView.DATASET)}
    />
  );
}

/** `/tablemodelview/edit/<id>`. */
export function DatasetEditorRoute() {
  const services = useServices();
  const { id = '' } = useParams();
  return <DatasetEditorPage datasets={datasetsFor(services)} id={/^\d{1,9}$/.test(id) ? Number(id) : 0} />;
}
