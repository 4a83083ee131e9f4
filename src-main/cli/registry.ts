// CLI (plain Node). Every `lectern` command, one line each: its name and how to load it. A command's
// module is imported only when that command runs, so a command's dependencies (keychain, upload
// engine, SQLite, the HTTP client) never slow down or break the others, and `--help` (help.ts)
// loads none of them. To add a command, write it in its own file under commands/, add its help to
// help.ts and one line here.
import type { Command } from './command.ts';
import { COMMAND_HELP, type CommandName } from './help.ts';

const REGISTRY: Readonly<Record<CommandName, () => Promise<Command>>> = {
  categories: async () => (await import('./commands/categories.ts')).categoriesCommand,
  courses: async () => (await import('./commands/courses.ts')).coursesCommand,
  course: async () => (await import('./commands/course-push.ts')).courseWithPushCommand,
  sections: async () => (await import('./commands/sections.ts')).sectionsCommand,
  section: async () => (await import('./commands/sections.ts')).sectionCommand,
  quizzes: async () => (await import('./commands/quizzes.ts')).quizzesCommand,
  assessments: async () => (await import('./commands/assessments.ts')).assessmentsCommand,
  assessment: async () => (await import('./commands/assessments.ts')).assessmentCommand,
  assignment: async () => (await import('./commands/assignment.ts')).assignmentCommand,
  lesson: async () => (await import('./commands/lesson.ts')).lessonCommand,
  upload: async () => (await import('./commands/upload.ts')).uploadCommand,
  uploads: async () => (await import('./commands/uploads.ts')).uploadsCommand,
  profiles: async () => (await import('./commands/profiles.ts')).profilesCommand,
  diagnostics: async () => (await import('./commands/diagnostics.ts')).diagnosticsCommand,
};

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(COMMAND_HELP, name);
}

export function loadCommand(name: CommandName): Promise<Command> {
  return REGISTRY[name]();
}
