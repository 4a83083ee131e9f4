// Plain Node (benchmarks; bundled before it runs, as the CLI is: scripts/build/cli.ts). The least a
// Node process with the project's fixed stack (undici for HTTP, through the same lean entry as the
// API client; zod at every boundary) does to re-plan a course push,
// with no planner around it: the course and its
// sections asked for at once, both answers parsed and checked by zod for the fields a plan reads,
// and the folder listed with the size, mtime, device and inode of every entry (synchronously, as
// `find` does). No journal, no plan, no output. bench:push runs it as its own process beside
// `lectern course push --dry-run`, so a reader can tell what Lectern adds from what a Node process
// costs for the same reads. Run its bundle with the compile cache on, as the CLI's launcher does.
// Usage: node least-node-plan.mjs BASE_URL COURSE_ID DIR (the key in LECTERN_API_KEY).
import { lstatSync, opendirSync } from 'node:fs';
import { z } from 'zod';
import { request } from '../../src-main/api/http-stack.ts';

const [baseUrl, courseId, dir] = process.argv.slice(2) as [string, string, string];
const headers = { authorization: `Bearer ${process.env.LECTERN_API_KEY}` };
const api = `${baseUrl.replace(/\/$/, '')}/v1/external/learning/courses/${courseId}`;
const asked = Promise.all([request(api, { headers }), request(`${api}/sections?page_size=100`, { headers })]);

let entries = 0;
function walk(path: string): void {
  const folder = opendirSync(path);
  for (let entry = folder.readSync(); entry; entry = folder.readSync()) {
    const full = `${path}/${entry.name}`;
    const stat = lstatSync(full);
    entries += stat.size + stat.mtimeMs + stat.dev + stat.ino > 0 ? 1 : 0;
    if (stat.isDirectory()) walk(full);
  }
  folder.closeSync();
}
walk(dir);

const shown = <S extends z.ZodType>(schema: S) => schema.optional().catch(undefined);
const lesson = z.object({
  id: z.uuid(),
  title: shown(z.string()),
  order: shown(z.number().int()),
  text_content: shown(z.string()),
  video_url: shown(z.string()),
  video_content_url: shown(z.string()),
  video_status: shown(z.string()),
});
const section = z.object({
  id: z.uuid(),
  title: shown(z.string()),
  order: shown(z.number().int()),
  lessons: shown(z.array(lesson)),
});
const envelope = <D extends z.ZodType>(data: D) =>
  z.object({ status: z.number().int(), success: z.boolean(), data, errors: z.array(z.unknown()) });
const course = envelope(z.object({ id: z.uuid(), name: shown(z.string()) }));
const sections = envelope(
  z.object({
    paginator: z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable() }),
    results: z.array(section),
  }),
);
const [courseAnswer, sectionsAnswer] = await asked;
course.parse(await courseAnswer.body.json());
const listed = sections.parse(await sectionsAnswer.body.json());
if (listed.data.paginator.next !== null) throw new Error('least-node-plan reads one page of sections');
if (entries === 0) throw new Error(`least-node-plan: ${dir} is empty`);
