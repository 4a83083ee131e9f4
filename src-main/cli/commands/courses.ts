// CLI (plain Node). `lectern courses [--search S]` and `lectern course ID`.
import type { Course } from '../../api/index.ts';
import { SEARCH, expectArgs } from '../args.ts';
import type { Command } from '../command.ts';
import { printList, searchOf } from '../lists.ts';

export const coursesCommand: Command = {
  name: 'courses',
  options: SEARCH,
  async run(ctx) {
    expectArgs(ctx, [], 'courses [--search S]');
    const client = await ctx.client();
    await printList<object, Course>(
      ctx,
      client.courses,
      searchOf(ctx),
      [
        { header: 'ID', value: (c) => c.id, max: Infinity },
        { header: 'NAME', value: (c) => c.name },
        { header: 'LEVEL', value: (c) => c.level },
        { header: 'STATUS', value: (c) => c.status },
        { header: 'CATEGORIES', value: (c) => (c.categories ?? []).map((x) => x.name), max: 40 },
      ],
      'courses',
    );
  },
};

export const courseCommand: Command = {
  name: 'course',
  async run(ctx) {
    const [id] = expectArgs(ctx, ['ID'], 'course ID');
    const course = await (await ctx.client()).courses.get(id!, { signal: ctx.signal });
    if (ctx.out.json) return ctx.out.printJson(course);
    ctx.out.details([
      ['id', course.id],
      ['name', course.name],
      ['level', course.level],
      ['status', course.status],
      ['source', course.source],
      ['categories', (course.categories ?? []).map((c) => c.name)],
      ['instructors', instructorNames(course.instructors ?? '')],
      ['quizzes', course.quizzes_count],
      ['duration (s)', course.overall_duration_seconds],
      ['enrollments', course.has_enrollments ? 'yes' : 'no'],
      ['description', course.description],
      ['created', course.created_datetime],
      ['updated', course.updated_datetime],
    ]);
  },
};

/** `instructors` is typed as a string; servers put a JSON list of people in it. Show their names. */
function instructorNames(text: string): string {
  try {
    const list: unknown = JSON.parse(text);
    if (Array.isArray(list)) {
      return list
        .map((p: unknown) => {
          const o = (p ?? {}) as Record<string, unknown>;
          const name = o.full_name ?? o.name ?? o.email ?? o.id;
          return typeof name === 'string' ? name : JSON.stringify(p);
        })
        .join(', ');
    }
  } catch {
    // Not JSON: show it as it is.
  }
  return text;
}
