import type { Envelope } from '../envelope';
import { createUpcaster } from './upcasters';

const stored = (type: string, data: unknown, id = 'e1'): Envelope => ({
  id,
  stream: 'chart:1',
  version: 3,
  position: 42,
  type,
  data,
  meta: { actor: '1', at: '2026-01-01T00:00:00.000Z', batchId: 'b1' },
});

describe('createUpcaster', () => {
  it('reads an old type as its new one and keeps stream, version, position, id and meta', () => {
    const upcast = createUpcaster({ 'chart/starToggled': (e) => ({ type: 'chart/favorited', data: e.data }) });
    const [event] = upcast([stored('chart/starToggled', { userId: 1 })]);
    expect(event).toEqual({ ...stored('chart/favorited', { userId: 1 }) });
  });

  it('splits a catch-all event into several intent events with distinct ids', () => {
    const upcast = createUpcaster({
      'chart/chartUpdated': () => [
        { type: 'chart/chartRenamed', data: { slice_name: 'a' } },
        { type: 'chart/vizTypeChanged', data: { viz_type: 'pie' } },
      ],
    });
    const events = upcast([stored('chart/chartUpdated', { changes: {} })]);
    expect(events.map((e) => [e.id, e.type, e.version])).toEqual([
      ['e1', 'chart/chartRenamed', 3],
      ['e1.1', 'chart/vizTypeChanged', 3],
    ]);
  });

  it('chains renames and applies an upcaster that keeps the type only once', () => {
    const upcast = createUpcaster(
      { 'a/one': (e) => ({ type: 'a/two', data: e.data }) },
      { 'a/two': (e) => ({ type: 'a/two', data: { ...(e.data as object), v: 2 } }) },
    );
    expect(upcast([stored('a/one', { x: 1 })])[0]).toMatchObject({ type: 'a/two', data: { x: 1, v: 2 } });
  });

  it('stops when two upcasters hand an event back and forth', () => {
    const upcast = createUpcaster({ 'a/x': (e) => ({ ...e, type: 'a/y' }), 'a/y': (e) => ({ ...e, type: 'a/x' }) });
    expect(upcast([stored('a/x', {})]).map((e) => e.type)).toEqual(['a/x']);
  });

  it("leaves today's events as they are (the same objects)", () => {
    const event = stored('chart/favorited', { userId: 1 });
    expect(createUpcaster({ 'chart/starToggled': (e) => e })([event])[0]).toBe(event);
  });

  it('never drops a stored event: an upcast to nothing keeps the old one (its version counts)', () => {
    const upcast = createUpcaster({ 'a/x': () => [] });
    expect(upcast([stored('a/x', {})])).toEqual([stored('a/x', {})]);
  });

  it('refuses two upcasters for one type', () => {
    expect(() => createUpcaster({ 'a/x': (e) => e }, { 'a/x': (e) => e })).toThrow(/Two upcasters/);
  });
});
