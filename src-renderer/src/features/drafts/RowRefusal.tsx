/**
 * Renderer. "Not saved: reason" on the row where a refused change was made (issues 24, 37). A change
 * that reached the server and was refused offers what its line on Changes & sync offers: Try again
 * and Discard. An action refused before it was sent (nothing stored) only has Dismiss. The change
 * shown at once was already undone (main puts the row back); this says why.
 */
import type { ResourceKind } from '../../../../src-shared/index.ts';
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notices.ts';
import { dismissRefusal, retryRefusal, useRefusal } from './refusals.ts';
import { t } from '../../lib/i18n.ts';

export function RowRefusal({ resource, id }: { resource: ResourceKind; id: string }) {
  const refusal = useRefusal(resource, id);
  if (!refusal) return null;
  const failed = (error: unknown) => notify('error', describeError(error));
  const dismiss = () => void dismissRefusal(resource, id, refusal).catch(failed);
  const retry = () => void retryRefusal(refusal).catch(failed);
  return (
    <span className="row-refusal" role="alert" data-testid="row-refusal">
      <strong>{t({ id: 'drafts.rowRefusal.notSaved', defaultMessage: 'Not saved:' })}</strong> {refusal.message}{' '}
      {refusal.draftId && (
        <button type="button" className="button button--link" onClick={retry}>
          {t({ id: 'drafts.rowRefusal.tryAgain', defaultMessage: 'Try again' })}
        </button>
      )}{' '}
      <button type="button" className="button button--link" onClick={dismiss}>
        {refusal.draftId
          ? t({ id: 'drafts.rowRefusal.discard', defaultMessage: 'Discard' })
          : t({ id: 'drafts.rowRefusal.dismiss', defaultMessage: 'Dismiss' })}
      </button>
    </span>
  );
}
