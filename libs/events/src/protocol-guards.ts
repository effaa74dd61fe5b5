/**
 * Runtime checks of the wire protocol, field by field, without a schema library (this package stays
 * dependency-free). The server runs `clientMessageProblem` on every socket message and answers a
 * malformed one with an `error` message naming the first bad field; the client checks what it receives.
 */
import type { Envelope } from './envelope';
import type { ClientMessage, ServerMessage } from './protocol';

/** Returns a description of the first problem, or null when the value fits. */
type Check = (value: unknown, path: string) => string | null;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const str: Check = (v, path) => (typeof v === 'string' ? null : `${path} must be a string`);
const id: Check = (v, path) => (typeof v === 'string' && v.length > 0 ? null : `${path} must be a non-empty string`);
const bool: Check = (v, path) => (typeof v === 'boolean' ? null : `${path} must be a boolean`);
const int =
  (min: number): Check =>
  (v, path) =>
    Number.isSafeInteger(v) && (v as number) >= min ? null : `${path} must be an integer >= ${min}`;
const anything: Check = () => null;
const optional =
  (check: Check): Check =>
  (v, path) =>
    v === undefined ? null : check(v, path);
const nullable =
  (check: Check): Check =>
  (v, path) =>
    v === null ? null : check(v, path);
const oneOf =
  (...values: readonly string[]): Check =>
  (v, path) =>
    typeof v === 'string' && values.includes(v) ? null : `${path} must be one of ${values.join(', ')}`;
const arrayOf =
  (check: Check): Check =>
  (v, path) => {
    if (!Array.isArray(v)) return `${path} must be an array`;
    for (let i = 0; i < v.length; i += 1) {
      const problem = check(v[i], `${path}[${i}]`);
      if (problem !== null) return problem;
    }
    return null;
  };
/** An object with these fields; `required` lists keys that must be present even when their check is `anything`. */
const shape =
  (fields: Record<string, Check>, required: readonly string[] = []): Check =>
  (v, path) => {
    if (!isRecord(v)) return `${path} must be an object`;
    for (const key of required) if (!(key in v)) return `${path}.${key} is missing`;
    for (const [key, check] of Object.entries(fields)) {
      const problem = check(v[key], `${path}.${key}`);
      if (problem !== null) return problem;
    }
    return null;
  };
/** A union discriminated by `type`: the variant's check runs on the whole value. */
const byType =
  (variants: Record<string, Check>): Check =>
  (v, path) => {
    if (!isRecord(v)) return `${path} must be an object`;
    const variant = typeof v.type === 'string' && Object.hasOwn(variants, v.type) ? variants[v.type] : undefined;
    if (variant === undefined) return `${path}.type must be one of ${Object.keys(variants).join(', ')}`;
    return variant(v, path);
  };

const meta = shape({
  actor: str,
  at: str,
  batchId: id,
  causationId: optional(str),
  correlationId: optional(str),
  clientSeq: optional(int(0)),
  sessionId: optional(str),
  commandId: optional(str),
  undoable: optional(bool),
});

/** Events are facts with a payload: `data` must be present (use `{}` when there is nothing to say). */
const envelope = shape(
  { id, stream: id, version: int(1), position: optional(int(0)), type: id, data: anything, meta },
  ['data'],
);

const presenceState = shape({ mode: str, selection: arrayOf(str) });

const clientMessage = byType({
  subscribe: shape({ protocolVersion: int(0), stream: id, fromVersion: int(0) }),
  unsubscribe: shape({ stream: id }),
  command: shape({
    stream: id,
    clientSeq: int(0),
    commandId: id,
    batchId: id,
    expectedVersion: optional(int(0)),
    // `data` may be absent on the wire (JSON drops undefined); the context's own validation reads it.
    command: shape({ type: id, data: anything }),
  }),
  presence: shape({ stream: id, state: presenceState }),
});

const errorItem = shape({ message: str, error_type: str });
const ackBase = { clientSeq: int(0), commandId: id };
// Called by byType on a record whose type is 'ack': the `result` field selects the variant.
const ack: Check = (v, path) => ackVariant((v as Record<string, unknown>).result, path)(v, path);
function ackVariant(result: unknown, path: string): Check {
  if (result === 'committed') return shape({ ...ackBase, version: int(0) });
  if (result === 'rejected') {
    return shape({ ...ackBase, reason: oneOf('conflict', 'invalid', 'forbidden', 'unknown_command'), message: str });
  }
  return () => `${path}.result must be one of committed, rejected`;
}

const serverMessage = byType({
  subscribed: shape({ stream: id, events: arrayOf(envelope), version: int(0) }),
  events: shape({ stream: id, events: arrayOf(envelope) }),
  ack,
  presence: shape({
    stream: id,
    peers: arrayOf(shape({ userId: int(0), username: str, sessionId: str, state: presenceState })),
  }),
  async_event: shape({
    event: shape({
      id,
      job_id: id,
      status: oneOf('pending', 'running', 'done', 'error'),
      result_url: nullable(str),
      errors: optional(arrayOf(errorItem)),
    }),
  }),
  revoked: shape({
    stream: optional(id),
    reason: oneOf('session_ended', 'deactivated', 'access_changed'),
    message: str,
  }),
  error: shape({ message: str, error_type: str, stream: optional(str) }),
});

/** Null when `value` is a well-formed ClientMessage; otherwise the first problem, e.g. "message.stream must be a non-empty string". */
export function clientMessageProblem(value: unknown): string | null {
  return clientMessage(value, 'message');
}

export function serverMessageProblem(value: unknown): string | null {
  return serverMessage(value, 'message');
}

export function envelopeProblem(value: unknown): string | null {
  return envelope(value, 'envelope');
}

export function isClientMessage(value: unknown): value is ClientMessage {
  return clientMessageProblem(value) === null;
}

export function isServerMessage(value: unknown): value is ServerMessage {
  return serverMessageProblem(value) === null;
}

export function isEnvelope(value: unknown): value is Envelope {
  return envelopeProblem(value) === null;
}
