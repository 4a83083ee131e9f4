// Main process / plain Node, pure. What a folder push deletes is chosen item by item: of the
// sections and lessons the plan lists as not in the folder, the ones chosen (by id from the app,
// all of them with --delete, by title with --delete-only GLOB). A section chosen takes its lessons
// with it; a lesson chosen alone goes alone. Anything else asked for is refused: only what the plan
// lists as not in the folder can be deleted.
import { totalsOf, type OtherLesson, type PushPlan } from './plan.ts';

/** Ids of sections and lessons not in the folder to delete. */
export interface DeleteChoice {
  sections: readonly string[];
  lessons: readonly string[];
}

export class DeleteChoiceError extends Error {
  readonly code = 'DELETE_NOT_IN_PLAN';
  override name = 'DeleteChoiceError';
}

/** The ids the plan lists as not in the folder: the only ones a push may delete. */
export function deletable(plan: PushPlan): { sections: Set<string>; lessons: Set<string> } {
  return {
    sections: new Set(plan.otherSections.map((s) => s.id)),
    lessons: new Set([
      ...plan.sections.flatMap((s) => s.others.map((l) => l.id)),
      ...plan.otherSections.flatMap((s) => s.lessons.map((l) => l.id)),
    ]),
  };
}

/**
 * The plan with exactly the chosen items marked "delete" and every other item not in the folder
 * "leave" ('all': every one, as --delete). Throws DeleteChoiceError for an id the plan does not
 * list as not in the folder.
 */
export function chooseDeletes(plan: PushPlan, choice: DeleteChoice | 'all'): PushPlan {
  const allowed = deletable(plan);
  const sections = choice === 'all' ? allowed.sections : new Set(choice.sections);
  const lessons = choice === 'all' ? allowed.lessons : new Set(choice.lessons);
  const stray = [
    ...[...sections].filter((id) => !allowed.sections.has(id)),
    ...[...lessons].filter((id) => !allowed.lessons.has(id)),
  ];
  if (stray.length > 0) {
    throw new DeleteChoiceError(
      `Only sections and lessons the plan lists as not in the folder can be deleted; ${stray.length === 1 ? 'one chosen is' : `${stray.length} chosen are`} not. Plan the push again.`,
    );
  }
  const mark = (l: OtherLesson, withSection = false): OtherLesson => ({
    ...l,
    action: withSection || lessons.has(l.id) ? 'delete' : 'leave',
  });
  const folderSections = plan.sections.map((s) => ({ ...s, others: s.others.map((l) => mark(l)) }));
  const otherSections = plan.otherSections.map((s) => {
    const gone = sections.has(s.id);
    return {
      ...s,
      action: gone ? ('delete' as const) : ('leave' as const),
      lessons: s.lessons.map((l) => mark(l, gone)),
    };
  });
  return {
    ...plan,
    deleteOthers: choice === 'all',
    sections: folderSections,
    otherSections,
    totals: totalsOf(folderSections, otherSections, plan.skipped.length),
  };
}

/**
 * A glob of `--delete-only`, matched against a whole title, ignoring case: `*` is any run of
 * characters (none too), `?` any one character, and `\` takes the next character as itself.
 */
export function globMatcher(glob: string): (text: string) => boolean {
  const chars = [...glob.normalize('NFC')];
  let source = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\' && i + 1 < chars.length) source += escapeRegExp(chars[++i]!);
    else if (c === '*') source += '[\\s\\S]*';
    else if (c === '?') source += '[\\s\\S]';
    else source += escapeRegExp(c);
  }
  const pattern = new RegExp(`^${source}$`, 'iu');
  return (text) => pattern.test(text.normalize('NFC'));
}

const escapeRegExp = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The choice `--delete-only GLOB…` makes. A glob without `/` is matched against the titles of the
 * sections and lessons not in the folder (a section matched goes with its lessons); one with `/`
 * is SECTION/LESSON and matches lessons not in the folder by their section's title and their own,
 * as the plan shows them. `unmatched`: the globs that matched nothing not in the folder.
 */
export function choiceFromGlobs(
  plan: PushPlan,
  globs: readonly string[],
): { choice: DeleteChoice; unmatched: string[] } {
  const sections = new Set<string>();
  const lessons = new Set<string>();
  const unmatched: string[] = [];
  const candidates = [
    ...plan.sections.flatMap((s) => s.others.map((l) => ({ section: s.title, lesson: l }))),
    ...plan.otherSections.flatMap((s) => s.lessons.map((l) => ({ section: s.title ?? '', lesson: l }))),
  ];
  for (const glob of globs) {
    const slash = unescapedSlash(glob);
    let hit = false;
    if (slash < 0) {
      const match = globMatcher(glob);
      for (const s of plan.otherSections)
        if (match(s.title ?? '')) {
          sections.add(s.id);
          hit = true;
        }
      for (const c of candidates)
        if (match(c.lesson.title ?? '')) {
          lessons.add(c.lesson.id);
          hit = true;
        }
    } else {
      const inSection = globMatcher(glob.slice(0, slash));
      const lesson = globMatcher(glob.slice(slash + 1));
      for (const c of candidates)
        if (inSection(c.section) && lesson(c.lesson.title ?? '')) {
          lessons.add(c.lesson.id);
          hit = true;
        }
    }
    if (!hit) unmatched.push(glob);
  }
  return { choice: { sections: [...sections], lessons: [...lessons] }, unmatched };
}

/** Index of the first `/` not escaped by `\`, else -1. */
function unescapedSlash(glob: string): number {
  for (let i = 0; i < glob.length; i++) {
    if (glob[i] === '\\') i++;
    else if (glob[i] === '/') return i;
  }
  return -1;
}

/**
 * What the plan deletes, item by item, for a confirmation: "section “Old” and its 2 lessons",
 * "lesson “Notes” in “Basics”".
 */
export function deletionList(plan: PushPlan): string[] {
  const q = (title: string | null, id: string) => `“${title ?? id}”`;
  const out: string[] = [];
  for (const s of plan.sections)
    for (const l of s.others) if (l.action === 'delete') out.push(`lesson ${q(l.title, l.id)} in ${q(s.title, '')}`);
  for (const s of plan.otherSections) {
    if (s.action === 'delete') {
      const n = s.lessons.length;
      out.push(`section ${q(s.title, s.id)}${n > 0 ? ` and its ${n === 1 ? 'lesson' : `${n} lessons`}` : ''}`);
    } else {
      for (const l of s.lessons)
        if (l.action === 'delete') out.push(`lesson ${q(l.title, l.id)} in ${q(s.title, s.id)}`);
    }
  }
  return out;
}
