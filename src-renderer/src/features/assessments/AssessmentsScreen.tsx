/**
 * Renderer. Assessments: every assessment, or one course's, with search and a status filter.
 * Hidden with its one-line reason when the workspace's key cannot see assessments.
 */
import { useEffect } from 'react';
import type { Assessment, ContentStatus, KeyMode } from '../../../../src-shared/index.ts';
import { StatusBadge } from '../../components/Badge.tsx';
import { ListCacheNote } from '../../components/CacheNote.tsx';
import { ListScreen, RowTitle, type ListBody } from '../../components/ListScreen.tsx';
import { usePagedListBody } from '../../components/PagedListBody.tsx';
import { FilterSelect, SearchBox } from '../../components/SearchBox.tsx';
import { PlaceholderRow } from '../../components/States.tsx';
import { useFeature } from '../../lib/feature-store.ts';
import { enumLabel, formatDateTime, formatHoursMinutes, orDash } from '../../lib/format.ts';
import { href, navigate } from '../../lib/router.ts';
import { useCourseNames } from '../courses/index.ts';
import { useActiveProfile, CapabilityGate } from '../workspaces/index.ts';
import { ASSESSMENT_TYPES, CONTENT_STATUSES } from '../../lib/statuses.ts';
import { useAssessmentList, type AssessmentQuery } from './store.ts';
import { t } from '../../lib/i18n.ts';

const ROW_HEIGHT = 68;

export function AssessmentsScreen({ courseId }: { courseId: string | null }) {
  const profile = useActiveProfile();
  return (
    <CapabilityGate
      feature="assessments"
      title={t({ id: 'assessments.assessmentsScreen.assessments', defaultMessage: 'Assessments' })}
    >
      <AssessmentList courseId={courseId} keyMode={profile?.keyMode ?? null} />
    </CapabilityGate>
  );
}

function AssessmentList({ courseId, keyMode }: { courseId: string | null; keyMode: KeyMode | null }) {
  const list = useAssessmentList();
  const courseNames = useCourseNames((s) => s.courses);

  useFeature(useAssessmentList);
  useEffect(() => {
    const state = useAssessmentList.getState();
    const current = state.query;
    if (state.status === 'idle' || current?.courseId !== courseId) {
      state.setQuery({ search: current?.search ?? '', status: current?.status ?? null, courseId });
    }
    if (courseId) useCourseNames.getState().ensure([courseId]);
  }, [courseId]);

  const course = courseId ? courseNames[courseId] : undefined;
  const courseName = typeof course === 'object' ? course.name : null;
  const newAssessment = (
    <a
      className="button button--primary"
      href={href({ name: 'assessment-new', courseId, draftId: null })}
      data-testid="new-assessment"
    >
      {t({ id: 'assessments.assessmentsScreen.newAssessment', defaultMessage: 'New assessment' })}
    </a>
  );

  return (
    <ListScreen
      title={
        courseId
          ? t(
              { id: 'assessments.assessmentsScreen.assessmentsOf', defaultMessage: 'Assessments of {value}' },
              { value: courseName ?? 'this course' },
            )
          : t({ id: 'assessments.assessmentsScreen.assessments', defaultMessage: 'Assessments' })
      }
      eyebrow={
        courseId ? (
          <a href={href({ name: 'course', id: courseId })}>
            {courseName ?? t({ id: 'assessments.assessmentsScreen.course', defaultMessage: 'Course' })}
          </a>
        ) : undefined
      }
      primaryAction={newAssessment}
      headerNote={<ListCacheNote list={list} />}
      filterLabel={t({ id: 'assessments.assessmentsScreen.filterAssessments', defaultMessage: 'Filter assessments' })}
      filters={<AssessmentFilters courseId={courseId} />}
      count={
        list.total !== null
          ? t(
              {
                id: 'assessments.assessmentsScreen.assessmentsCount',
                defaultMessage: '{count, plural, one {# assessment} other {# assessments}}',
              },
              { count: list.total },
            )
          : ''
      }
      countTestId="assessment-count"
      body={useAssessmentBody(courseId, keyMode)}
    />
  );
}

function AssessmentFilters({ courseId }: { courseId: string | null }) {
  const list = useAssessmentList();
  const query = list.query ?? { search: '', courseId, status: null };
  return (
    <>
      <SearchBox
        label={t({ id: 'assessments.assessmentsScreen.search', defaultMessage: 'Search' })}
        value={query.search}
        placeholder={t({ id: 'assessments.assessmentsScreen.title', defaultMessage: 'Title' })}
        onSearch={(search) => list.setQuery({ ...query, search })}
        testId="assessment-search"
      />
      <FilterSelect
        label={t({ id: 'assessments.assessmentsScreen.status', defaultMessage: 'Status' })}
        value={query.status ?? ''}
        onChange={(value) => list.setQuery({ ...query, status: (value || null) as ContentStatus | null })}
        options={[
          { value: '', label: t({ id: 'assessments.assessmentsScreen.anyStatus', defaultMessage: 'Any status' }) },
          ...CONTENT_STATUSES.map((s) => ({ value: s, label: enumLabel(s, CONTENT_STATUSES) })),
        ]}
      />
      {courseId && (
        <div className="toolbar-field toolbar-field--end">
          <button
            type="button"
            className="button button--small"
            onClick={() => navigate({ name: 'assessments', courseId: null })}
          >
            {t({ id: 'assessments.assessmentsScreen.showAllCourses', defaultMessage: 'Show all courses' })}
          </button>
        </div>
      )}
    </>
  );
}

/** What the list shows: skeleton rows, the error, the empty state and its next step, or the rows. */
function useAssessmentBody(courseId: string | null, keyMode: KeyMode | null): ListBody {
  const list = useAssessmentList();
  const { deleted } = list;
  return usePagedListBody(list, {
    subject: 'assessments',
    keyMode,
    loadingLabel: t({ id: 'assessments.assessmentsScreen.loadingAssessments', defaultMessage: 'Loading assessments…' }),
    label: t({ id: 'assessments.assessmentsScreen.assessments', defaultMessage: 'Assessments' }),
    testId: 'assessment-list',
    rowHeight: ROW_HEIGHT,
    renderItem: (assessment, active) =>
      assessment && deleted.has(assessment.id) ? (
        <DeletedRow title={assessment.title ?? '—'} />
      ) : (
        <AssessmentRow assessment={assessment} active={active} showCourse={!courseId} />
      ),
    empty: () => emptyAssessments(list.query, courseId),
    version: deleted,
  });
}

function emptyAssessments(query: AssessmentQuery | null, courseId: string | null): ListBody {
  if (query && (query.search.trim() !== '' || query.status !== null)) {
    return {
      state: 'empty',
      title: t({ id: 'assessments.assessmentsScreen.noAssessmentsMatch', defaultMessage: 'No assessments match' }),
      body: (
        <p>
          {t({
            id: 'assessments.assessmentsScreen.tryOtherWordsOrShow',
            defaultMessage: 'Try other words, or show every status.',
          })}
        </p>
      ),
      action: (
        <button
          type="button"
          className="button"
          onClick={() => useAssessmentList.getState().setQuery({ search: '', status: null, courseId })}
        >
          {t({ id: 'assessments.assessmentsScreen.clearFilters', defaultMessage: 'Clear filters' })}
        </button>
      ),
    };
  }
  return {
    state: 'empty',
    title: courseId
      ? t({
          id: 'assessments.assessmentsScreen.thisCourseHasNoAssessments',
          defaultMessage: 'This course has no assessments yet',
        })
      : t({ id: 'assessments.assessmentsScreen.noAssessmentsYet', defaultMessage: 'No assessments yet' }),
    body: (
      <p>
        {t({
          id: 'assessments.assessmentsScreen.createTheFirstOneIt',
          defaultMessage: 'Create the first one; it opens in the editor once the server has made it.',
        })}
      </p>
    ),
    action: (
      <a
        className="button button--primary"
        href={href({ name: 'assessment-new', courseId, draftId: null })}
        data-testid="empty-new-assessment"
      >
        {t({ id: 'assessments.assessmentsScreen.createAnAssessment', defaultMessage: 'Create an assessment' })}
      </a>
    ),
  };
}

function DeletedRow({ title }: { title: string }) {
  return (
    <div className="row row--deleted" data-testid="deleted-row">
      <span className="row-line">
        <RowTitle text={title} />
      </span>
      <span className="row-meta">
        <span>{t({ id: 'assessments.assessmentsScreen.deleted', defaultMessage: 'Deleted.' })}</span>
      </span>
    </div>
  );
}

function AssessmentRow({
  assessment,
  active,
  showCourse,
}: {
  assessment: Assessment | undefined;
  active: boolean;
  showCourse: boolean;
}) {
  if (!assessment) {
    return <PlaceholderRow />;
  }
  return (
    <a
      className="row row--link"
      href={href({ name: 'assessment', id: assessment.id })}
      tabIndex={active ? 0 : -1}
      data-primary
      data-testid="assessment-row"
    >
      <span className="row-line">
        <RowTitle text={orDash(assessment.title)} />
        <StatusBadge status={assessment.status} />
        {assessment.type && <span className="muted">{enumLabel(assessment.type, ASSESSMENT_TYPES)}</span>}
      </span>
      <span className="row-meta">
        {showCourse && <span dir="auto">{orDash(assessment.course?.name)}</span>}
        <span>{formatHoursMinutes(assessment.duration_hours, assessment.duration_minutes)}</span>
        <span>
          {t(
            { id: 'assessments.assessmentsScreen.questionsCount', defaultMessage: '{count} questions' },
            { count: assessment.questions_count || '0' },
          )}
        </span>
        <span>
          {t(
            { id: 'assessments.assessmentsScreen.totalPoints', defaultMessage: '{points} points' },
            { points: orDash(assessment.total_points) },
          )}
        </span>
        <span>
          {t(
            { id: 'assessments.assessmentsScreen.starts', defaultMessage: 'Starts {startdatetime}' },
            { startdatetime: formatDateTime(assessment.start_datetime) },
          )}
        </span>
      </span>
    </a>
  );
}
