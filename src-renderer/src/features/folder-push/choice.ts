/**
 * Renderer, pure. What a folder push deletes, chosen item by item: of the sections and lessons the
 * plan lists as not in the folder, the ones ticked (none by default). A section ticked takes its
 * lessons with it; a lesson ticked alone goes alone. The plan as it will run with that choice (its
 * marks and totals) and the names of what goes, for the confirmation. Main checks the same ids
 * against its own plan when the push starts.
 */
import type { FolderPushPlan, FolderPushRemove } from '../../../../src-shared/index.ts';

export interface DeleteSelection {
  sections: ReadonlySet<string>;
  lessons: ReadonlySet<string>;
}

export const NOTHING: DeleteSelection = { sections: new Set(), lessons: new Set() };

/** Every section and lesson the plan lists as not in the folder. */
export function everything(plan: FolderPushPlan): DeleteSelection {
  return {
    sections: new Set(plan.otherSections.map((s) => s.id)),
    lessons: new Set([
      ...plan.sections.flatMap((s) => s.otherLessons.map((l) => l.id)),
      ...plan.otherSections.flatMap((s) => s.lessons.map((l) => l.id)),
    ]),
  };
}

export function isEmpty(selection: DeleteSelection): boolean {
  return selection.sections.size + selection.lessons.size === 0;
}

/** Whether every item not in the folder is chosen. */
export function isAll(plan: FolderPushPlan, selection: DeleteSelection): boolean {
  const all = everything(plan);
  return (
    [...all.sections].every((id) => selection.sections.has(id)) &&
    [...all.lessons].every((id) => selection.lessons.has(id))
  );
}

export function toggle(
  selection: DeleteSelection,
  kind: 'sections' | 'lessons',
  id: string,
  on: boolean,
): DeleteSelection {
  const next = new Set(selection[kind]);
  if (on) next.add(id);
  else next.delete(id);
  return { ...selection, [kind]: next };
}

/** The choice as it travels to main: ids, a ticked section's lessons counted in by main. */
export function toRemove(selection: DeleteSelection): FolderPushRemove {
  return { sections: [...selection.sections], lessons: [...selection.lessons] };
}

/** The plan as it runs with this choice: each item not in the folder marked, the totals to match. */
export function withChoice(plan: FolderPushPlan, selection: DeleteSelection): FolderPushPlan {
  const mark = <T extends { id: string }>(l: T, withSection = false) => ({
    ...l,
    action: withSection || selection.lessons.has(l.id) ? ('delete' as const) : ('leave' as const),
  });
  const sections = plan.sections.map((s) => ({ ...s, otherLessons: s.otherLessons.map((l) => mark(l)) }));
  const otherSections = plan.otherSections.map((s) => {
    const gone = selection.sections.has(s.id);
    return {
      ...s,
      action: gone ? ('delete' as const) : ('leave' as const),
      lessons: s.lessons.map((l) => mark(l, gone)),
    };
  });
  const others = [...sections.flatMap((s) => s.otherLessons), ...otherSections.flatMap((s) => s.lessons)];
  return {
    ...plan,
    sections,
    otherSections,
    totals: {
      ...plan.totals,
      sectionsToDelete: otherSections.filter((s) => s.action === 'delete').length,
      lessonsToDelete: others.filter((l) => l.action === 'delete').length,
      lessonsLeftAlone: others.filter((l) => l.action === 'leave').length,
    },
  };
}

/** What the push deletes, item by item ("lesson “Notes” in “Basics”", "section “Old” and its 2 lessons"). */
export function deletionNames(plan: FolderPushPlan): string[] {
  const q = (title: string | null) => `“${title ?? '—'}”`;
  const names: string[] = [];
  for (const s of plan.sections)
    for (const l of s.otherLessons) if (l.action === 'delete') names.push(`lesson ${q(l.title)} in ${q(s.title)}`);
  for (const s of plan.otherSections) {
    if (s.action === 'delete') {
      const n = s.lessons.length;
      names.push(`section ${q(s.title)}${n > 0 ? ` and its ${n === 1 ? 'lesson' : `${n} lessons`}` : ''}`);
    } else {
      for (const l of s.lessons) if (l.action === 'delete') names.push(`lesson ${q(l.title)} in ${q(s.title)}`);
    }
  }
  return names;
}
