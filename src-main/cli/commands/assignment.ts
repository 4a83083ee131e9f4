// CLI (plain Node). `lectern assignment create --body-file F [--idempotency-key K]`.
import type { AssignmentCreateBody } from '../../api/index.ts';
import { CREATE_OPTIONS, action, expectArgs, idempotencyKey } from '../args.ts';
import { readBodyFile } from '../body.ts';
import type { Command } from '../command.ts';
import { COMMAND_HELP } from '../help.ts';
import { duration } from '../output.ts';

const [USAGE] = COMMAND_HELP.assignment.usage;

export const assignmentCommand: Command = {
  name: 'assignment',
  options: CREATE_OPTIONS,
  async run(ctx) {
    action(ctx, ['create'], USAGE);
    expectArgs(ctx, [], USAGE);
    const body = await readBodyFile(ctx.options['body-file'], ctx.io.stdin);
    const client = await ctx.client();
    const key = idempotencyKey(ctx);
    const a = await client.assignments.create(body as AssignmentCreateBody, {
      idempotencyKey: key,
      signal: ctx.signal,
    });
    if (ctx.out.json) return ctx.out.printJson(a);
    ctx.out.details([
      ['id', a.id],
      ['title', a.title],
      ['status', a.status],
      ['duration', duration(a.duration_hours, a.duration_minutes)],
      ['submission date', a.submission_date],
      ['class', a.learning_class?.name],
      ['course', a.course?.name],
      ['updated', a.updated_datetime],
    ]);
  },
};
