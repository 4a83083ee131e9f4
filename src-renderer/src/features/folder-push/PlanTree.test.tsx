/**
 * The plan tree with names from someone else's folder and titles from the server: each is its own
 * bidi isolate, so a right-to-left override in one (U+202E: "fdp.exe" shown as "exe.pdf") cannot turn
 * the text around it, and what the user reads beside it stays in its place.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { FolderPushPlan } from '../../../../src-shared/index.ts';
import { PlanTree } from './PlanTree.tsx';

const RLO = '\u202E';

const PLAN: FolderPushPlan = {
  planId: 'plan-1',
  courseId: '00000000-0000-4000-8000-000000000001',
  courseName: 'Course',
  folderName: 'From a zip',
  deleteOthers: false,
  sections: [
    {
      key: `1 - Basics${RLO}`,
      title: `Basics${RLO}cisab`,
      action: 'create',
      matchedBy: null,
      changes: [],
      lessons: [
        {
          key: `1 - Basics${RLO}/1 - inv${RLO}fdp.md`,
          title: `inv${RLO}fdp`,
          kind: 'text',
          action: 'create',
          matchedBy: null,
          changes: [],
          bytes: 10,
          uploadBytes: 0,
        },
      ],
      otherLessons: [{ id: 'n', title: `Server${RLO}title`, action: 'leave' }],
    },
  ],
  otherSections: [{ id: 'old', title: `Old${RLO}section`, action: 'leave', lessons: [] }],
  skipped: [{ key: `notes${RLO}fdp.md`, reason: 'A symbolic link: links are not followed.' }],
  totals: { lessonsToCreate: 1, sectionsToCreate: 1, skipped: 1, lessonsLeftAlone: 1 },
  empty: false,
  missing: [],
  blockedReason: null,
};

afterEach(cleanup);

describe('PlanTree with hostile names', () => {
  it('isolates every title and file key (dir="auto", as <bdi>); reasons come escaped from main', () => {
    render(<PlanTree plan={PLAN} onChoose={() => undefined} />);
    // `dir` makes an element an isolate as <bdi> is (HTML's own style sheet: unicode-bidi: isolate).
    const isolated = [...document.querySelectorAll('bdi, [dir]')].map((b) => b.textContent);
    expect(isolated).toEqual(
      expect.arrayContaining([
        `Basics${RLO}cisab`,
        `inv${RLO}fdp`,
        `Server${RLO}title`,
        `Old${RLO}section`,
        `notes${RLO}fdp.md`,
      ]),
    );
    // No override sits in text outside an isolate (inside a sentence: the isolate characters FSI … PDI).
    for (const node of document.querySelectorAll('li, strong:not([dir]), span:not([dir]), code:not([dir])')) {
      for (const child of node.childNodes) {
        if (child.nodeType !== Node.TEXT_NODE) continue;
        expect(child.textContent!.replace(/\u2068[^\u2069]*\u2069/gu, '')).not.toContain(RLO);
      }
    }
    expect(screen.getByText(`from \u20681 - Basics${RLO}\u2069/`)).toBeTruthy();
    expect(screen.getByTestId('push-skipped').textContent).toContain('A symbolic link');
  });
});
