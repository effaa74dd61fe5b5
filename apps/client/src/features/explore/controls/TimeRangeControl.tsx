import { useState } from 'react';
import { formatTimeRangeBounds, parseTimeRange, TIME_RANGE_PRESETS, TIME_RANGE_SEPARATOR } from '@strata/domain';
import type { ControlProps } from './SimpleControls';

type Mode = 'preset' | 'last' | 'custom';
const UNITS = ['days', 'weeks', 'months', 'quarters', 'years', 'hours', 'minutes', 'seconds'] as const;
const LAST_N = /^Last (\d+) (\w+)$/i;

function modeOf(value: string): Mode {
  if ((TIME_RANGE_PRESETS as readonly string[]).includes(value)) return 'preset';
  if (LAST_N.test(value)) return 'last';
  return 'custom';
}

/** What the range means now, or why it cannot be read (the domain's parser, as the server reads it). */
function describe(value: string): { text: string; error: boolean } {
  try {
    return { text: formatTimeRangeBounds(parseTimeRange(value, new Date())), error: false };
  } catch (error) {
    return { text: error instanceof Error ? error.message : String(error), error: true };
  }
}

/** The time range picker: presets, 'Last N units', or 'start : end' with ISO dates or relative expressions. */
export function TimeRangeInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  const [mode, setMode] = useState<Mode>(modeOf(value));
  const last = LAST_N.exec(value);
  const [start, end] = value.includes(TIME_RANGE_SEPARATOR) ? value.split(TIME_RANGE_SEPARATOR) : ['', ''];
  const shown = describe(value);
  return (
    <div className="explore-time-range" role="group" aria-label={label}>
      <select
        aria-label={`${label} type`}
        value={mode}
        onChange={(e) => {
          const next = e.target.value as Mode;
          setMode(next);
          onChange(
            next === 'preset'
              ? 'No filter'
              : next === 'last'
                ? 'Last 7 days'
                : `${start || '7 days ago'}${TIME_RANGE_SEPARATOR}${end || 'now'}`,
          );
        }}
      >
        <option value="preset">Range</option>
        <option value="last">Last N</option>
        <option value="custom">Custom</option>
      </select>
      {mode === 'preset' && (
        <select aria-label={`${label} preset`} value={value} onChange={(e) => onChange(e.target.value)}>
          {TIME_RANGE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      )}
      {mode === 'last' && (
        <span className="explore-inline">
          <input
            aria-label={`${label} count`}
            inputMode="numeric"
            value={last?.[1] ?? ''}
            onChange={(e) => onChange(`Last ${e.target.value.replace(/\D/g, '') || '1'} ${last?.[2] ?? 'days'}`)}
          />
          <select
            aria-label={`${label} unit`}
            value={last?.[2]?.toLowerCase() ?? 'days'}
            onChange={(e) => onChange(`Last ${last?.[1] ?? '7'} ${e.target.value}`)}
          >
            {UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </select>
        </span>
      )}
      {mode === 'custom' && (
        <span className="explore-inline">
          <input
            aria-label={`${label} start`}
            placeholder="2020-01-01 or 7 days ago"
            value={start}
            onChange={(e) => onChange(`${e.target.value}${TIME_RANGE_SEPARATOR}${end}`)}
          />
          <input
            aria-label={`${label} end`}
            placeholder="now"
            value={end}
            onChange={(e) => onChange(`${start}${TIME_RANGE_SEPARATOR}${e.target.value}`)}
          />
        </span>
      )}
      <div className={shown.error ? 'form-error' : 'muted explore-time-range__actual'}>{shown.text}</div>
    </div>
  );
}

export function TimeRangeControl({ def, value, onChange }: ControlProps) {
  return (
    <TimeRangeInput
      label={def.label}
      value={typeof value === 'string' && value ? value : 'No filter'}
      onChange={onChange}
    />
  );
}
