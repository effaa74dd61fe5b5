/**
 * Schemas, table lists and table metadata per database, kept in memory for the database's cache_timeout
 * (default one day, like Superset's CACHE_DEFAULT_TIMEOUT). `force` refreshes; a changed database
 * (changed_on) never sees the old entries. Bounded, oldest entries dropped first.
 */
import { Injectable } from '@nestjs/common';

const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_ENTRIES = 2000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

@Injectable()
export class MetadataCache {
  private readonly entries = new Map<string, Entry>();

  async get<T>(
    database: { id: number; changed_on: string; cache_timeout: number | null },
    what: string,
    force: boolean,
    load: () => Promise<T>,
  ): Promise<T> {
    const key = `${database.id}|${database.changed_on}|${what}`;
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && !force && hit.expires > now) return hit.value as Promise<T>;
    const ttl =
      database.cache_timeout !== null && database.cache_timeout > 0 ? database.cache_timeout * 1000 : DEFAULT_TTL_MS;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { expires: now + ttl, value });
    // Errors are not cached: the next request asks the database again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  forget(databaseId: number): void {
    for (const key of this.entries.keys()) if (key.startsWith(`${databaseId}|`)) this.entries.delete(key);
  }
}
