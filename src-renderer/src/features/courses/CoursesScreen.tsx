/**
 * Renderer. Courses: search, category and status filters over one long virtualized list that
 * reads the pages behind whatever rows come into view.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Course } from '../../../../src-shared/index.ts';
import { StatusBadge, Badge } from '../../components/Badge.tsx';
import { ListCacheNote } from '../../components/CacheNote.tsx';
import { OfflineNothingSaved } from '../../components/OfflineState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { FilterSelect, SearchBox } from '../../components/SearchBox.tsx';
import { Empty, ErrorState, Loading, PlaceholderRow } from '../../components/States.tsx';
import { VirtualList } from '../../components/VirtualList.tsx';
import { describeError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { enumLabel, formatSeconds, humanize, instructorNames, orDash, plural } from '../../lib/format.ts';
import { itemAt, rowCount } from '../../lib/paged-list.ts';
import { CONTENT_STATUSES, COURSE_LEVELS } from '../../lib/statuses.ts';
import { href } from '../../lib/router.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { DEFAULT_COURSE_QUERY, useCategories, useCourseList, type ContentStatus } from './store.ts';

const ROW_HEIGHT = 68;

export function CoursesScreen() {
  const list = useCourseList();
  const categories = useCategories();
  const query = list.query ?? DEFAULT_COURSE_QUERY;
  const [searchKey, setSearchKey] = useState(0);

  useFeature(useCourseList, useCategories);
  useEffect(() => {
    const state = useCourseList.getState();
    if (state.status === 'idle') state.setQuery(DEFAULT_COURSE_QUERY);
    useCategories.getState().load('all', { force: true });
  }, []);

  const setQuery = (patch: Partial<typeof query>) => list.setQuery({ ...query, ...patch });
  const count = rowCount(list);
  const { pages, pageSize, ensureRange } = list;

  const renderRow = useCallback(
    (index: number, active: boolean) => <CourseRow course={itemAt({ pages, pageSize }, index)} active={active} />,
    [pages, pageSize],
  );
  const onRange = useCallback((from: number, to: number) => ensureRange(from - 20, to + 20), [ensureRange]);

  const filtered = query.search !== '' || query.category !== null || query.status !== null;
  const clearFilters = () => {
    list.setQuery(DEFAULT_COURSE_QUERY);
    setSearchKey((k) => k + 1);
  };

  return (
    <div className="screen screen--fill">
      <PageHeader title="Courses">
        <ListCacheNote list={list} />
      </PageHeader>

      <div className="toolbar" role="search" aria-label="Filter courses">
        <SearchBox
          key={searchKey}
          label="Search"
          value={query.search}
          placeholder="Course name"
          onSearch={(search) => setQuery({ search })}
          testId="course-search"
        />
        <FilterSelect
          label="Category"
          value={query.category ?? ''}
          onChange={(value) => setQuery({ category: value || null })}
          options={[
            { value: '', label: categories.status === 'loading' ? 'Loading categories…' : 'All categories' },
            ...(categories.data ?? []).map((c) => ({ value: c.id, label: c.name ?? c.id })),
          ]}
          testId="course-category"
        />
        <FilterSelect
          label="Status"
          value={query.status ?? ''}
          onChange={(value) => setQuery({ status: (value || null) as ContentStatus | null })}
          options={[
            { value: '', label: 'Any status' },
            ...CONTENT_STATUSES.map((s) => ({ value: s, label: humanize(s) })),
          ]}
          testId="course-status"
        />
        <p className="toolbar-count" aria-live="polite" data-testid="course-count">
          {list.total !== null ? plural(list.total, 'course') : ''}
        </p>
      </div>

      {list.status === 'error' ? (
        <ErrorState
          message={describeError(list.error, { subject: 'the courses', keyMode: activeKeyMode() })}
          onRetry={list.reread}
        />
      ) : list.status === 'loading' || (list.status === 'ready' && count === 0 && list.requested[1] === 'waiting') ? (
        <Loading label="Loading courses…" />
      ) : count === 0 ? (
        list.offlineReason ? (
          <OfflineNothingSaved reason={list.offlineReason} onRetry={list.reread} />
        ) : (
          <Empty title={filtered ? 'No courses match these filters' : 'No courses yet'}>
            {filtered ? (
              <button type="button" className="button" onClick={clearFilters}>
                Clear filters
              </button>
            ) : (
              <>
                <p>This workspace has no courses. Add a workspace whose server has some, or switch to another one.</p>
                <a className="button button--primary" href={href({ name: 'workspaces' })}>
                  Add a workspace
                </a>
              </>
            )}
          </Empty>
        )
      ) : (
        <VirtualList
          count={count}
          rowHeight={ROW_HEIGHT}
          renderRow={renderRow}
          onRangeChange={onRange}
          label="Courses"
          testId="course-list"
          itemAt={(index) => itemAt({ pages, pageSize }, index)}
        />
      )}
    </div>
  );
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
        <span className="row-title">{orDash(course.name)}</span>
        <StatusBadge status={course.status} />
        <Badge testId="course-level">{enumLabel(course.level, COURSE_LEVELS)}</Badge>
      </span>
      <span className="row-meta">
        <span>{categories || 'No category'}</span>
        <span>{instructorNames(course.instructors ?? '') || 'No instructors listed'}</span>
        <span className="meta-fixed">{formatSeconds(course.overall_duration_seconds)}</span>
        {preview !== 'none' && <span className="meta-fixed">Preview: {preview}</span>}
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
