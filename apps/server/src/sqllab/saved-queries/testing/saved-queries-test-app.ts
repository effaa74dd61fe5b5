import { createAuthTestApp, type AuthTestApp } from '../../../testing/auth-test-app';
import { insertDatabase, userClient, type ApiClient } from '../../bootstrap/rest-testing';
import { SavedQueriesModule } from '../saved-queries.module';

/**
 * The saved-query specs' app: real HTTP and PostgreSQL with the saved-query routes, four users (ana and
 * bob in sql_lab, an Admin, a Gamma without SQL Lab) and a database row named `databaseName` to save against.
 */
export interface SavedQueriesTestApp {
  t: AuthTestApp;
  ana: ApiClient;
  bob: ApiClient;
  admin: ApiClient;
  gamma: ApiClient;
  dbId: number;
}

export async function startSavedQueriesApp(databaseName: string): Promise<SavedQueriesTestApp> {
  const t = await createAuthTestApp({ extraModules: [SavedQueriesModule] });
  const ana = await userClient(t, ['sql_lab', 'Gamma']);
  const bob = await userClient(t, ['sql_lab', 'Gamma']);
  const admin = await userClient(t, ['Admin']);
  const gamma = await userClient(t, ['Gamma']);
  const dbId = await insertDatabase(t, { name: databaseName, uri: 'postgresql://reader@127.0.0.1:5432/test' });
  return { t, ana, bob, admin, gamma, dbId };
}
