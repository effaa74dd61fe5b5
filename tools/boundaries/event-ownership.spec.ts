import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { declaredEventTypes, directAppends, eventDeclarationsInApp, type EventViolation } from './event-ownership';
import { isTypeScript, walk } from './scan';

const repoRoot = join(__dirname, '..', '..');
/** Tests, test kits and the store's own harness may use synthetic events and append directly. */
const isTestCode = (file: string) => /\.(spec|test)\.tsx?$/.test(file) || /\/(testing|test)\//.test(file);
const sources = (dir: string) =>
  [...walk(join(repoRoot, dir), isTypeScript)]
    .map((path) => relative(repoRoot, path).split('\\').join('/'))
    .filter((file) => !file.endsWith('.d.ts') && !isTestCode(file))
    .map((file) => ({ file, text: readFileSync(join(repoRoot, file), 'utf8') }));

const known = new Set(
  [...sources('libs/domain/src'), ...sources('libs/events/src')].flatMap(({ file, text }) =>
    declaredEventTypes(file, text),
  ),
);
const show = (violations: EventViolation[]) => violations.map((v) => `${v.file}:${v.line} ${v.rule} ${v.text}`);

describe('one log, in the real repository', () => {
  it('reads the event types of the libraries', () => {
    expect(known.size).toBeGreaterThan(50);
    expect(known).toContain('history/undone');
    expect(known).toContain('sqllab/tabAdded');
  });

  it('no app declares an event type: every one lives in libs/domain or libs/events', () => {
    const apps = [...sources('apps/server/src'), ...sources('apps/client/src')];
    expect(show(apps.flatMap(({ file, text }) => eventDeclarationsInApp(file, text, known)))).toEqual([]);
  });

  it('no server code outside the event store appends to it: every write goes through DecisionRunner', () => {
    const server = sources('apps/server/src').filter(({ file }) => !file.startsWith('apps/server/src/event-store/'));
    expect(show(server.flatMap(({ file, text }) => directAppends(file, text)))).toEqual([]);
  });
});

describe('the one-log rules catch what they must (fixtures)', () => {
  const libs = new Set(['chart/favorited', 'sqllab/tabAdded']);
  const declarations = (text: string) => eventDeclarationsInApp('apps/x/a.ts', text, libs).map((v) => v.rule);
  const appends = (text: string) => directAppends('apps/server/src/x/a.service.ts', text).map((v) => v.text);

  it.each([
    "type E = EventLike<'chart/starToggled', { isStarred: boolean }>;",
    "type E = EventLike<'chart/favorited', { userId: number }>;",
    'type E = EventLike<typeof STAR_TOGGLED, { on: boolean }>;',
    "type E = Envelope<'report/scheduled', object>;",
    "type E = { type: 'reportPages/listLoaded'; data: { rows: Row[] } } | { type: 'report/x'; id: number };",
    "type E = { type: 'chart/favorited'; data: { userId: number } };",
  ])('an event type declared in an app: %s', (text) => {
    expect(declarations(text)).toEqual(['event-declared-in-app']);
  });

  it.each([
    "const STAR = 'chart/starToggled' as const;",
    "store.dispatch({ type: 'sqllab/paneMoved', data: {} });",
    "switch (e.type) { case 'chart/chartUpdated': break; }",
    "switch (event.type) { case 'outbox/pageLoaded': return state; }",
    "store.dispatch({ type: 'datasets/listQueried', data });",
  ])('a hand-built event type the libraries do not declare: %s', (text) => {
    expect(declarations(text)).toEqual(['unknown-event-type']);
  });

  it.each([
    "import { FAVORITED } from '@strata/domain'; dispatch({ type: 'chart/favorited', data: {} });",
    "const blob = new Blob([csv], { type: 'text/csv' });",
    "import x from 'rxjs/operators'; const u = 'report/new';",
    'type E = EventLike<string>;',
    "type Favorited = Extract<DomainEvent, { type: 'chart/favorited' }>;",
    "switch (file.type) { case 'text/csv': break; }",
  ])('uses of the libraries’ events and unrelated strings pass: %s', (text) => {
    expect(declarations(text)).toEqual([]);
  });

  it.each([
    [
      'class S { constructor(private readonly store: EventStore) {} f() { return this.store.append(s, [e], o); } }',
      'this.store.append',
    ],
    [
      'class S { constructor(private readonly log: EventStore) {} f() { return this.log.append(s, [e], o); } }',
      'this.log.append',
    ],
    ['async function f(store: Something) { await store.append(s, [e], o); }', 'store.append'],
  ])('a direct append: %s', (text, call) => {
    expect(appends(text)).toEqual([call]);
  });

  it('other appends (form data, URL parameters) and DecisionRunner pass', () => {
    const text = [
      'const form = new FormData(); form.append("file", blob);',
      'params.append("q", rison);',
      'await this.decisions.loadDecideAppend(stream, decider, command, ctx, meta);',
    ].join('\n');
    expect(appends(text)).toEqual([]);
  });
});
