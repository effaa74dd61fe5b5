import { createTestContext } from '../../../shared/test-context';
import { TestServer } from '../../../testing/test-server';
import { HttpClient } from '../../api/http-client';
import { createErrors } from '../../errors/errors.feature';
import { createToasts, type ToastsFeature } from '../../toasts/toasts.feature';
import { createSqlLab, type SqlLabFeature } from '../sqllab.feature';
import { sqlLabTestApi } from './sqllab-test-api';

/**
 * The set-up SQL Lab's page specs share: a clean localStorage, the scripted SQL Lab API on a real HTTP
 * server, toasts, errors and a SQL Lab speaking to it (no backend persistence, no push channel).
 * A spec keeps its own `let server, toasts, sqllab` and assigns them in `beforeEach` from `startSqlLab`.
 */
export interface SqlLabKit {
  server: TestServer;
  toasts: ToastsFeature;
  sqllab: SqlLabFeature;
}

export async function startSqlLab(): Promise<SqlLabKit> {
  localStorage.clear();
  const server = await new TestServer(sqlLabTestApi().handler).start();
  const context = createTestContext();
  const toasts = createToasts(context);
  const sqllab = createSqlLab({
    context,
    http: new HttpClient({ baseUrl: server.baseUrl }),
    toasts,
    errors: createErrors(context, toasts),
    backendPersistence: false,
    openPush: null,
  });
  return { server, toasts, sqllab };
}

export async function stopSqlLab({ server, toasts, sqllab }: SqlLabKit) {
  sqllab.dispose();
  toasts.dispose();
  await server.stop();
}
