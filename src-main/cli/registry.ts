// CLI (plain Node). Every `lectern` command, one line each: its name and how to load it. Modules are
// imported only when their command runs (or for --help), so a command's dependencies (keychain,
// upload engine, SQLite) never slow down or break the others. To add a command, write it in its
// own file under commands/ and add one line here.
import type { Command } from './command.ts';

const REGISTRY: readonly (readonly [string, () => Promise<Command>])[] = [
  ['categories', async () => (await import('./commands/categories.ts')).categoriesCommand],
  ['courses', async () => (await import('./commands/courses.ts')).coursesCommand],
  ['course', async () => (await import('./commands/course-push.ts')).courseWithPushCommand],
  ['sections', async () => (await import('./commands/sections.ts')).sectionsCommand],
  ['section', async () => (await import('./commands/sections.ts')).sectionCommand],
  ['quizzes', async () => (await import('./commands/quizzes.ts')).quizzesCommand],
  ['assessments', async () => (await import('./commands/assessments.ts')).assessmentsCommand],
  ['assessment', async () => (await import('./commands/assessments.ts')).assessmentCommand],
  ['assignment', async () => (await import('./commands/assignment.ts')).assignmentCommand],
  ['lesson', async () => (await import('./commands/lesson.ts')).lessonCommand],
  ['upload', async () => (await import('./commands/upload.ts')).uploadCommand],
  ['uploads', async () => (await import('./commands/uploads.ts')).uploadsCommand],
  ['profiles', async () => (await import('./commands/profiles.ts')).profilesCommand],
  ['diagnostics', async () => (await import('./commands/diagnostics.ts')).diagnosticsCommand],
];

export async function findCommand(name: string): Promise<Command | undefined> {
  const entry = REGISTRY.find(([n]) => n === name);
  return entry ? entry[1]() : undefined;
}

/** Every command, for --help. A command whose module fails to load is skipped, not fatal. */
export async function allCommands(): Promise<Command[]> {
  const loaded = await Promise.allSettled(REGISTRY.map(([, load]) => load()));
  return loaded.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
}
