import type { RunState } from '@strata/domain';

/** Superset's AlertList status icons, as text glyphs with the state's name for screen readers and tooltips. */
const ICONS: Record<RunState, { glyph: string; tone: string }> = {
  Success: { glyph: '✓', tone: 'success' },
  Working: { glyph: '↻', tone: 'warning' },
  Error: { glyph: '✕', tone: 'danger' },
  'Not triggered': { glyph: '–', tone: '' },
  'On Grace': { glyph: '⏸', tone: 'warning' },
};

export function RunStateBadge({ state }: { state: RunState }) {
  const icon = ICONS[state] ?? { glyph: '?', tone: '' };
  return (
    <span className={`badge run-state ${icon.tone}`.trim()} title={state}>
      <span aria-hidden="true">{icon.glyph}</span> {state}
    </span>
  );
}

/** An ISO instant as the user's local date and time; an empty cell when there is none. */
export function When({ at }: { at: string | null }) {
  if (!at) return <span className="muted">–</span>;
  const date = new Date(at);
  return <time dateTime={at}>{date.toLocaleString()}</time>;
}
