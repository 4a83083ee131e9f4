/** Renderer. The loading, empty and error states every screen uses, so they look and read alike. */
import type { ReactNode } from 'react';
import { splitTechnical } from '../../../src-shared/connection-words.ts';
import { errorDetail } from '../lib/errors.ts';
import { ErrorDetails } from './ErrorDetails.tsx';
import { t } from '../lib/i18n.ts';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state--empty">
      <p className="state-title">{title}</p>
      {children && <div className="state-body">{children}</div>}
    </div>
  );
}

/**
 * A failure, said once in plain words; its technical side (the code, the request, a TLS code) is
 * folded under "Details" — from the failure itself (`error`) and from the end of a message main
 * wrote with it in brackets (connection-words.ts `withTechnical`).
 */
export function ErrorState({
  message,
  error,
  onRetry,
  title = 'That did not work',
}: {
  message: string;
  /** The failure the message describes, for its Details. */
  error?: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const { sentence, technical } = splitTechnical(message);
  return (
    <div className="state state--error" role="alert">
      <p className="state-title">{title}</p>
      <p className="state-body">{sentence}</p>
      <ErrorDetails detail={(error === undefined ? null : errorDetail(error)) ?? technical} />
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t({ id: 'components.states.tryAgain', defaultMessage: 'Try again' })}
        </button>
      )}
    </div>
  );
}

/** A one-line reason a feature is unavailable (e.g. a service-provider key). */
export function Unavailable({ reason }: { reason: string }) {
  return (
    <div className="state state--unavailable" data-testid="feature-unavailable">
      <p className="state-title">
        {t({ id: 'components.states.notAvailableInThisWorkspace', defaultMessage: 'Not available in this workspace' })}
      </p>
      <p className="state-body">{reason}</p>
    </div>
  );
}

/** A virtual-list row whose page has not arrived yet. */
export function PlaceholderRow() {
  return (
    <div className="row row--placeholder" aria-busy="true">
      <span className="skeleton skeleton--title" />
      <span className="skeleton skeleton--line" />
      <span className="visually-hidden">{t({ id: 'components.states.loading', defaultMessage: 'Loading…' })}</span>
    </div>
  );
}
