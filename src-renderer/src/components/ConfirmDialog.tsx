/** Renderer. "Are you sure?" for destructive actions: names the thing, Cancel has the focus. */
import type { ReactNode } from 'react';
import { Modal } from './Modal.tsx';
import { t } from '../lib/i18n.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
  busy?: boolean;
  error?: string | null;
  tone?: 'danger' | 'default';
  testId?: string;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, confirmLabel, onConfirm, onCancel, children, busy = false, error, tone = 'danger' } = props;
  return (
    <Modal open={open} title={title} onClose={onCancel} size="small" testId={props.testId ?? 'confirm-dialog'}>
      <div className="modal-content">{children}</div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button" onClick={onCancel} data-autofocus>
          {t({ id: 'components.confirmDialog.cancel', defaultMessage: 'Cancel' })}
        </button>
        <button
          type="button"
          className={`button ${tone === 'danger' ? 'button--danger' : 'button--primary'}`}
          onClick={onConfirm}
          disabled={busy}
        >
          {busy ? t({ id: 'components.confirmDialog.working', defaultMessage: 'Working…' }) : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
