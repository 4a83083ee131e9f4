/** Renderer. The application shell. */
import { useEffect, useState } from 'react';
import type { AppInfo } from '../../../src-preload/contract.ts';
import { BridgeError, call } from '../bridge.ts';

export function App() {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    call((bridge) => bridge.app.info()).then(setInfo, (reason: unknown) =>
      setError(reason instanceof BridgeError ? reason.message : 'Lectern could not start its background services.'),
    );
  }, []);

  return (
    <div className="app">
      <header className="app-header">
        <h1>Lectern</h1>
      </header>
      <main className="app-main">
        {error && <p role="alert">{error}</p>}
        {!error && !info && <p aria-live="polite">Starting…</p>}
        {info && (
          <dl className="app-info" aria-label="About Lectern">
            <dt>Version</dt>
            <dd data-testid="app-version">{info.version}</dd>
            <dt>Running on</dt>
            <dd data-testid="app-transport">
              {info.transport === 'electron' ? `Electron ${info.versions.electron ?? ''}` : 'Bridge host'}
            </dd>
            <dt>Node</dt>
            <dd>{info.versions.node}</dd>
          </dl>
        )}
      </main>
    </div>
  );
}
