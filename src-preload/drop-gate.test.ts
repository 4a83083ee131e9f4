// Tests (plain Node): only files from a real (trusted) drop become dropped-file paths; a forged
// File, a synthetic drop event, a path from an old drop or one already used are refused.
import { describe, expect, it } from 'vitest';
import { createDropGate, DROP_TTL_MS } from './drop-gate.ts';

/** Files as webUtils.getPathForFile sees them: a real drop's files have a path, a made-up one has none. */
function files(...names: string[]): { list: File[]; pathOf: (file: File) => string } {
  const paths = new Map<File, string>();
  const list = names.map((name) => {
    const file = new File(['x'], name);
    paths.set(file, name.startsWith('/') ? name : '');
    return file;
  });
  return { list, pathOf: (file) => paths.get(file) ?? '' };
}

const drop = (list: File[], isTrusted = true) => ({ isTrusted, dataTransfer: { files: list } });

describe('drop gate', () => {
  it('passes the paths of a trusted drop, once', () => {
    const { list, pathOf } = files('/home/me/a.mp4', '/home/me/b.mp4');
    const gate = createDropGate(pathOf);
    gate.noteDrop(drop(list));
    expect(gate.take(list)).toEqual(['/home/me/a.mp4', '/home/me/b.mp4']);
    expect(gate.take(list)).toBeNull();
  });

  it('refuses files no trusted drop brought: a synthetic drop event, a forged File, a file never dropped', () => {
    const real = files('/etc/shadow', 'made-up.mp4');
    const gate = createDropGate(real.pathOf);
    // A page's own dispatchEvent(new DragEvent('drop')) is not trusted.
    gate.noteDrop(drop([real.list[0]!], false));
    expect(gate.take([real.list[0]!])).toBeNull();
    // A File the page made has no path.
    gate.noteDrop(drop([real.list[1]!]));
    expect(gate.take([real.list[1]!])).toBeNull();
    // One forged file spoils the batch: nothing is registered.
    const other = files('/home/me/c.mp4');
    const mixed = createDropGate((file) => other.pathOf(file) || real.pathOf(file));
    mixed.noteDrop(drop(other.list));
    expect(mixed.take([...other.list, real.list[0]!])).toBeNull();
    expect(mixed.take([])).toBeNull();
  });

  it('a drop is good for a minute, not for later', () => {
    let now = 0;
    const { list, pathOf } = files('/home/me/a.mp4');
    const gate = createDropGate(pathOf, () => now);
    gate.noteDrop(drop(list));
    now += DROP_TTL_MS;
    expect(gate.take(list)).toBeNull();
  });
});
