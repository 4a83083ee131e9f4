/**
 * Words and layout end to end, through the bridge host in real Chromium:
 * - every main screen at 1024×700 with a long workspace name: no sideways scroll, "Manage" on
 *   screen, the name cut short with the whole of it on hover, and no serious or critical axe
 *   violation (the palette open included);
 * - a dialog at 800 px high (and at 700) keeps its buttons in view;
 * - the palette finds a lesson of a course never opened;
 * - a server whose certificate is for another name: the sentence at the address, once, and the raw
 *   code behind "Details" (a real https server on loopback, its CA trusted by the bridge host).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test, type LecternApp, type SandboxInfo } from './fixtures.ts';
import { expectAccessible, gotoRoute, sandboxApi, waitForShell } from './support.ts';

/** As long as a name may be (80 characters). */
const LONG_NAME = 'Faculty of Continuing Professional Education: Occupational Health and Safety'.padEnd(80, ' X');

/** A throwaway CA and a server certificate it signed for `wrong.example`; the CA is trusted by the
 * bridge hosts this file starts (NODE_EXTRA_CA_CERTS is read when a Node process starts). */
function makeWrongNameCertificate(): { key: Buffer; cert: Buffer } | null {
  const dir = mkdtempSync(join(tmpdir(), 'lectern-e2e-tls-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  try {
    writeFileSync(join(dir, 'san.ext'), 'subjectAltName=DNS:wrong.example\n');
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-subj',
      '/CN=Lectern e2e CA',
    );
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 's.key', '-out', 's.csr', '-subj', '/CN=wrong.example');
    openssl(
      'x509',
      '-req',
      '-in',
      's.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-extfile',
      'san.ext',
      '-days',
      '2',
      '-out',
      's.crt',
    );
  } catch {
    return null;
  }
  process.env['NODE_EXTRA_CA_CERTS'] = join(dir, 'ca.crt');
  return { key: readFileSync(join(dir, 's.key')), cert: readFileSync(join(dir, 's.crt')) };
}
const wrongName = makeWrongNameCertificate();

interface Course {
  id: string;
  name: string;
}

async function renameActiveWorkspace(page: Page, name: string): Promise<void> {
  await page.evaluate(async (newName) => {
    type Call = (input: unknown) => Promise<{ ok: boolean; value?: unknown }>;
    const bridge = (window as unknown as { lectern: { workspaces: Record<string, Call> } }).lectern;
    const list = (await bridge.workspaces['list']!(undefined)) as { value: { activeId: string } };
    const result = await bridge.workspaces['update']!({ id: list.value.activeId, name: newName });
    if (!result.ok) throw new Error(`rename failed: ${JSON.stringify(result)}`);
  }, name);
  await expect(page.getByTestId('workspace-switcher')).toHaveAttribute(
    'title',
    new RegExp(`^${LONG_NAME.slice(0, 30)}`),
  );
}

async function courses(info: SandboxInfo): Promise<Course[]> {
  return ((await sandboxApi(info, 'GET', '/courses?page_size=20')) as unknown as { results: Course[] }).results;
}

async function aLessonOf(info: SandboxInfo, courseId: string) {
  const sections = (await sandboxApi(info, 'GET', `/courses/${courseId}/sections?page_size=100`)) as unknown as {
    results: { id: string; title: string; lessons?: { id: string; title: string }[] }[];
  };
  for (const section of sections.results) {
    const lesson = section.lessons?.[0];
    if (lesson) return { sectionId: section.id, ...lesson };
  }
  throw new Error(`no lesson in course ${courseId}`);
}

/** No sideways scroll, "Manage" fully on screen, the heading there. */
async function expectFits(page: Page, screen: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first(), screen).toBeVisible();
  const sizes = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(sizes.scrollWidth, `${screen}: sideways scroll`).toBeLessThanOrEqual(sizes.clientWidth);
  const manage = page.getByRole('link', { name: 'Manage' });
  await expect(manage, screen).toBeInViewport({ ratio: 1 });
}

interface ScreenIds {
  course: Course;
  lesson: Awaited<ReturnType<typeof aLessonOf>>;
  assessmentId: string;
}

async function firstId(info: SandboxInfo, path: string): Promise<string> {
  return ((await sandboxApi(info, 'GET', path)) as unknown as { results: { id: string }[] }).results[0]!.id;
}

test.describe('words and layout', () => {
  test.skip(
    ({ lectern }: { lectern: LecternApp }) => lectern.kind === 'electron',
    'uses the bridge host’s sandbox hooks',
  );

  // The main screens in two halves, so the two run side by side (each screen's axe pass is about
  // a CPU-second of Chromium): the course screens, then the rest with the palette.
  const halves: {
    title: string;
    screens: (ids: ScreenIds) => [name: string, route: string][];
    then?: (page: Page, testInfo: TestInfo) => Promise<void>;
  }[] = [
    {
      title: 'courses, a course, a lesson, assessments, an assessment',
      screens: ({ course, lesson, assessmentId }) => [
        ['courses', 'courses'],
        ['a course', `courses/${course.id}`],
        ['a lesson', `courses/${course.id}/sections/${lesson.sectionId}/lessons/${lesson.id}`],
        ['assessments', 'assessments'],
        ['an assessment', `assessments/${assessmentId}`],
      ],
    },
    {
      title: 'assignments, quizzes, uploads, drafts, workspaces, diagnostics and the palette',
      screens: () => [
        ['assignments', 'assignments'],
        ['quizzes', 'quizzes'],
        ['uploads', 'uploads'],
        ['drafts', 'drafts'],
        ['workspaces', 'workspaces'],
        ['diagnostics', 'diagnostics'],
      ],
      async then(page, testInfo) {
        // The whole name on hover (title) of the cut-short switcher and workspace card.
        await expect(page.getByTestId('workspace-switcher')).toHaveAttribute('title', `${LONG_NAME} (sandbox)`);
        await gotoRoute(page, 'workspaces');
        await expect(page.getByRole('heading', { level: 2, name: LONG_NAME })).toHaveAttribute('title', LONG_NAME);

        await page.keyboard.press('ControlOrMeta+k');
        await expect(page.getByTestId('command-palette')).toBeVisible();
        await expectAccessible(page, testInfo, 'the palette open');
      },
    },
  ];
  for (const { title, screens, then } of halves) {
    test(`main screens at 1024×700 with a long workspace name (${title}): fit, Manage on screen, axe clean`, async ({
      lectern,
    }, testInfo) => {
      test.setTimeout(180_000);
      const { page } = lectern;
      await page.setViewportSize({ width: 1024, height: 700 });
      await waitForShell(page);
      await renameActiveWorkspace(page, LONG_NAME);
      const info = await lectern.sandboxInfo();
      const course = (await courses(info))[0]!;
      const ids: ScreenIds = {
        course,
        lesson: await aLessonOf(info, course.id),
        assessmentId: await firstId(info, '/assessments?page_size=1'),
      };
      for (const [name, route] of screens(ids)) {
        await gotoRoute(page, route);
        await expect(page.locator('.state--loading')).toHaveCount(0, { timeout: 20_000 });
        await expectFits(page, name);
        await expectAccessible(page, testInfo, name);
      }
      await then?.(page, testInfo);
    });
  }

  for (const height of [800, 700]) {
    test(`a dialog at ${height} px high keeps its buttons in view`, async ({ lectern }) => {
      const { page } = lectern;
      await page.setViewportSize({ width: 1024, height });
      await waitForShell(page);
      await gotoRoute(page, 'workspaces');
      await page.getByRole('button', { name: 'Add workspace' }).click();
      const dialog = page.getByTestId('profile-dialog');
      await expect(dialog).toBeVisible();
      // Errors on every field make the form as tall as it gets.
      await dialog.getByRole('button', { name: 'Add workspace' }).click();
      await expect(dialog.locator('.field-error').first()).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Add workspace' })).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    });
  }

  test('the palette finds a lesson of a course never opened', async ({ lectern }) => {
    const { page } = lectern;
    await waitForShell(page);
    const info = await lectern.sandboxInfo();
    // The last course of the first page: listed on the opening screen, never opened.
    const list = await courses(info);
    const course = list[list.length - 1]!;
    const lesson = await aLessonOf(info, course.id);
    await expect(page.getByTestId('course-row').first()).toBeVisible();

    await page.keyboard.press('ControlOrMeta+k');
    const palette = page.getByTestId('command-palette');
    await palette.getByRole('combobox').fill(lesson.title);
    const option = palette.getByRole('option').filter({ hasText: lesson.title }).filter({ hasText: course.name });
    await expect(option.first()).toBeVisible({ timeout: 20_000 });
    await expect(option.first()).toContainText('Lesson');
    await expect(palette.getByTestId('palette-note')).not.toContainText('Nothing');
    await option.first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.name);
  });

  test('a certificate for another name: its sentence at the address, once, and the code under Details', async ({
    lectern,
  }) => {
    test.skip(wrongName === null, 'no openssl on this machine to make the certificate');
    const server: Server = createServer(wrongName!, (_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { page } = lectern;
      await waitForShell(page);
      await gotoRoute(page, 'workspaces');
      await page.getByRole('button', { name: 'Add workspace' }).click();
      const dialog = page.getByTestId('profile-dialog');
      await dialog.getByLabel('Name').fill('Wrong name');
      await dialog.getByLabel('Server address').fill(`https://127.0.0.1:${(server.address() as AddressInfo).port}`);
      await dialog.getByTestId('api-key-input').fill('lk_test_0123456789abcdef');
      await dialog.getByRole('button', { name: 'Add workspace' }).click();

      const sentence = 'This server’s certificate is for a different address';
      await expect(dialog.getByTestId('error-baseUrl')).toContainText(sentence);
      await expect(dialog.getByText(sentence)).toHaveCount(1);
      await expect(dialog).not.toContainText('Nothing answered');
      await expect(dialog.getByTestId('profile-form-error')).toHaveCount(0);
      const details = dialog.getByTestId('error-details');
      await expect(details).not.toHaveAttribute('open');
      await expect(dialog.getByText('ERR_TLS_CERT_ALTNAME_INVALID')).toBeHidden();
      await details.getByText('Details').click();
      await expect(details).toContainText('ERR_TLS_CERT_ALTNAME_INVALID');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
