/**
 * Picking through Lectern's own browser, against a fake main that lists a tiny folder tree by
 * handle: the keyboard (arrows, type-ahead, Enter into a folder, Backspace back to it, Space to
 * select several videos), the breadcrumb, Choose sending only handles, Cancel and Escape ending the
 * pick with nothing, main's refusal shown in the dialog, and main's native dialog used when it has one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { BrowseListing } from '../../../../src-shared/index.ts';
import { installFakeMain, refuse, removeFakeMain, type FakeMain } from '../../../test-support/fake-main.ts';
import type * as PickerModule from './index.ts';

let fake: FakeMain;
let picker: typeof PickerModule;

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ROOT = id(1);
const HOME = id(2);
const WEEK = id(3);
const INTRO = id(4);
const OUTRO = id(5);
const CLIP = id(6);
const LOCKED = id(7);

const root = { handle: ROOT, name: '/' };
const home = { handle: HOME, name: 'ada' };
const week = { handle: WEEK, name: 'Week 1' };

function listings(purpose: string): Record<string, BrowseListing> {
  const videos = purpose !== 'course';
  const base = { home: HOME, hidden: 0, notShown: 0 };
  return {
    [ROOT]: { ...base, folder: root, trail: [root], parent: null, entries: [{ ...home, kind: 'folder' }] },
    [HOME]: {
      ...base,
      folder: home,
      trail: [root, home],
      parent: ROOT,
      hidden: 2,
      entries: [
        { ...week, kind: 'folder' },
        { handle: LOCKED, name: 'Locked', kind: 'folder' },
        ...(videos
          ? [
              { handle: INTRO, name: 'intro.mp4', kind: 'file' as const, size: 2_048 },
              { handle: OUTRO, name: 'outro.mp4', kind: 'file' as const, size: 4_096 },
            ]
          : []),
      ],
    },
    [WEEK]: {
      ...base,
      folder: week,
      trail: [root, home, week],
      parent: HOME,
      entries: videos ? [{ handle: CLIP, name: 'clip.mp4', kind: 'file', size: 1 }] : [],
    },
  };
}

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  picker = await import('./index.ts');
  fake.handle('picker.kind', () => ({ kind: 'browser' }));
  fake.handle('picker.browse', ({ folder, purpose }) => {
    if (folder === LOCKED)
      throw refuse('FOLDER_UNREADABLE', 'Lectern may not open the folder “Locked” (permission denied).');
    return listings(purpose)[folder ?? HOME]!;
  });
});

afterEach(() => {
  cleanup();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

async function openBrowser(title: string) {
  render(<picker.FileBrowserHost />);
  const dialog = await screen.findByRole('dialog', { name: title });
  const list = within(dialog).getByRole('listbox');
  await within(list).findAllByRole('option');
  return { dialog, list };
}

const key = (list: HTMLElement, k: string, init: KeyboardEventInit = {}) =>
  act(() => {
    fireEvent.keyDown(list, { key: k, ...init });
  });
const selected = (list: HTMLElement) =>
  within(list)
    .getAllByRole('option', { selected: true })
    .map((o) => o.textContent);
const current = (dialog: HTMLElement) => dialog.querySelector('[aria-current="location"]')?.textContent;

describe('Lectern’s own file browser', () => {
  it('walks folders with the keyboard and chooses the open folder by handle', async () => {
    fake.handle('picker.chooseFolder', ({ handle }) => ({ handle: id(99), name: handle === WEEK ? 'Week 1' : '?' }));
    const pick = picker.pickCourseFolder();
    const { dialog, list } = await openBrowser('Choose the folder to push into the course');
    expect(list.getAttribute('aria-label')).toBe('Contents of “ada”');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Week 1folder', 'Lockedfolder']);
    expect(within(dialog).getByText('2 folders · 2 hidden')).toBeTruthy();

    expect(within(dialog).queryByTestId('file-browser-empty')).toBeNull();
    key(list, 'Enter');
    await within(dialog).findByText('Week 1', { selector: '[aria-current="location"]' });
    // A folder with nothing to choose says so, and how to go up (an empty box said nothing).
    expect(within(dialog).getByTestId('file-browser-empty').textContent).toContain('Backspace (or Up) goes to');
    // Backspace goes back up, to the folder just left.
    key(list, 'Backspace');
    await within(dialog).findByText('ada', { selector: '[aria-current="location"]' });
    expect(selected(list)).toEqual(['Week 1folder']);
    // The breadcrumb opens any folder above.
    fireEvent.click(within(dialog).getByRole('button', { name: '/' }));
    await within(dialog).findByText('/', { selector: '[aria-current="location"]' });
    key(list, 'Enter');
    await within(dialog).findByText('ada', { selector: '[aria-current="location"]' });
    key(list, 'Enter');
    expect(await within(dialog).findByRole('button', { name: 'Choose “Week 1”' })).toBeTruthy();
    expect(current(dialog)).toBe('Week 1');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Choose “Week 1”' }));
    expect(await pick).toEqual({ handle: id(99), name: 'Week 1' });
    expect(fake.inputsTo('picker.chooseFolder')).toEqual([{ handle: WEEK }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('selects several videos with type-ahead and Space, and adds them', async () => {
    fake.handle('picker.chooseFiles', ({ handles }) =>
      handles.map((h, i) => ({ handle: id(90 + i), name: h, size: 1 })),
    );
    const pick = picker.pickVideos('videos');
    const { dialog, list } = await openBrowser('Add lesson videos');
    expect(list.getAttribute('aria-multiselectable')).toBe('true');
    expect(within(dialog).getByText('2 folders · 2 videos · 2 hidden')).toBeTruthy();
    key(list, 'o');
    expect(list.getAttribute('aria-activedescendant')).toBe(
      within(list).getByText('outro.mp4').closest('[role=option]')?.id,
    );
    key(list, ' ');
    key(list, 'ArrowUp');
    key(list, ' ');
    expect(selected(list).map((text) => text?.split('.mp4')[0])).toEqual(['intro', 'outro']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 videos' }));
    expect((await pick).map((f) => f.handle)).toEqual([id(90), id(91)]);
    expect(fake.inputsTo('picker.chooseFiles')).toEqual([{ purpose: 'videos', handles: [INTRO, OUTRO] }]);
  });

  it('ends with nothing on Escape or Cancel, and shows main’s refusal without leaving the folder', async () => {
    let pick = picker.pickVideos('video');
    const opened = await openBrowser('Choose a video');
    let { dialog } = opened;
    const { list } = opened;
    // A folder main may not read: its sentence, and the listing stays.
    key(list, 'ArrowDown');
    key(list, 'Enter');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Lectern may not open the folder “Locked” (permission denied).',
    );
    expect(current(dialog)).toBe('ada');
    expect(within(dialog).getByRole('button', { name: 'Choose' }).hasAttribute('disabled')).toBe(true);
    key(list, 'Escape');
    expect(await pick).toEqual([]);
    cleanup();

    pick = picker.pickVideos('video');
    ({ dialog } = await openBrowser('Choose a video'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await pick).toEqual([]);
    expect(fake.inputsTo('picker.chooseFiles')).toEqual([]);
  });

  it('ends an open pick as cancelled when the workspace is switched', async () => {
    const reset = await import('../../lib/reset.ts');
    const pick = picker.pickCourseFolder();
    await openBrowser('Choose the folder to push into the course');
    act(() => reset.forgetWorkspaceData());
    expect(await pick).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('uses main’s native dialog when it has one, and never opens the browser', async () => {
    fake.handle('picker.kind', () => ({ kind: 'native' }));
    fake.handle('uploads.pickFiles', () => [{ handle: id(80), name: 'a.mp4', size: 1 }]);
    fake.handle('folderPush.pickFolder', () => ({ handle: id(81), name: 'Course' }));
    render(<picker.FileBrowserHost />);
    expect(await picker.pickVideos('video')).toEqual([{ handle: id(80), name: 'a.mp4', size: 1 }]);
    expect(await picker.pickCourseFolder()).toEqual({ handle: id(81), name: 'Course' });
    expect(fake.inputsTo('picker.browse')).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
