/**
 * Renderer. The line under a staged file with what main read from it: why it is refused, its
 * length, size and codecs, warnings that do not block, and for a duplicate the user's choice.
 */
import { useId } from 'react';
import { describeError } from '../../lib/errors.ts';
import { useUploads, type StagedFile } from './store.ts';

export function StagedCheck({ file }: { file: StagedFile }) {
  const setChoice = useUploads((s) => s.setDuplicateChoice);
  const group = useId();
  const { check } = file;
  if (file.checkError) {
    return (
      <div className="staged-check muted" data-testid="staged-check">
        Could not check this file ({describeError(file.checkError)}). It is checked again when started.
      </div>
    );
  }
  if (!check) {
    return (
      <div className="staged-check muted" data-testid="staged-check" aria-live="polite">
        Checking…
      </div>
    );
  }
  if (!check.video) {
    return (
      <div className="staged-check text-danger" data-testid="staged-refused" role="status">
        {check.reason} It will not be uploaded.
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
            {duplicate.sameContent ? 'Duplicate: ' : 'Possible duplicate: '}
            {duplicate.message}
          </legend>
          <label>
            <input
              type="radio"
              name={group}
              checked={file.duplicateChoice === 'skip'}
              onChange={() => setChoice(file.handle, 'skip')}
            />{' '}
            Skip
          </label>
          <label>
            <input
              type="radio"
              name={group}
              checked={file.duplicateChoice === 'upload'}
              onChange={() => setChoice(file.handle, 'upload')}
            />{' '}
            Upload anyway
          </label>
        </fieldset>
      )}
    </div>
  );
}
