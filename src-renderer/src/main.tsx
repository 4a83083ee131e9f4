/** Renderer entry. */
// First: before any module builds a zod schema (see the file).
import './lib/zod-jitless.ts';
import { StrictMode, useEffect, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { RawIntlProvider } from 'react-intl';
import { App } from './app/App.tsx';
import { releaseOpeningRead, startOpeningRead, startShellStores, startWorkspacesRead } from './app/early-reads.ts';
import { holdCalls, releaseCalls } from './bridge.ts';
import { afterNextPaint } from './lib/after-paint.ts';
import { currentIntl, currentLocale, subscribeLanguage } from './lib/i18n.ts';
import { loadLanguage } from './lib/language.ts';
import './styles.css';
import './styles/controls.css';
import './styles/components.css';
import './styles/shell.css';
import './styles/screens.css';
import './styles/screens-more.css';
import './styles/authoring.css';
import './styles/folder-push.css';
import './styles/words.css';
import './styles/shells.css';
import './styles/courselessons.css';
import './styles/savestate.css';
import './styles/house23.css';
import './styles/trust24.css';
import './styles/outline.css';
import './styles/picker.css';

performance.mark('lectern:modules-evaluated');

/** The longest other calls wait for the first frame (its reads unanswered, main busy). */
const FIRST_FRAME_HOLD_MS = 1_000;

/** A language change remounts the app: every sentence is asked for again in the new language. */
function Root() {
  const locale = useSyncExternalStore(subscribeLanguage, currentLocale);
  // The root's effects run after its children's: the opening screen holds its list by now.
  useEffect(releaseOpeningRead, []);
  // The first frame is committed: what waited for it is asked for once it is painted.
  useEffect(() => afterNextPaint(releaseCalls), []);
  return (
    <RawIntlProvider value={currentIntl()}>
      <App key={locale} />
    </RawIntlProvider>
  );
}

// The opening screen's read and code beside the language (one answer from main, the active
// locale's messages only) and the workspaces; the first render waits for the language, so the first
// words painted are in it, for the workspaces, so the shell is painted with its band, and for the
// screen's code, so the shell and the screen are rendered in one pass.
const openingScreen = startOpeningRead();
const language = loadLanguage();
const workspaces = startWorkspacesRead();
// Anything else asked before the first frame (the shell's stores, the screen's side reads) follows it.
holdCalls(FIRST_FRAME_HOLD_MS);
void Promise.all([language, openingScreen, workspaces]).then(() => {
  startShellStores();
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <Root />
      </StrictMode>,
    );
  }
});
