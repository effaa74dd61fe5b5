import { useEffect, useId, useState } from 'react';
import { ErrorMessages, issueCodeText } from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import type { ErrorsFeature } from './errors.feature';
import type { ShownError } from '@strata/domain';
import './error-modal.css';

/** sqllab-and-platform §9: the modal's default width. */
export const MODAL_WIDTH_PX = 600;

/** The newest error of the store's shown state, as a modal. */
export function ErrorModal({ errors }: { errors: ErrorsFeature }) {
  const state = useStoreState(errors.store.state$);
  const current = state.shown.at(-1);
  if (!current) return null;
  return (
    <ErrorDialog
      key={current.id}
      shown={current}
      onClose={() => errors.close(current.id)}
      onCopy={() => void errors.copyMessage(current.error.message)}
    />
  );
}

interface ErrorDialogProps {
  shown: ShownError;
  onClose: () => void;
  onCopy: () => void;
}

function ErrorDialog({ shown: { title, error }, onClose, onCopy }: ErrorDialogProps) {
  // Whether the details are open is how the user looks at the error, not a fact worth logging.
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const issues = error.errors.flatMap((e) => e.extra?.issue_codes ?? []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="modal-backdrop">
      <div
        className="modal error-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        style={{ width: MODAL_WIDTH_PX }}
      >
        <header className="modal__header">
          <span className="error-modal__icon" aria-hidden="true">
            !
          </span>
          <h2 id={titleId}>{title}</h2>
        </header>
        <div className="modal__body">
          <p className="error-modal__message">{error.message}</p>
          {issues.length > 0 && (
            <ul className="error-modal__issues">
              {issues.map((issue) => (
                <li key={issue.code}>{issueCodeText(issue)}</li>
              ))}
            </ul>
          )}
          {error.link && (
            <p>
              <a href={error.link} target="_blank" rel="noreferrer">
                {ErrorMessages.REQUEST_ACCESS}
              </a>
            </p>
          )}
          {expanded && <ErrorDetails error={error} />}
        </div>
        <footer className="modal__footer">
          <button type="button" className="link" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? 'See less' : 'See more'}
          </button>
          <span className="modal__spacer" />
          <button type="button" onClick={onCopy}>
            Copy message
          </button>
          <button type="button" className="primary" onClick={onClose}>
            Close
          </button>
        </footer>
      </div>
    </div>
  );
}

function ErrorDetails({ error }: { error: ShownError['error'] }) {
  return (
    <dl className="error-modal__details" data-testid="error-details">
      <dt>Status</dt>
      <dd>
        {error.status} {error.statusText}
      </dd>
      <dt>Error type</dt>
      <dd>
        <code>{error.error_type}</code>
      </dd>
      {error.stack ? (
        <>
          <dt>Stack trace</dt>
          <dd>
            <pre>{error.stack}</pre>
          </dd>
        </>
      ) : (
        <>
          <dt>Description</dt>
          <dd>
            {error.errors.length > 0 ? (
              <ul>
                {error.errors.map((e, i) => (
                  <li key={i}>
                    {e.message} <span className="muted">({e.error_type})</span>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="muted">{ErrorMessages.NO_DESCRIPTION}</span>
            )}
          </dd>
        </>
      )}
    </dl>
  );
}
