/**
 * Renderer. What the reference does not let us change, shown for context beside the editor:
 * points, questions, schedule, passing score; places, groups and seats in their own panels.
 */
import type { Assessment } from '../../../../src-shared/index.ts';
import { formatDate, formatDateTime, orDash } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { GroupsPanel, LocationsPanel, SeatsPanel } from './PeoplePanels.tsx';
import { t } from '../../lib/i18n.ts';

function yesNo(value: string | undefined): string {
  if (value === undefined) return '—';
  if (/^(true|yes|1)$/i.test(value)) return t({ id: 'assessments.assessmentDetails.yes', defaultMessage: 'Yes' });
  if (/^(false|no|0)$/i.test(value)) return t({ id: 'assessments.assessmentDetails.no', defaultMessage: 'No' });
  return value || '—';
}

/** The passing score as set: "70%", "16.8 points", or both. */
function passingScore(assessment: Assessment): string[] {
  return [
    typeof assessment.passing_score_percent === 'number' ? `${assessment.passing_score_percent}%` : null,
    typeof assessment.passing_score_points === 'number'
      ? t(
          { id: 'assessments.assessmentDetails.passingPoints', defaultMessage: '{points} points' },
          { points: String(assessment.passing_score_points) },
        )
      : null,
  ].filter((part): part is string => part !== null);
}

export function AssessmentDetails({ assessment }: { assessment: Assessment }) {
  const passing = passingScore(assessment);
  return (
    <aside
      className="details"
      aria-label={t({
        id: 'assessments.assessmentDetails.detailsFromTheServer',
        defaultMessage: 'Details from the server',
      })}
      data-testid="assessment-details"
    >
      <section className="details-section">
        <h2>{t({ id: 'assessments.assessmentDetails.atAGlance', defaultMessage: 'At a glance' })}</h2>
        <dl className="details-list">
          <dt>{t({ id: 'assessments.assessmentDetails.course', defaultMessage: 'Course' })}</dt>
          <dd>
            <a href={href({ name: 'course', id: assessment.course_id })} dir="auto">
              {orDash(assessment.course?.name)}
            </a>
          </dd>
          <dt>{t({ id: 'assessments.assessmentDetails.totalPoints', defaultMessage: 'Total points' })}</dt>
          <dd data-testid="detail-total-points">{orDash(assessment.total_points)}</dd>
          <dt>{t({ id: 'assessments.assessmentDetails.questions', defaultMessage: 'Questions' })}</dt>
          <dd>{assessment.questions_count || '0'}</dd>
          <dt>{t({ id: 'assessments.assessmentDetails.passingScore', defaultMessage: 'Passing score' })}</dt>
          <dd>
            {passing.length
              ? passing.join(' · ')
              : t({ id: 'assessments.assessmentDetails.notSet', defaultMessage: 'Not set' })}
          </dd>
          <dt>{t({ id: 'assessments.assessmentDetails.maximumAttempts', defaultMessage: 'Maximum attempts' })}</dt>
          <dd>{assessment.maximum_attempts || '—'}</dd>
          <dt>
            {t({
              id: 'assessments.assessmentDetails.resultsReleasedAutomatically',
              defaultMessage: 'Results released automatically',
            })}
          </dt>
          <dd>{yesNo(assessment.effective_auto_release_result)}</dd>
          <dt>{t({ id: 'assessments.assessmentDetails.cameraProctoring', defaultMessage: 'Camera proctoring' })}</dt>
          <dd>{yesNo(assessment.effective_camera_proctoring_enabled)}</dd>
        </dl>
      </section>

      <section className="details-section">
        <h2>{t({ id: 'assessments.assessmentDetails.schedule', defaultMessage: 'Schedule' })}</h2>
        <dl className="details-list">
          <dt>{t({ id: 'assessments.assessmentDetails.starts', defaultMessage: 'Starts' })}</dt>
          <dd>{formatDateTime(assessment.start_datetime)}</dd>
          <dt>{t({ id: 'assessments.assessmentDetails.submissionDate', defaultMessage: 'Submission date' })}</dt>
          <dd>{formatDate(assessment.submission_date)}</dd>
          <dt>{t({ id: 'assessments.assessmentDetails.deadline', defaultMessage: 'Deadline' })}</dt>
          <dd>{formatDateTime(assessment.deadline_datetime)}</dd>
          <dt>{t({ id: 'assessments.assessmentDetails.locked', defaultMessage: 'Locked' })}</dt>
          <dd>{formatDateTime(assessment.locked_datetime)}</dd>
          <dt>{t({ id: 'assessments.assessmentDetails.resultsReleased', defaultMessage: 'Results released' })}</dt>
          <dd>{formatDateTime(assessment.results_released_datetime)}</dd>
        </dl>
      </section>

      <LocationsPanel locations={assessment.locations ?? []} />
      <GroupsPanel groups={assessment.groups ?? []} />
      <SeatsPanel seats={assessment.seats ?? []} />

      <p className="muted details-footnote">
        {t(
          {
            id: 'assessments.assessmentDetails.createdLastChangedOnThe',
            defaultMessage: 'Created {createddatetime} · last changed on the server {updateddatetime}',
          },
          {
            createddatetime: formatDateTime(assessment.created_datetime),
            updateddatetime: formatDateTime(assessment.updated_datetime),
          },
        )}
      </p>
    </aside>
  );
}
