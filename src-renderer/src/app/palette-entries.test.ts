/** The palette's merge of the cache's hits with the server's, and its groups. */
import { describe, expect, it } from 'vitest';
import type { PaletteHit } from '../../../src-shared/index.ts';
import { actionEntries, groupEntries, matchingActions, mergeHits, PER_GROUP } from './palette-entries.ts';

const hit = (kind: PaletteHit['kind'], id: string, title: string, detail: string | null = null): PaletteHit => ({
  kind,
  id,
  title,
  detail,
  courseId: 'c1',
  sectionId: null,
});

describe('mergeHits', () => {
  it('keeps the cache’s order, adds the server’s new finds after it, and never repeats one', () => {
    const cached = [hit('course', 'c1', 'Fire safety'), hit('lesson', 'l1', 'Fire drill', 'Fire safety › Week 1')];
    const server = [hit('course', 'c1', 'Fire safety'), hit('assessment', 'a1', 'Fire warden quiz')];
    expect(mergeHits(cached, server).map((h) => `${h.kind}:${h.id}`)).toEqual([
      'course:c1',
      'lesson:l1',
      'assessment:a1',
    ]);
  });

  it('takes the server’s detail when the cache had none, and keeps the cache’s otherwise', () => {
    const merged = mergeHits(
      [hit('assessment', 'a1', 'Fire warden', null), hit('assessment', 'a2', 'Exit routes', 'Cached course')],
      [hit('assessment', 'a1', 'Fire warden', 'Fire safety'), hit('assessment', 'a2', 'Exit routes', 'Other')],
    );
    expect(merged.map((h) => h.detail)).toEqual(['Fire safety', 'Cached course']);
  });

  it('a kind with the same id is another thing (a quiz and its lesson are two rows)', () => {
    expect(mergeHits([hit('lesson', 'x', 'Quiz one')], [hit('quiz', 'x', 'Quiz one')])).toHaveLength(2);
  });
});

describe('groupEntries', () => {
  it('groups in a fixed order, leaves empty groups out and caps each content group', () => {
    const screens = matchingActions(
      actionEntries({ name: 'courses' }, () => undefined),
      'quizzes',
    );
    const hits = [
      hit('quiz', 'q1', 'Quizzes recap'),
      ...Array.from({ length: PER_GROUP + 3 }, (_, i) => hit('lesson', `l${i}`, `Quizzes ${i}`)),
      hit('course', 'c9', 'Quizzes 101'),
    ];
    const groups = groupEntries(screens, hits);
    expect(groups.map((g) => g.group)).toEqual(['Screens', 'Courses', 'Lessons', 'Quizzes']);
    expect(groups.find((g) => g.group === 'Lessons')!.entries).toHaveLength(PER_GROUP);
    expect(groups[0]!.entries.map((e) => e.label)).toEqual(['Go to Quizzes']);
  });
});
