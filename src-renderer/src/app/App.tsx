/** Renderer. The application shell: environment band, top bar, navigation, the routed screen, status bar. */
import { useRef } from 'react';
import { Notices } from '../components/Notices.tsx';
import { FileBrowserHost } from '../features/picker/index.ts';
import { WriteRefusalNotice } from '../features/drafts/index.ts';
import { useActiveProfile, useWorkspaces } from '../features/workspaces/index.ts';
import { useRoute } from '../lib/router.ts';
import { EnvironmentBand } from './EnvironmentBand.tsx';
import { KeyboardLayer } from './KeyboardLayer.tsx';
import { Nav } from './Nav.tsx';
import { Screen } from './Screen.tsx';
import { StatusBar } from './StatusBar.tsx';
import { WorkspaceSwitcher } from './WorkspaceSwitcher.tsx';
import { t } from '../lib/i18n.ts';

export function App() {
  const route = useRoute();
  const profile = useActiveProfile();
  const epoch = useWorkspaces((s) => s.epoch);
  const mainRef = useRef<HTMLElement>(null);

  const skipToContent = () => {
    const target = mainRef.current?.querySelector<HTMLElement>('h1') ?? mainRef.current;
    target?.focus();
  };

  return (
    <div className={`shell shell--${profile?.environment ?? 'none'}`}>
      <button type="button" className="skip-link" onClick={skipToContent}>
        {t({ id: 'app.app.skipToContent', defaultMessage: 'Skip to content' })}
      </button>
      <EnvironmentBand profile={profile} />
      <header className="topbar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            L
          </span>
          <span className="brand-name">{t({ id: 'app.app.lectern', defaultMessage: 'Lectern' })}</span>
        </div>
        <WorkspaceSwitcher />
      </header>
      <Nav route={route} profile={profile} />
      {/* Keyed on the workspace: a switch remounts every screen, so each re-reads its data. */}
      <main ref={mainRef} className="main" key={epoch} tabIndex={-1}>
        <WriteRefusalNotice />
        <Screen route={route} />
      </main>
      <StatusBar />
      <Notices />
      <KeyboardLayer />
      <FileBrowserHost />
    </div>
  );
}
