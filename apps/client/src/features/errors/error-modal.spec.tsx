import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ErrorMessages, ErrorType, parseErrorResponse, timeoutError } from '@strata/domain';
import { createTestContext } from '../../shared/test-context';
import { ToastList } from '../toasts/ToastList';
import { createToasts, type ToastsFeature } from '../toasts/toasts.feature';
import { ErrorModal } from './ErrorModal';
import { createErrors, type ErrorsFeature } from './errors.feature';

let toasts: ToastsFeature;
let errors: ErrorsFeature;

// The answer the server gives when creating a user whose username exists.
const duplicateUser = parseErrorResponse({
  status: 422,
  contentType: 'application/json',
  bodyText: JSON.stringify({
    message: 'A user named admin already exists.',
    errors: [
      {
        message: 'A user named admin already exists.',
        error_type: ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
        level: 'error',
        extra: { link: 'https://strata.example/access' },
      },
    ],
  }),
});

beforeEach(() => {
  const context = createTestContext();
  toasts = createToasts(context);
  errors = createErrors(context, toasts);
  render(
    <>
      <ErrorModal errors={errors} />
      <ToastList toasts={toasts} />
    </>,
  );
});

afterEach(() => {
  toasts.dispose();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const dialog = () => screen.getByRole('dialog');

describe('error modal', () => {
  it('shows the title, the message and a Request Access link, 600 px wide', () => {
    act(() => errors.show(duplicateUser, 'Could not create user admin'));
    expect(within(dialog()).getByRole('heading', { name: 'Could not create user admin' })).toBeInTheDocument();
    expect(within(dialog()).getByText('A user named admin already exists.')).toBeInTheDocument();
    expect(within(dialog()).getByRole('link', { name: 'Request Access' })).toHaveAttribute(
      'href',
      'https://strata.example/access',
    );
    expect(dialog()).toHaveStyle({ width: '600px' });
  });

  it("'See more' expands the status, error type and description; 'See less' folds them", () => {
    act(() => errors.show(duplicateUser));
    expect(within(dialog()).getByRole('heading', { name: ErrorMessages.UNEXPECTED_ERROR_TITLE })).toBeInTheDocument();
    expect(screen.queryByTestId('error-details')).not.toBeInTheDocument();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'See more' }));
    const details = screen.getByTestId('error-details');
    expect(details).toHaveTextContent('422 Unknown error');
    expect(details).toHaveTextContent(ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'See less' }));
    expect(screen.queryByTestId('error-details')).not.toBeInTheDocument();
  });

  it('shows the stack trace behind See more for an unexpected server error', () => {
    const crash = parseErrorResponse({
      status: 500,
      contentType: 'application/json',
      bodyText: JSON.stringify({ message: 'boom', stack: 'Error: boom\n    at handler (server.ts:1:1)' }),
    });
    act(() => errors.show(crash));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'See more' }));
    expect(screen.getByTestId('error-details')).toHaveTextContent('at handler (server.ts:1:1)');
  });

  it('lists the issues of a timeout', () => {
    act(() => errors.show(timeoutError(60000), 'Request timed out'));
    expect(within(dialog()).getByText('Issue 1000 - The dataset is too large to query.')).toBeInTheDocument();
    expect(within(dialog()).getByText('Issue 1001 - The database is under an unusual load.')).toBeInTheDocument();
  });

  it('Close removes the modal and reveals the error shown before it', () => {
    act(() => {
      errors.show(timeoutError(1000), 'First');
      errors.show(duplicateUser, 'Second');
    });
    expect(within(dialog()).getByRole('heading')).toHaveTextContent('Second');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(within(dialog()).getByRole('heading')).toHaveTextContent('First');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("Copy message puts the message on the clipboard and says 'Copied to clipboard!'", async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => Promise.resolve(void copied.push(text)) },
    });
    act(() => errors.show(duplicateUser));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Copy message' }));
    await waitFor(() => expect(screen.getByText(ErrorMessages.COPIED_TO_CLIPBOARD)).toBeInTheDocument());
    expect(copied).toEqual(['A user named admin already exists.']);
  });

  it('Copy message says how to copy by hand when the browser cannot copy', async () => {
    // jsdom has neither the Clipboard API nor execCommand('copy'), like a locked-down browser.
    act(() => errors.show(duplicateUser));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Copy message' }));
    await waitFor(() =>
      expect(screen.getByText('Sorry, your browser does not support copying. Use Ctrl / Cmd + C!')).toBeInTheDocument(),
    );
  });
});
