/**
 * Shared (every process), pure. What a folder push did, entry by entry: the executor records one
 * event per section or lesson it created, renamed, put in order, replaced or deleted, and the CLI's
 * summary, the app's progress log and its result all say them with the sentences here, so both
 * name the same things the same way ("Created video lesson “Welcome” in “Basics”.").
 */
import { defineMessages, type Say } from './messages.ts';
// Only the type: the schema lives with the push's other contract schemas, so a screen that words
// the events (the course page) does not load zod and every schema beside it before its first rows.
import type { PushEvent } from './folder-push.ts';

export type { PushEvent };

// A section is a "section"; a lesson is said by its kind (a deleted one, whose kind the plan did
// not read, as just a lesson): one select per sentence, so a language can inflect around it.
const WHAT = {
  section: 'section',
  'text lesson': 'textLesson',
  'video lesson': 'videoLesson',
  lesson: 'lesson',
} as const;

const EVENT_WORDS = defineMessages({
  created: {
    id: 'shared.pushEvents.created',
    defaultMessage:
      'Created {what, select, section {section} textLesson {text lesson} videoLesson {video lesson} other {lesson}} “{title}”{inSection, select, yes { in “{section}”} other {}}.',
  },
  renamed: {
    id: 'shared.pushEvents.renamed',
    defaultMessage:
      'Renamed {what, select, section {section “{title}” to match its folder} textLesson {text lesson “{title}”{inSection, select, yes { in “{section}”} other {}} to match its file} videoLesson {video lesson “{title}”{inSection, select, yes { in “{section}”} other {}} to match its file} other {lesson “{title}”{inSection, select, yes { in “{section}”} other {}} to match its file}}.',
  },
  moved: {
    id: 'shared.pushEvents.moved',
    defaultMessage:
      "Put {what, select, section {section} textLesson {text lesson} videoLesson {video lesson} other {lesson}} “{title}”{inSection, select, yes { in “{section}”} other {}} in the folder's order.",
  },
  replaced: {
    id: 'shared.pushEvents.replaced',
    defaultMessage:
      'Replaced the {what, select, videoLesson {video} other {text}} of “{title}”{inSection, select, yes { in “{section}”} other {}}.',
  },
  deleted: {
    id: 'shared.pushEvents.deleted',
    defaultMessage:
      'Deleted {what, select, section {section} textLesson {text lesson} videoLesson {video lesson} other {lesson}} “{title}”{inSection, select, yes { in “{section}”} other {}}.',
  },
});

/** One event as a sentence, in the language `say` speaks. */
export function pushEventSentence(e: PushEvent, say: Say): string {
  return say(EVENT_WORDS[e.kind], {
    what: WHAT[e.what],
    title: e.title,
    inSection: e.sectionTitle === null ? 'no' : 'yes',
    section: e.sectionTitle ?? '',
  });
}

const HEADLINE_WORDS = defineMessages({
  nothing: {
    id: 'shared.pushEvents.nothingToPush',
    defaultMessage: 'Nothing to push: “{course}” already matches the folder.',
  },
  pushed: { id: 'shared.pushEvents.pushedTo', defaultMessage: 'Pushed to “{course}”: {parts}.' },
});

/** The line of a push (or a plan) that has nothing to do. */
export function nothingToPushSentence(courseName: string, say: Say): string {
  return say(HEADLINE_WORDS.nothing, { course: courseName });
}

const COUNT_WORDS = defineMessages({
  sectionCreated: {
    id: 'shared.pushEvents.count.sectionCreated',
    defaultMessage: '{count, plural, one {# section} other {# sections}} created',
  },
  sectionRenamed: {
    id: 'shared.pushEvents.count.sectionRenamed',
    defaultMessage: '{count, plural, one {# section} other {# sections}} renamed',
  },
  sectionReplaced: {
    id: 'shared.pushEvents.count.sectionReplaced',
    defaultMessage: '{count, plural, one {# section} other {# sections}} replaced',
  },
  sectionMoved: {
    id: 'shared.pushEvents.count.sectionMoved',
    defaultMessage: "{count, plural, one {# section} other {# sections}} put in the folder's order",
  },
  sectionDeleted: {
    id: 'shared.pushEvents.count.sectionDeleted',
    defaultMessage: '{count, plural, one {# section} other {# sections}} deleted',
  },
  lessonCreated: {
    id: 'shared.pushEvents.count.lessonCreated',
    defaultMessage: '{count, plural, one {# lesson} other {# lessons}} created',
  },
  lessonRenamed: {
    id: 'shared.pushEvents.count.lessonRenamed',
    defaultMessage: '{count, plural, one {# lesson} other {# lessons}} renamed',
  },
  lessonReplaced: {
    id: 'shared.pushEvents.count.lessonReplaced',
    defaultMessage: '{count, plural, one {# lesson} other {# lessons}} replaced',
  },
  lessonMoved: {
    id: 'shared.pushEvents.count.lessonMoved',
    defaultMessage: "{count, plural, one {# lesson} other {# lessons}} put in the folder's order",
  },
  lessonDeleted: {
    id: 'shared.pushEvents.count.lessonDeleted',
    defaultMessage: '{count, plural, one {# lesson} other {# lessons}} deleted',
  },
});

/** The order the headline counts in: sections first, then lessons, each kind in this order. */
const COUNTED: readonly (keyof typeof COUNT_WORDS)[] = [
  'sectionCreated',
  'sectionRenamed',
  'sectionReplaced',
  'sectionMoved',
  'sectionDeleted',
  'lessonCreated',
  'lessonRenamed',
  'lessonReplaced',
  'lessonMoved',
  'lessonDeleted',
];

const countKey = (e: PushEvent): keyof typeof COUNT_WORDS =>
  `${e.what === 'section' ? 'section' : 'lesson'}${e.kind[0]!.toUpperCase()}${e.kind.slice(1)}` as keyof typeof COUNT_WORDS;

/**
 * The first line of a push's result: what it did, counted ("Pushed to “Forklift course”: 1 section
 * created, 3 lessons created, 1 lesson deleted."), or that there was nothing to do.
 */
export function pushHeadline(courseName: string, events: readonly PushEvent[], say: Say): string {
  if (events.length === 0) return nothingToPushSentence(courseName, say);
  const counts = new Map<string, number>();
  for (const e of events) counts.set(countKey(e), (counts.get(countKey(e)) ?? 0) + 1);
  const parts = COUNTED.filter((key) => (counts.get(key) ?? 0) > 0).map((key) =>
    say(COUNT_WORDS[key], { count: counts.get(key)! }),
  );
  return say(HEADLINE_WORDS.pushed, { course: courseName, parts: parts.join(', ') });
}
