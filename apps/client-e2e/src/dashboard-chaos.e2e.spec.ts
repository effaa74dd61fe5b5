import { join } from 'node:path';
import { draftDecider, type Layout } from '@strata/domain';
import { auditDraftLog, gestureFrom, GESTURE_SEED_LENGTH } from '@strata/domain/testing';
import { foldEntries } from '@strata/events';
import { BrowserEditor } from './dashboard-chaos/browser-editor';
import { drawBrowserAction, perform } from './dashboard-chaos/browser-gestures';
import { SocketEditor } from './dashboard-chaos/socket-editor';
import { prng } from './dashboard-chaos/until';
import { createDashboard, createUser, editUrl, gammaUser } from './dashboard-support';
import { Stage } from './stage';
import { ARTIFACTS } from './support';

// Issue 12 item 7 in the browser: two editors in Chromium (admin, bob) and one socket.io client (carol)
// on one dashboard, for a number of rounds drawn from one seed (CHAOS_SEED replays the choices; the
// browsers' timing is not replayed). A round: every editor acts at once, then everyone's commands are
// acked and everyone holds the server's draft version. At the end every screen shows the server's
// draft, and @strata/domain/testing's audit follows every acknowledged change through the log.

const SEED = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : Math.floor(Math.random() * 2 ** 32);
const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 20);

const stage = new Stage('dashboard-chaos');
const sockets: SocketEditor[] = [];

afterAll(async () => {
  sockets.forEach((s) => s.leave());
  await stage.stop();
});

it(`two editors in Chromium and one on a socket lose no acknowledged work (CHAOS_SEED=${SEED})`, async () => {
  process.stdout.write(`dashboard chaos e2e: CHAOS_SEED=${SEED} CHAOS_ROUNDS=${ROUNDS}\n`);
  const { api, adminToken } = await stage.start();
  const { server } = stage;
  const started = Date.now();
  const ids: Record<string, number> = {};
  for (const who of ['bob', 'carol'])
    ids[who] = await createUser(api, adminToken, gammaUser(who, `${who}-chaos-password`));
  ids.admin = (await api.call<{ result: { id: number } }>('GET', '/api/v1/me/', adminToken)).body.result.id;
  const id = await createDashboard(api, adminToken, {
    dashboard_title: 'Chaos in the browser',
    owners: [ids.bob!, ids.carol!],
  });
  const stream = `dashboard-draft:${id}`;

  const pages: BrowserEditor[] = [];
  for (const [who, password] of [
    ['admin', server.adminPassword],
    ['bob', 'bob-chaos-password'],
  ] as const) {
    const page = await stage.signIn(who, password);
    const editor = new BrowserEditor(who, page, stream, editUrl(server.baseUrl, id));
    await editor.open();
    pages.push(editor);
  }
  const carolToken = await api.token('carol', 'carol-chaos-password');
  const carol = new SocketEditor('carol', server.baseUrl, carolToken, id);
  sockets.push(carol);
  await carol.join();

  const random = prng(SEED);
  const outcomes: Record<string, number> = {};
  let made = 0;
  const serverVersion = async () =>
    (await api.call<{ result: { stream_version: number } }>('GET', `/api/v1/dashboard/${id}/draft`, adminToken)).body
      .result.stream_version;
  const settle = async () => {
    if (carol.online) await carol.settled();
    const version = await serverVersion();
    if (carol.online) await carol.caughtUp(version);
    for (const editor of pages) {
      await editor.caughtUp(version);
      await editor.rejectionsShown();
    }
  };
  const carolActs = async () => {
    const k = random() % 100;
    if (!carol.online) return k < 50 ? carol.join() : undefined;
    if (k < 60) {
      const seed = Array.from({ length: GESTURE_SEED_LENGTH }, () => random() % 1000);
      const { type, data } = gestureFrom(seed)(carol.layout, (made += 1), 'carol');
      return carol.send({ type, data });
    }
    if (k < 72) return carol.send({ type: 'Undo', data: {} });
    if (k < 78) return carol.send({ type: 'Redo', data: {} });
    if (k < 82) return carol.send({ type: 'SaveDraft', data: {} });
    if (k < 86) return carol.send({ type: 'DiscardMyChanges', data: {} });
    if (k < 94) return carol.leave();
  };

  for (let round = 1; round <= ROUNDS; round += 1) {
    const actions = pages.map(() => drawBrowserAction(random));
    const draws = pages.map(() => prng(random()));
    const outcome = await Promise.all([
      ...pages.map((editor, i) => perform(editor, actions[i]!, draws[i]!)),
      carolActs().then(() => 'done' as const),
    ]);
    // How many of the drawn gestures ran, found nothing to act on, or missed: the run's coverage.
    pages.forEach(
      (_, i) => (outcomes[`${actions[i]}:${outcome[i]}`] = (outcomes[`${actions[i]}:${outcome[i]}`] ?? 0) + 1),
    );
    await settle();
  }
  await carol.join();
  await settle();

  // The server's draft, as a new subscriber gets it from the store.
  const auditor = new SocketEditor('auditor', server.baseUrl, carolToken, id);
  sockets.push(auditor);
  await auditor.join();
  const log = auditor.log;
  const layout: Layout = foldEntries(draftDecider, log).layout;
  const acked = [...pages.flatMap((p) => p.acked), ...carol.acked];
  const owners = new Set(Object.values(ids).map(String));
  const actorOf = (who: string) => String(ids[who]);
  const audit = auditDraftLog(log, acked, actorOf, owners);
  const summary = {
    seed: SEED,
    rounds: ROUNDS,
    seconds: (Date.now() - started) / 1000,
    logLength: log.length,
    commands: pages.reduce((n, p) => n + p.sentCount, carol.sent),
    committed: audit.committed,
    rejected: audit.rejected,
    fates: audit.fates,
    browserGestures: outcomes,
  };
  process.stdout.write(`dashboard chaos e2e: ${JSON.stringify(summary)}\n`);
  const replay = `replay: CHAOS_SEED=${SEED} CHAOS_ROUNDS=${ROUNDS}`;

  const screens = [];
  for (const editor of pages) screens.push(...(await editor.showsLayout(layout)));
  await pages[0]!.page.screenshot({ path: join(ARTIFACTS, 'dashboard-chaos-admin.png') });
  expect({
    replay,
    wire: [...pages.flatMap((p) => p.problems), ...carol.problems, ...auditor.problems],
    screens,
    audit: audit.problems,
  }).toEqual({ replay, wire: [], screens: [], audit: [] });
  expect(carol.log.map((e) => e.id)).toEqual(log.map((e) => e.id));
  expect(carol.layout).toEqual(layout);
  // One ack per command: every command a page or the socket sent was answered.
  expect(acked).toHaveLength(summary.commands);
}, 400_000);
