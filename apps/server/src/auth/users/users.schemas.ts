import { z } from 'zod';

const roles = z.array(z.string().min(1).max(64)).max(32);
const name = z.string().trim().max(64);

/** Unknown fields are refused rather than silently dropped, so a typo ('role') is not a silent no-op. */
export const createUserSchema = z.strictObject({
  username: z.string().trim().min(1, 'is required').max(64),
  password: z.string().min(1, 'is required').max(1024),
  first_name: name.optional(),
  last_name: name.optional(),
  email: z.string().trim().max(320).optional(),
  roles: roles.min(1, 'a user needs at least one role'),
  active: z.boolean().optional(),
});

export const updateUserSchema = z.strictObject({
  first_name: name.optional(),
  last_name: name.optional(),
  email: z.string().trim().max(320).optional(),
  roles: roles.optional(),
  active: z.boolean().optional(),
  password: z.string().min(1).max(1024).optional(),
});
