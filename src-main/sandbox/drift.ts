// Main process / plain Node. `--drift`: the sandbox answers the way real servers were seen to
// drift from the reference, so tolerant reading can be tested end to end: every course's `level`
// is "expert" (not in the reference's list), lessons carry none of their video fields, and an
// assignment's `submission_date` is null. Applied to the response only; stored data is untouched.

const LESSON_VIDEO_FIELDS = [
  'video_content_url',
  'video_url',
  'video_status',
  'video_ready',
  'video_error',
  'video_has_subtitles',
  'video_playback_endpoint',
  'video_caption',
] as const;

type Json = Record<string, unknown>;

const isCourse = (o: Json) => 'level' in o && 'has_enrollments' in o;
const isLesson = (o: Json) => 'lesson_type' in o && 'text_content' in o;
const isAssignment = (o: Json) => 'learning_class' in o && 'submission_date' in o;

/** A drifted copy of a response's `data`. */
export function drift(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(drift);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value as Json)) out[key] = drift(inner);
  if (isCourse(out)) out.level = 'expert';
  if (isLesson(out)) for (const field of LESSON_VIDEO_FIELDS) delete out[field];
  if (isAssignment(out)) out.submission_date = null;
  return out;
}
