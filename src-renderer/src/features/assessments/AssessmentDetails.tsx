/**
 * Renderer. What the reference does not let us change, shown for context beside the editor:
 * points, questions, schedule, locations, groups, seats with their learners, passing score.
 */
import type { Assessment } from '../../../../src-preload/contract.ts';
import { enumLabel, formatDate, formatDateTime, orDash, plural } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { LEARNER_STATUSES } from '../../lib/statuses.ts';

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
  const locations = assessment.locations ?? [];
  const groups = assessment.groups ?? [];
  const seats = assessment.seats ?? [];
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

      <section className="details-section">
        <h2>Locations</h2>
        {locations.length === 0 ? (
          <p className="muted">No locations.</p>
        ) : (
          <ul className="plain-list">
            {locations.map((location) => (
              <li key={location.id}>
                <strong>{orDash(location.name)}</strong> — {location.address || 'no address'} · seats{' '}
                {orDash(location.capacity)}
                {location.description && <span className="muted"> · {location.description}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="details-section">
        <h2>Groups</h2>
        {groups.length === 0 ? (
          <p className="muted">No groups.</p>
        ) : (
          <ul className="plain-list">
            {groups.map((group) => (
              <li key={group.id}>
                <strong>{orDash(group.name)}</strong>
                {group.description && <span className="muted"> — {group.description}</span>}
                {group.learners && <div className="muted">{group.learners}</div>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="details-section">
        <h2>Seats {seats.length > 0 && <span className="muted">({plural(seats.length, 'seat')})</span>}</h2>
        {seats.length === 0 ? (
          <p className="muted">No seats assigned.</p>
        ) : (
          <div className="table-wrap" tabIndex={0} role="region" aria-label="Seats and learners">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Seat</th>
                  <th scope="col">Location</th>
                  <th scope="col">Learner</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {seats.map((seat) => (
                  <tr key={seat.id}>
                    <td>{orDash(seat.seat_number)}</td>
                    <td>{orDash(seat.location?.name)}</td>
                    <td>
                      {seat.learner?.full_name ?? 'Unnamed learner'}
                      {seat.learner?.email && <div className="muted">{seat.learner.email}</div>}
                    </td>
                    <td>{enumLabel(seat.learner?.status, LEARNER_STATUSES)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <p className="muted details-footnote">
        Created {formatDateTime(assessment.created_datetime)} · last changed on the server{' '}
        {formatDateTime(assessment.updated_datetime)}
      </p>
    </aside>
  );
}
