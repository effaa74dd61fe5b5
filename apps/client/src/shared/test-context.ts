import type { ClientContext } from './feature-store';

/** A ClientContext for tests: readable sequential ids, the real clock (jest's fake one when installed). */
export function createTestContext(actor = '1'): ClientContext {
  let n = 0;
  return {
    sessionId: 'test-session',
    actor: () => actor,
    now: () => new Date().toISOString(),
    newId: () => `id-${++n}`,
  };
}
