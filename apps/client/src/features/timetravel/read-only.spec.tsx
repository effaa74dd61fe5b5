/**
 * Issue 13, "Time travel everywhere": while the page is scrubbed into the past it is read-only. A user's
 * intent is refused by the store itself (nothing appended, nothing delivered to effects, so nothing is
 * sent), the bar says so and leads back to live, and loads or remote events still enter the live log.
 * What may land is said by the caller (`whilePast: 'allowed'`), never guessed from the browser's event.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { envelopeBatch, type Fold } from '@strata/events';
import { createFeatureStore, MAY_LAND_IN_PAST, type FeatureStore } from '../../shared/feature-store';
import { createTestContext } from '../../shared/test-context';
import { ReadOnlyBar } from './ReadOnlyBar';
import { READ_ONLY_REFUSAL, TimeTravel } from './time-travel';

type NoteEvent = { type: 'notes/added'; data: { text: string } };
const notesFold: Fold<string[], NoteEvent> = {
  initialState: () => [],
  evolve: (state, event) => (event.type === 'notes/added' ? [...state, event.data.text] : state),
};
const added = (text: string): NoteEvent => ({ type: 'notes/added', data: { text } });

let notes: FeatureStore<string[], NoteEvent>;
let timeTravel: TimeTravel;
let sent: string[];

beforeEach(() => {
  notes = createFeatureStore('notes', notesFold, createTestContext());
  timeTravel = new TimeTravel();
  timeTravel.register(notes);
  // What an effect would send to the server: it reacts to recorded$ only.
  sent = [];
  notes.recorded$.subscribe((e) => sent.push((e.data as { text: string }).text));
  notes.record([added('first')], { undoable: true });
  notes.record([added('second')], { undoable: true });
});

afterEach(() => timeTravel.dispose());

const liveTexts = () => notes.store.log.state;
let shown: string[] = [];
beforeEach(() => notes.state$.subscribe((s) => (shown = s)));

/** A page button whose click records an intent (not an undo step: a save, a run, a filter change...). */
function NoteButton({ text }: { text: string }) {
  return (
    <button type="button" onClick={() => notes.record([added(text)])}>
      Add {text}
    </button>
  );
}

describe('the store refuses a user intent while the page shows the past', () => {
  it('an undo step recorded while scrubbed is refused and never reaches the effects; after Live it is recorded', () => {
    const refused: (readonly string[])[] = [];
    notes.refused$.subscribe((types) => refused.push(types));
    timeTravel.scrubTo(1);
    expect(shown).toEqual(['first']);

    expect(notes.record([added('from the past')], { undoable: true })).toEqual([]);
    expect(liveTexts()).toEqual(['first', 'second']);
    expect(sent).toEqual(['first', 'second']);
    expect(refused).toEqual([['notes/added']]);

    timeTravel.resume();
    expect(notes.record([added('now')], { undoable: true })).toHaveLength(1);
    expect(liveTexts()).toEqual(['first', 'second', 'now']);
    expect(sent).toEqual(['first', 'second', 'now']);
  });

  it('an intent recorded inside a click is refused while scrubbed even when it is not an undo step', () => {
    render(<NoteButton text="clicked" />);
    act(() => timeTravel.scrubTo(1));
    fireEvent.click(screen.getByRole('button', { name: 'Add clicked' }));
    expect(liveTexts()).toEqual(['first', 'second']);
    expect(sent).toEqual(['first', 'second']);

    act(() => timeTravel.resume());
    fireEvent.click(screen.getByRole('button', { name: 'Add clicked' }));
    expect(liveTexts()).toEqual(['first', 'second', 'clicked']);
    expect(sent).toEqual(['first', 'second', 'clicked']);
  });

  it('an intent recorded by code, outside any input event (after an await, from a timer), is refused too', () => {
    const refused: (readonly string[])[] = [];
    notes.refused$.subscribe((types) => refused.push(types));
    timeTravel.scrubTo(1);
    expect(notes.record([added('programmatic')])).toEqual([]);
    expect(notes.record([added('explicitly refused')], { whilePast: 'refused' })).toEqual([]);
    // An undo step never lands, even marked as a fact.
    expect(notes.record([added('undo step')], { ...MAY_LAND_IN_PAST, undoable: true })).toEqual([]);
    expect(liveTexts()).toEqual(['first', 'second']);
    expect(sent).toEqual(['first', 'second']);
    expect(refused).toEqual([['notes/added'], ['notes/added'], ['notes/added']]);

    timeTravel.resume();
    expect(notes.record([added('programmatic')])).toHaveLength(1);
    expect(sent).toEqual(['first', 'second', 'programmatic']);
  });

  it('a load and a remote event arriving while scrubbed enter the live log; the view stays in the past', () => {
    timeTravel.scrubTo(1);
    // A server answer: its caller marks it as a fact that may land in the past view.
    notes.record([added('loaded')], MAY_LAND_IN_PAST);
    // Another user's event, appended as it came over the socket.
    notes.store.append(
      envelopeBatch(
        [added('remote')],
        { actor: '2', at: '2026-01-01T00:00:00.000Z', batchId: 'b-remote' },
        {
          stream: 'notes',
          version: 4,
        },
      ),
    );
    expect(liveTexts()).toEqual(['first', 'second', 'loaded', 'remote']);
    expect(shown).toEqual(['first']);
    expect(timeTravel.timeline()).toHaveLength(4);

    timeTravel.resume();
    expect(shown).toEqual(['first', 'second', 'loaded', 'remote']);
  });

  it('a store joining while the page shows the past (edit mode opened then) shows the past too', () => {
    timeTravel.scrubTo(1);
    const late = createFeatureStore('late', notesFold, createTestContext());
    late.record([added('loaded late')], MAY_LAND_IN_PAST);
    const leave = timeTravel.register(late);
    expect(late.store.cursor$.value).toBe(0);
    expect(late.record([added('mine')], { undoable: true })).toEqual([]);
    leave();
    // Left: back to live, never stuck in the past.
    expect(late.store.cursor$.value).toBeNull();
  });
});

describe('the read-only bar', () => {
  it('shows "Viewing the past" only while scrubbed; Return to live goes back to the present', () => {
    render(<ReadOnlyBar timeTravel={timeTravel} />);
    expect(screen.queryByText('Viewing the past')).not.toBeInTheDocument();

    act(() => timeTravel.scrubTo(1));
    expect(screen.getByText('Viewing the past')).toBeInTheDocument();
    expect(document.body).toHaveClass('strata-read-only');

    fireEvent.click(screen.getByRole('button', { name: 'Return to live' }));
    expect(timeTravel.cursor$.value).toBeNull();
    expect(screen.queryByText('Viewing the past')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('strata-read-only');
    expect(shown).toEqual(['first', 'second']);
  });

  it("stops the page's input while scrubbed and says why; after Live the same click works", () => {
    render(
      <>
        <NoteButton text="page" />
        <ReadOnlyBar timeTravel={timeTravel} />
      </>,
    );
    act(() => timeTravel.scrubTo(1));
    fireEvent.click(screen.getByRole('button', { name: 'Add page' }));
    expect(screen.getByRole('alert')).toHaveTextContent(READ_ONLY_REFUSAL);
    expect(liveTexts()).toEqual(['first', 'second']);

    fireEvent.click(screen.getByRole('button', { name: 'Return to live' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add page' }));
    expect(liveTexts()).toEqual(['first', 'second', 'page']);
  });

  it("says what a store refused when an intent got past the page's guard", () => {
    render(<ReadOnlyBar timeTravel={timeTravel} />);
    act(() => timeTravel.scrubTo(1));
    act(() => void notes.record([added('programmatic')], { undoable: true }));
    expect(screen.getByRole('alert')).toHaveTextContent(`${READ_ONLY_REFUSAL} (refused: notes/added)`);
  });
});
