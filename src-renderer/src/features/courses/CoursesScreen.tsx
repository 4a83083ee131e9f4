/**
 * Renderer. Courses: search, category and status filters over one long virtualized list that
 * reads the pages behind whatever rows come into view.
 */
import { useEffect, useState } from 'react';
import type { Course } from '../../../../src-shared/index.ts';
import { StatusBadge, Badge } from '../../components/Badge.tsx';
import { ListCacheNote } from '../../components/CacheNote.tsx';
import { ListScreen, RowTitle, type ListBody } from '../../components/ListScreen.tsx';
import { usePagedListBody } from '../../components/PagedListBody.tsx';
import { FilterSelect, SearchBox } from '../../components/SearchBox.tsx';
import { PlaceholderRow } from '../../components/States.tsx';
import { useFeature } from '../../lib/feature-store.ts';
import { enumLabel, formatSeconds, humanize, instructorNames, orDash } from '../../lib/format.ts';
import { CONTENT_STATUSES, COURSE_LEVELS } from '../../lib/statuses.ts';
import { href } from '../../lib/router.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { DEFAULT_COURSE_QUERY, useCategories, useCourseList, type ContentStatus, type CourseQuery } from './store.ts';
import { t } from '../../lib/i18n.ts';

const ROW_HEIGHT = 68;

export function CoursesScreen() {
  const list = useCourseList();
  const query = list.query ?? DEFAULT_COURSE_QUERY;
  const [searchKey, setSearchKey] = useState(0);

  useFeature(useCourseList, useCategories);
  useEffect(() => {
    const state = useCourseList.getState();
    if (state.status === 'idle') state.setQuery(DEFAULT_COURSE_QUERY);
    useCategories.getState().load('all', { force: true });
  }, []);

  const clearFilters = () => {
    list.setQuery(DEFAULT_COURSE_QUERY);
    setSearchKey((k) => k + 1); // the search box shows the cleared search
  };

  return (
    <ListScreen
      title={t({ id: 'courses.coursesScreen.courses', defaultMessage: 'Courses' })}
      headerNote={
        <>
          {/* The API has no course create: a newcomer looking for "New course" learns where courses come from. */}
          <p className="muted" data-testid="courses-lead">
            {t({
              id: 'courses.coursesScreen.whereCoursesComeFrom',
              defaultMessage:
                'Courses are created on your learning platform. Open one here to build its outline: sections, lessons, videos and quizzes.',
            })}
          </p>
          <ListCacheNote list={list} />
        </>
      }
      filterLabel={t({ id: 'courses.coursesScreen.filterCourses', defaultMessage: 'Filter courses' })}
      filters={
        <CourseFilters key={searchKey} query={query} onChange={(patch) => list.setQuery({ ...query, ...patch })} />
      }
      count={
        list.total !== null
          ? t(
              {
                id: 'courses.coursesScreen.coursesCount',
                defaultMessage: '{count, plural, one {# course} other {# courses}}',
              },
              { count: list.total },
            )
          : ''
      }
      countTestId="course-count"
      body={useCourseBody(query, clearFilters)}
    />
  );
}

function CourseFilters({ query, onChange }: { query: CourseQuery; onChange: (patch: Partial<CourseQuery>) => void }) {
  const categories = useCategories();
  return (
    <>
      <SearchBox
        label={t({ id: 'courses.coursesScreen.search', defaultMessage: 'Search' })}
        value={query.search}
        placeholder={t({ id: 'courses.coursesScreen.courseName', defaultMessage: 'Course name' })}
        onSearch={(search) => onChange({ search })}
        testId="course-search"
      />
      <FilterSelect
        label={t({ id: 'courses.coursesScreen.category', defaultMessage: 'Category' })}
        value={query.category ?? ''}
        onChange={(value) => onChange({ category: value || null })}
        options={[
          {
            value: '',
            label:
              categories.status === 'loading'
                ? t({ id: 'courses.coursesScreen.loadingCategories', defaultMessage: 'Loading categories…' })
                : t({ id: 'courses.coursesScreen.allCategories', defaultMessage: 'All categories' }),
          },
          ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name ?? c.id })),
        ]}
        testId="course-category"
      />
      <FilterSelect
        label={t({ id: 'courses.coursesScreen.status', defaultMessage: 'Status' })}
        value={query.status ?? ''}
        onChange={(value) => onChange({ status: (value || null) as ContentStatus | null })}
        options={[
          { value: '', label: t({ id: 'courses.coursesScreen.anyStatus', defaultMessage: 'Any status' }) },
          ...CONTENT_STATUSES.map((s) => ({ value: s, label: humanize(s) })),
        ]}
        testId="course-status"
      />
    </>
  );
}

/** What the list shows: skeleton rows, the error, the empty state and its next step, or the rows. */
function useCourseBody(query: CourseQuery, clearFilters: () => void): ListBody {
  return usePagedListBody(useCourseList(), {
    subject: 'theCourses',
    keyMode: activeKeyMode(),
    loadingLabel: t({ id: 'courses.coursesScreen.loadingCourses', defaultMessage: 'Loading courses…' }),
    label: t({ id: 'courses.coursesScreen.courses', defaultMessage: 'Courses' }),
    testId: 'course-list',
    rowHeight: ROW_HEIGHT,
    renderItem: (course, active) => <CourseRow course={course} active={active} />,
    empty: () => emptyCourses(query, clearFilters),
  });
}

function emptyCourses(query: CourseQuery, clearFilters: () => void): ListBody {
  const filtered = query.search !== '' || query.category !== null || query.status !== null;
  if (filtered) {
    return {
      state: 'empty',
      title: t({
        id: 'courses.coursesScreen.noCoursesMatchTheseFilters',
        defaultMessage: 'No courses match these filters',
      }),
      action: (
        <button type="button" className="button" onClick={clearFilters}>
          {t({ id: 'courses.coursesScreen.clearFilters', defaultMessage: 'Clear filters' })}
        </button>
      ),
    };
  }
  return {
    state: 'empty',
    title: t({ id: 'courses.coursesScreen.noCoursesYet', defaultMessage: 'No courses yet' }),
    body: (
      <p>
        {t({
          id: 'courses.coursesScreen.thisWorkspaceHasNoCourses',
          defaultMessage:
            'This workspace has no courses. Add a workspace whose server has some, or switch to another one.',
        })}
      </p>
    ),
    action: (
      <a className="button button--primary" href={href({ name: 'workspaces' })}>
        {t({ id: 'courses.coursesScreen.addAWorkspace', defaultMessage: 'Add a workspace' })}
      </a>
    ),
  };
}

function CourseRow({ course, active }: { course: Course | undefined; active: boolean }) {
  if (!course) {
    return <PlaceholderRow />;
  }
  const categories = (course.categories ?? []).map((c) => c.name ?? '—').join(', ');
  // Only a preview that exists is worth a word; "none" on every row is noise.
  const preview = previewLabel(course);
  return (
    <a
      className="row row--link"
      href={href({ name: 'course', id: course.id })}
      tabIndex={active ? 0 : -1}
      data-primary
      data-testid="course-row"
    >
      <span className="row-line">
        <RowTitle text={orDash(course.name)} />
        <StatusBadge status={course.status} />
        <Badge testId="course-level">{enumLabel(course.level, COURSE_LEVELS)}</Badge>
      </span>
      <span className="row-meta">
        {/* The server's words (categories, people): laid out by their own letters, not translated. */}
        <span dir={categories ? 'auto' : undefined}>
          {categories || t({ id: 'courses.coursesScreen.noCategory', defaultMessage: 'No category' })}
        </span>
        <span dir={instructorNames(course.instructors ?? '') ? 'auto' : undefined}>
          {instructorNames(course.instructors ?? '') ||
            t({ id: 'courses.coursesScreen.noInstructorsListed', defaultMessage: 'No instructors listed' })}
        </span>
        <span className="meta-fixed">{formatSeconds(course.overall_duration_seconds)}</span>
        {preview !== 'none' && (
          <span className="meta-fixed">
            {t({ id: 'courses.coursesScreen.preview', defaultMessage: 'Preview: {preview}' }, { preview })}
          </span>
        )}
      </span>
    </a>
  );
}

export function previewLabel(
  course: Pick<Course, 'preview_video_status' | 'preview_video_ready' | 'preview_video_url' | 'preview_video_error'>,
): string {
  if (course.preview_video_error) return 'failed';
  if (!course.preview_video_url && !course.preview_video_status) return 'none';
  return humanize(
    course.preview_video_status || (course.preview_video_ready === 'true' ? 'ready' : 'processing'),
  ).toLowerCase();
}
