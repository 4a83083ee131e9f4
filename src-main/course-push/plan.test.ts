// Tests (plain Node, pure): the plan of a folder push against a course and what was pushed before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FileCheck } from '../uploads/index.ts';
import type { FolderLayout, LessonFile, SectionFolder } from './folder-scan.ts';
import {
  planIsEmpty,
  planPush,
  quickCheckPasses,
  sameContent,
  type RememberedEntry,
  type RemoteCourse,
} from './plan.ts';

const video = (key: string, title: string, size = 100): LessonFile => ({
  kind: 'video',
  key,
  path: `/root/${key}`,
  name: key.split('/').at(-1)!,
  title,
  size,
  mtimeMs: 1,
  check: { size } as FileCheck,
});
const text = (key: string, title: string, body: string): LessonFile => ({
  kind: 'text',
  key,
  path: `/root/${key}`,
  name: key.split('/').at(-1)!,
  title,
  size: body.length,
  mtimeMs: 1,
  text: body,
  sha256: `sha:${body}`,
});
const section = (key: string, title: string, lessons: LessonFile[]): SectionFolder => ({
  key,
  name: key,
  title,
  lessons,
});
const folder = (...sections: SectionFolder[]): FolderLayout => ({ root: '/root', sections, skipped: [] });
const course = (sections: RemoteCourse['sections'] = []): RemoteCourse => ({ id: 'c1', name: 'Course', sections });
const remoteLesson = (id: string, title: string, extra: { hasVideo?: boolean; text?: string | null } = {}) => ({
  id,
  title,
  hasVideo: extra.hasVideo ?? false,
  text: extra.text ?? null,
});

describe('planPush', () => {
  it('creates every section and lesson of a folder the course does not have, and counts the bytes', () => {
    const plan = planPush({
      folder: folder(
        section('1 - Basics', 'Basics', [
          video('1 - Basics/1 - Intro.mp4', 'Intro', 500),
          text('1 - Basics/2.md', '2', 'x'),
        ]),
      ),
      course: course([{ id: 's-old', title: 'Old', lessons: [remoteLesson('l-old', 'Old lesson')] }]),
      remembered: [],
      videoContent: new Map([['1 - Basics/1 - Intro.mp4', { sha256: 'v1' }]]),
      deleteOthers: false,
    });
    expect(plan.sections[0]).toMatchObject({ action: 'create', sectionId: null });
    expect(plan.sections[0]!.lessons.map((l) => [l.title, l.action, l.uploadBytes])).toEqual([
      ['Intro', 'create', 500],
      ['2', 'create', 0],
    ]);
    expect(plan.otherSections).toEqual([
      { id: 's-old', title: 'Old', action: 'leave', lessons: [{ id: 'l-old', title: 'Old lesson', action: 'leave' }] },
    ]);
    expect(plan.totals).toMatchObject({ sectionsToCreate: 1, lessonsToCreate: 2, uploads: 1, uploadBytes: 500 });
    expect(plan.totals.lessonsLeftAlone).toBe(1);
  });

  it('matches by memory first, then title; an unchanged folder plans nothing', () => {
    const files = [video('A/1 - Intro.mp4', 'Intro'), text('A/2 - Notes.md', 'Notes', 'hello')];
    const remote = course([
      {
        id: 's1',
        title: 'A',
        lessons: [remoteLesson('l1', 'Intro', { hasVideo: true }), remoteLesson('l2', 'Notes', { text: 'hello' })],
      },
    ]);
    const remembered: RememberedEntry[] = [
      { kind: 'section', key: 'A', sectionKey: null, serverId: 's1', contentSha256: null, size: null, mtimeMs: null },
      {
        kind: 'lesson',
        key: 'A/1 - Intro.mp4',
        sectionKey: 'A',
        serverId: 'l1',
        contentSha256: 'v1',
        size: 100,
        mtimeMs: 1,
      },
    ];
    const plan = planPush({
      folder: folder(section('A', 'A', files)),
      course: remote,
      remembered,
      videoContent: new Map([['A/1 - Intro.mp4', { sha256: 'v1' }]]),
      deleteOthers: false,
    });
    expect(plan.sections[0]).toMatchObject({ action: 'keep', matchedBy: 'memory', sectionId: 's1' });
    expect(plan.sections[0]!.lessons.map((l) => [l.lessonId, l.matchedBy, l.action])).toEqual([
      ['l1', 'memory', 'keep'],
      ['l2', 'title', 'keep'],
    ]);
    expect(planIsEmpty(plan)).toBe(true);
  });

  it('plans a changed video as an upload to the same lesson and a changed text as an update', () => {
    const remote = course([
      {
        id: 's1',
        title: 'A',
        lessons: [remoteLesson('l1', 'Intro', { hasVideo: true }), remoteLesson('l2', 'Notes', { text: 'old' })],
      },
    ]);
    const remembered: RememberedEntry[] = [
      { kind: 'section', key: 'A', sectionKey: null, serverId: 's1', contentSha256: null, size: null, mtimeMs: null },
      {
        kind: 'lesson',
        key: 'A/1 - Intro.mp4',
        sectionKey: 'A',
        serverId: 'l1',
        contentSha256: 'v1',
        size: 100,
        mtimeMs: 1,
      },
      {
        kind: 'lesson',
        key: 'A/2 - Notes.md',
        sectionKey: 'A',
        serverId: 'l2',
        contentSha256: 'sha:old',
        size: 3,
        mtimeMs: 1,
      },
    ];
    const plan = planPush({
      folder: folder(
        section('A', 'A', [video('A/1 - Intro.mp4', 'Intro', 900), text('A/2 - Notes.md', 'Notes', 'new')]),
      ),
      course: remote,
      remembered,
      videoContent: new Map([['A/1 - Intro.mp4', { sha256: 'v2' }]]),
      deleteOthers: false,
    });
    expect(plan.sections[0]!.lessons.map((l) => [l.lessonId, l.action, l.changes, l.uploadBytes])).toEqual([
      ['l1', 'update', ['video'], 900],
      ['l2', 'update', ['text'], 0],
    ]);
    expect(plan.totals).toMatchObject({ lessonsToCreate: 0, lessonsToUpdate: 2, uploads: 1 });
  });

  it('follows a renamed file by its content and renames its lesson', () => {
    const remembered: RememberedEntry[] = [
      { kind: 'section', key: 'A', sectionKey: null, serverId: 's1', contentSha256: null, size: null, mtimeMs: null },
      {
        kind: 'lesson',
        key: 'A/1 - Old name.mp4',
        sectionKey: 'A',
        serverId: 'l1',
        contentSha256: 'v1',
        size: 100,
        mtimeMs: 1,
      },
    ];
    const plan = planPush({
      folder: folder(section('A', 'A', [video('A/1 - New name.mp4', 'New name')])),
      course: course([{ id: 's1', title: 'A', lessons: [remoteLesson('l1', 'Old name', { hasVideo: true })] }]),
      remembered,
      videoContent: new Map([['A/1 - New name.mp4', { sha256: 'v1' }]]),
      deleteOthers: false,
    });
    expect(plan.sections[0]!.lessons[0]).toMatchObject({
      lessonId: 'l1',
      matchedBy: 'content',
      action: 'update',
      changes: ['title'],
      uploadBytes: 0,
    });
  });

  it('a title match without memory attaches a video only to a lesson that has none', () => {
    const plan = planPush({
      folder: folder(section('A', 'A', [video('A/a.mp4', 'a'), video('A/b.mp4', 'b')])),
      course: course([
        { id: 's2', title: ' a ', lessons: [remoteLesson('la', 'a', { hasVideo: true }), remoteLesson('lb', 'b')] },
      ]),
      remembered: [],
      videoContent: new Map(),
      deleteOthers: false,
    });
    // Titles match without case or surrounding spaces; the exact title is then set.
    expect(plan.sections[0]).toMatchObject({ sectionId: 's2', matchedBy: 'title', changes: ['title'] });
    expect(plan.sections[0]!.lessons.map((l) => [l.lessonId, l.action, l.changes])).toEqual([
      ['la', 'keep', []],
      ['lb', 'update', ['video']],
    ]);
  });

  it('lists lessons and sections not in the folder, to delete only with deleteOthers', () => {
    const remote = course([
      { id: 's1', title: 'A', lessons: [remoteLesson('l1', 'a'), remoteLesson('gone', 'Gone')] },
      { id: 's2', title: 'Elsewhere', lessons: [remoteLesson('l9', 'x')] },
    ]);
    const input = {
      folder: folder(section('A', 'A', [text('A/a.md', 'a', 'x')])),
      course: remote,
      remembered: [],
      videoContent: new Map(),
    };
    const kept = planPush({ ...input, deleteOthers: false });
    expect(kept.sections[0]!.others).toEqual([{ id: 'gone', title: 'Gone', action: 'leave' }]);
    const deleting = planPush({ ...input, deleteOthers: true });
    expect(deleting.sections[0]!.others).toEqual([{ id: 'gone', title: 'Gone', action: 'delete' }]);
    expect(deleting.totals).toMatchObject({ sectionsToDelete: 1, lessonsToDelete: 2, lessonsLeftAlone: 0 });
  });

  it('marks lessons and sections out of the folder order to move, as few as possible', () => {
    const remote = course([
      { id: 's2', title: 'Two', lessons: [] },
      {
        id: 's1',
        title: 'One',
        lessons: [
          remoteLesson('c', 'c', { text: 'c' }),
          remoteLesson('a', 'a', { text: 'a' }),
          remoteLesson('b', 'b', { text: 'b' }),
        ],
      },
    ]);
    const plan = planPush({
      folder: folder(
        section('1', 'One', [text('1/a.md', 'a', 'a'), text('1/b.md', 'b', 'b'), text('1/c.md', 'c', 'c')]),
        section('2', 'Two', []),
      ),
      course: remote,
      remembered: [],
      videoContent: new Map(),
      deleteOthers: false,
    });
    expect(plan.totals.sectionsToReorder).toBe(1);
    expect(plan.sections[0]!.lessons.map((l) => l.action)).toEqual(['keep', 'keep', 'reorder']);
  });

  it('every folder entry is planned once, and no server lesson is claimed twice', () => {
    const title = fc.constantFrom('a', 'b', 'c', 'd');
    fc.assert(
      fc.property(
        fc.array(title, { maxLength: 6 }),
        fc.array(fc.tuple(title, fc.boolean()), { maxLength: 6 }),
        (files, lessons) => {
          const plan = planPush({
            folder: folder(
              section(
                'S',
                'S',
                files.map((t, i) => text(`S/${i}-${t}.md`, t, t)),
              ),
            ),
            course: course([
              {
                id: 's',
                title: 'S',
                lessons: lessons.map(([t, v], i) => remoteLesson(`l${i}`, t, { hasVideo: v, text: t })),
              },
            ]),
            remembered: [],
            videoContent: new Map(),
            deleteOthers: false,
          });
          const planned = plan.sections[0]!;
          expect(planned.lessons).toHaveLength(files.length);
          const ids = planned.lessons.flatMap((l) => (l.lessonId ? [l.lessonId] : []));
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.length + planned.others.length).toBe(lessons.length);
          for (const l of planned.lessons) if (l.action === 'keep') expect(l.changes).toEqual([]);
        },
      ),
    );
  });
});

describe('telling a file from the one pushed', () => {
  const pushed: RememberedEntry = {
    kind: 'lesson',
    key: 'A/a.mp4',
    sectionKey: 'A',
    serverId: 'l',
    contentSha256: null,
    contentMd5Parts: '8:aa',
    sampleSha256: 's1',
    size: 100,
    mtimeMs: 1,
    dev: 5,
    ino: 9,
  };

  it('takes size, mtime, device and inode as the quick check (device and inode only when remembered)', () => {
    expect(quickCheckPasses(pushed, { size: 100, mtimeMs: 1, dev: 5, ino: 9 })).toBe(true);
    expect(quickCheckPasses(pushed, { size: 100, mtimeMs: 2, dev: 5, ino: 9 })).toBe(false);
    expect(quickCheckPasses(pushed, { size: 101, mtimeMs: 1, dev: 5, ino: 9 })).toBe(false);
    expect(quickCheckPasses(pushed, { size: 100, mtimeMs: 1, dev: 5, ino: 10 })).toBe(false);
    expect(quickCheckPasses({ ...pushed, dev: null, ino: null }, { size: 100, mtimeMs: 1, dev: 7, ino: 1 })).toBe(true);
  });

  it('calls bytes the same only by a full hash; size or samples tell them different', () => {
    expect(sameContent(pushed, 100, { md5Parts: '8:aa' })).toBe(true);
    expect(sameContent(pushed, 100, { md5Parts: '8:bb', sampleSha256: 's1' })).toBe(false);
    expect(sameContent(pushed, 100, { sampleSha256: 's1' })).toBeNull();
    expect(sameContent(pushed, 100, { sampleSha256: 's2' })).toBe(false);
    expect(sameContent(pushed, 99, {})).toBe(false);
    // Another part size cannot be compared.
    expect(sameContent(pushed, 100, { md5Parts: '16:aa' })).toBeNull();
    expect(sameContent({ ...pushed, contentSha256: 'h' }, 100, { sha256: 'h' })).toBe(true);
  });

  it('re-sends a remembered video whose samples differ, without a full hash', () => {
    const course: RemoteCourse = {
      id: 'c',
      name: null,
      sections: [{ id: 's1', title: 'A', lessons: [{ id: 'l', title: 'a', hasVideo: true, text: null }] }],
    };
    const remembered: RememberedEntry[] = [
      { kind: 'section', key: 'A', sectionKey: null, serverId: 's1', contentSha256: null, size: null, mtimeMs: null },
      pushed,
    ];
    const plan = (content: { sampleSha256?: string; md5Parts?: string }) =>
      planPush({
        folder: folder(section('A', 'A', [video('A/a.mp4', 'a', 100)])),
        course,
        remembered,
        videoContent: new Map([['A/a.mp4', content]]),
        deleteOthers: false,
      }).sections[0]!.lessons[0]!;
    expect(plan({ sampleSha256: 's2' })).toMatchObject({ action: 'update', changes: ['video'], uploadBytes: 100 });
    expect(plan({ sampleSha256: 's1', md5Parts: '8:aa' })).toMatchObject({ action: 'keep', uploadBytes: 0 });
  });
});
