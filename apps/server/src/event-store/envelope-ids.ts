import type { Envelope } from '@strata/events';

/** The user id of an envelope's actor, or null for actors that are no user (the system, a first start). */
export function actorUserId(envelope: Envelope): number | null {
  const actor = Number(envelope.meta.actor);
  return Number.isInteger(actor) ? actor : null;
}

/** The numeric id of an aggregate's stream name, `chart:12` -> 12. */
export const streamNumber = (stream: string): number => Number(stream.slice(stream.indexOf(':') + 1));
