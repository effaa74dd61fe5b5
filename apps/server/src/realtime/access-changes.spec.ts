import type { CommittedBatch } from '../event-store/committed-events';
import { accessChangesOf, DEACTIVATED } from './access-changes';

const batch = (type: string) => ({ stream: 'user:7', events: [{ type, data: {} }] }) as unknown as CommittedBatch;

describe('accessChangesOf', () => {
  it("a deleted account's sockets close as a deactivated one's", () => {
    for (const type of ['security/userDeactivated', 'security/userDeleted']) {
      expect(accessChangesOf(batch(type))).toEqual([
        { kind: 'end', userId: 7, reason: 'deactivated', message: DEACTIVATED },
      ]);
    }
  });
});
