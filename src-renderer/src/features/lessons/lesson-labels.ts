/**
 * Renderer. What a lesson's row in the course outline says about it: only what is true and useful
 * for its type ("a quiet course outline"). A video lesson says where its video is; a quiz
 * lesson says its quiz's status and, once set, its points; a document or image lesson names its
 * file. Anything else is said only when the lesson really has it (a video on a text lesson, media
 * besides the lesson's own video, a quiz with points). Nothing is said as "none".
 */
import type { Lesson } from '../../../../src-shared/index.ts';
import { humanize } from '../../lib/format.ts';
import { videoState, type VideoState } from './fields.ts';
import { t } from '../../lib/i18n.ts';

export interface RowFact {
  kind: 'video' | 'quiz' | 'file' | 'media';
  text: string;
  tone: 'muted' | 'danger';
  /** The video's state, for the video fact only (kept on the row for tests and styles). */
  videoState?: VideoState;
}

const VIDEO_TEXT: Record<VideoState, (detail: string) => string> = {
  none: () => t({ id: 'lessons.lessonlabels.noVideoYet', defaultMessage: 'No video yet' }),
  processing: () => t({ id: 'lessons.lessonlabels.videoProcessing', defaultMessage: 'Video processing' }),
  ready: () => t({ id: 'lessons.lessonlabels.videoReady', defaultMessage: 'Video ready' }),
  failed: (detail) => t({ id: 'lessons.lessonlabels.videoFailed', defaultMessage: 'Video failed{detail}' }, { detail }),
  other: (detail) => t({ id: 'lessons.lessonlabels.video', defaultMessage: 'Video {detail}' }, { detail }),
};

function videoFact(lesson: Lesson): RowFact | null {
  const video = videoState(lesson);
  const isVideoLesson = (lesson.lesson_type ?? '').toUpperCase() === 'VIDEO';
  const hasVideo = video.state !== 'none' || Boolean(lesson.video_url);
  if (!isVideoLesson && !hasVideo) return null;
  const state = video.state === 'none' && lesson.video_url ? 'ready' : video.state;
  const detail = state === 'failed' ? (lesson.video_error ? ` — ${lesson.video_error}` : '') : video.text;
  return {
    kind: 'video',
    text: VIDEO_TEXT[state](detail),
    tone: state === 'failed' ? 'danger' : 'muted',
    videoState: state,
  };
}

/** Points as the server wrote them ("12.00"), said only when there are some. */
function pointsOf(total: string | undefined): string | null {
  const value = Number(total);
  if (!total || !Number.isFinite(value) || value === 0) return null;
  return `${Number.isInteger(value) ? String(value) : total} ${value === 1 ? 'point' : 'points'}`;
}

function quizFact(lesson: Lesson): RowFact | null {
  const quiz = lesson.quiz;
  const isQuizLesson = (lesson.lesson_type ?? '').toUpperCase() === 'QUIZ';
  const points = pointsOf(quiz?.total_points);
  // Every lesson may carry an empty quiz (the sandbox gives one to each): worth a word only on a
  // quiz lesson, or once it has points.
  if (!quiz || (!isQuizLesson && points === null)) return null;
  const status = quiz.status ? `Quiz ${humanize(quiz.status).toLowerCase()}` : 'Quiz';
  return { kind: 'quiz', text: points ? `${status} · ${points}` : status, tone: 'muted' };
}

function fileFact(lesson: Lesson): RowFact | null {
  const type = (lesson.lesson_type ?? '').toUpperCase();
  const name = type === 'DOCUMENT' ? lesson.document_name : type === 'IMAGE' ? lesson.image_name : '';
  return name ? { kind: 'file', text: name, tone: 'muted' } : null;
}

/** Content media besides the lesson's own video (the server lists that video there too). */
function mediaFact(lesson: Lesson): RowFact | null {
  const media = (lesson.content_media ?? []).filter((m) => (m.media_type ?? '').toUpperCase() !== 'VIDEO');
  if (media.length === 0) return null;
  const first = [...media].sort((a, b) => (a.position ?? 0) - (b.position ?? 0))[0];
  const text =
    media.length === 1
      ? (first?.file_name ?? humanize(first?.media_type ?? ''))
      : t(
          { id: 'lessons.lessonlabels.filesCount', defaultMessage: '{count, plural, one {# file} other {# files}}' },
          { count: media.length },
        );
  return { kind: 'media', text, tone: 'muted' };
}

export function lessonRowFacts(lesson: Lesson): RowFact[] {
  return [videoFact(lesson), quizFact(lesson), fileFact(lesson), mediaFact(lesson)].filter(
    (fact): fact is RowFact => fact !== null,
  );
}

/** A duration worth showing: a lesson the server gives 0 s (a text lesson) shows none. */
export function hasDuration(lesson: Lesson): boolean {
  return typeof lesson.duration_seconds === 'number' && lesson.duration_seconds > 0;
}
