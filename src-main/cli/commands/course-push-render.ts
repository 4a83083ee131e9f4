// CLI (plain Node). The plan of `lectern course push` as a tree for people: one line per section and
// lesson with what will happen to it, the files skipped and why, and a summary line.
import { escapeControls } from '../../../src-shared/text-controls.ts';
import { formatBytes } from '../../../src-shared/units.ts';
import type { LessonPlan, PushPlan, SectionPlan } from '../../course-push/index.ts';

const MARK = { create: '+', update: '~', reorder: '>', keep: '=', delete: '-', leave: '?' } as const;

export function renderPlan(plan: PushPlan): string[] {
  const lines = [`Course “${plan.courseName ?? plan.courseId}” (${plan.courseId}) from ${plan.root}`, ''];
  for (const section of plan.sections) {
    lines.push(`${MARK[section.action]} Section “${section.title}”  ${sectionWhat(section)}`);
    for (const lesson of section.lessons)
      lines.push(`    ${MARK[lesson.action]} “${lesson.title}”  ${lessonWhat(lesson)}`);
    for (const other of section.others)
      lines.push(`    ${MARK[other.action]} “${other.title ?? other.id}”  ${otherWhat(other.action)}`);
  }
  for (const section of plan.otherSections) {
    const count = section.lessons.length;
    lines.push(
      `${MARK[section.action]} Section “${section.title ?? section.id}” (${count} lesson${count === 1 ? '' : 's'})  ${otherWhat(section.action)}`,
    );
  }
  if (plan.skipped.length > 0) {
    lines.push('', 'Skipped:');
    for (const s of plan.skipped) lines.push(`  ${s.key}: ${s.reason}`);
  }
  lines.push('', summary(plan));
  // Names come from someone else's folder and titles from the server: a control character in one
  // (`ESC[1A ESC[2K` erases the line above) must not hide a line of the plan being confirmed.
  return lines.map((line) => escapeControls(line));
}

function sectionWhat(s: SectionPlan): string {
  const folder = s.key === '' ? 'the folder itself' : `${s.key}/`;
  if (s.action === 'create') return `create (from ${folder})`;
  const how = s.matchedBy === 'title' ? ', matched by title' : '';
  const what = s.changes.map((c) => (c === 'order' ? 'move' : 'rename')).join(', ');
  return `${what || 'unchanged'} (from ${folder}${how})`;
}

function lessonWhat(l: LessonPlan): string {
  const file = `${l.key}, ${l.kind === 'video' ? `video, ${formatBytes(l.file.size)}` : 'text'}`;
  if (l.action === 'create')
    return `create (${file})${l.uploadBytes > 0 ? `, upload ${formatBytes(l.uploadBytes)}` : ''}`;
  const words: Record<string, string> = {
    video: `upload the new video (${formatBytes(l.uploadBytes)})`,
    text: 'update the text',
    title: 'rename',
    order: 'move',
  };
  const how = l.matchedBy === 'title' ? ', matched by title' : l.matchedBy === 'content' ? ', renamed file' : '';
  return `${l.changes.map((c) => words[c]).join(', ') || 'unchanged'} (${file}${how})`;
}

function otherWhat(action: 'leave' | 'delete'): string {
  return action === 'delete'
    ? 'not in the folder: delete'
    : 'not in the folder: left alone (--delete or --delete-only removes it)';
}

export function summary(plan: PushPlan): string {
  const t = plan.totals;
  const parts = [
    [t.sectionsToCreate, 'section', 'to create'],
    [t.sectionsToUpdate, 'section', 'to rename'],
    [t.sectionsToReorder, 'section', 'to move'],
    [t.lessonsToCreate, 'lesson', 'to create'],
    [t.lessonsToUpdate, 'lesson', 'to update'],
    [t.lessonsToReorder, 'lesson', 'to move'],
    [t.sectionsToDelete, 'section', 'to delete'],
    [t.lessonsToDelete, 'lesson', 'to delete'],
    [t.lessonsLeftAlone, 'lesson not in the folder', 'left alone'],
    [t.skipped, 'file', 'skipped'],
  ] as const;
  const said = parts
    .filter(([n]) => n > 0)
    .map(([n, what, verb]) => `${n} ${n === 1 ? what : what.replace(/^(\w+)/, '$1s')} ${verb}`);
  const upload =
    t.uploads > 0 ? `; ${t.uploads} video${t.uploads === 1 ? '' : 's'} to upload (${formatBytes(t.uploadBytes)})` : '';
  const unchanged =
    t.lessonsUnchanged > 0 ? `; ${t.lessonsUnchanged} lesson${t.lessonsUnchanged === 1 ? '' : 's'} unchanged` : '';
  return `Plan: ${said.join(', ') || 'nothing to change'}${upload}${unchanged}.`;
}
