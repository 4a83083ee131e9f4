// CLI (plain Node). `lectern lesson get|delete COURSE_ID SECTION_ID ID`,
// `lesson create COURSE_ID SECTION_ID --body-file F [--idempotency-key K]`,
// `lesson update COURSE_ID SECTION_ID ID --body-file F`.
import type { Lesson, LessonCreateBody } from '../../api/index.ts';
import { CREATE_OPTIONS, action, expectArgs, idempotencyKey } from '../args.ts';
import { readBodyFile } from '../body.ts';
import type { Command, CommandContext } from '../command.ts';
import { COMMAND_HELP } from '../help.ts';
import { forbidOptions } from './shared.ts';

const USAGE = COMMAND_HELP.lesson.usage;

export const lessonCommand: Command = {
  name: 'lesson',
  options: CREATE_OPTIONS,
  async run(ctx) {
    const verb = action(ctx, ['get', 'delete', 'create', 'update'], USAGE.join(' | '));
    const o = { signal: ctx.signal };
    if (verb === 'create') {
      const [courseId, sectionId] = expectArgs(ctx, ['COURSE_ID', 'SECTION_ID'], USAGE[1]);
      const body = await readBodyFile(ctx.options['body-file'], ctx.io.stdin);
      const client = await ctx.client();
      const key = idempotencyKey(ctx);
      const lesson = await client.lessons.create(courseId!, sectionId!, body as LessonCreateBody, {
        idempotencyKey: key,
        signal: ctx.signal,
      });
      return show(ctx, lesson);
    }
    const [courseId, sectionId, id] = expectArgs(
      ctx,
      ['COURSE_ID', 'SECTION_ID', 'ID'],
      verb === 'update' ? USAGE[2] : USAGE[0],
    );
    if (verb === 'update') {
      forbidOptions(ctx, ['idempotency-key']);
      const body = await readBodyFile(ctx.options['body-file'], ctx.io.stdin);
      const client = await ctx.client();
      return show(ctx, await client.lessons.update(courseId!, sectionId!, id!, body, o));
    }
    forbidOptions(ctx, ['body-file', 'idempotency-key']);
    const client = await ctx.client();
    if (verb === 'delete') {
      await client.lessons.delete(courseId!, sectionId!, id!, o);
      return ctx.out.json ? ctx.out.printJson(null) : ctx.out.line(`Deleted lesson ${id}.`);
    }
    return show(ctx, await client.lessons.get(courseId!, sectionId!, id!, o));
  },
};

function show(ctx: CommandContext, l: Lesson): void {
  if (ctx.out.json) return ctx.out.printJson(l);
  ctx.out.details([
    ['id', l.id],
    ['title', l.title],
    ['type', l.lesson_type],
    ['order', l.order],
    ['duration (s)', l.duration_seconds],
    ['video', l.video_status],
    ['description', l.description],
    ['updated', l.updated_datetime],
  ]);
}
