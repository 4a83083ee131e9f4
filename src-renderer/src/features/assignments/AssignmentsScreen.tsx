/**
 * Renderer. The assignments created from this workspace. The server has no list of assignments,
 * so this is Lectern's own record (main keeps every assignment it was asked to create, with the
 * server's answer): what was created, what still waits to be sent, and what the server refused.
 */
import type { AssignmentRecord } from '../../../../src-shared/index.ts';
import { Badge, StatusBadge, type Tone } from '../../components/Badge.tsx';
import { useEffect, useRef } from 'react';
import { ListScreen, RowTitle, type ListBody } from '../../components/ListScreen.tsx';
import { useCreatedNote } from '../../lib/created.ts';
import { describeError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { href, navigate } from '../../lib/router.ts';
import { useWriteRefusal } from '../../lib/sync-status.ts';
import { CapabilityGate } from '../workspaces/index.ts';
import { useAssignmentHistory } from './store.ts';
import { t } from '../../lib/i18n.ts';

const STATE_LABELS: Record<AssignmentRecord['state'], [string, Tone]> = {
  sent: ['Created', 'success'],
  editing: ['Not sent yet', 'neutral'],
  queued: ['Waiting to send', 'accent'],
  sending: ['Sending…', 'accent'],
  failed: ['Not created', 'danger'],
  conflict: ['Needs a decision', 'warning'],
  'deleted-on-server': ['Deleted on the server', 'warning'],
};

export function AssignmentsScreen() {
  return (
    <CapabilityGate
      feature="assignments"
      title={t({ id: 'assignments.assignmentsScreen.assignments', defaultMessage: 'Assignments' })}
    >
      <AssignmentList />
    </CapabilityGate>
  );
}

function AssignmentList() {
  useFeature(useAssignmentHistory);
  const { records, error } = useAssignmentHistory();
  const load = () => void useAssignmentHistory.getState().load();
  // A key refused assignment creates: said here too, before anyone writes one (the form keeps
  // what is typed on this computer and its Create is disabled with the same sentence).
  const refusal = useWriteRefusal('assignment');
  const newButton = (
    <a className="button button--primary" href={href({ name: 'assignment-new', draftId: null })}>
      {t({ id: 'assignments.assignmentsScreen.newAssignment', defaultMessage: 'New assignment' })}
    </a>
  );
  const body: ListBody =
    error !== null
      ? { state: 'error', message: describeError(error, { subject: 'theAssignments' }), error, onRetry: load }
      : records === null
        ? {
            state: 'loading',
            label: t({
              id: 'assignments.assignmentsScreen.loadingAssignments',
              defaultMessage: 'Loading assignments…',
            }),
            rowHeight: 72,
          }
        : records.length === 0
          ? {
              state: 'empty',
              title: t({
                id: 'assignments.assignmentsScreen.noAssignmentsWrittenHereYet',
                defaultMessage: 'No assignments written here yet',
              }),
              body: (
                <p>
                  {t({
                    id: 'assignments.assignmentsScreen.writeOneAndItWill',
                    defaultMessage: 'Write one and it will be listed here, with what the server made of it.',
                  })}
                </p>
              ),
              action: (
                <a className="button button--primary" href={href({ name: 'assignment-new', draftId: null })}>
                  {t({ id: 'assignments.assignmentsScreen.writeAnAssignment', defaultMessage: 'Write an assignment' })}
                </a>
              ),
            }
          : { state: 'content', content: <AssignmentRecords records={records} /> };

  return (
    <ListScreen
      title={t({ id: 'assignments.assignmentsScreen.assignments', defaultMessage: 'Assignments' })}
      primaryAction={newButton}
      fill={false}
      headerNote={
        <>
          <p className="muted page-note">
            {t({
              id: 'assignments.assignmentsScreen.theAssignmentsWrittenInLectern',
              defaultMessage:
                'The assignments written in Lectern for this workspace, newest first. Assignments made elsewhere are not listed: the server does not share its list.',
            })}
          </p>
          {refusal && (
            <p className="form-note" role="note" data-testid="assignments-read-only">
              {refusal}
            </p>
          )}
        </>
      }
      body={body}
    />
  );
}

function AssignmentRecords({ records }: { records: readonly AssignmentRecord[] }) {
  const note = useCreatedNote((s) => (s.note?.kind === 'assignment' ? s.note : null));
  return (
    <>
      {note && <CreatedAssignmentBanner title={note.title} where={note.where} />}
      <ul
        className="record-list"
        aria-label={t({ id: 'assignments.assignmentsScreen.assignments', defaultMessage: 'Assignments' })}
        data-testid="assignment-list"
      >
        {records.map((record) => (
          <AssignmentItem key={record.draftId} record={record} created={note?.id === record.draftId} />
        ))}
      </ul>
    </>
  );
}

/** "Created …", where the new-assignment form opened: on the list that now holds it. */
function CreatedAssignmentBanner({ title, where }: { title: string; where: string | null }) {
  return (
    <div className="banner banner--success created-banner" role="status" data-testid="assignment-created">
      <p>
        <strong>
          {t({ id: 'assignments.assignmentsScreen.created', defaultMessage: 'Created “{title}”' }, { title })}
        </strong>
        {where ? <> in {where}</> : null}. Add its questions on the server.
      </p>
      <span className="created-banner-actions">
        <a
          className="button button--small"
          href={href({ name: 'assignment-new', draftId: null })}
          onClick={(event) => {
            // Navigate first: dismissing removes this link, and a detached link follows nowhere.
            event.preventDefault();
            navigate({ name: 'assignment-new', draftId: null });
            useCreatedNote.getState().dismiss();
          }}
        >
          {t({
            id: 'assignments.assignmentsScreen.writeAnotherAssignment',
            defaultMessage: 'Write another assignment',
          })}
        </a>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={useCreatedNote.getState().dismiss}
        >
          {t({ id: 'assignments.assignmentsScreen.close', defaultMessage: 'Close' })}
        </button>
      </span>
    </div>
  );
}

function AssignmentItem({ record, created }: { record: AssignmentRecord; created: boolean }) {
  const [label, tone] = STATE_LABELS[record.state];
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (created) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [created]);
  return (
    <li
      ref={ref}
      className={created ? 'record record--created' : 'record'}
      data-testid="assignment-record"
      data-state={record.state}
      data-created={created || undefined}
    >
      <div className="record-line">
        {record.state === 'sent' ? (
          // Sent: the server offers no way to change it, so there is no form to go back to.
          <RowTitle className="record-title" text={record.title} />
        ) : (
          <a
            className="record-title"
            href={href({ name: 'assignment-new', draftId: record.draftId })}
            title={record.title}
          >
            {record.title}
          </a>
        )}
        <Badge tone={tone}>{label}</Badge>
        {record.status && <StatusBadge status={record.status} />}
      </div>
      <RecordMeta record={record} />
      {record.state === 'failed' && record.errorMessage && (
        <p className="record-error text-danger">{record.errorMessage}</p>
      )}
    </li>
  );
}

function RecordMeta({ record }: { record: AssignmentRecord }) {
  return (
    <div className="record-meta">
      <span>
        {t(
          { id: 'assignments.assignmentsScreen.course', defaultMessage: 'Course: {value}' },
          { value: record.courseName ?? (record.state === 'sent' ? '—' : 'set by the server when created') },
        )}
      </span>
      {record.className && (
        <span>
          {t(
            { id: 'assignments.assignmentsScreen.class', defaultMessage: 'Class: {className}' },
            { className: record.className },
          )}
        </span>
      )}
      {record.submissionDate && (
        <span>
          {t(
            { id: 'assignments.assignmentsScreen.due', defaultMessage: 'Due {submissionDate}' },
            { submissionDate: formatDate(record.submissionDate) },
          )}
        </span>
      )}
      <span>
        {t(
          { id: 'assignments.assignmentsScreen.written', defaultMessage: 'Written {createdAt}' },
          { createdAt: formatDateTime(record.createdAt) },
        )}
      </span>
      {record.serverId && (
        <span>
          {t({ id: 'assignments.assignmentsScreen.serverId', defaultMessage: 'Server id' })}{' '}
          <span className="mono">{record.serverId}</span>
        </span>
      )}
    </div>
  );
}
