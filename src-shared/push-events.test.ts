// Shared tests: a folder push's events as the CLI's summary and the app's result say them.
import { describe, expect, it } from 'vitest';
import { nothingToPushSentence, pushEventSentence, pushHeadline, type PushEvent } from './push-events.ts';
import { sayEnglish } from './test-support/say.ts';

const lesson = (
  kind: PushEvent['kind'],
  what: PushEvent['what'],
  title: string,
  sectionTitle = 'Basics',
): PushEvent => ({
  kind,
  what,
  title,
  sectionTitle,
});
const section = (kind: PushEvent['kind'], title: string): PushEvent => ({
  kind,
  what: 'section',
  title,
  sectionTitle: null,
});

describe('push event sentences', () => {
  it('name every section and lesson with its section, and say reordering in words', () => {
    const said = [
      section('created', 'Basics'),
      lesson('created', 'video lesson', 'Welcome'),
      lesson('created', 'text lesson', 'Notes'),
      lesson('created', 'text lesson', 'Notes', 'Driving'),
      section('renamed', 'Driving'),
      lesson('renamed', 'text lesson', 'Safety'),
      section('moved', 'Wrap up'),
      lesson('moved', 'text lesson', 'Safety'),
      lesson('replaced', 'video lesson', 'Welcome'),
      lesson('replaced', 'text lesson', 'Safety'),
      lesson('deleted', 'lesson', 'Old notes'),
      section('deleted', 'Extra'),
    ].map((e) => pushEventSentence(e, sayEnglish));
    expect(said).toEqual([
      'Created section “Basics”.',
      'Created video lesson “Welcome” in “Basics”.',
      'Created text lesson “Notes” in “Basics”.',
      'Created text lesson “Notes” in “Driving”.',
      'Renamed section “Driving” to match its folder.',
      'Renamed text lesson “Safety” in “Basics” to match its file.',
      "Put section “Wrap up” in the folder's order.",
      "Put text lesson “Safety” in “Basics” in the folder's order.",
      'Replaced the video of “Welcome” in “Basics”.',
      'Replaced the text of “Safety” in “Basics”.',
      'Deleted lesson “Old notes” in “Basics”.',
      'Deleted section “Extra”.',
    ]);
  });

  it('count what was done in the headline, and say a push with nothing to do in one line', () => {
    expect(
      pushHeadline(
        'Forklift course',
        [
          section('created', 'Basics'),
          lesson('created', 'video lesson', 'Welcome'),
          lesson('created', 'text lesson', 'Notes'),
          lesson('moved', 'text lesson', 'Safety'),
          lesson('deleted', 'lesson', 'Old'),
        ],
        sayEnglish,
      ),
    ).toBe(
      "Pushed to “Forklift course”: 1 section created, 2 lessons created, 1 lesson put in the folder's order, 1 lesson deleted.",
    );
    expect(pushHeadline('Forklift course', [], sayEnglish)).toBe(
      'Nothing to push: “Forklift course” already matches the folder.',
    );
    expect(nothingToPushSentence('Forklift course', sayEnglish)).toBe(pushHeadline('Forklift course', [], sayEnglish));
  });
});
