/**
 * zod schemas of the draft commands as they arrive from a client (socket `command` or REST). The actor is
 * not part of the payload: the server sets it from the authenticated user, so nobody edits in another's
 * name. `parseDraftCommand` gives the typed command or the problems, never throws.
 */
import { z } from 'zod';
import { BACKGROUNDS, CREATABLE_TYPES, HEADER_SIZES } from '../layout/types';
import type { DraftCommand } from './draft.model';

const id = z.string().min(1).max(250);
const index = z.number().int().min(0).max(10_000);
const position = z.object({ parentId: id, index });
const text = z.string().max(10_000);
const code = z.string().max(65_535);
const at = z.string().min(1).max(64);

const schemas = {
  CreateComponent: z
    .object({
      id,
      componentType: z.enum(CREATABLE_TYPES as [string, ...string[]]),
      destination: position,
      rowId: id.optional(),
      tabId: id.optional(),
      chartId: z.number().int().positive().optional(),
      sliceName: z.string().max(250).optional(),
      meta: z
        .object({
          text: text.optional(),
          code: code.optional(),
          headerSize: z.enum(HEADER_SIZES as [string, ...string[]]).optional(),
          background: z.enum(BACKGROUNDS as [string, ...string[]]).optional(),
          width: z.number().int().optional(),
          height: z.number().int().optional(),
        })
        .strict()
        .optional(),
    })
    .strict(),
  MoveComponent: z.object({ id, source: position.optional(), destination: position, rowId: id.optional() }).strict(),
  ResizeComponent: z.object({ id, width: z.number().int().optional(), height: z.number().int().optional() }).strict(),
  DeleteComponent: z.object({ id }).strict(),
  // The base is the text the author started from (issue 12 §3): optional, so older clients still edit.
  UpdateComponentText: z.object({ id, text, baseText: text.optional() }).strict(),
  UpdateMarkdown: z.object({ id, code, baseCode: code.optional() }).strict(),
  SetHeaderSize: z.object({ id, headerSize: z.enum(HEADER_SIZES as [string, ...string[]]) }).strict(),
  SetBackground: z.object({ id, background: z.enum(BACKGROUNDS as [string, ...string[]]) }).strict(),
  ConvertToTopLevelTabs: z.object({ tabsId: id, tabId: id, tabText: text.optional() }).strict(),
  RemoveTopLevelTabs: z.object({}).strict(),
  SaveDraft: z.object({ at, expectedVersion: z.number().int().positive().optional() }).strict(),
  DiscardDraft: z.object({ at }).strict(),
  DiscardMyChanges: z.object({ at }).strict(),
} as const;

export type ClientDraftCommandType = keyof typeof schemas;
export const CLIENT_DRAFT_COMMAND_TYPES = Object.keys(schemas) as ClientDraftCommandType[];

export type ParsedDraftCommand = { ok: true; command: DraftCommand } | { ok: false; problems: string[] };

/**
 * A client's `{type, data}` as a command of `actor`. StartDraft and RestoreVersion are not accepted here:
 * their layouts come from the server's own store, never from a client.
 */
export function parseDraftCommand(input: unknown, actor: string): ParsedDraftCommand {
  if (typeof input !== 'object' || input === null) return { ok: false, problems: ['command must be an object'] };
  const { type, data } = input as { type?: unknown; data?: unknown };
  if (typeof type !== 'string' || !Object.prototype.hasOwnProperty.call(schemas, type)) {
    return { ok: false, problems: [`type: unknown command '${String(type)}'`] };
  }
  const parsed = schemas[type as ClientDraftCommandType].safeParse(data ?? {});
  if (!parsed.success)
    return { ok: false, problems: parsed.error.issues.map((i) => `data.${i.path.join('.')}: ${i.message}`) };
  return { ok: true, command: { type, actor, data: parsed.data } as DraftCommand };
}
