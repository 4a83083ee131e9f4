/**
 * The upload engine's sentences come out in the app's language: a source file lost mid-upload (by
 * the system's code), a request the engine refuses, and the notices on a row are said through the
 * catalogue, English by default and German under a German language service.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLanguageService } from '../i18n/index.ts';
import { runningElsewhereMessage } from './ownership.ts';
import { problemOf } from './retry-policy.ts';
import { progressWords, requestWords } from './upload-words.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'lectern-upload-words-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function speak(language: 'en' | 'de'): Promise<void> {
  const service = await createLanguageService({ dataDir, systemLocales: ['en-US'] });
  await service.set(language);
}
afterEach(() => speak('en'));

const lost = (code: string) =>
  problemOf(Object.assign(new Error(`${code}: /videos/clip.mp4`), { code, path: '/videos/clip.mp4' }));

describe('the upload engine’s sentences', () => {
  it('English by default, with the file’s name and never its path', () => {
    expect(lost('ENOENT')).toEqual({
      code: 'FILE_NOT_FOUND',
      message:
        'clip.mp4 was not found (deleted, moved, or its drive is not connected). Nothing was attached to a lesson. Put the same file back and retry: it carries on where it stopped (a changed file starts over).',
    });
    expect(lost('EACCES').message).toMatch(/^clip\.mp4 cannot be read any more \(permission denied\)\./);
    expect(problemOf({})).toEqual({ code: 'UPLOAD_FAILED', message: 'The upload failed.' });
  });

  it('German under a German language service', async () => {
    await speak('de');
    expect(lost('ESTALE')).toMatchObject({
      code: 'FILE_UNREADABLE',
      message: expect.stringMatching(
        /^clip\.mp4 konnte nicht gelesen werden \(sein Netzlaufwerk ist weg\)\. Nichts wurde/,
      ),
    });
    expect(problemOf({}).message).toBe('Der Upload ist fehlgeschlagen.');
    expect(runningElsewhereMessage('clip.mp4', 4242)).toMatch(
      /^clip\.mp4 wird von einem anderen Lectern .*\(Prozess 4242\)/,
    );
    expect(progressWords.fileChanged('clip.mp4')).toMatch(/^clip\.mp4 hat sich seit Beginn des Uploads geändert/);
    expect(requestWords.chooseSection()).toBe('Wählen Sie für jede Datei einen Kurs und einen Abschnitt.');
  });
});
