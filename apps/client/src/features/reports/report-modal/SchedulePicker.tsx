import { useMemo, useState, type ReactNode } from 'react';
import { nextRuns } from '@strata/domain';
import { cronOf, SCHEDULE_KINDS, scheduleOf, WEEKDAYS, type Schedule } from './schedule';

/**
 * Every day / every week on a day / every month on a date / weekdays, at a time, or Custom; the raw cron
 * beside it is always shown and editable, and the friendly choice follows what is typed there.
 */
export function SchedulePicker({
  crontab,
  timezone,
  onChange,
  error,
}: {
  crontab: string;
  /** The report's time zone: the cron is read in it, and the next runs are shown in it. */
  timezone: string;
  onChange(crontab: string): void;
  error: string | null;
}) {
  // Which friendly choice is shown is how the form is looked at; the cron is the value.
  const [schedule, setSchedule] = useState<Schedule>(() => scheduleOf(crontab));
  const pick = (next: Schedule) => {
    setSchedule(next);
    const cron = cronOf(next);
    if (cron !== null) onChange(cron);
  };
  const typed = (text: string) => {
    onChange(text);
    setSchedule((previous) => scheduleOf(text, previous));
  };
  return (
    <fieldset className="report-modal__schedule">
      <legend>Schedule</legend>
      <label>
        Repeat
        <select
          aria-label="Repeat"
          value={schedule.kind}
          onChange={(e) => pick({ ...schedule, kind: e.target.value as Schedule['kind'] })}
        >
          {SCHEDULE_KINDS.map(({ kind, label }) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {schedule.kind === 'week' && (
        <label>
          on
          <select
            aria-label="Day of the week"
            value={schedule.weekday}
            onChange={(e) => pick({ ...schedule, weekday: Number(e.target.value) })}
          >
            {WEEKDAYS.map((day, i) => (
              <option key={day} value={i}>
                {day}
              </option>
            ))}
          </select>
        </label>
      )}
      {schedule.kind === 'month' && (
        <label>
          on day
          <select
            aria-label="Day of the month"
            value={schedule.monthDay}
            onChange={(e) => pick({ ...schedule, monthDay: Number(e.target.value) })}
          >
            {Array.from({ length: 31 }, (_, i) => i + 1).map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </label>
      )}
      {schedule.kind !== 'custom' && (
        <label>
          at
          <input
            type="time"
            aria-label="Time of day"
            value={schedule.time}
            onChange={(e) => e.target.value && pick({ ...schedule, time: e.target.value })}
          />
        </label>
      )}
      <label>
        Cron
        <input
          aria-label="Cron schedule"
          className="report-modal__cron"
          value={crontab}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? 'report-error-crontab' : undefined}
          onChange={(e) => typed(e.target.value)}
        />
      </label>
      <FieldError field="crontab" error={error} />
      <NextRuns crontab={crontab} timezone={timezone} />
    </fieldset>
  );
}

/**
 * The next three sends, read in the report's zone by the domain's `nextRuns` (the scheduler's own
 * function): what the user sees is when it will fire. Nothing while the cron is not one (the server says why).
 */
function NextRuns({ crontab, timezone }: { crontab: string; timezone: string }) {
  const runs = useMemo(() => {
    try {
      const format = new Intl.DateTimeFormat('en-GB', {
        timeZone: timezone,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      });
      return nextRuns(crontab, timezone, new Date(), 3).map((at) => format.format(at));
    } catch {
      return null;
    }
  }, [crontab, timezone]);
  if (runs === null) return null;
  return (
    <div className="report-modal__next" data-testid="next-runs">
      Next: {runs.join('; ')} ({timezone})
    </div>
  );
}

/** The server's refusal of one field, under that field. */
export function FieldError({ field, error }: { field: string; error: string | null }) {
  if (error === null) return null;
  return (
    <div className="form-error report-modal__field-error" role="alert" id={`report-error-${field}`}>
      {error}
    </div>
  );
}

/** A labelled field of the report modal, with the server's refusal of it underneath. */
export function Field({
  label,
  field,
  error,
  children,
}: {
  label: string;
  field: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <div className="report-modal__field" data-field={field}>
      <span className="report-modal__label">{label}</span>
      {children}
      <FieldError field={field} error={error} />
    </div>
  );
}
