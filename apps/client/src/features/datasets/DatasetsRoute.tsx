import { useParams } from 'react-router-dom';
import { hasPermission, Permission, PermissionView } from '@strata/domain';
import { onePerPageLoad } from '../../app/one-per-page-load';
import { useServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import { createDatasets } from './datasets.feature';
import { DatasetEditorPage } from './editor/DatasetEditorPage';
import { DatasetListPage } from './list/DatasetListPage';

const datasetsFor = onePerPageLoad((services) => createDatasets(services.context, services.http, services.toasts));

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
