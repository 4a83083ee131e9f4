// CLI (plain Node). `lectern quizzes [--search S]`.
import type { Quiz } from '../../api/index.ts';
import { SEARCH, expectArgs } from '../args.ts';
import type { Command } from '../command.ts';
import { printList, searchOf } from '../lists.ts';

export const quizzesCommand: Command = {
  name: 'quizzes',
  options: SEARCH,
  async run(ctx) {
    expectArgs(ctx, [], 'quizzes [--search S]');
    const client = await ctx.client();
    await printList<object, Quiz>(
      ctx,
      client.quizzes,
      searchOf(ctx),
      [
        { header: 'ID', value: (q) => q.id, max: Infinity },
        { header: 'STATUS', value: (q) => q.status },
        { header: 'POINTS', value: (q) => q.total_points },
        { header: 'LESSON', value: (q) => q.lesson?.title },
        { header: 'COURSE ID', value: (q) => q.lesson?.course_id, max: Infinity },
      ],
      'quizzes',
    );
  },
};
