/**
 * Main's own sentences for the screens come out in the app's language: an error from the OS or
 * SQLite, a workspace's refusal, a connection failure's sentence and a folder push's result are
 * said through the catalogue by main's t(), so a German language service makes them German, the
 * pseudo-locale makes them pseudo, and English (the CLI's, or a start before a language is
 * chosen) stays the catalogue's English words.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { connectionSentence } from '../../src-shared/connection-words.ts';
import { pushHeadline } from '../../src-shared/push-events.ts';
import { saveStateOf } from '../../src-shared/save-state.ts';
import { notOfferedSentence, refusalSentence } from '../sync/index.ts';
import { batchNotice, inspectFile } from '../uploads/index.ts';
import { createLanguageService, t } from '../i18n/index.ts';
import { StructureRefusedError } from '../course-push/index.ts';
import { KeychainTimeout, KeychainUnavailable } from '../keychain/index.ts';
import {
  KeyRejected,
  NoKey,
  normalizeApiKey,
  normalizeBaseUrl,
  normalizeName,
  ProfileNotFound,
  SandboxProfileFixed,
  VerificationFailed,
} from '../workspaces/index.ts';
import { humanSystemError } from './system-errors.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'lectern-main-sentences-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function speak(language: 'en' | 'de' | 'en-XA'): Promise<void> {
  const service = await createLanguageService({ dataDir, systemLocales: ['en-US'] });
  await service.set(language);
}
afterEach(() => speak('en'));

const diskFull = () =>
  humanSystemError(Object.assign(new Error('ENOSPC: no space left'), { code: 'ENOSPC' }), 'ENOSPC');

describe('main’s sentences in the app’s language', () => {
  it('English by default: the catalogue’s own words', async () => {
    await speak('en');
    expect(diskFull()).toEqual({
      code: 'LOCAL_FILE_ERROR',
      message:
        'The disk holding Lectern’s data folder is full: free some space on it and try again; nothing was lost. The details were written to the log.',
    });
    expect(new NoKey('Home').message).toBe('The workspace “Home” has no API key yet. Add one in its settings.');
  });

  it('a German language service gives German errors, connection sentences and push results', async () => {
    await speak('de');
    expect(diskFull().message).toBe(
      'Das Laufwerk mit dem Datenordner von Lectern ist voll: Geben Sie dort Platz frei und versuchen Sie es erneut; nichts ging verloren. Die Einzelheiten stehen im Protokoll.',
    );
    const sqlite = humanSystemError(Object.assign(new Error('database is locked'), { errcode: 5 }), 'ERR_SQLITE_ERROR');
    expect(sqlite.message).toMatch(/^Die lokale Datenbank von Lectern ist beschäftigt\./);
    expect(new KeyRejected('https://lms.example', false).message).toBe(
      'Schlüssel nicht angenommen: https://lms.example antwortete mit 401 (fehlender oder ungültiger API-Schlüssel). Prüfen Sie, ob Sie den ganzen Schlüssel kopiert haben und ob er zu diesem Server gehört. Der Schlüssel wurde nicht gespeichert.',
    );
    expect(new KeyRejected('https://lms.example', true).message).not.toMatch(/nicht gespeichert/);
    expect(connectionSentence('ECONNREFUSED', t)).toBe(
      'Der Server unter dieser Adresse hat die Verbindung abgelehnt. Prüfen Sie Adresse und Port und ob der Server läuft.',
    );
    const headline = pushHeadline(
      'Stapler',
      [
        { kind: 'created', what: 'section', title: 'Grundlagen', sectionTitle: null },
        { kind: 'created', what: 'text lesson', title: 'Willkommen', sectionTitle: 'Grundlagen' },
        { kind: 'created', what: 'video lesson', title: 'Fahren', sectionTitle: 'Grundlagen' },
      ],
      t,
    );
    expect(headline).toBe('In „Stapler“ übertragen: 1 Abschnitt erstellt, 2 Lektionen erstellt.');
    expect(saveStateOf({ draft: { state: 'conflict', hasChanges: true } }, t)).toMatchObject({
      label: 'Konflikt',
      detail: 'Auch auf dem Server geändert. Nichts wurde überschrieben: Wählen Sie, was bleiben soll.',
    });
  });

  it('a German language service gives German keychain remedies for each platform', async () => {
    await speak('de');
    expect(new KeychainUnavailable('no-secret-service', 'set', null, 'linux').message).toBe(
      'Lectern bewahrt API-Schlüssel im Schlüsselbund Ihres Systems auf. Es läuft kein Secret Service: Installieren und entsperren Sie GNOME Keyring oder KWallet (z. B. `sudo apt install gnome-keyring`) und versuchen Sie es erneut. Der Schlüssel wurde nicht gespeichert.',
    );
    expect(new KeychainUnavailable('locked', 'get', null, 'darwin').message).toMatch(
      /Ihr Anmeldeschlüsselbund ist gesperrt: .* Der Schlüssel konnte nicht gelesen werden\.$/,
    );
    expect(new KeychainUnavailable('failed', 'delete', null, 'win32').message).toMatch(
      /^Lectern bewahrt .* Windows-Anmeldeinformationsverwaltung .* nicht aus dem Schlüsselbund entfernt\.$/,
    );
    expect(new KeychainTimeout('set', 600).message).toMatch(
      /^Der Schlüsselbund Ihres Systems hat nicht innerhalb von 0,6 s geantwortet .* vielleicht nicht gespeichert/,
    );
  });

  it('a German language service gives the workspace form’s field messages and the workspace refusals in German', async () => {
    await speak('de');
    const problem = (check: () => unknown) => {
      try {
        check();
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(problem(() => normalizeName(' '))).toBe('Geben Sie dem Arbeitsbereich einen Namen.');
    expect(problem(() => normalizeName('x'.repeat(81)))).toBe(
      'Der Name eines Arbeitsbereichs darf höchstens 80 Zeichen haben.',
    );
    expect(problem(() => normalizeBaseUrl('http://lms.example'))).toMatch(/^Verwenden Sie https:\/\//);
    expect(problem(() => normalizeApiKey('Bearer'))).toBe('Fügen Sie nur den Schlüssel ein, ohne „Bearer“.');
    expect(new SandboxProfileFixed('remove').message).toBe(
      'Der eingebaute Sandbox-Arbeitsbereich wird von Lectern verwaltet und kann nicht entfernt werden.',
    );
    expect(new SandboxProfileFixed('replace-key').message).toMatch(/keinen anderen Schlüssel erhalten\.$/);
    expect(new ProfileNotFound('p1').message).toBe('Es gibt keinen Arbeitsbereich mit der ID „p1“.');
    expect(new ProfileNotFound('p1', 'removed-while-verifying').message).toMatch(/^Der Arbeitsbereich wurde entfernt/);
    expect(new VerificationFailed('https://lms.example', { kind: 'not-the-api' }, false).message).toMatch(
      /^Lectern konnte den Schlüssel nicht bei https:\/\/lms\.example prüfen: Der Server antwortet nicht wie .* nicht gespeichert\.$/,
    );
    const refused = new VerificationFailed(
      'https://lms.example',
      { kind: 'answered', status: 500, technical: 'Internal Server Error' },
      true,
    );
    expect(refused.message).toBe(
      'Lectern konnte den Schlüssel nicht bei https://lms.example prüfen: Der Server antwortete mit HTTP 500.',
    );
    expect(refused.details).toMatchObject({ status: 500, technical: 'Internal Server Error' });
  });

  it('a German language service gives German refusals of a server or key that may not change things', async () => {
    await speak('de');
    expect(new StructureRefusedError('create').message).toBe(
      'Dieser Server erlaubt Lectern nicht, Abschnitte zu erstellen; die Übertragung wurde deshalb angehalten, bevor eine Lektion oder ein Upload entstand.',
    );
    expect(new StructureRefusedError('delete').message).toMatch(/Alles davor wurde übertragen\.$/);
    expect(notOfferedSentence('courses.update')).toBe(
      'Dieser Server erlaubt Lectern nicht, die Angaben eines Kurses zu ändern.',
    );
    expect(refusalSentence('assessment')).toBe(
      'Der Schlüssel dieses Arbeitsbereichs darf Prüfungen ansehen, aber nicht ändern (der Server hat eine Änderung abgelehnt). Bitten Sie Ihre Administration um einen Schlüssel, der Prüfungen ändern darf, oder ersetzen Sie den Schlüssel unter Arbeitsbereiche.',
    );
  });

  it('a German language service gives the upload engine’s states and problems in German', async () => {
    await speak('de');
    expect(batchNotice({ uploaded: 12, failed: 1 }, { courseName: 'Arbeitsschutz', sectionTitle: 'Modul 1' })).toEqual({
      title: 'Uploads mit Problemen abgeschlossen',
      body: '12 Videos in Arbeitsschutz › Modul 1 hochgeladen · 1 fehlgeschlagen',
      level: 'warning',
    });
    expect(batchNotice({ uploaded: 0, failed: 2 }, { courseName: null, sectionTitle: null }).body).toBe(
      'Keine Videos hochgeladen · 2 fehlgeschlagen',
    );
    const file = join(dataDir, 'leer.mp4');
    writeFileSync(file, '');
    await expect(inspectFile(join(dataDir, 'fehlt.mp4'))).rejects.toThrow('fehlt.mp4 wurde nicht gefunden.');
    await expect(inspectFile(file)).rejects.toThrow('leer.mp4 ist leer.');
  });

  it('the pseudo-locale marks every one of them as catalogue words', async () => {
    await speak('en-XA');
    for (const sentence of [diskFull().message, new NoKey('Home').message, connectionSentence('ENOTFOUND', t)])
      expect(sentence).toMatch(/^\[.*\]/);
  });
});
