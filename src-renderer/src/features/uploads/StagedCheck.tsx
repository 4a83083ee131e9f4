/**
 * Renderer. The line under a staged file with what main read from it: why it is refused, its
 * length, size and codecs, warnings that do not block, and for a duplicate the user's choice.
 */
import { useId } from 'react';
import { describeError } from '../../lib/errors.ts';
import { useUploads, type StagedFile } from './store.ts';
import { t } from '../../lib/i18n.ts';

export function StagedCheck({ file }: { file: StagedFile }) {
  const setChoice = useUploads((s) => s.setDuplicateChoice);
  const group = useId();
  const { check } = file;
  if (file.checkError) {
    return (
      <div className="staged-check muted" data-testid="staged-check">
        {t(
          {
            id: 'uploads.stagedCheck.couldNotCheckThisFile',
            defaultMessage: 'Could not check this file ({checkError}). It is checked again when started.',
          },
          { checkError: describeError(file.checkError) },
        )}
      </div>
    );
  }
  if (!check) {
    return (
      <div className="staged-check muted" data-testid="staged-check" aria-live="polite">
        {t({ id: 'uploads.stagedCheck.checking', defaultMessage: 'Checking…' })}
      </div>
    );
  }
  if (!check.video) {
    return (
      <div className="staged-check text-danger" data-testid="staged-refused" role="status">
        {check.reason}{' '}
        {t({ id: 'uploads.stagedCheck.itWillNotBeUploaded', defaultMessage: 'It will not be uploaded.' })}
      </div>
    );
  }
  const [duplicate] = check.duplicates;
  return (
    <div className="staged-check" data-testid="staged-check">
      {check.media?.summary && (
        <span className="muted" data-testid="staged-facts">
          {check.media.summary}
        </span>
      )}
      {check.warnings.map((w) => (
        <span key={w.code} className="text-warning" data-testid="staged-warning">
          {w.message}
        </span>
      ))}
      {duplicate && (
        <fieldset className="staged-duplicate" data-testid="staged-duplicate">
          <legend className="text-warning">
            {duplicate.sameContent
              ? t({ id: 'uploads.stagedCheck.duplicate', defaultMessage: 'Duplicate: ' })
              : t({ id: 'uploads.stagedCheck.possibleDuplicate', defaultMessage: 'Possible duplicate: ' })}
            {duplicate.message}
          </legend>
          <label>
            <input
              type="radio"
              name={group}
              checked={file.duplicateChoice === 'skip'}
              onChange={() => setChoice(file.handle, 'skip')}
            />{' '}
            {t({ id: 'uploads.stagedCheck.skip', defaultMessage: 'Skip' })}
          </label>
          <label>
            <input
              type="radio"
              name={group}
              checked={file.duplicateChoice === 'upload'}
              onChange={() => setChoice(file.handle, 'upload')}
            />{' '}
            {t({ id: 'uploads.stagedCheck.uploadAnyway', defaultMessage: 'Upload anyway' })}
          </label>
        </fieldset>
      )}
    </div>
  );
}
