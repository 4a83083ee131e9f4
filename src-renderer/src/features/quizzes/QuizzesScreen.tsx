/**
 * Renderer. Quizzes: a searchable list, filtered by course and status, each quiz with the lesson,
 * section and course it belongs to (names looked up for the rows in view only); a row opens the
 * quiz's lesson in its course.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { Quiz } from '../../../../src-shared/index.ts';
import { Badge } from '../../components/Badge.tsx';
import { ListCacheNote } from '../../components/CacheNote.tsx';
import { OfflineNothingSaved } from '../../components/OfflineState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { FilterSelect, SearchBox } from '../../components/SearchBox.tsx';
import { Empty, ErrorState, Loading, PlaceholderRow } from '../../components/States.tsx';
import { VirtualList } from '../../components/VirtualList.tsx';
import { describeError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { formatSeconds, humanize, orDash, plural } from '../../lib/format.ts';
import { itemAt, rowCount } from '../../lib/paged-list.ts';
import { lessonHref } from '../../lib/lesson-link.ts';
import { href } from '../../lib/router.ts';
import { CONTENT_STATUSES } from '../../lib/statuses.ts';
import { useCourseNames } from '../courses/index.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { useQuizFilter } from './filter.ts';
import { useQuizList } from './store.ts';

const ROW_HEIGHT = 68;

export function QuizzesScreen() {
  const list = useQuizList();
  const query = list.query ?? { search: '' };
  const names = useCourseNames((s) => s.courses);
  const courses = useCourseNames((s) => s.choices);
  const lookupTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const filtered = useQuizFilter();
  const courseFilter = filtered.filter?.courseId ?? null;
  const statusFilter = filtered.filter?.status ?? null;
  const filtering = courseFilter !== null || statusFilter !== null;

  useFeature(useQuizList, useCourseNames);
  useEffect(() => {
    const state = useQuizList.getState();
    if (state.status === 'idle') state.setQuery({ search: '' });
    return () => {
      if (lookupTimer.current) clearTimeout(lookupTimer.current);
    };
  }, []);

  const setFilter = (patch: { courseId?: string | null; status?: string | null; search?: string }) => {
    const next = {
      search: patch.search ?? query.search,
      courseId: patch.courseId !== undefined ? patch.courseId : courseFilter,
      status: patch.status !== undefined ? patch.status : statusFilter,
    };
    if (patch.search !== undefined) list.setQuery({ search: next.search });
    if (next.courseId || next.status) useQuizFilter.getState().run(next);
    else useQuizFilter.getState().clear();
  };

  const count = filtering ? filtered.matches.length : rowCount(list);
  const { pages, pageSize, ensureRange } = list;
  const matches = filtered.matches;
  const quizAt = useCallback(
    (index: number) => (filtering ? matches[index] : itemAt({ pages, pageSize }, index)),
    [filtering, matches, pages, pageSize],
  );

  const onRange = useCallback(
    (from: number, to: number) => {
      if (!filtering) ensureRange(from - 20, to + 20);
      // Names are looked up once scrolling pauses, so a fast fling does not fetch every course.
      if (lookupTimer.current) clearTimeout(lookupTimer.current);
      lookupTimer.current = setTimeout(() => {
        const ids: string[] = [];
        for (let i = from; i <= to; i++) {
          const courseId = quizAt(i)?.lesson?.course_id;
          if (courseId) ids.push(courseId);
        }
        useCourseNames.getState().ensure(ids);
      }, 150);
    },
    [ensureRange, filtering, quizAt],
  );

  const renderRow = useCallback(
    (index: number, active: boolean) => <QuizRow quiz={quizAt(index)} active={active} names={names} />,
    [quizAt, names],
  );
  const courseName = courseFilter ? (courses.find((c) => c.id === courseFilter)?.name ?? 'this course') : null;

  return (
    <div className="screen screen--fill">
      <PageHeader title="Quizzes">
        <ListCacheNote list={list} />
      </PageHeader>
      <div className="toolbar" role="search" aria-label="Search quizzes">
        <SearchBox
          label="Search"
          value={query.search}
          placeholder="Lesson title"
          onSearch={(search) => setFilter({ search })}
          testId="quiz-search"
        />
        <FilterSelect
          label="Course"
          value={courseFilter ?? ''}
          onChange={(value) => setFilter({ courseId: value || null })}
          options={[
            { value: '', label: 'All courses' },
            ...courses.map((c) => ({ value: c.id, label: c.name })),
            ...(courseFilter && !courses.some((c) => c.id === courseFilter)
              ? [{ value: courseFilter, label: 'This course' }]
              : []),
          ]}
          testId="quiz-course"
        />
        <FilterSelect
          label="Status"
          value={statusFilter ?? ''}
          onChange={(value) => setFilter({ status: value || null })}
          options={[
            { value: '', label: 'Any status' },
            ...CONTENT_STATUSES.map((s) => ({ value: s, label: humanize(s) })),
          ]}
          testId="quiz-status"
        />
        <p className="toolbar-count" aria-live="polite" data-testid="quiz-count">
          {filtering
            ? filtered.status === 'loading'
              ? `${plural(filtered.matches.length, 'match', 'matches')} so far (looked at ${filtered.scanned}${filtered.total !== null ? ` of ${filtered.total}` : ''})`
              : plural(filtered.matches.length, 'quiz', 'quizzes')
            : list.total !== null
              ? plural(list.total, 'quiz', 'quizzes')
              : ''}
        </p>
      </div>
      {filtering && filtered.status === 'error' ? (
        <ErrorState
          message={describeError(filtered.error, { subject: 'the quizzes', keyMode: activeKeyMode() })}
          onRetry={() => filtered.filter && useQuizFilter.getState().run(filtered.filter)}
        />
      ) : filtering && count === 0 ? (
        filtered.status === 'loading' ? (
          <Loading label="Looking through the quizzes…" />
        ) : (
          <Empty title={courseName ? `No quizzes in ${courseName} match` : 'No quizzes have this status'}>
            <button type="button" className="button" onClick={() => setFilter({ courseId: null, status: null })}>
              Clear filters
            </button>
          </Empty>
        )
      ) : !filtering && list.status === 'error' ? (
        <ErrorState
          message={describeError(list.error, { subject: 'the quizzes', keyMode: activeKeyMode() })}
          onRetry={list.reread}
        />
      ) : !filtering && (list.status === 'loading' || (count === 0 && list.requested[1] === 'waiting')) ? (
        <Loading label="Loading quizzes…" />
      ) : count === 0 && list.offlineReason ? (
        <OfflineNothingSaved reason={list.offlineReason} onRetry={list.reread} />
      ) : count === 0 ? (
        <Empty title={query.search ? 'No quizzes match this search' : 'No quizzes yet'} />
      ) : (
        <VirtualList
          count={count}
          rowHeight={ROW_HEIGHT}
          renderRow={renderRow}
          onRangeChange={onRange}
          label="Quizzes"
          testId="quiz-list"
          itemAt={quizAt}
          version={names}
        />
      )}
    </div>
  );
}

type Names = ReturnType<typeof useCourseNames.getState>['courses'];

function QuizRow({ quiz, active, names }: { quiz: Quiz | undefined; active: boolean; names: Names }) {
  if (!quiz) {
    return <PlaceholderRow />;
  }
  const lesson = quiz.lesson as Partial<Quiz['lesson']> | undefined;
  const course = lesson?.course_id ? names[lesson.course_id] : 'missing';
  const courseName = typeof course === 'object' ? course.name : course === 'missing' ? '—' : '…';
  const sectionName =
    typeof course === 'object' ? ((lesson?.section_id && course.sections[lesson.section_id]) ?? '—') : '…';
  // Opens the quiz's lesson in its course (the course page when the lesson is not known).
  const target = lesson?.course_id
    ? lesson.id
      ? lessonHref(lesson.course_id, lesson.id, lesson.section_id)
      : href({ name: 'course', id: lesson.course_id })
    : undefined;
  return (
    <a className="row row--link" href={target} tabIndex={active ? 0 : -1} data-primary data-testid="quiz-row">
      <span className="row-line">
        <span className="row-title">{orDash(lesson?.title)}</span>
        <Badge>{humanize(quiz.status)}</Badge>
        <span className="muted">{quiz.total_points ? `${quiz.total_points} points` : 'No points set'}</span>
      </span>
      <span className="row-meta">
        <span>
          Lesson {orDash(lesson?.order)} · {formatSeconds(lesson?.duration_seconds)}
        </span>
        <span>Section: {sectionName}</span>
        <span>Course: {courseName}</span>
      </span>
    </a>
  );
}
