/**
 * Build time (Node 24). The message catalogues (docs/i18n.md), with formatjs's own CLI:
 *   node scripts/i18n.ts extract   gathers every `t({ id, defaultMessage })` of the renderer, main
 *                                  and src-shared into src-main/i18n/messages/en.json (the source catalogue)
 *   node scripts/i18n.ts compile   checks every translation against it (every key, no extra key,
 *                                  the same placeholders) and compiles each to formatjs's AST in
 *                                  src-main/i18n/compiled/, with the pseudo-locales made from English
 * Both take an optional output folder (the catalogue test writes into a temporary one).
 */
import { execFileSync } from 'node:child_process';
import { globSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..');
export const MESSAGES_DIR = join(ROOT, 'src-main', 'i18n', 'messages');
export const COMPILED_DIR = join(ROOT, 'src-main', 'i18n', 'compiled');
/** Translations: every file in messages/ but the source. */
export const TRANSLATIONS = ['de'];
export const PSEUDO = ['en-XA', 'en-XB'];
const FORMATJS = join(ROOT, 'node_modules', '.bin', 'formatjs');

export function sourceFiles(): string[] {
  return globSync(['src-renderer/src/**/*.{ts,tsx}', 'src-main/**/*.ts', 'src-shared/**/*.ts'], { cwd: ROOT })
    .filter((file) => !/\.test\.tsx?$|test-support|testing\/|test-fixtures/.test(file))
    .sort();
}

export function extract(outFile = join(MESSAGES_DIR, 'en.json')): void {
  const list = join(ROOT, 'out', 'i18n-sources.txt');
  mkdirSync(join(ROOT, 'out'), { recursive: true });
  writeFileSync(list, `${sourceFiles().join('\n')}\n`);
  // Every message names its own id (a hash would change with each edit of the English words).
  execFileSync(
    FORMATJS,
    ['extract', '--in-file', list, '--additional-function-names', 't,tx', '--throws', '--out-file', outFile],
    { cwd: ROOT, stdio: 'inherit' },
  );
}

export function verify(): void {
  const files = ['en', ...TRANSLATIONS].map((locale) => join(MESSAGES_DIR, `${locale}.json`));
  execFileSync(
    FORMATJS,
    ['verify', '--source-locale', 'en', '--missing-keys', '--extra-keys', '--structural-equality', ...files],
    { cwd: ROOT, stdio: 'inherit' },
  );
}

export function compile(outDir = COMPILED_DIR): void {
  mkdirSync(outDir, { recursive: true });
  const run = (args: string[]) =>
    execFileSync(FORMATJS, ['compile', '--ast', ...args], { cwd: ROOT, stdio: 'inherit' });
  for (const locale of TRANSLATIONS)
    run([join(MESSAGES_DIR, `${locale}.json`), '--out-file', join(outDir, `${locale}.json`)]);
  for (const pseudo of PSEUDO)
    run([join(MESSAGES_DIR, 'en.json'), '--pseudo-locale', pseudo, '--out-file', join(outDir, `${pseudo}.json`)]);
}

if (import.meta.main) {
  const [command, out] = process.argv.slice(2);
  if (command === 'extract') extract(out);
  else if (command === 'compile') {
    verify();
    compile(out);
  } else {
    console.error('usage: node scripts/i18n.ts extract|compile [out]');
    process.exit(2);
  }
}
