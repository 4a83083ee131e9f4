/**
 * Renderer. What the reference does not let us change, shown for context beside the editor:
 * points, questions, schedule, passing score; places, groups and seats in their own panels.
 */
import type { Assessment } from '../../../../src-shared/index.ts';
import { formatDate, formatDateTime, orDash } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { GroupsPanel, LocationsPanel, SeatsPanel } from './PeoplePanels.tsx';

function yesNo(value: string | undefined): string {
  if (value === undefined) return '—';
  if (/^(true|yes|1)$/i.test(value)) return 'Yes';
  if (/^(false|no|0)$/i.test(value)) return 'No';
  return value || '—';
}

export function AssessmentDetails({ assessment }: { assessment: Assessment }) {
  const passing = [
    typeof assessment.passing_score_percent === 'number' ? `${assessment.passing_score_percent}%` : null,
    typeof assessment.passing_score_points === 'number' ? `${assessment.passing_score_points} points` : null,
  ].filter(Boolean);
  return (
    <aside className="details" aria-label="Details from the server" data-testid="assessment-details">
      <section className="details-section">
        <h2>At a glance</h2>
        <dl className="details-list">
          <dt>Course</dt>
          <dd>
            <a href={href({ name: 'course', id: assessment.course_id })}>{orDash(assessment.course?.name)}</a>
          </dd>
          <dt>Total points</dt>
          <dd data-testid="detail-total-points">{orDash(assessment.total_points)}</dd>
          <dt>Questions</dt>
          <dd>{assessment.questions_count || '0'}</dd>
          <dt>Passing score</dt>
          <dd>{passing.length ? passing.join(' · ') : 'Not set'}</dd>
          <dt>Maximum attempts</dt>
          <dd>{assessment.maximum_attempts || '—'}</dd>
          <dt>Results released automatically</dt>
          <dd>{yesNo(assessment.effective_auto_release_result)}</dd>
          <dt>Camera proctoring</dt>
          <dd>{yesNo(assessment.effective_camera_proctoring_enabled)}</dd>
        </dl>
      </section>

      <section className="details-section">
        <h2>Schedule</h2>
        <dl className="details-list">
          <dt>Starts</dt>
          <dd>{formatDateTime(assessment.start_datetime)}</dd>
          <dt>Submission date</dt>
          <dd>{formatDate(assessment.submission_date)}</dd>
          <dt>Deadline</dt>
          <dd>{formatDateTime(assessment.deadline_datetime)}</dd>
          <dt>Locked</dt>
          <dd>{formatDateTime(assessment.locked_datetime)}</dd>
          <dt>Results released</dt>
          <dd>{formatDateTime(assessment.results_released_datetime)}</dd>
        </dl>
      </section>

      <LocationsPanel locations={assessment.locations ?? []} />
      <GroupsPanel groups={assessment.groups ?? []} />
      <SeatsPanel seats={assessment.seats ?? []} />

      <p className="muted details-footnote">
        Created {formatDateTime(assessment.created_datetime)} · last changed on the server{' '}
        {formatDateTime(assessment.updated_datetime)}
      </p>
    </aside>
  );
}
