/**
 * Reading `key_value` (common/key-value.projection.ts) by resource and key, the way every keyed cache and
 * link answers: a key that is not of the shape handed out is not looked up, and an expired entry is gone.
 */
import type { DataSource } from 'typeorm';

/** The keys handed out: `randomBytes(24).toString('base64url')`, with room for older lengths. */
export const KEY_VALUE_KEY = /^[A-Za-z0-9_-]{16,64}$/;

export async function readKeyValue<V>(dataSource: DataSource, resource: string, key: string): Promise<V | null> {
  if (!KEY_VALUE_KEY.test(key)) return null;
  const rows = (await dataSource.query(
    `SELECT value FROM key_value WHERE resource = $1 AND key = $2 AND (expires_on IS NULL OR expires_on > now())`,
    [resource, key],
  )) as { value: V }[];
  return rows[0]?.value ?? null;
}
