// Tests (shared). The `cache.updated` event names only the kinds of read main's cache keeps: a
// free string is refused at the boundary, so a misspelt kind cannot silently stop a screen re-reading.
import { describe, expect, it } from 'vitest';
import { CACHE_KINDS, eventChannels } from './channels.ts';

describe('cache.updated', () => {
  const schema = eventChannels['cache.updated'];

  it('carries any of the cache’s kinds', () => {
    expect(schema.parse({ kinds: [...CACHE_KINDS] })).toEqual({ kinds: [...CACHE_KINDS] });
  });

  it('refuses a kind the cache does not keep', () => {
    expect(schema.safeParse({ kinds: ['course', 'lessons'] }).success).toBe(false);
    expect(schema.safeParse({ kinds: ['Courses'] }).success).toBe(false);
  });
});
