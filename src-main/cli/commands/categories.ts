// CLI (plain Node). `lectern categories`: every category.
import type { Category } from '../../api/index.ts';
import { expectArgs } from '../args.ts';
import type { Command } from '../command.ts';
import { printList } from '../lists.ts';

export const categoriesCommand: Command = {
  name: 'categories',
  async run(ctx) {
    expectArgs(ctx, [], 'categories');
    const client = await ctx.client();
    await printList<object, Category>(
      ctx,
      client.categories,
      {},
      [
        { header: 'ID', value: (c) => c.id, max: Infinity },
        { header: 'NAME', value: (c) => c.name, max: 80 },
      ],
      'categories',
    );
  },
};
