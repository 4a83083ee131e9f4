/**
 * Renderer. The assignments created from this workspace. The server has no list of assignments,
 * so this is Lectern's own record (main keeps every assignment it was asked to create, with the
 * server's answer): what was created, what still waits to be sent, and what the server refused.
 */
import type { AssignmentRecord } from '../../../../src-shared/index.ts';
import { Badge, StatusBadge, type Tone } from '../../components/Badge.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Empty, ErrorState, Loading, Unavailable } from '../../components/States.tsx';
import { describeError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { useActiveProfile } from '../workspaces/index.ts';
import { useAssignmentHistory } from './store.ts';

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
  const profile = useActiveProfile();
  if (profile && !profile.capabilities.assignments) {
    return (
      <div className="screen">
        <PageHeader title="Assignments" />
        <Unavailable reason={profile.capabilities.reason ?? 'This workspace’s key cannot create assignments.'} />
      </div>
    );
  }
  return <AssignmentList />;
}

function AssignmentList() {
  useFeature(useAssignmentHistory);
  const { records, error } = useAssignmentHistory();
  const load = () => void useAssignmentHistory.getState().load();

  const newButton = (
    <a className="button button--primary" href={href({ name: 'assignment-new', draftId: null })}>
      New assignment
    </a>
  );

  return (
    <div className="screen">
      <PageHeader title="Assignments" actions={newButton}>
        <p className="muted page-note">
          The assignments written in Lectern for this workspace, newest first. Assignments made elsewhere are not
          listed: the server does not share its list.
        </p>
      </PageHeader>
      {error !== null ? (
        <ErrorState message={describeError(error, { subject: 'the assignments' })} onRetry={load} />
      ) : records === null ? (
        <Loading label="Loading assignments…" />
      ) : records.length === 0 ? (
        <Empty title="No assignments written here yet">
          <p>Write one and it will be listed here, with what the server made of it.</p>
          {newButton}
        </Empty>
      ) : (
        <ul className="record-list" aria-label="Assignments" data-testid="assignment-list">
          {records.map((record) => (
            <AssignmentItem key={record.draftId} record={record} />
          ))}
        </ul>
      )}
    </div>
  );
}

function AssignmentItem({ record }: { record: AssignmentRecord }) {
  const [label, tone] = STATE_LABELS[record.state];
  return (
    <li className="record" data-testid="assignment-record" data-state={record.state}>
      <div className="record-line">
        <a className="record-title" href={href({ name: 'assignment-new', draftId: record.draftId })}>
          {record.title}
        </a>
        <Badge tone={tone}>{label}</Badge>
        {record.status && <StatusBadge status={record.status} />}
      </div>
      <div className="record-meta">
        <span>Course: {record.courseName ?? (record.state === 'sent' ? '—' : 'set by the server when created')}</span>
        {record.className && <span>Class: {record.className}</span>}
        {record.submissionDate && <span>Due {formatDate(record.submissionDate)}</span>}
        <span>Written {formatDateTime(record.createdAt)}</span>
        {record.serverId && (
          <span>
            Server id <span className="mono">{record.serverId}</span>
          </span>
        )}
      </div>
      {record.state === 'failed' && record.errorMessage && (
        <p className="record-error text-danger">{record.errorMessage}</p>
      )}
    </li>
  );
}
