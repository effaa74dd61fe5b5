import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { isTyping, shortcutsFor } from './shortcut-list';
import '../errors/error-modal.css';
import './shortcuts.css';

/** `?` anywhere but in a text field opens the list of the page's keyboard shortcuts; Escape closes it. */
export function ShortcutHelp() {
  // Whether the help is open is how the page is looked at, not a fact worth an event.
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const titleId = useId();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      setOpen((was) => !was);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!open) return null;
  return (
    <div className="modal-backdrop" onClick={() => setOpen(false)}>
      <div
        className="modal shortcut-help"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
      >
        <header className="modal__header">
          <h2 id={titleId}>Keyboard shortcuts</h2>
        </header>
        <div className="modal__body">
          {shortcutsFor(pathname).map((section) => (
            <section key={section.title} aria-label={section.title}>
              <h3>{section.title}</h3>
              <table className="shortcut-help__table">
                <tbody>
                  {section.shortcuts.map((s) => (
                    <tr key={s.keys + s.what}>
                      <td>
                        <kbd>{s.keys}</kbd>
                      </td>
                      <td>{s.what}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
          <p className="muted">On a Mac, Cmd works for Ctrl.</p>
        </div>
        <footer className="modal__footer">
          <span className="modal__spacer" />
          <button type="button" className="primary" onClick={() => setOpen(false)}>
            Close
          </button>
        </footer>
      </div>
    </div>
  );
}
