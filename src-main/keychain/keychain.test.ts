// Tests (plain Node): the keychain wrapper against a real Secret Service (the private GNOME Keyring
// of scripts/with-keyring.sh), checked from outside with secret-tool.
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSystemKeyStore, KEYCHAIN_SERVICE } from './index.ts';
import { filesContaining, requirePrivateKeyring, secretToolLookup, secretToolSearch } from './test-support/index.ts';

requirePrivateKeyring();

const newKey = () => `lk_test_${randomBytes(18).toString('hex')}`;

describe('system key store (real Secret Service)', () => {
  const store = createSystemKeyStore();

  it('stores a key under service "Lectern", account = profile id, where secret-tool finds it', async () => {
    const id = randomUUID();
    const key = newKey();
    await store.set(id, key);

    expect(KEYCHAIN_SERVICE).toBe('Lectern');
    expect(secretToolLookup(id)).toBe(key);
    const items = secretToolSearch(id);
    expect(items).toHaveLength(1);
    expect(items[0]!.attributes).toMatchObject({ service: 'Lectern', account: id });
    expect(await store.get(id)).toBe(key);
    await store.delete(id);
  });

  it('replaces a key in place (one item, new secret)', async () => {
    const id = randomUUID();
    const first = newKey();
    const second = newKey();
    await store.set(id, first);
    await store.set(id, second);

    expect(secretToolSearch(id)).toHaveLength(1);
    expect(secretToolLookup(id)).toBe(second);
    expect(await store.get(id)).toBe(second);
    await store.delete(id);
  });

  it('deletes a key; reading or deleting it again finds nothing', async () => {
    const id = randomUUID();
    await store.set(id, newKey());
    expect(await store.delete(id)).toBe(true);

    expect(secretToolLookup(id)).toBeNull();
    expect(secretToolSearch(id)).toHaveLength(0);
    expect(await store.get(id)).toBeNull();
    expect(await store.delete(id)).toBe(false);
  });

  it('keeps accounts apart', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const [keyA, keyB] = [newKey(), newKey()];
    await store.set(a, keyA);
    await store.set(b, keyB);
    await store.delete(a);

    expect(await store.get(a)).toBeNull();
    expect(await store.get(b)).toBe(keyB);
    expect(secretToolLookup(b)).toBe(keyB);
    await store.delete(b);
  });

  it('answers get for an unknown account with null', async () => {
    expect(await store.get(randomUUID())).toBeNull();
  });

  it('refuses empty accounts and keys before touching the keychain', async () => {
    await expect(store.set('', 'k')).rejects.toThrow(TypeError);
    await expect(store.set(randomUUID(), '')).rejects.toThrow(TypeError);
    await expect(store.get('')).rejects.toThrow(TypeError);
    await expect(store.delete('')).rejects.toThrow(TypeError);
  });

  it('leaves the key encrypted on disk: the keyring files do not contain it', async () => {
    const id = randomUUID();
    const key = newKey();
    await store.set(id, key);
    // gnome-keyring writes the login keyring file under the private XDG_DATA_HOME.
    const dataHome = process.env.XDG_DATA_HOME;
    expect(dataHome).toBeTruthy();
    expect(filesContaining(join(dataHome!, 'keyrings'), key)).toEqual([]);
    await store.delete(id);
  });
});
