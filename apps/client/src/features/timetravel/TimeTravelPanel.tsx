import { useRef, type ChangeEvent } from 'react';
import { useObservableState } from 'observable-hooks';
import { useOptionalServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import type { HttpClient } from '../api/http-client';
import type { ToastsFeature } from '../toasts/toasts.feature';
import type { TimeTravelExport } from './export-format';
import { ReadOnlyBar } from './ReadOnlyBar';
import { bugReport } from './report';
import type { TimeTravel, TimelineEntry } from './time-travel';
import './time-travel.css';
import { saveFile } from '../../shared/save-file';

interface Props {
  timeTravel: TimeTravel;
  toasts: ToastsFeature;
  /** ISO time for the export's name and header. */
  now: () => string;
  /** Where "Report a bug" reads the server events; the page's client by default. */
  http?: HttpClient;
}

/**
 * Lists the page's events, scrubs every store to any of them, exports and imports the log, and makes
 * a bug report; while scrubbed, the read-only bar shows (panel open or not).
 */
export function TimeTravelPanel(props: Props) {
  const open = useStoreState(props.timeTravel.open$);
  return (
    <>
      <ReadOnlyBar timeTravel={props.timeTravel} />
      {open && <Panel {...props} />}
    </>
  );
}

function download(file: TimeTravelExport, name: string) {
  saveFile(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }), name);
}

function Panel({ timeTravel, toasts, now, http }: Props) {
  const timeline = useObservableState(timeTravel.timeline$, () => timeTravel.timeline());
  const cursor = useStoreState(timeTravel.cursor$);
  const fileInput = useRef<HTMLInputElement>(null);
  const services = useOptionalServices();
  const client = http ?? services?.http;
  const shown = cursor ?? timeline.length;
  const stamp = (at: string) => at.replace(/[:.]/g, '-');

  const exportLog = () => {
    const at = now();
    download(timeTravel.exportLog(at), `strata-events-${stamp(at)}.json`);
  };

  const reportBug = async () => {
    const at = now();
    if (!client) return download(timeTravel.exportLog(at), `strata-bug-report-${stamp(at)}.json`);
    const report = await bugReport(timeTravel, client, at);
    download(report, `strata-bug-report-${stamp(at)}.json`);
    const missing = report.server.filter((s) => s.error !== undefined).map((s) => s.stream);
    toasts.info(
      `Bug report saved: ${report.events.length} page events, ${report.server.length} server streams` +
        (missing.length > 0 ? ` (not readable: ${missing.join(', ')})` : ''),
    );
  };

  const importLog = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const { imported, unknownStores, serverEvents } = timeTravel.importLog(
        JSON.parse(await readText(file)) as unknown,
      );
      const skipped = unknownStores.length > 0 ? ` (no store here for: ${unknownStores.join(', ')})` : '';
      const server = serverEvents > 0 ? ` and ${serverEvents} server events` : '';
      toasts.info(`Imported ${imported} events${server} from ${file.name}${skipped}`);
    } catch (error) {
      toasts.danger(`Could not import ${file.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <section className="time-travel" aria-label="Time travel">
      <header className="time-travel__header">
        <h2>Time travel</h2>
        <span className="time-travel__status" data-testid="time-travel-status">
          {cursor === null ? `Live · ${timeline.length} events` : `Showing ${cursor} of ${timeline.length} events`}
        </span>
        <input
          className="time-travel__slider"
          type="range"
          aria-label="Position in the event log"
          min={0}
          max={timeline.length}
          value={shown}
          onChange={(e) => timeTravel.scrubTo(Number(e.target.value))}
        />
        <button type="button" className="primary" disabled={cursor === null} onClick={() => timeTravel.resume()}>
          Live
        </button>
        <button type="button" onClick={exportLog}>
          Export
        </button>
        <button
          type="button"
          title="Saves the page's events, the server events of what is on screen and the app version"
          onClick={() => void reportBug()}
        >
          Report a bug
        </button>
        <button type="button" onClick={() => fileInput.current?.click()}>
          Import
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="time-travel-import"
          onChange={(e) => void importLog(e)}
        />
        <button
          type="button"
          className="time-travel__close"
          aria-label="Close time travel"
          onClick={() => timeTravel.toggle()}
        >
          ×
        </button>
      </header>
      <div className="time-travel__list">
        <table className="data">
          <thead>
            <tr>
              <th>#</th>
              <th>Store</th>
              <th>Event</th>
              <th>Actor</th>
              <th>Time</th>
            </tr>
          </thead>
          <tbody>
            <tr className={rowClass(0, shown)} aria-selected={shown === 0} onClick={() => timeTravel.scrubTo(0)}>
              <td>0</td>
              <td colSpan={4} className="muted">
                Page start
              </td>
            </tr>
            {timeline.map((item, i) => (
              <EventRow
                key={`${item.store}:${item.entry.id}:${i}`}
                item={item}
                position={i + 1}
                shown={shown}
                onPick={(p) => timeTravel.scrubTo(p)}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function EventRow({
  item,
  position,
  shown,
  onPick,
}: {
  item: TimelineEntry;
  position: number;
  shown: number;
  onPick: (p: number) => void;
}) {
  const { entry } = item;
  return (
    <tr
      className={rowClass(position, shown)}
      aria-selected={position === shown}
      onClick={() => onPick(position)}
      data-testid="time-travel-event"
    >
      <td>{position}</td>
      <td>{item.store}</td>
      <td>
        <code>{entry.type}</code>
      </td>
      <td>{entry.meta.actor}</td>
      <td title={entry.meta.at}>{formatTime(entry.meta.at)}</td>
    </tr>
  );
}

/** Rows up to the shown position are applied; the last applied one is the current point. */
function rowClass(position: number, shown: number): string {
  if (position === shown) return 'time-travel__row time-travel__row--current';
  return position < shown ? 'time-travel__row' : 'time-travel__row time-travel__row--future';
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** FileReader rather than Blob.text(): it also exists in older browsers and in jsdom. */
/** The text of a file or blob (FileReader: jsdom and older browsers lack Blob.text()). */
export function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsText(file);
  });
}
