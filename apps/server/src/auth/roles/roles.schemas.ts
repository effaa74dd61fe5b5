import { z } from 'zod';

const pair = z.tuple([z.string().min(1).max(250), z.string().min(1).max(250)]);
const permissions = z.array(pair).max(1000);
const name = z.string().trim().min(1, 'is required').max(64);

/** Unknown fields are refused, so a typo is a 400 rather than a silent no-op. */
export const createRoleSchema = z.strictObject({ name, permissions: permissions.optional() });
export const updateRoleSchema = z.strictObject({ name });
/** Superset's `POST /roles/{id}/permissions`: the role's whole set afterwards. */
export const rolePermissionsSchema = z.strictObject({ permissions });
