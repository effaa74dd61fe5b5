import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { UsersService } from '../auth/users/users.service';
import { DecideChart } from '../charts/decide-chart';
import { ApiClient } from '../sqllab/bootstrap/rest-testing';
import { bearerToken, TEST_ADMIN, type AuthTestApp } from './auth-test-app';

/**
 * Two people for specs that read what one user did and what the other may see: bob, an Alpha, and the
 * test admin, each signed in with a bearer token (the audit and recent-activity specs).
 */
export type Who = 'admin' | 'bob';
export interface BobAndAdmin {
  bobId: number;
  adminId: number;
  tokens: Record<Who, string>;
  /** Each one's API client (bearer token, no cookie). */
  clients: Record<Who, ApiClient>;
}

/** Creates bob and signs both in. */
export async function signInBobAndAdmin(t: AuthTestApp): Promise<BobAndAdmin> {
  const users = t.app.get(UsersService);
  const bobId = (await users.createUser({ username: 'bob', password: 'bob-password', roles: ['Alpha'] }, 'system')).id;
  const tokens = {
    admin: await bearerToken(t.url, TEST_ADMIN.username, TEST_ADMIN.password),
    bob: await bearerToken(t.url, 'bob', 'bob-password'),
  };
  const adminId = (await new ApiClient(t.url, tokens.admin, 0).get('/api/v1/me/')).body.result.id as number;
  const clients = { admin: new ApiClient(t.url, tokens.admin, adminId), bob: new ApiClient(t.url, tokens.bob, bobId) };
  return { bobId, adminId, tokens, clients };
}

/**
 * A table chart of `ownerId`'s on dataset 1, made through the chart command (as the create route does
 * once its dataset is checked, which these specs have no dataset for). Returns its id.
 */
export async function createChartAs(t: AuthTestApp, ownerId: number, sliceName: string): Promise<number> {
  const [{ id }] = (await t.app.get(DataSource).query(`SELECT nextval('charts_id_seq')::int AS id`)) as {
    id: number;
  }[];
  await t.app.get(CommandBus).execute(
    new DecideChart(
      id,
      {
        type: 'CreateChart',
        data: {
          id,
          owner_id: ownerId,
          slice_name: sliceName,
          viz_type: 'table',
          datasource_id: 1,
          datasource_type: 'table',
          params: null,
          query_context: null,
          description: null,
          cache_timeout: null,
          certified_by: null,
          certification_details: null,
        },
      },
      { actor: String(ownerId), expectedVersion: 0 },
    ),
  );
  return id;
}
