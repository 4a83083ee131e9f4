/**
 * Main process / plain Node. A course as the renderer's screens read it (`courses.get`): every
 * lesson field the outline, its rows and the lesson editor show, without the parts no screen reads
 * from it: the video's other two addresses (`video_content_url`, `video_playback_endpoint`; the
 * rows read `video_url`), `resources`, the quiz's copy of its own lesson and its dates, and content
 * media that is the lesson's own video (a row names only the other files). In the large seed's
 * course of 1,500 lessons those were half the answer: the bytes main checks, turns into JSON and
 * sends before the first rows paint. The cache, the API client and the push keep the whole answer.
 */
import type { Lesson, Section } from '../../../src-shared/index.ts';

type Media = NonNullable<Lesson['content_media']>[number];

function mediaForRows(media: Media[]): Media[] {
  return media
    .filter((item) => (item.media_type ?? '').toUpperCase() !== 'VIDEO')
    .map(({ id, media_type, position, file_name }) => ({ id, media_type, position, file_name }));
}

export function lessonForScreens(lesson: Lesson): Lesson {
  const {
    video_content_url: _rowsReadVideoUrl,
    video_playback_endpoint: _notShownEither,
    resources: _notShown,
    quiz,
    content_media: media,
    ...shown
  } = lesson;
  return {
    ...shown,
    quiz: quiz && {
      id: quiz.id,
      lesson_id: quiz.lesson_id,
      lesson: undefined,
      status: quiz.status,
      total_points: quiz.total_points,
    },
    content_media: media && mediaForRows(media),
  };
}

export function sectionsForScreens<S extends Pick<Section, 'lessons'>>(sections: S[]): S[] {
  return sections.map((section) =>
    section.lessons ? { ...section, lessons: section.lessons.map(lessonForScreens) } : section,
  );
}
