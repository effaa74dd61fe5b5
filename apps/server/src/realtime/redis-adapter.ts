import { createHash } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { StrataServer } from './socket-types';
import { logConnectionErrors } from '../common/connection-errors';

/**
 * Lets several server processes share rooms: a push to `user:<id>`, a presence broadcast or fetchSockets
 * reaches sockets connected to any process. Stream events do not need it (each process pushes to its
 * own sockets from CommittedEvents, which LISTEN/NOTIFY feeds with the other processes' commits).
 *
 * Redis pub/sub channels are global to the Redis server, so the channel prefix is derived from the
 * deployment (`deployment`: its metadata database): two Strata installations sharing one Redis never
 * see each other's sockets. Returns a function that closes the Redis connections.
 */
export function useRedisAdapter(server: StrataServer, redisUrl: string, deployment: string): () => Promise<void> {
  const pub = logConnectionErrors(new Redis(redisUrl, { maxRetriesPerRequest: null }), 'Redis (socket.io publisher)');
  const sub = logConnectionErrors(pub.duplicate(), 'Redis (socket.io subscriber)');
  const key = `strata#${createHash('sha256').update(deployment).digest('hex').slice(0, 16)}`;
  server.adapter(createAdapter(pub, sub, { key }));
  return async () => {
    await Promise.allSettled([pub.quit(), sub.quit()]);
  };
}
