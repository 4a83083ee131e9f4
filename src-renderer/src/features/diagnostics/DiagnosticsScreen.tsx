/**
 * Renderer. Diagnostics an instructor can send to support: versions, the workspace's server
 * (never the key), connectivity history, recent requests grouped by kind, contract deviations,
 * recent errors and the data folder. "Copy report" copies the redacted text main prepared (also
 * shown below). Sizes are in the report's unit (binary: KiB, MiB).
 */
import { useCallback, useEffect, useState } from 'react';
import type { Diagnostics } from '../../../../src-shared/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ErrorState, Loading } from '../../components/States.tsx';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { UpdatesPanel } from '../updates/index.ts';
import {
  ComputerSection,
  ConnectivitySection,
  DeviationsSection,
  ErrorsSection,
  ReportSection,
  RequestsSection,
} from './DiagnosticsSections.tsx';
import { t } from '../../lib/i18n.ts';

function useDiagnostics() {
  const [data, setData] = useState<Diagnostics | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [copied, setCopied] = useState<string | null>(null);

  const fetchDiagnostics = useCallback(() => call((b) => b.diagnostics.get()).then(setData, setError), []);
  const load = () => {
    setError(null);
    void fetchDiagnostics();
  };
  useEffect(() => {
    void fetchDiagnostics();
  }, [fetchDiagnostics]);

  const copy = async () => {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.report);
      setCopied('Report copied. It holds no API key.');
    } catch {
      setCopied('Copying is not allowed here: select the report below and copy it.');
    }
  };
  return { data, error, copied, load, copy };
}

export function DiagnosticsScreen() {
  const { data, error, copied, load, copy } = useDiagnostics();
  const actions = (
    <>
      <button type="button" className="button" onClick={load}>
        {t({ id: 'diagnostics.diagnosticsScreen.refresh', defaultMessage: 'Refresh' })}
      </button>
      <button type="button" className="button button--primary" onClick={() => void copy()} disabled={!data}>
        {t({ id: 'diagnostics.diagnosticsScreen.copyReport', defaultMessage: 'Copy report' })}
      </button>
    </>
  );

  if (!data) {
    return (
      <div className="screen">
        <PageHeader
          title={t({ id: 'diagnostics.diagnosticsScreen.diagnostics', defaultMessage: 'Diagnostics' })}
          actions={actions}
        />
        {error ? (
          <ErrorState
            title={t({
              id: 'diagnostics.diagnosticsScreen.diagnosticsCouldNotBeGathered',
              defaultMessage: 'Diagnostics could not be gathered',
            })}
            message={describeError(error)}
            error={error}
            onRetry={load}
          />
        ) : (
          <Loading
            label={t({
              id: 'diagnostics.diagnosticsScreen.gatheringDiagnostics',
              defaultMessage: 'Gathering diagnostics…',
            })}
          />
        )}
      </div>
    );
  }
  return (
    <div className="screen" data-testid="diagnostics">
      <PageHeader
        title={t({ id: 'diagnostics.diagnosticsScreen.diagnostics', defaultMessage: 'Diagnostics' })}
        actions={actions}
      >
        {copied && (
          <p role="status" className="muted">
            {copied}
          </p>
        )}
      </PageHeader>
      <ComputerSection data={data} />
      <UpdatesPanel />
      <DeviationsSection deviations={data.deviations} />
      <ConnectivitySection changes={data.connectivity} />
      <ErrorsSection errors={data.errors} />
      <RequestsSection requests={data.requests} />
      <ReportSection report={data.report} />
    </div>
  );
}
