// CLI (plain Node). `lectern sections COURSE_ID [--search S]` and `lectern section COURSE_ID SECTION_ID`.
import type { Section } from '../../api/index.ts';
import { SEARCH, expectArgs } from '../args.ts';
import type { Command } from '../command.ts';
import { printList, searchOf } from '../lists.ts';

export const sectionsCommand: Command = {
  name: 'sections',
  options: SEARCH,
  async run(ctx) {
    const [courseId] = expectArgs(ctx, ['COURSE_ID'], 'sections COURSE_ID [--search S]');
    const sections = (await ctx.client()).sections;
    await printList<object, Section>(
      ctx,
      {
        list: (q, o) => sections.list(courseId!, q, o),
        pages: (q, o) => sections.pages(courseId!, q, o),
      },
      searchOf(ctx),
      [
        { header: 'ID', value: (s) => s.id, max: Infinity },
        { header: 'ORDER', value: (s) => s.order },
        { header: 'TITLE', value: (s) => s.title },
        { header: 'LESSONS', value: (s) => s.lessons?.length },
      ],
      'sections',
    );
  },
};

export const sectionCommand: Command = {
  name: 'section',
  async run(ctx) {
    const [courseId, id] = expectArgs(ctx, ['COURSE_ID', 'SECTION_ID'], 'section COURSE_ID SECTION_ID');
    const section = await (await ctx.client()).sections.get(courseId!, id!, { signal: ctx.signal });
    if (ctx.out.json) return ctx.out.printJson(section);
    ctx.out.details([
      ['id', section.id],
      ['title', section.title],
      ['order', section.order],
      ['description', section.description],
      ['updated', section.updated_datetime],
    ]);
    ctx.out.line();
    ctx.out.table(section.lessons ?? [], [
      { header: 'LESSON ID', value: (l) => l.id, max: Infinity },
      { header: 'ORDER', value: (l) => l.order },
      { header: 'TYPE', value: (l) => l.lesson_type },
      { header: 'TITLE', value: (l) => l.title },
      { header: 'VIDEO', value: (l) => l.video_status },
    ]);
  },
};
