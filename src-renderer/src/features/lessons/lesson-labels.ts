/** Renderer. Short readings of a lesson's video, content media and quiz for list rows. */
import type { Lesson } from '../../../../src-shared/index.ts';
import { humanize, plural } from '../../lib/format.ts';

export function lessonVideoLabel(lesson: Lesson): { text: string; tone: 'neutral' | 'danger' } {
  if (lesson.video_error) return { text: `failed — ${lesson.video_error}`, tone: 'danger' };
  const hasVideo = lesson.video_url || lesson.video_content_url || lesson.video_status;
  if (!hasVideo) return { text: 'none', tone: 'neutral' };
  const status = lesson.video_status ? humanize(lesson.video_status).toLowerCase() : 'uploaded';
  const ready =
    lesson.video_ready === 'true' || lesson.video_ready === 'True' ? 'ready' : !lesson.video_ready ? '' : 'not ready';
  const subtitles = lesson.video_has_subtitles === 'true' || lesson.video_has_subtitles === 'True' ? ', subtitles' : '';
  return {
    text: [status, ready].filter((s, i, all) => s && all.indexOf(s) === i).join(', ') + subtitles,
    tone: 'neutral',
  };
}

export function mediaLabel(lesson: Lesson): string {
  const media = [...(lesson.content_media ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  if (media.length === 0) return 'none';
  const first = media[0];
  const firstText = first ? `${humanize(first.media_type).toLowerCase()} ${first.file_name ?? ''}`.trim() : '';
  return media.length === 1 ? firstText : `${plural(media.length, 'item')} (${firstText}, …)`;
}

export function quizLabel(lesson: Lesson): string {
  if (!lesson.quiz) return 'none';
  const points = lesson.quiz.total_points ? ` · ${lesson.quiz.total_points} points` : '';
  return `${humanize(lesson.quiz.status).toLowerCase()}${points}`;
}
