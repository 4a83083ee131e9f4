// Tests (plain Node, pure): what a folder push deletes, chosen item by item — by id (the app), all
// (--delete) or by glob (--delete-only) — and only among what the plan lists as not in the folder.
import { describe, expect, it } from 'vitest';
import { chooseDeletes, choiceFromGlobs, deletionList, globMatcher } from './delete-choice.ts';
import { totalsOf, type PushPlan, type SectionPlan } from './plan.ts';

const folderSection = (id: string, title: string, others: [string, string][]): SectionPlan => ({
  key: title,
  title,
  action: 'keep',
  sectionId: id,
  matchedBy: 'memory',
  changes: [],
  lessons: [],
  others: others.map(([lessonId, t]) => ({ id: lessonId, title: t, action: 'leave' })),
});

function plan(): PushPlan {
  const sections = [
    folderSection('s-basics', 'Basics', [['l-notes', 'Notes']]),
    folderSection('s-driving', 'Driving', [
      ['l-notes-2', 'Notes'],
      ['l-old', 'Old turning'],
    ]),
  ];
  const otherSections: PushPlan['otherSections'] = [
    {
      id: 's-extra',
      title: 'Extra',
      action: 'leave',
      lessons: [
        { id: 'l-a', title: 'Appendix A', action: 'leave' },
        { id: 'l-b', title: 'Appendix B', action: 'leave' },
      ],
    },
  ];
  return {
    courseId: 'c1',
    courseName: 'Forklift course',
    root: '/root',
    deleteOthers: false,
    sections,
    otherSections,
    skipped: [],
    totals: totalsOf(sections, otherSections, 0),
  };
}

const deleted = (p: PushPlan) => [
  ...p.sections.flatMap((s) => s.others.filter((l) => l.action === 'delete').map((l) => l.id)),
  ...p.otherSections.filter((s) => s.action === 'delete').map((s) => s.id),
  ...p.otherSections.flatMap((s) => s.lessons.filter((l) => l.action === 'delete').map((l) => l.id)),
];

describe('globMatcher', () => {
  it('matches the whole title, any case: * any run, ? one character, \\ the next one plain', () => {
    expect(globMatcher('Notes')('notes')).toBe(true);
    expect(globMatcher('Notes')('Notes 2')).toBe(false);
    expect(globMatcher('Note?')('Notes')).toBe(true);
    expect(globMatcher('Note?')('Note')).toBe(false);
    expect(globMatcher('*turn*')('Old turning')).toBe(true);
    expect(globMatcher('*')('')).toBe(true);
    expect(globMatcher('What\\?')('What?')).toBe(true);
    expect(globMatcher('What\\?')('Whats')).toBe(false);
    expect(globMatcher('a\\*')('a*')).toBe(true);
    expect(globMatcher('a\\*')('ab')).toBe(false);
    // Characters that mean something to regular expressions are plain here.
    expect(globMatcher('1.5 (intro) [x] $1 ^a+b|c {2} - /')('1.5 (intro) [x] $1 ^a+b|c {2} - /')).toBe(true);
    expect(globMatcher('1.5')('105')).toBe(false);
    // The same letters composed or not.
    expect(globMatcher('Cafe\u0301')('Café')).toBe(true);
  });
});

describe('chooseDeletes', () => {
  it('marks exactly the chosen items: a section with its lessons, a lesson alone', () => {
    const chosen = chooseDeletes(plan(), { sections: [], lessons: ['l-notes'] });
    expect(deleted(chosen)).toEqual(['l-notes']);
    expect(chosen.totals).toMatchObject({ lessonsToDelete: 1, sectionsToDelete: 0, lessonsLeftAlone: 4 });
    expect(deletionList(chosen)).toEqual(['lesson “Notes” in “Basics”']);

    const section = chooseDeletes(plan(), { sections: ['s-extra'], lessons: ['l-a'] });
    expect(deleted(section).sort()).toEqual(['l-a', 'l-b', 's-extra']);
    expect(section.totals).toMatchObject({ lessonsToDelete: 2, sectionsToDelete: 1, lessonsLeftAlone: 3 });
    expect(deletionList(section)).toEqual(['section “Extra” and its 2 lessons']);

    const lessonOfOther = chooseDeletes(plan(), { sections: [], lessons: ['l-b'] });
    expect(deleted(lessonOfOther)).toEqual(['l-b']);
    expect(deletionList(lessonOfOther)).toEqual(['lesson “Appendix B” in “Extra”']);

    const all = chooseDeletes(plan(), 'all');
    expect(all.deleteOthers).toBe(true);
    expect(all.totals).toMatchObject({ lessonsToDelete: 5, sectionsToDelete: 1, lessonsLeftAlone: 0 });
    // Nothing chosen: all left alone again.
    expect(deleted(chooseDeletes(all, { sections: [], lessons: [] }))).toEqual([]);
  });

  it('refuses an id the plan does not list as not in the folder', () => {
    expect(() => chooseDeletes(plan(), { sections: ['s-basics'], lessons: [] })).toThrow(/not in the folder/);
    expect(() => chooseDeletes(plan(), { sections: [], lessons: ['l-unknown'] })).toThrow(
      expect.objectContaining({ code: 'DELETE_NOT_IN_PLAN' }),
    );
  });
});

describe('choiceFromGlobs', () => {
  it('matches titles of what is not in the folder; SECTION/LESSON narrows to one section', () => {
    expect(choiceFromGlobs(plan(), ['Notes']).choice).toEqual({ sections: [], lessons: ['l-notes', 'l-notes-2'] });
    expect(choiceFromGlobs(plan(), ['basics/notes']).choice).toEqual({ sections: [], lessons: ['l-notes'] });
    expect(choiceFromGlobs(plan(), ['Extra']).choice).toEqual({ sections: ['s-extra'], lessons: [] });
    expect(choiceFromGlobs(plan(), ['Extra/*']).choice).toEqual({ sections: [], lessons: ['l-a', 'l-b'] });
    expect(choiceFromGlobs(plan(), ['Appendix ?', 'Old*']).choice).toEqual({
      sections: [],
      lessons: ['l-a', 'l-b', 'l-old'],
    });
    // A section in the folder is never matched as a section; a glob that matches nothing is said.
    expect(choiceFromGlobs(plan(), ['Basics', 'Nope'])).toEqual({
      choice: { sections: [], lessons: [] },
      unmatched: ['Basics', 'Nope'],
    });
    // An escaped slash is part of a title.
    expect(choiceFromGlobs(plan(), ['Old turning\\/x']).unmatched).toEqual(['Old turning\\/x']);
  });
});
