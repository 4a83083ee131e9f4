import { t } from '../lib/i18n.ts';
/**
 * Renderer. The technical side of a failure (a raw code such as ERR_TLS_CERT_ALTNAME_INVALID, the
 * request) folded away under "Details", below the plain sentence: there for support, out of the way.
 */
export function ErrorDetails({ detail, testId = 'error-details' }: { detail: string | null; testId?: string }) {
  if (!detail) return null;
  return (
    <details className="error-details" data-testid={testId}>
      <summary>{t({ id: 'components.errorDetails.details', defaultMessage: 'Details' })}</summary>
      <code className="error-details-text">{detail}</code>
    </details>
  );
}
