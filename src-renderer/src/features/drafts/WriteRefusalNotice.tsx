/**
 * Renderer. Said once for the workspace: once its key is refused a write, one banner at
 * the top of every screen says which kinds of change the server refused and that the others may be
 * refused too (read-only is rarely for one kind alone); it stays while that is true ("Check again"
 * forgets the refusals, a write of that kind that goes through takes it away) and belongs to the
 * workspace (main's status is the active workspace's). Actions of a refused kind are disabled with
 * the reason; other write actions carry `MayBeRefusedHint` beside their button.
 */
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notices.ts';
import { href } from '../../lib/router.ts';
import { recheckWrites, useMayBeRefused, useSync, useWritesRefused } from '../../lib/sync-status.ts';
import type { ResourceKind } from '../../../../src-shared/index.ts';
import { t } from '../../lib/i18n.ts';

const PLURALS: Record<ResourceKind, string> = {
  lesson: 'lessons',
  section: 'sections',
  course: 'course details',
  assessment: 'assessments',
  assignment: 'assignments',
};

/** "lessons", "lessons and sections", "lessons, sections and assignments". */
export function kindsInWords(kinds: readonly ResourceKind[]): string {
  const words = kinds.map((kind) => PLURALS[kind]);
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export function WriteRefusalNotice() {
  const refused = useWritesRefused();
  const refusedChanges = useSync((s) => (s.status?.outbox.failed ?? 0) + (s.status?.outbox.deletedOnServer ?? 0));
  if (refused.length === 0) return null;
  const recheck = () => void recheckWrites().catch((error: unknown) => notify('error', describeError(error)));
  return (
    <div
      className="banner banner--warning workspace-read-only"
      role="status"
      data-testid="workspace-read-only"
      data-kinds={refused.map((r) => r.resource).join(' ')}
    >
      <p>
        <strong>
          {t({
            id: 'drafts.writeRefusalNotice.thisWorkspaceSKeyMay',
            defaultMessage: 'This workspace’s key may be read-only.',
          })}
        </strong>{' '}
        {t({
          id: 'drafts.writeRefusalNotice.theServerRefusedChangesTo',
          defaultMessage: 'The server refused changes to',
        })}{' '}
        {kindsInWords(refused.map((r) => r.resource))}
        {t({
          id: 'drafts.writeRefusalNotice.otherChangesMayBeRefused',
          defaultMessage:
            '; other changes may be refused too. Ask your administrator for a key that may change them, or replace the key under Workspaces.',
        })}
      </p>
      <div className="banner-actions">
        {refusedChanges > 0 && (
          <a className="button button--small" href={href({ name: 'drafts' })}>
            {t(
              { id: 'drafts.writeRefusalNotice.refusedChanges', defaultMessage: 'Refused changes ({refusedChanges})' },
              { refusedChanges },
            )}
          </a>
        )}
        <button type="button" className="button button--small" onClick={recheck}>
          {t({ id: 'drafts.writeRefusalNotice.checkAgain', defaultMessage: 'Check again' })}
        </button>
      </div>
    </div>
  );
}

/** Beside a save button: this kind was not refused yet, but the key was refused others. */
export function MayBeRefusedHint({ resource }: { resource: ResourceKind }) {
  const hint = useMayBeRefused(resource);
  if (!hint) return null;
  return (
    <p className="muted form-note may-be-refused" data-testid="may-be-refused">
      {hint}
    </p>
  );
}
