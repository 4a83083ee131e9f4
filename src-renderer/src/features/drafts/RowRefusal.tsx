/**
 * Renderer. "Not saved: reason" on the row where a refused change was made (issue 24), with
 * Dismiss. The change shown at once was already undone (main puts the row back); this says why.
 */
import type { ResourceKind } from '../../../../src-shared/index.ts';
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notices.ts';
import { dismissRefusal, useRefusal } from './refusals.ts';

export function RowRefusal({ resource, id }: { resource: ResourceKind; id: string }) {
  const refusal = useRefusal(resource, id);
  if (!refusal) return null;
  const dismiss = () =>
    void dismissRefusal(resource, id, refusal).catch((error: unknown) => notify('error', describeError(error)));
  return (
    <span className="row-refusal" role="alert" data-testid="row-refusal">
      <strong>Not saved:</strong> {refusal.message}{' '}
      <button type="button" className="button button--link" onClick={dismiss}>
        Dismiss
      </button>
    </span>
  );
}
