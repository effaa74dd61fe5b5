/**
 * The users an object's owners may be chosen from, as Superset's `GET /api/v1/{dashboard,chart}/related/owners`
 * answers them: active users whose name or username contains the text, a page at a time. Open to whoever
 * may write the object (the full user list is the admins' only), so it shows names: e-mail addresses are
 * for admins, who manage users anyway; to anyone else they would be a directory of every account.
 */
import { isAdmin } from '@strata/domain';
import { z } from 'zod';
import type { CurrentUser } from '../current-user';
import type { UsersService } from './users.service';

export const RELATED_PAGE_SIZE_MAX = 100;

/** `?q=(filter:'text',page:0,page_size:25)`; every key optional. A filter rison reads as a number is its text. */
export const relatedOwnersQuery = z
  .object({
    filter: z
      .union([z.string().max(200), z.number()])
      .transform((v) => String(v).trim())
      .default(''),
    page: z.number().int().min(0).max(100_000).default(0),
    page_size: z.number().int().min(1).max(RELATED_PAGE_SIZE_MAX).default(25),
  })
  .strict();
export type RelatedOwnersQuery = z.output<typeof relatedOwnersQuery>;

export interface RelatedOwner {
  value: number;
  text: string;
  extra: { active: boolean; email?: string };
}

export async function relatedOwners(
  users: UsersService,
  q: RelatedOwnersQuery,
  viewer: CurrentUser,
): Promise<{ count: number; result: RelatedOwner[] }> {
  const { count, rows } = await users.searchActive(q.filter, q.page, q.page_size);
  const withEmail = isAdmin(viewer);
  return {
    count,
    result: rows.map((u) => ({
      value: u.id,
      text: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username,
      extra: withEmail ? { active: u.active, email: u.email } : { active: u.active },
    })),
  };
}
