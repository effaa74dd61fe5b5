import { z } from 'zod';

/** Bounded so an oversized body is a 400 and never reaches scrypt or a stream name. */
const username = z.string().trim().min(1, 'is required').max(256);
const password = z.string().min(1, 'is required').max(1024);

export const browserLoginSchema = z.object({ username, password });

/** Flask-AppBuilder's API login body; only the local user database ('db') is a provider here. */
export const apiLoginSchema = z.object({
  username,
  password,
  provider: z.literal('db', { message: "only the 'db' provider is supported" }).optional(),
  refresh: z.boolean().optional(),
});
