import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Permission, PermissionView, hasPermission, type DatabaseView } from '@strata/domain';
import { onePerPageLoad } from '../../app/one-per-page-load';
import { useServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import { databasesApi } from '../databases/databases-api';
import { UploadPage } from './UploadPage';
import { createUpload } from './upload.feature';
import { excelColumns, xhrUpload } from './upload-request';

const featureFor = onePerPageLoad((services) =>
  createUpload(services.context, {
    databases: async () =>
      (await databasesApi(services.http).list('')).result.map((d: DatabaseView) => ({
        id: d.id,
        database_name: d.database_name,
        allowsUpload: d.allow_file_upload,
        uploadSchemas: uploadSchemasOf(d.extra),
      })),
    schemas: async (id) => (await services.http.get<{ result: string[] }>(`/api/v1/database/${id}/schemas/`)).result,
    excelColumns: excelColumns(services.http),
    upload: xhrUpload(services.http),
  }),
);

/** `extra.schemas_allowed_for_file_upload` (a JSON string, as Superset sends `extra`). */
function uploadSchemasOf(extra: string): string[] {
  try {
    const list = (JSON.parse(extra) as { schemas_allowed_for_file_upload?: unknown }).schemas_allowed_for_file_upload;
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * `/upload/` (`?database=<id>` chooses the database, as the databases list's "Upload file" links do):
 * for who may write databases (the server checks can_write on Database and the schema).
 */
export default function UploadRoute() {
  const services = useServices();
  const { user } = useStoreState(services.session.store.liveState$);
  const allowed = hasPermission(user, Permission.WRITE, PermissionView.DATABASE);
  const [params] = useSearchParams();
  const linked = Number(params.get('database'));
  const feature = featureFor(services);
  useEffect(() => {
    if (!allowed) return;
    if (Number.isInteger(linked) && linked > 0) feature.chooseDatabase(linked);
    feature.load();
  }, [allowed, feature, linked]);
  if (!allowed)
    return (
      <div className="card">
        <h1>Not allowed</h1>
        <p>Uploading files needs write access to databases.</p>
      </div>
    );
  return <UploadPage upload={feature} />;
}
