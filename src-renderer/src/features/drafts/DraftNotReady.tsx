/** Renderer. A new-X screen whose draft is still being opened, or could not be. */
import { PageHeader } from '../../components/PageHeader.tsx';
import { ErrorState, Loading } from '../../components/States.tsx';
import { describeError } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';

export function DraftNotReady({ title, loadError }: { title: string; loadError: unknown }) {
  return (
    <div className="screen">
      <PageHeader title={title} />
      {loadError !== null ? (
        <ErrorState message={describeError(loadError, { subject: 'thisForm' })} error={loadError} />
      ) : (
        <Loading label={t({ id: 'drafts.draftNotReady.openingTheForm', defaultMessage: 'Opening the form…' })} />
      )}
    </div>
  );
}
