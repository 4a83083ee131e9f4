// Tests (plain Node): the push state in the upload journal's real SQLite file.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { createUploadManager } from '../uploads/index.ts';
import { PushState } from './push-state.ts';

const section = { courseId: 'c1', kind: 'section', path: '1 - Basics' } as const;

describe('PushState', () => {
  it('keeps a create’s key and body across a restart until it is confirmed, and a new key for a new body', () => {
    const path = join(tempDir(), 'uploads.db');
    const first = new PushState(path);
    const a = first.pendingCreate(section, { title: 'Basics' });
    first.close();
    const again = new PushState(path);
    expect(again.pendingCreate(section, { title: 'Basics' })).toEqual(a);
    const other = again.pendingCreate(section, { title: 'Basics 2' });
    expect(other.key).not.toBe(a.key);
    again.setServerId(section, 's1');
    expect(again.pendingCreate(section, { title: 'Basics 2' }).key).not.toBe(other.key);
    again.setServerId(section, 's1');
    again.setContent(
      { courseId: 'c1', kind: 'lesson', path: '1 - Basics/a.md' },
      { sha256: 'h', md5Parts: null, sampleSha256: null, size: 3, mtimeMs: 7, dev: 2, ino: 40 },
    );
    again.setServerId({ courseId: 'c1', kind: 'lesson', path: '1 - Basics/a.md' }, 'l1', '1 - Basics');
    expect(again.remembered('c1')).toEqual([
      {
        kind: 'lesson',
        key: '1 - Basics/a.md',
        sectionKey: '1 - Basics',
        serverId: 'l1',
        contentSha256: 'h',
        contentMd5Parts: null,
        sampleSha256: null,
        size: 3,
        mtimeMs: 7,
        dev: 2,
        ino: 40,
      },
      {
        kind: 'section',
        key: '1 - Basics',
        sectionKey: null,
        serverId: 's1',
        contentSha256: null,
        contentMd5Parts: null,
        sampleSha256: null,
        size: null,
        mtimeMs: null,
        dev: null,
        ino: null,
      },
    ]);
    expect(again.remembered('other-course')).toEqual([]);
    again.forgetServerId('c1', 'l1');
    expect(again.remembered('c1').map((r) => r.key)).toEqual(['1 - Basics']);
    again.close();
  });

  it('shares the file with the upload journal, which still opens and works beside it', async () => {
    const path = join(tempDir(), 'uploads.db');
    const state = new PushState(path);
    state.setServerId(section, 's1');
    const api = {} as Parameters<typeof createUploadManager>[0]['api'];
    const manager = createUploadManager({ journalPath: path, api });
    expect(manager.list()).toEqual([]);
    await manager.close();
    expect(state.remembered('c1')).toHaveLength(1);
    state.close();
  });
});
