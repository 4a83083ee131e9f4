/**
 * Renderer. The title of the lesson a "replace" upload goes to, for its row: read once per course
 * from main's cached course (`courses.get`, cache-first), shared by every row of that course.
 */
import { useEffect, useState } from 'react';
import { call } from '../../bridge.ts';

type Titles = ReadonlyMap<string, string>;
const byCourse = new Map<string, Promise<Titles>>();

function titlesOf(courseId: string): Promise<Titles> {
  let titles = byCourse.get(courseId);
  if (!titles) {
    titles = call((b) => b.courses.get({ id: courseId })).then(
      (read) => {
        const map = new Map<string, string>();
        for (const section of read.data?.sections ?? []) {
          for (const lesson of section.lessons ?? []) if (lesson.title) map.set(lesson.id, lesson.title);
        }
        // Nothing known yet: ask again next time a row needs it.
        if (map.size === 0) byCourse.delete(courseId);
        return map;
      },
      () => {
        byCourse.delete(courseId);
        return new Map<string, string>();
      },
    );
    byCourse.set(courseId, titles);
  }
  return titles;
}

/** The lesson's title, or null until (or unless) the cache knows it. */
export function useLessonTitle(courseId: string, lessonId: string): string | null {
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void titlesOf(courseId).then((titles) => {
      const known = titles.get(lessonId);
      // A lesson made after the course was read: read the course again next time.
      if (known === undefined) byCourse.delete(courseId);
      if (live) setTitle(known ?? null);
    });
    return () => {
      live = false;
    };
  }, [courseId, lessonId]);
  return title;
}
