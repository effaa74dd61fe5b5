import { useMemo } from 'react';
import { Permission, PermissionView, hasPermission, type DatabaseView } from '@strata/domain';
import { useServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import { databasesApi } from '../databases/databases-api';
import { UploadPage } from './UploadPage';
import { xhrUpload } from './upload-request';

/** `/upload/`: for who may write databases (the server checks can_write on Database and the schema). */
export default function UploadRoute() {
  const services = useServices();
  const { user } = useStoreState(services.session.store.liveState$);
  const props = useMemo(
    () => ({
      databases: async () =>
        (await databasesApi(services.http).list('')).result
          .filter((d: DatabaseView) => d.allow_file_upload)
          .map((d) => ({ id: d.id, database_name: d.database_name })),
      schemas: async (id: number) =>
        (await services.http.get<{ result: string[] }>(`/api/v1/database/${id}/schemas/`)).result,
      upload: xhrUpload(services.http),
    }),
    [services.http],
  );
  if (!hasPermission(user, Permission.WRITE, PermissionView.DATABASE))
    return (
      <div className="card">
        <h1>Not allowed</h1>
        <p>Uploading files needs write access to databases.</p>
      </div>
    );
  return <UploadPage {...props} />;
}
