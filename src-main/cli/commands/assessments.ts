// CLI (plain Node). `lectern assessments [--search S]` and
// `lectern assessment get|delete ID | update ID --body-file F | create --body-file F [--idempotency-key K]`.
import type { Assessment, AssessmentCreateBody } from '../../api/index.ts';
import { CREATE_OPTIONS, SEARCH, action, expectArgs, idempotencyKey } from '../args.ts';
import { readBodyFile } from '../body.ts';
import type { Command, CommandContext } from '../command.ts';
import { COMMAND_HELP } from '../help.ts';
import { printList, searchOf } from '../lists.ts';
import { duration } from '../output.ts';
import { forbidOptions } from './shared.ts';

export const assessmentsCommand: Command = {
  name: 'assessments',
  options: SEARCH,
  async run(ctx) {
    expectArgs(ctx, [], 'assessments [--search S]');
    const client = await ctx.client();
    await printList<object, Assessment>(
      ctx,
      client.assessments,
      searchOf(ctx),
      [
        { header: 'ID', value: (a) => a.id, max: Infinity },
        { header: 'TITLE', value: (a) => a.title },
        { header: 'STATUS', value: (a) => a.status },
        { header: 'TYPE', value: (a) => a.type },
        { header: 'DURATION', value: (a) => duration(a.duration_hours, a.duration_minutes) },
        { header: 'COURSE', value: (a) => a.course?.name, max: 40 },
      ],
      'assessments',
    );
  },
};

const USAGE = COMMAND_HELP.assessment.usage;

export const assessmentCommand: Command = {
  name: 'assessment',
  options: CREATE_OPTIONS,
  async run(ctx) {
    const verb = action(ctx, ['get', 'delete', 'update', 'create'], USAGE.join(' | '));
    const o = { signal: ctx.signal };
    if (verb === 'get' || verb === 'delete') {
      forbidOptions(ctx, ['body-file', 'idempotency-key']);
      const [id] = expectArgs(ctx, ['ID'], `assessment ${verb} ID`);
      const client = await ctx.client();
      if (verb === 'delete') {
        await client.assessments.delete(id!, o);
        return ctx.out.json ? ctx.out.printJson(null) : ctx.out.line(`Deleted assessment ${id}.`);
      }
      return show(ctx, await client.assessments.get(id!, o));
    }
    if (verb === 'update') {
      forbidOptions(ctx, ['idempotency-key']);
      const [id] = expectArgs(ctx, ['ID'], 'assessment update ID --body-file F');
      const body = await readBodyFile(ctx.options['body-file'], ctx.io.stdin);
      const client = await ctx.client();
      return show(ctx, await client.assessments.update(id!, body, o));
    }
    expectArgs(ctx, [], 'assessment create --body-file F [--idempotency-key K]');
    const body = await readBodyFile(ctx.options['body-file'], ctx.io.stdin);
    const client = await ctx.client();
    const key = idempotencyKey(ctx);
    return show(
      ctx,
      await client.assessments.create(body as AssessmentCreateBody, { idempotencyKey: key, signal: ctx.signal }),
    );
  },
};

function show(ctx: CommandContext, a: Assessment): void {
  if (ctx.out.json) return ctx.out.printJson(a);
  ctx.out.details([
    ['id', a.id],
    ['title', a.title],
    ['status', a.status],
    ['type', a.type],
    ['source', a.source],
    ['duration', duration(a.duration_hours, a.duration_minutes)],
    ['total points', a.total_points],
    ['questions', a.questions_count],
    ['course', `${a.course?.name ?? '-'} (${a.course_id})`],
    ['start', a.start_datetime],
    ['deadline', a.deadline_datetime],
    ['description', a.description],
    ['updated', a.updated_datetime],
  ]);
}
