// Tests (plain Node, pure): the plan as `lectern course push` prints it, with names and titles from
// someone else's folder or the server that try to rewrite the terminal or fake a line.
import { describe, expect, it } from 'vitest';
import { planPush, type FolderLayout } from '../../course-push/index.ts';
import { renderPlan } from './course-push-render.ts';

describe('renderPlan', () => {
  it('prints every line with its controls escaped: no cursor move, no erase, no line of its own', () => {
    const folder: FolderLayout = {
      root: '/courses/from-a-zip',
      sections: [
        {
          key: 'S',
          name: 'S',
          title: 'S',
          lessons: [
            {
              kind: 'text',
              key: 'S/1 \u001b[1A\u001b[2KQuiet.md',
              path: '/courses/from-a-zip/S/1 \u001b[1A\u001b[2KQuiet.md',
              name: '1 \u001b[1A\u001b[2KQuiet.md',
              title: '[1A[2KQuiet',
              size: 1,
              mtimeMs: 1,
              text: 'x',
              sha256: 'x',
            },
          ],
        },
      ],
      skipped: [{ key: 'S/inv\u202Efdp.md', reason: 'A symbolic link.' }],
    };
    const plan = planPush({
      folder,
      // A title on the server that tries to add a line of its own to the plan.
      course: { id: 'c1', name: 'Course\r', sections: [{ id: 's9', title: 'Old\n+ Section “Fake”', lessons: [] }] },
      remembered: [],
      videoContent: new Map(),
      deleteOthers: false,
    });
    const lines = renderPlan(plan);
    for (const line of lines) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/u); // eslint-disable-line no-control-regex
    expect(lines[0]).toBe('Course “Course\\x0D” (c1) from /courses/from-a-zip');
    expect(lines).toContain('    + “[1A[2KQuiet”  create (S/1 \\x1B[1A\\x1B[2KQuiet.md, text)');
    expect(lines.filter((l) => l.startsWith('? Section'))).toEqual([
      '? Section “Old\\x0A+ Section “Fake”” (0 lessons)  not in the folder: left alone (--delete or --delete-only removes it)',
    ]);
    expect(lines).toContain('  S/inv\\u202Efdp.md: A symbolic link.');
  });
});
