/**
 * Renderer. Quizzes: a searchable list, filtered by course and status, each quiz with the lesson,
 * section and course it belongs to (names looked up for the rows in view only); a row opens the
 * quiz's lesson in its course.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Quiz } from '../../../../src-shared/index.ts';
import { Badge } from '../../components/Badge.tsx';
import { ListCacheNote } from '../../components/CacheNote.tsx';
import { OfflineNothingSaved } from '../../components/OfflineState.tsx';
import { ListScreen, RowTitle, type ListBody } from '../../components/ListScreen.tsx';
import { FilterSelect, SearchBox } from '../../components/SearchBox.tsx';
import { PlaceholderRow } from '../../components/States.tsx';
import { describeError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { formatSeconds, humanize, orDash } from '../../lib/format.ts';
import { itemAt, rowCount } from '../../lib/paged-list.ts';
import { lessonHref } from '../../lib/lesson-link.ts';
import { href } from '../../lib/router.ts';
import { CONTENT_STATUSES } from '../../lib/statuses.ts';
import { useCourseNames } from '../courses/index.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { useQuizFilter, type QuizFilter } from './filter.ts';
import { useQuizList } from './store.ts';
import { t } from '../../lib/i18n.ts';

const ROW_HEIGHT = 68;

export function QuizzesScreen() {
  const list = useQuizList();
  const filtered = useQuizFilter();
  const [searchKey, setSearchKey] = useState(0);
  useFeature(useQuizList, useCourseNames);
  useEffect(() => {
    const state = useQuizList.getState();
    if (state.status === 'idle') state.setQuery({ search: '' });
  }, []);

  const filter = currentFilter(list.query?.search ?? '', filtered.filter);
  const setFilter = (patch: Partial<QuizFilter>) => applyFilter(filter, patch);
  const clearAll = () => {
    applyFilter(filter, { search: '', courseId: null, status: null });
    setSearchKey((k) => k + 1); // the search box shows what it was given again
  };

  return (
    <ListScreen
      title={t({ id: 'quizzes.quizzesScreen.quizzes', defaultMessage: 'Quizzes' })}
      headerNote={<ListCacheNote list={list} />}
      filterLabel={t({ id: 'quizzes.quizzesScreen.searchQuizzes', defaultMessage: 'Search quizzes' })}
      filters={<QuizFilters key={searchKey} filter={filter} onChange={setFilter} />}
      count={countLine(filter, filtered, list.total)}
      countTestId="quiz-count"
      body={useQuizBody(filter, clearAll)}
    />
  );
}

function currentFilter(search: string, filter: QuizFilter | null): QuizFilter {
  return { search, courseId: filter?.courseId ?? null, status: filter?.status ?? null };
}

/** A search goes to the server's list; a course or status filter reads through it (`filter.ts`). */
function applyFilter(current: QuizFilter, patch: Partial<QuizFilter>): void {
  const next = { ...current, ...patch };
  if (patch.search !== undefined) useQuizList.getState().setQuery({ search: next.search });
  if (next.courseId || next.status) useQuizFilter.getState().run(next);
  else useQuizFilter.getState().clear();
}

const filtering = (filter: QuizFilter) => filter.courseId !== null || filter.status !== null;

function countLine(
  filter: QuizFilter,
  filtered: ReturnType<typeof useQuizFilter.getState>,
  total: number | null,
): string {
  if (!filtering(filter))
    return total !== null
      ? t(
          {
            id: 'quizzes.quizzesScreen.quizzesCount',
            defaultMessage: '{count, plural, one {# quiz} other {# quizzes}}',
          },
          { count: total },
        )
      : '';
  if (filtered.status !== 'loading')
    return t(
      { id: 'quizzes.quizzesScreen.quizzesCount', defaultMessage: '{count, plural, one {# quiz} other {# quizzes}}' },
      { count: filtered.matches.length },
    );
  const of = filtered.total !== null ? ` of ${filtered.total}` : '';
  return t(
    { id: 'quizzes.quizzesScreen.soFarLookedAt', defaultMessage: '{count} so far (looked at {scanned}{of})' },
    {
      count: t(
        {
          id: 'quizzes.quizzesScreen.matchesCount',
          defaultMessage: '{count, plural, one {# match} other {# matches}}',
        },
        { count: filtered.matches.length },
      ),
      scanned: filtered.scanned,
      of,
    },
  );
}

function QuizFilters({ filter, onChange }: { filter: QuizFilter; onChange: (patch: Partial<QuizFilter>) => void }) {
  const courses = useCourseNames((s) => s.choices);
  return (
    <>
      <SearchBox
        label={t({ id: 'quizzes.quizzesScreen.search', defaultMessage: 'Search' })}
        value={filter.search}
        placeholder={t({ id: 'quizzes.quizzesScreen.lessonTitle', defaultMessage: 'Lesson title' })}
        onSearch={(search) => onChange({ search })}
        testId="quiz-search"
      />
      <FilterSelect
        label={t({ id: 'quizzes.quizzesScreen.course', defaultMessage: 'Course' })}
        value={filter.courseId ?? ''}
        onChange={(value) => onChange({ courseId: value || null })}
        options={[
          { value: '', label: t({ id: 'quizzes.quizzesScreen.allCourses', defaultMessage: 'All courses' }) },
          ...courses.map((c) => ({ value: c.id, label: c.name })),
          ...(filter.courseId && !courses.some((c) => c.id === filter.courseId)
            ? [
                {
                  value: filter.courseId,
                  label: t({ id: 'quizzes.quizzesScreen.thisCourse', defaultMessage: 'This course' }),
                },
              ]
            : []),
        ]}
        testId="quiz-course"
      />
      <FilterSelect
        label={t({ id: 'quizzes.quizzesScreen.status', defaultMessage: 'Status' })}
        value={filter.status ?? ''}
        onChange={(value) => onChange({ status: value || null })}
        options={[
          { value: '', label: t({ id: 'quizzes.quizzesScreen.anyStatus', defaultMessage: 'Any status' }) },
          ...CONTENT_STATUSES.map((s) => ({ value: s, label: humanize(s) })),
        ]}
        testId="quiz-status"
      />
    </>
  );
}

/** What the list shows: skeleton rows, the error, the empty state and its next step, or the rows. */
function useQuizBody(filter: QuizFilter, clearAll: () => void): ListBody {
  const list = useQuizList();
  const filtered = useQuizFilter();
  const names = useCourseNames((s) => s.courses);
  const courses = useCourseNames((s) => s.choices);
  const byFilter = filtering(filter);
  const rows = useQuizRows(byFilter);
  const keyMode = activeKeyMode();

  const error = byFilter
    ? filtered.status === 'error'
      ? filtered.error
      : null
    : list.status === 'error'
      ? list.error
      : null;
  if (error !== null) {
    const retry = byFilter ? () => filtered.filter && useQuizFilter.getState().run(filtered.filter) : list.reread;
    return {
      state: 'error',
      message: describeError(error, { subject: 'theQuizzes', keyMode }),
      error,
      onRetry: retry,
    };
  }
  if (rows.count === 0) {
    const loading = byFilter
      ? filtered.status === 'loading'
      : list.status === 'idle' || list.status === 'loading' || list.requested[1] === 'waiting';
    if (loading)
      return {
        state: 'loading',
        label: byFilter
          ? t({ id: 'quizzes.quizzesScreen.lookingThroughTheQuizzes', defaultMessage: 'Looking through the quizzes…' })
          : t({ id: 'quizzes.quizzesScreen.loadingQuizzes', defaultMessage: 'Loading quizzes…' }),
      };
    if (!byFilter && list.offlineReason) {
      return { state: 'content', content: <OfflineNothingSaved reason={list.offlineReason} onRetry={list.reread} /> };
    }
    return emptyQuizzes(filter, courses, clearAll);
  }
  return {
    state: 'rows',
    list: {
      count: rows.count,
      rowHeight: ROW_HEIGHT,
      renderRow: rows.renderRow,
      onRangeChange: rows.onRange,
      label: t({ id: 'quizzes.quizzesScreen.quizzes', defaultMessage: 'Quizzes' }),
      testId: 'quiz-list',
      itemAt: rows.quizAt,
      version: names,
    },
  };
}

function emptyQuizzes(
  filter: QuizFilter,
  courses: readonly { id: string; name: string }[],
  clearAll: () => void,
): ListBody {
  const clear = (
    <button type="button" className="button" onClick={clearAll}>
      {filtering(filter)
        ? t({ id: 'quizzes.quizzesScreen.clearFilters', defaultMessage: 'Clear filters' })
        : t({ id: 'quizzes.quizzesScreen.clearTheSearch', defaultMessage: 'Clear the search' })}
    </button>
  );
  if (filtering(filter)) {
    const courseName = filter.courseId
      ? (courses.find((c) => c.id === filter.courseId)?.name ??
        t({ id: 'quizzes.quizzesScreen.thisCourseUnnamed', defaultMessage: 'this course' }))
      : null;
    return {
      state: 'empty',
      title: courseName
        ? t(
            { id: 'quizzes.quizzesScreen.noQuizzesInMatch', defaultMessage: 'No quizzes in {courseName} match' },
            { courseName },
          )
        : t({ id: 'quizzes.quizzesScreen.noQuizzesHaveThisStatus', defaultMessage: 'No quizzes have this status' }),
      action: clear,
    };
  }
  if (filter.search.trim())
    return {
      state: 'empty',
      title: t({
        id: 'quizzes.quizzesScreen.noQuizzesMatchThisSearch',
        defaultMessage: 'No quizzes match this search',
      }),
      action: clear,
    };
  return {
    state: 'empty',
    title: t({ id: 'quizzes.quizzesScreen.noQuizzesYet', defaultMessage: 'No quizzes yet' }),
    body: (
      <p>
        {t({
          id: 'quizzes.quizzesScreen.aQuizBelongsToA',
          defaultMessage: 'A quiz belongs to a lesson. Open a course and add a quiz lesson to one of its sections.',
        })}
      </p>
    ),
    action: (
      <a className="button button--primary" href={href({ name: 'courses' })}>
        {t({ id: 'quizzes.quizzesScreen.openTheCourses', defaultMessage: 'Open the courses' })}
      </a>
    ),
  };
}

/** The rows: the server's list (paged as it scrolls), or the filter's matches; course names looked up for rows in view. */
function useQuizRows(byFilter: boolean) {
  const list = useQuizList();
  const matches = useQuizFilter((s) => s.matches);
  const names = useCourseNames((s) => s.courses);
  const lookupTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (lookupTimer.current) clearTimeout(lookupTimer.current);
    },
    [],
  );
  const { pages, pageSize, ensureRange } = list;
  const quizAt = useCallback(
    (index: number) => (byFilter ? matches[index] : itemAt({ pages, pageSize }, index)),
    [byFilter, matches, pages, pageSize],
  );
  const onRange = useCallback(
    (from: number, to: number) => {
      if (!byFilter) ensureRange(from - 20, to + 20);
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
    [ensureRange, byFilter, quizAt],
  );
  const renderRow = useCallback(
    (index: number, active: boolean) => <QuizRow quiz={quizAt(index)} active={active} names={names} />,
    [quizAt, names],
  );
  return { count: byFilter ? matches.length : rowCount(list), quizAt, onRange, renderRow };
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
        <RowTitle text={orDash(lesson?.title)} />
        <Badge>{humanize(quiz.status)}</Badge>
        <span className="muted">
          {quiz.total_points
            ? t(
                { id: 'quizzes.quizzesScreen.totalPoints', defaultMessage: '{points} points' },
                { points: quiz.total_points },
              )
            : t({ id: 'quizzes.quizzesScreen.noPointsSet', defaultMessage: 'No points set' })}
        </span>
      </span>
      <span className="row-meta">
        <span>
          {t(
            { id: 'quizzes.quizzesScreen.lesson', defaultMessage: 'Lesson {order} · {durationseconds}' },
            { order: orDash(lesson?.order), durationseconds: formatSeconds(lesson?.duration_seconds) },
          )}
        </span>
        <span>
          {t({ id: 'quizzes.quizzesScreen.section', defaultMessage: 'Section: {sectionName}' }, { sectionName })}
        </span>
        <span>
          {t({ id: 'quizzes.quizzesScreen.course2', defaultMessage: 'Course: {courseName}' }, { courseName })}
        </span>
      </span>
    </a>
  );
}
