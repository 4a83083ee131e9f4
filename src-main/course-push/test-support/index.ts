// Test support (plain Node, used only by *.test.ts): course folders on disk, `lectern course push`
// in a child process (the real CLI), and the course as the sandbox then holds it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ApiClient } from '../../api/index.ts';
import { runLectern, type CliResult } from '../../cli/test-support/index.ts';
import type { TestSandbox } from '../../test-support/index.ts';
import { makeFile } from '../../uploads/test-support/index.ts';

/** Relative path → text (a string) or a video of that many bytes (a number, seeded by `seed`). */
export type FolderSpec = Record<string, string | { video: number; seed?: number }>;

export async function writeFolder(root: string, spec: FolderSpec): Promise<void> {
  mkdirSync(root, { recursive: true });
  for (const [path, content] of Object.entries(spec)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    if (typeof content === 'string') writeFileSync(full, content);
    else await makeFile(full, content.video, content.seed ?? 1);
  }
}

export interface PushResult extends CliResult {
  /** The last JSON document on stdout (with --json), else null. */
  json: { plan: PlanJson; outcome?: Record<string, unknown>; dryRun?: boolean; refused?: string } | null;
}

export interface PlanJson {
  sections: { title: string; action: string; lessons: { title: string; action: string; changes: string[] }[] }[];
  skipped: { key: string; reason: string }[];
  totals: Record<string, number>;
}

export async function push(
  sandbox: Pick<TestSandbox, 'baseUrl' | 'keys'>,
  dir: string,
  courseId: string,
  dataDir: string,
  extra: string[] = ['--yes', '--json'],
): Promise<PushResult> {
  const result = await runLectern(
    ['course', 'push', dir, '--course', courseId, '--base-url', sandbox.baseUrl, '--data-dir', dataDir, ...extra],
    { LECTERN_API_KEY: sandbox.keys.tenantAdmin },
  );
  const start = result.stdout.lastIndexOf('\n{\n');
  const text = start >= 0 ? result.stdout.slice(start + 1) : result.stdout.startsWith('{') ? result.stdout : '';
  let json: PushResult['json'];
  try {
    json = text ? (JSON.parse(text) as PushResult['json']) : null;
  } catch {
    json = null;
  }
  return { ...result, json };
}

export interface TreeLesson {
  id: string;
  title: string;
  text: string;
  video: boolean;
}

/** The course's sections and lessons in the server's order. */
export async function courseTree(
  client: ApiClient,
  courseId: string,
): Promise<{ id: string; title: string; lessons: TreeLesson[] }[]> {
  const out = [];
  for await (const s of client.sections.iterate(courseId)) {
    const full = await client.sections.get(courseId, s.id);
    const lessons = [...(full.lessons ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    out.push({
      id: s.id,
      title: s.title ?? '',
      lessons: lessons.map((l) => ({
        id: l.id,
        title: l.title ?? '',
        text: l.text_content ?? '',
        video: Boolean(l.video_status),
      })),
    });
  }
  return out;
}

/** A course of the demo seed, by its place in the list (each test file takes its own). */
export async function courseAt(client: ApiClient, index: number): Promise<string> {
  let i = 0;
  for await (const course of client.courses.iterate()) if (i++ === index) return course.id;
  throw new Error(`the seed has no course number ${index}`);
}
