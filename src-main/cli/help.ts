// CLI (plain Node). What `lectern --help` and `lectern help COMMAND` say about every command: one
// line of summary and its usage lines. Kept apart from the commands so that help loads none of
// their code (no API client, no database, no schemas); a command reads its own usage lines from
// here for its error messages.
import { GLOBAL_USAGE } from './globals.ts';

export const COMMAND_HELP = {
  categories: { summary: 'List categories', usage: ['categories'] },
  courses: { summary: 'List courses', usage: ['courses [--search S]'] },
  course: {
    summary: 'Show one course, or push a folder into it as sections and lessons',
    usage: ['course ID', 'course push DIR --course ID [--dry-run] [--yes] [--delete | --delete-only GLOB...]'],
    notes: [
      'Sections and lessons of the course that are not in the folder are left alone, unless:',
      '  --delete            deletes all of them (confirmed like the rest of the push);',
      '  --delete-only GLOB  deletes those whose title matches GLOB (repeat it for more). A section',
      '                      goes with its lessons; a lesson goes alone. GLOB is the whole title as the',
      '                      plan shows it, any case: * is any run of characters, ? any one character,',
      '                      \\ makes the next character plain. With a / it is SECTION/LESSON:',
      '                      --delete-only "Basics/Notes" deletes only the lesson “Notes” of “Basics”.',
    ],
  },
  sections: { summary: "List a course's sections", usage: ['sections COURSE_ID [--search S]'] },
  section: { summary: 'Show one section and its lessons', usage: ['section COURSE_ID SECTION_ID'] },
  quizzes: { summary: 'List quizzes', usage: ['quizzes [--search S]'] },
  assessments: { summary: 'List assessments (tenant keys only)', usage: ['assessments [--search S]'] },
  assessment: {
    summary: 'Show, create, update or delete an assessment (tenant keys only)',
    usage: [
      'assessment get|delete ID',
      'assessment update ID --body-file F',
      'assessment create --body-file F [--idempotency-key K]',
    ],
  },
  assignment: {
    summary: 'Create an assignment (tenant keys only)',
    usage: ['assignment create --body-file F [--idempotency-key K]'],
  },
  lesson: {
    summary: 'Show, create, update or delete a lesson',
    usage: [
      'lesson get|delete COURSE_ID SECTION_ID ID',
      'lesson create COURSE_ID SECTION_ID --body-file F [--idempotency-key K]',
      'lesson update COURSE_ID SECTION_ID ID --body-file F',
    ],
  },
  upload: {
    summary: 'Upload lesson videos (resumable: run the same command again to continue)',
    usage: [
      'upload FILE... (--section COURSE_ID/SECTION_ID | --lesson COURSE_ID/SECTION_ID/LESSON_ID) [--concurrency N] [--limit-rate BYTES_PER_S] [--allow-duplicates] [--give-up-after DURATION]',
    ],
  },
  uploads: {
    summary: 'List, resume or cancel the uploads in the local journal of this server and key',
    usage: ['uploads list', 'uploads resume [ID]', 'uploads cancel ID'],
  },
  profiles: {
    summary: 'List, add, re-key, remove or test workspaces (keys in the OS keychain)',
    usage: [
      'profiles list',
      'profiles add --name NAME --base-url URL --environment production|staging|custom --mode tenant|service-provider  (key on stdin)',
      'profiles set-key NAME  (key on stdin)',
      'profiles set-url NAME --base-url URL  (the key for the new address on stdin)',
      'profiles remove NAME --yes',
      'profiles test NAME',
    ],
  },
  diagnostics: {
    summary: 'Report for support: versions, server, a probe, requests, contract deviations',
    usage: ['diagnostics'],
  },
} as const satisfies Record<
  string,
  { summary: string; usage: readonly [string, ...string[]]; notes?: readonly string[] }
>;

export type CommandName = keyof typeof COMMAND_HELP;

/** `Usage:` with every line of one command, then the global options. */
export function commandUsage(name: CommandName): string {
  const help: { usage: readonly string[]; notes?: readonly string[] } = COMMAND_HELP[name];
  const notes = help.notes ? `\n${help.notes.join('\n')}\n` : '';
  return `Usage:\n${help.usage.map((u) => `  lectern ${u}`).join('\n')}\n${notes}\n${GLOBAL_USAGE}\n`;
}

/** The full `lectern --help` text. */
export function helpText(): string {
  const width = 56;
  const lines = Object.values(COMMAND_HELP).flatMap((c) =>
    c.usage.map((u, i) => {
      if (i > 0) return `  ${u}`;
      return u.length <= width
        ? `  ${u.padEnd(width)}  ${c.summary}`
        : `  ${u}
  ${' '.repeat(width)}  ${c.summary}`;
    }),
  );
  return `Usage: lectern <command> [options]\n\nCommands:\n${lines.join('\n')}\n\n${GLOBAL_USAGE}\n`;
}
