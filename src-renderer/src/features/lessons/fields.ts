/** Renderer. The lesson form: its fields, their limits (checked as the user types) and values. */
import type { Lesson } from '../../../../src-shared/index.ts';
import { humanize } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';

export const TITLE_MAX = 255;
/** The values the sandbox knows; the reference's list is open, so an unknown one is kept and shown. */
export const LESSON_TYPES = ['TEXT', 'VIDEO', 'DOCUMENT', 'IMAGE', 'QUIZ'] as const;
export const LESSON_FORM_FIELDS = ['title', 'description', 'lesson_type', 'text_content'] as const;
export type LessonForm = Record<(typeof LESSON_FORM_FIELDS)[number], string>;

export const NEW_LESSON_FORM: LessonForm = { title: '', description: '', lesson_type: 'TEXT', text_content: '' };

export function lessonFormFrom(values: Partial<Record<string, unknown>>): LessonForm {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    title: text(values.title),
    description: text(values.description),
    lesson_type: text(values.lesson_type) || 'TEXT',
    text_content: text(values.text_content),
  };
}

export function lessonFormErrors(form: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  const title = form['title'] ?? '';
  // Counted like the request validators count (UTF-16 units), so the form never passes what they refuse.
  const length = title.length;
  if (title.trim() === '') errors['title'] = 'Give the lesson a title.';
  else if (length > TITLE_MAX)
    errors['title'] = `A title can be at most ${TITLE_MAX} characters; this one has ${length}.`;
  return errors;
}

export function typeOptions(current: string): { value: string; label: string }[] {
  const values: string[] = [...LESSON_TYPES];
  if (current && !values.includes(current)) values.push(current);
  return values.map((value) => ({ value, label: humanize(value) }));
}

export type VideoState = 'none' | 'processing' | 'ready' | 'failed' | 'other';

/** none / processing / ready / failed from `video_status` (an open value: others are shown as they came). */
export function videoState(lesson: Partial<Pick<Lesson, 'video_status' | 'video_error' | 'video_url'>>): {
  state: VideoState;
  text: string;
} {
  const status = (lesson.video_status ?? '').toUpperCase();
  const error = lesson.video_error ?? '';
  if (status === 'FAILED' || error)
    return {
      state: 'failed',
      text: error
        ? t({ id: 'lessons.fields.failed', defaultMessage: 'failed — {error}' }, { error })
        : t({ id: 'lessons.fields.failedWord', defaultMessage: 'failed' }),
    };
  if (status === 'READY') return { state: 'ready', text: t({ id: 'lessons.fields.ready', defaultMessage: 'ready' }) };
  if (status === 'PROCESSING')
    return { state: 'processing', text: t({ id: 'lessons.fields.processing', defaultMessage: 'processing' }) };
  if (status === '' || status === 'NONE')
    return {
      state: 'none',
      text: lesson.video_url
        ? t({ id: 'lessons.fields.ready', defaultMessage: 'ready' })
        : t({ id: 'lessons.fields.none', defaultMessage: 'none' }),
    };
  if (status === 'PENDING')
    return {
      state: 'none',
      text: t({ id: 'lessons.fields.noneYetWaitingForAn', defaultMessage: 'none yet (waiting for an upload)' }),
    };
  return { state: 'other', text: humanize(lesson.video_status ?? '').toLowerCase() };
}
