/**
 * Renderer. Quizzes: a searchable list, each quiz with the lesson, section and course it belongs
 * to (names looked up for the rows in view only).
 */
import { useCallback, useEffect, useRef } from 'react';
import type { Quiz } from '../../../../src-preload/contract.ts';
import { Badge } from '../../components/Badge.tsx';
import { ListCacheNote } from '../../components/CacheNote.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SearchBox } from '../../components/SearchBox.tsx';
import { Empty, ErrorState, Loading, PlaceholderRow } from '../../components/States.tsx';
import { VirtualList } from '../../components/VirtualList.tsx';
import { describeError } from '../../lib/errors.ts';
import { formatSeconds, humanize, orDash, plural } from '../../lib/format.ts';
import { itemAt, rowCount } from '../../lib/paged-list.ts';
import { href } from '../../lib/router.ts';
import { useCourseNames } from '../courses/names.ts';
import { activeKeyMode } from '../workspaces/store.ts';
import { useQuizList } from './store.ts';

const ROW_HEIGHT = 68;

export function QuizzesScreen() {
  const list = useQuizList();
  const query = list.query ?? { search: '' };
  const names = useCourseNames((s) => s.courses);
  const lookupTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const state = useQuizList.getState();
    if (state.status === 'idle') state.setQuery({ search: '' });
    else if (state.status === 'ready' || state.status === 'error') state.reread();
    return () => {
      if (lookupTimer.current) clearTimeout(lookupTimer.current);
    };
  }, []);

  const count = rowCount(list);
  const { pages, pageSize, ensureRange } = list;

  const onRange = useCallback(
    (from: number, to: number) => {
      ensureRange(from - 20, to + 20);
      // Names are looked up once scrolling pauses, so a fast fling does not fetch every course.
      if (lookupTimer.current) clearTimeout(lookupTimer.current);
      lookupTimer.current = setTimeout(() => {
        const state = useQuizList.getState();
        const ids: string[] = [];
        for (let i = from; i <= to; i++) {
          const quiz = itemAt(state, i);
          if (quiz?.lesson) ids.push(quiz.lesson.course_id);
        }
        useCourseNames.getState().ensure(ids);
      }, 150);
    },
    [ensureRange],
  );

  const renderRow = useCallback(
    (index: number, active: boolean) => (
      <QuizRow quiz={itemAt({ pages, pageSize }, index)} active={active} names={names} />
    ),
    [pages, pageSize, names],
  );

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
          onSearch={(search) => list.setQuery({ search })}
          testId="quiz-search"
        />
        <p className="toolbar-count" aria-live="polite" data-testid="quiz-count">
          {list.total !== null ? plural(list.total, 'quiz', 'quizzes') : ''}
        </p>
      </div>
      {list.status === 'error' ? (
        <ErrorState
          message={describeError(list.error, { subject: 'the quizzes', keyMode: activeKeyMode() })}
          onRetry={list.reread}
        />
      ) : list.status === 'loading' || (count === 0 && list.requested[1] === 'waiting') ? (
        <Loading label="Loading quizzes…" />
      ) : count === 0 ? (
        <Empty
          title={
            list.offlineReason
              ? 'Offline, and no copy of this list is saved yet'
              : query.search
                ? 'No quizzes match this search'
                : 'No quizzes yet'
          }
        />
      ) : (
        <VirtualList
          count={count}
          rowHeight={ROW_HEIGHT}
          renderRow={renderRow}
          onRangeChange={onRange}
          label="Quizzes"
          testId="quiz-list"
          itemAt={(index) => itemAt({ pages, pageSize }, index)}
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
  // The server may leave the embedded lesson out: its course and section then read "—".
  const lesson = quiz.lesson;
  const course = lesson ? names[lesson.course_id] : 'missing';
  const courseName = !lesson
    ? '—'
    : typeof course === 'object'
      ? course.name
      : course === 'missing'
        ? 'Unknown course'
        : '…';
  const sectionName = !lesson
    ? '—'
    : typeof course === 'object'
      ? (course.sections[lesson.section_id] ?? 'Unknown section')
      : '…';
  return (
    <a
      className="row row--link"
      href={lesson ? href({ name: 'course', id: lesson.course_id }) : href({ name: 'quizzes' })}
      tabIndex={active ? 0 : -1}
      data-primary
      data-testid="quiz-row"
    >
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
