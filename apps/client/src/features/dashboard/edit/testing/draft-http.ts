/**
 * The REST side of the draft harness, in the shapes of the server's drafts.controller (save, discard,
 * versions, one version, restore; 409 for a stale expected_version) and GET /api/v1/chart/?q= with a
 * name search. The caller is the `x-test-user` header (the user id).
 */
import rison from 'rison';
import { DraftErrorCode, toPositionJson, type Layout } from '@strata/domain';
import type { Handler } from '../../../../testing/test-server';
import type { DraftSocketServer } from './draft-socket-server';

const error = (status: number, message: string) => ({
  status,
  body: {
    message,
    errors: [
      { message, error_type: status === 409 ? 'GENERIC_COMMAND_ERROR' : 'GENERIC_BACKEND_ERROR', level: 'error' },
    ],
  },
});

export function draftHttpHandler(
  drafts: DraftSocketServer,
  options: { charts: { id: number; slice_name: string; viz_type: string }[]; usernames: Record<string, string> },
): Handler {
  const person = (actor: string) => ({ id: Number(actor), username: options.usernames[actor] ?? actor });
  const versionJson = (id: number, n: number) => {
    const info = drafts.draft(id).versions.find((v) => v.version === n)!;
    return {
      version: info.version,
      saved_by: person(info.savedBy),
      saved_at: info.savedAt,
      summary: info.summary,
      authors: info.authors.map(person),
      changes: info.changes.map((c) => ({
        user: person(c.actor),
        kind: c.kind,
        component_id: c.componentId ?? null,
        component_type: c.componentType ?? null,
      })),
      restored_from: info.restoredFrom ?? null,
    };
  };
  return (request) => {
    const actor = String(request.headers['x-test-user'] ?? '');
    const url = new URL(request.url, 'http://test');
    if (url.pathname === '/api/v1/security/csrf_token/') return { status: 200, body: { result: 'csrf' } };
    if (url.pathname === '/api/v1/chart/') {
      const q = rison.decode(url.searchParams.get('q') ?? '()') as { filters?: { value: string }[] };
      const search = (q.filters?.[0]?.value ?? '').toLowerCase();
      return {
        status: 200,
        body: {
          count: options.charts.length,
          result: options.charts.filter((c) => c.slice_name.toLowerCase().includes(search)),
        },
      };
    }
    const match = /^\/api\/v1\/dashboard\/(\d+)\/(draft\/save|draft\/discard|versions)(?:\/(\d+)(\/restore)?)?$/.exec(
      url.pathname,
    );
    if (!match || !actor) return undefined;
    const id = Number(match[1]);
    const body = (request.body ?? {}) as { expected_version?: number };
    const answer = (result: ReturnType<DraftSocketServer['command']>) => {
      if (result.ok) return null;
      return error(result.code === DraftErrorCode.VERSION_CONFLICT ? 409 : 422, result.text);
    };
    if (match[2] === 'draft/save') {
      const refused = answer(
        drafts.command(id, actor, 'SaveDraft', body.expected_version ? { expectedVersion: body.expected_version } : {}),
      );
      if (refused) return refused;
      const version = drafts.draft(id).version;
      return { status: 200, body: { version, result: versionJson(id, version) } };
    }
    if (match[2] === 'draft/discard') {
      // As the server: `mine` (default) takes back the caller's own edits, `all` everyone's.
      const scope =
        (request.body as { scope?: string } | undefined)?.scope === 'all' ? 'DiscardDraft' : 'DiscardMyChanges';
      const done = drafts.command(id, actor, scope, {});
      // As the server: how many of the caller's changes stayed because others built on them.
      const head = done.ok ? done.events.find((e) => e.type === 'dashboard/ownChangesDiscarded') : undefined;
      const kept = (head?.data as { kept?: readonly string[] } | undefined)?.kept?.length ?? 0;
      return answer(done) ?? { status: 200, body: { kept, result: {} } };
    }
    const state = drafts.draft(id);
    if (match[3] === undefined) {
      return {
        status: 200,
        body: {
          count: state.versions.length,
          current_version: state.version,
          result: [...state.versions].reverse().map((v) => versionJson(id, v.version)),
        },
      };
    }
    const n = Number(match[3]);
    if (match[4]) {
      const refused = answer(
        drafts.command(id, actor, 'RestoreVersion', {
          version: n,
          ...(body.expected_version ? { expectedVersion: body.expected_version } : {}),
        }),
      );
      if (refused) return refused;
      const version = drafts.draft(id).version;
      return { status: 200, body: { version, result: versionJson(id, version) } };
    }
    const saved = drafts
      .log(id)
      .find(
        (e) =>
          (e.data as { version?: number; layout?: Layout }).version === n && (e.data as { layout?: Layout }).layout,
      );
    if (!saved || !state.versions.some((v) => v.version === n))
      return error(404, `Version ${n} of this dashboard does not exist.`);
    return {
      status: 200,
      body: {
        result: { ...versionJson(id, n), position_json: toPositionJson((saved.data as { layout: Layout }).layout) },
      },
    };
  };
}
