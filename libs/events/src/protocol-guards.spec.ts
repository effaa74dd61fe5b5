import type { ClientMessage, ServerMessage } from './protocol';
import { PROTOCOL_VERSION } from './protocol';
import {
  clientMessageProblem,
  isClientMessage,
  isEnvelope,
  isServerMessage,
  serverMessageProblem,
} from './protocol-guards';

const envelope = {
  id: 'e1',
  stream: 'dashboard-7',
  version: 3,
  position: 120,
  type: 'dashboard/componentMoved',
  data: { id: 'CHART-1', to: 2 },
  meta: { actor: '5', at: '2024-05-01T10:00:00.000Z', batchId: 'b1', clientSeq: 4, undoable: true },
};

const goodClient: ClientMessage[] = [
  { type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: 'dashboard-7', fromVersion: 0 },
  { type: 'unsubscribe', stream: 'dashboard-7' },
  {
    type: 'command',
    stream: 'dashboard-7',
    clientSeq: 1,
    commandId: 'c1',
    batchId: 'b1',
    expectedVersion: 3,
    command: { type: 'MoveComponent', data: { id: 'CHART-1' } },
  },
  { type: 'presence', stream: 'dashboard-7', state: { mode: 'editing', selection: ['CHART-1'] } },
];

const goodServer: ServerMessage[] = [
  { type: 'subscribed', stream: 'dashboard-7', events: [envelope], version: 3 },
  { type: 'events', stream: 'dashboard-7', events: [] },
  { type: 'ack', clientSeq: 1, commandId: 'c1', result: 'committed', version: 4 },
  { type: 'ack', clientSeq: 1, commandId: 'c1', result: 'rejected', reason: 'conflict', message: 'Changed meanwhile' },
  {
    type: 'presence',
    stream: 'dashboard-7',
    peers: [{ userId: 2, username: 'bob', sessionId: 's', state: { mode: 'viewing', selection: [] } }],
  },
  {
    type: 'async_event',
    event: {
      id: '1-0',
      job_id: 'j',
      status: 'error',
      result_url: null,
      errors: [{ message: 'x', error_type: 'GENERIC_DB_ENGINE_ERROR' }],
    },
  },
  { type: 'error', message: 'Forbidden room', error_type: 'GENERIC_BACKEND_ERROR', stream: 'dashboard-7' },
  {
    type: 'revoked',
    stream: 'dashboard-7',
    reason: 'access_changed',
    message: 'You no longer have access to dashboard-7.',
  },
  { type: 'revoked', reason: 'session_ended', message: 'You were signed out.' },
];

describe('isClientMessage', () => {
  it.each(goodClient.map((m) => [m.type, m]))('accepts a well-formed %s message', (_, message) => {
    expect(clientMessageProblem(message)).toBeNull();
    expect(isClientMessage(JSON.parse(JSON.stringify(message)))).toBe(true);
  });

  it('accepts a command whose data was dropped by JSON (undefined)', () => {
    expect(isClientMessage({ ...goodClient[2], command: { type: 'Undo' } })).toBe(true);
  });

  it.each([
    ['not an object', 'subscribe', 'message must be an object'],
    ['an array', [], 'message must be an object'],
    ['an unknown type', { type: 'hack' }, 'message.type must be one of subscribe, unsubscribe, command, presence'],
    ['an inherited type name', { type: 'toString' }, 'message.type must be one of'],
    ['a missing stream', { type: 'unsubscribe' }, 'message.stream must be a non-empty string'],
    ['an empty stream', { type: 'unsubscribe', stream: '' }, 'message.stream must be a non-empty string'],
    ['a negative fromVersion', { ...goodClient[0], fromVersion: -1 }, 'message.fromVersion must be an integer >= 0'],
    ['a fractional clientSeq', { ...goodClient[2], clientSeq: 1.5 }, 'message.clientSeq must be an integer >= 0'],
    [
      'a string expectedVersion',
      { ...goodClient[2], expectedVersion: '3' },
      'message.expectedVersion must be an integer >= 0',
    ],
    [
      'a command without type',
      { ...goodClient[2], command: { data: {} } },
      'message.command.type must be a non-empty string',
    ],
    ['a missing batchId', { ...goodClient[2], batchId: undefined }, 'message.batchId must be a non-empty string'],
    [
      'a selection of numbers',
      { ...goodClient[3], state: { mode: 'editing', selection: [1] } },
      'message.state.selection[0] must be a string',
    ],
  ])('rejects %s and names the field', (_, message, problem) => {
    expect(clientMessageProblem(message)).toContain(problem);
    expect(isClientMessage(message)).toBe(false);
  });
});

describe('isServerMessage', () => {
  it.each(goodServer.map((m, i) => [`${m.type} #${i}`, m]))('accepts a well-formed %s message', (_, message) => {
    expect(serverMessageProblem(message)).toBeNull();
    expect(isServerMessage(JSON.parse(JSON.stringify(message)))).toBe(true);
  });

  it.each([
    [
      'an ack with an unknown result',
      { ...goodServer[2], result: 'maybe' },
      'message.result must be one of committed, rejected',
    ],
    [
      'a committed ack without version',
      { type: 'ack', clientSeq: 1, commandId: 'c1', result: 'committed' },
      'message.version must be an integer >= 0',
    ],
    ['a rejection with an unknown reason', { ...goodServer[3], reason: 'tired' }, 'message.reason must be one of'],
    [
      'an event without meta.batchId',
      { type: 'events', stream: 's', events: [{ ...envelope, meta: { actor: '5', at: 'x' } }] },
      'message.events[0].meta.batchId',
    ],
    [
      'an event without data',
      { type: 'events', stream: 's', events: [{ ...envelope, data: undefined }] },
      'message.events[0].data is missing',
    ],
    [
      'an event at version 0',
      { type: 'events', stream: 's', events: [{ ...envelope, version: 0 }] },
      'message.events[0].version must be an integer >= 1',
    ],
    [
      'an undoable flag as text',
      { type: 'events', stream: 's', events: [{ ...envelope, meta: { ...envelope.meta, undoable: 'no' } }] },
      'undoable must be a boolean',
    ],
    [
      'a peer without username',
      { type: 'presence', stream: 's', peers: [{ userId: 1, sessionId: 's', state: { mode: 'm', selection: [] } }] },
      'message.peers[0].username must be a string',
    ],
    [
      'an async event with a bad status',
      { type: 'async_event', event: { id: '1', job_id: 'j', status: 'lost', result_url: null } },
      'message.event.status must be one of',
    ],
    ['an error without error_type', { type: 'error', message: 'x' }, 'message.error_type must be a string'],
    [
      'a revocation with an unknown reason',
      { type: 'revoked', reason: 'bored', message: 'x' },
      'message.reason must be one of',
    ],
  ])('rejects %s and names the field', (_, message, problem) => {
    const text = JSON.parse(JSON.stringify(message)) as unknown;
    expect(serverMessageProblem(text)).toContain(problem);
    expect(isServerMessage(text)).toBe(false);
  });
});

describe('isEnvelope', () => {
  it('accepts an envelope and refuses one with a non-object meta', () => {
    expect(isEnvelope(envelope)).toBe(true);
    expect(isEnvelope({ ...envelope, meta: null })).toBe(false);
  });
});
