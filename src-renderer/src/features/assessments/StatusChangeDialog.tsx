/**
 * Renderer. Publishing or archiving an assessment is an explicit step: a summary of what learners
 * will get (or lose), and a warning when it looks unfinished — no questions, zero points, no
 * schedule — before the change is saved to the server.
 */
import { defineMessages } from 'react-intl';
import type { Assessment } from '../../../../src-shared/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatDateTime, formatHoursMinutes } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';

const messages = defineMessages({
  untitledAssessment: {
    id: 'assessments.statusChangeDialog.untitledAssessment',
    defaultMessage: 'Untitled assessment',
  },
  publish: { id: 'assessments.statusChangeDialog.publish', defaultMessage: 'Publish “{title}”?' },
  archive: { id: 'assessments.statusChangeDialog.archive', defaultMessage: 'Archive “{title}”?' },
  publishAnyway: { id: 'assessments.statusChangeDialog.publishAnyway', defaultMessage: 'Publish anyway' },
  publish2: { id: 'assessments.statusChangeDialog.publish2', defaultMessage: 'Publish' },
  archive2: { id: 'assessments.statusChangeDialog.archive2', defaultMessage: 'Archive' },
  learnersInItsGroupsWill: {
    id: 'assessments.statusChangeDialog.learnersInItsGroupsWill',
    defaultMessage: 'Learners in its groups will be able to see and take it.',
  },
  learnersWillNoLongerSee: {
    id: 'assessments.statusChangeDialog.learnersWillNoLongerSee',
    defaultMessage: 'Learners will no longer see it. You can bring it back to draft later.',
  },
  course: { id: 'assessments.statusChangeDialog.course', defaultMessage: 'Course' },
  questions: { id: 'assessments.statusChangeDialog.questions', defaultMessage: 'Questions' },
  totalPoints: { id: 'assessments.statusChangeDialog.totalPoints', defaultMessage: 'Total points' },
  duration: { id: 'assessments.statusChangeDialog.duration', defaultMessage: 'Duration' },
  starts: { id: 'assessments.statusChangeDialog.starts', defaultMessage: 'Starts' },
  notScheduled: { id: 'assessments.statusChangeDialog.notScheduled', defaultMessage: 'Not scheduled' },
  deadline: { id: 'assessments.statusChangeDialog.deadline', defaultMessage: 'Deadline' },
  thisLooksUnfinished: {
    id: 'assessments.statusChangeDialog.thisLooksUnfinished',
    defaultMessage: 'This looks unfinished.',
  },
});

export type StatusChange = 'PUBLISHED' | 'ARCHIVED';

export interface StatusSummary {
  title: string;
  course: string;
  questions: number;
  points: string;
  hours: number;
  minutes: number;
  starts: string | null;
  deadline: string | null;
}

export function summaryOf(form: Record<string, string>, assessment: Partial<Assessment> | null): StatusSummary {
  const num = (raw: string | undefined, fallback: number) => (raw && /^\d+$/.test(raw.trim()) ? Number(raw) : fallback);
  return {
    title: form['title'] || assessment?.title || t(messages.untitledAssessment),
    course: assessment?.course?.name || '—',
    questions: Number(assessment?.questions_count ?? 0) || 0,
    points: form['total_points'] || assessment?.total_points || '0',
    hours: num(form['duration_hours'], assessment?.duration_hours ?? 0),
    minutes: num(form['duration_minutes'], assessment?.duration_minutes ?? 0),
    starts: assessment?.start_datetime ?? null,
    deadline: assessment?.deadline_datetime ?? null,
  };
}

/** What makes an assessment look unfinished, in the words an instructor would use. */
export function unfinishedSigns(summary: StatusSummary): string[] {
  const signs: string[] = [];
  if (summary.questions === 0) signs.push('It has no questions yet.');
  if (!(Number(summary.points) > 0)) signs.push('It is worth zero points.');
  if (!summary.starts) signs.push('It has no schedule: no start time is set.');
  if (summary.hours === 0 && summary.minutes === 0) signs.push('Its duration is zero.');
  return signs;
}

export function StatusChangeDialog(props: {
  change: StatusChange | null;
  summary: StatusSummary;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { change, summary } = props;
  const publishing = change === 'PUBLISHED';
  const signs = publishing ? unfinishedSigns(summary) : [];
  return (
    <ConfirmDialog
      open={change !== null}
      title={publishing ? t(messages.publish, { title: summary.title }) : t(messages.archive, { title: summary.title })}
      confirmLabel={
        publishing ? (signs.length ? t(messages.publishAnyway) : t(messages.publish2)) : t(messages.archive2)
      }
      tone={publishing ? 'default' : 'danger'}
      testId="status-dialog"
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
    >
      <p>{publishing ? t(messages.learnersInItsGroupsWill) : t(messages.learnersWillNoLongerSee)}</p>
      <dl className="publish-summary" data-testid="status-summary">
        <dt>{t(messages.course)}</dt>
        <dd>{summary.course}</dd>
        <dt>{t(messages.questions)}</dt>
        <dd>{summary.questions}</dd>
        <dt>{t(messages.totalPoints)}</dt>
        <dd>{summary.points}</dd>
        <dt>{t(messages.duration)}</dt>
        <dd>{formatHoursMinutes(summary.hours, summary.minutes)}</dd>
        <dt>{t(messages.starts)}</dt>
        <dd>{summary.starts ? formatDateTime(summary.starts) : t(messages.notScheduled)}</dd>
        {summary.deadline && (
          <>
            <dt>{t(messages.deadline)}</dt>
            <dd>{formatDateTime(summary.deadline)}</dd>
          </>
        )}
      </dl>
      {signs.length > 0 && (
        <div className="publish-warnings" role="alert" data-testid="publish-warning">
          <strong>{t(messages.thisLooksUnfinished)}</strong>
          <ul>
            {signs.map((sign) => (
              <li key={sign}>{sign}</li>
            ))}
          </ul>
        </div>
      )}
    </ConfirmDialog>
  );
}
