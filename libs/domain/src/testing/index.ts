/** Test helpers for domain specs, imported as `@strata/domain/testing`. */
export { deciderSpec, SpecFailure, type DeciderSpec, type GivenClause, type WhenClause } from './decider-spec';
export { deepEqual, deepFreeze } from './deep-equal';
export { gestureFrom, GESTURE_SEED_LENGTH, type Gesture } from '../dashboard/testing/gestures';
export { auditDraftLog, discardFate, type AckedCommand, type Audit } from '../dashboard/testing/draft-audit';
export { StreamLog } from './stream-log';
export { refusal, revertNames } from './revert';
