import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createTestContext } from '../../shared/test-context';
import { ToastList } from './ToastList';
import { createToasts, type ToastsFeature } from './toasts.feature';

let toasts: ToastsFeature;

beforeEach(() => {
  jest.useFakeTimers();
  toasts = createToasts(createTestContext());
});

afterEach(() => {
  toasts.dispose();
  jest.useRealTimers();
});

const shownTexts = () => screen.queryAllByTestId('toast').map((t) => t.querySelector('.toast__text')?.textContent);

describe('toasts', () => {
  it('shows the newest toast first, styled by its type', () => {
    render(<ToastList toasts={toasts} />);
    act(() => {
      toasts.info('Saved query loaded');
      toasts.danger('Failed to stop query.');
    });
    expect(shownTexts()).toEqual(['Failed to stop query.', 'Saved query loaded']);
    const [first, second] = screen.getAllByTestId('toast');
    expect(first).toHaveClass('toast--danger');
    expect(first).toHaveAttribute('role', 'alert');
    expect(second).toHaveClass('toast--info');
  });

  it('skips a noDuplicate toast whose text is already shown', () => {
    render(<ToastList toasts={toasts} />);
    act(() => {
      toasts.warning('Your query could not be saved', { noDuplicate: true });
      toasts.warning('Your query could not be saved', { noDuplicate: true });
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
  });

  it.each([
    ['info', 4000],
    ['success', 4000],
    ['warning', 6000],
    ['danger', 8000],
  ] as const)('dismisses a %s toast after %i ms', (type, duration) => {
    render(<ToastList toasts={toasts} />);
    act(() => toasts[type](`a ${type} toast`));
    act(() => jest.advanceTimersByTime(duration - 1));
    expect(screen.getByText(`a ${type} toast`)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText(`a ${type} toast`)).not.toBeInTheDocument();
  });

  it('dismisses each toast on its own clock', () => {
    render(<ToastList toasts={toasts} />);
    act(() => toasts.danger('danger stays 8 s'));
    act(() => jest.advanceTimersByTime(3000));
    act(() => toasts.info('info stays 4 s'));
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.getByText('danger stays 8 s')).toBeInTheDocument();
    expect(screen.queryByText('info stays 4 s')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByText('danger stays 8 s')).not.toBeInTheDocument();
  });

  it('closes a toast with its close button, and the later timer finds nothing to remove', () => {
    render(<ToastList toasts={toasts} />);
    act(() => {
      toasts.success('Copied to clipboard!');
      toasts.info('Another one');
    });
    const toast = screen.getByText('Copied to clipboard!').closest('[data-testid="toast"]') as HTMLElement;
    fireEvent.click(within(toast).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Copied to clipboard!')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
    // One add and one remove per toast: the timer of the closed toast appended nothing.
    expect(toasts.store.store.log$.value.map((e) => e.type)).toEqual([
      'platform/toastAdded',
      'platform/toastAdded',
      'platform/toastRemoved',
      'platform/toastRemoved',
    ]);
  });
});
