/**
 * Renderer. Modal dialogs on the native `<dialog>` with `showModal()`: the browser traps focus,
 * makes the rest inert; Escape closes through React's `open`; we put focus
 * on the element marked `data-autofocus` (React's autoFocus fires before the dialog is shown).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { t } from '../lib/i18n.ts';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Short text under the title. */
  description?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  testId?: string;
}

export function Modal({ open, title, onClose, children, description, size = 'medium', testId }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // A close this component made itself: React already knows, and its close event (a task later)
  // must not close the dialog again if it was opened anew meanwhile (Escape, then Ctrl+K at once).
  const closedByReact = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      const preferred = dialog.querySelector<HTMLElement>('[data-autofocus]');
      preferred?.focus();
    } else if (!open && dialog.open) {
      closedByReact.current = true;
      dialog.close();
    }
  }, [open]);

  // However it closes (Escape, the browser’s close request, dialog.close()): tell React, if it thinks it open.
  const closeIfOpen = () => {
    if (open) onClose();
  };

  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape closes through React, not the browser: the browser's close would tell React only
      // in a later task, and a key pressed in between (Ctrl+K again) would meet a dialog React
      // still thinks is open. A cancelled keydown makes no close request.
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        closeIfOpen();
      }}
      onCancel={closeIfOpen}
      onClose={() => {
        if (closedByReact.current) closedByReact.current = false;
        else closeIfOpen();
      }}
      data-testid={testId}
    >
      {open && (
        <div className="modal-body">
          <header className="modal-header">
            <h2 id={titleId}>{title}</h2>
            <button
              type="button"
              className="button button--ghost button--icon"
              onClick={onClose}
              aria-label={t({ id: 'components.modal.close', defaultMessage: 'Close' })}
            >
              <span aria-hidden="true">×</span>
            </button>
          </header>
          {description && (
            <div id={descriptionId} className="modal-description">
              {description}
            </div>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}
