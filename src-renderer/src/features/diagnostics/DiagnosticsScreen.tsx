/**
 * Renderer. Diagnostics an instructor can send to support: versions, the workspace's server
 * (never the key), connectivity history, recent requests, contract deviations, recent errors and
 * the data folder. "Copy report" copies the redacted text main prepared (also shown below).
 */
import { useCallback, useEffect, useState } from 'react';
import type { Diagnostics } from '../../../../src-shared/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ErrorState, Loading } from '../../components/States.tsx';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { formatBytes, formatDateTime } from '../../lib/format.ts';

export function DiagnosticsScreen() {
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

  const actions = (
    <>
      <button type="button" className="button" onClick={load}>
        Refresh
      </button>
      <button type="button" className="button button--primary" onClick={() => void copy()} disabled={!data}>
        Copy report
      </button>
    </>
  );

  if (!data) {
    return (
      <div className="screen">
        <PageHeader title="Diagnostics" actions={actions} />
        {error ? (
          <ErrorState title="Diagnostics could not be gathered" message={describeError(error)} onRetry={load} />
        ) : (
          <Loading label="Gathering diagnostics…" />
        )}
      </div>
    );
  }

  const v = data.app.versions;
  return (
    <div className="screen" data-testid="diagnostics">
      <PageHeader title="Diagnostics" actions={actions}>
        {copied && (
          <p role="status" className="muted">
            {copied}
          </p>
        )}
      </PageHeader>

      <section className="details-section diagnostics-section">
        <h2>This computer</h2>
        <dl className="details-list">
          <dt>App</dt>
          <dd>
            {data.app.name} {data.app.version} ({data.app.transport})
          </dd>
          <dt>Platform</dt>
          <dd>
            {data.app.platform} {data.app.arch} · Node {v.node}
            {v.electron && ` · Electron ${v.electron}`}
            {v.chrome && ` · Chrome ${v.chrome}`}
          </dd>
          <dt>Server</dt>
          <dd data-testid="diagnostics-server">
            {data.workspace ? `${data.workspace.baseUrl} (${data.workspace.name})` : 'No workspace'}
          </dd>
          <dt>Data folder</dt>
          <dd>
            <code>{data.dataFolder.path}</code> · {formatBytes(data.dataFolder.bytes)}
          </dd>
        </dl>
      </section>

      <section className="details-section diagnostics-section" data-testid="diagnostics-deviations">
        <h2>Contract deviations ({data.deviations.length})</h2>
        {data.deviations.length === 0 ? (
          <p className="muted">The server's answers matched the API reference.</p>
        ) : (
          <Table
            label="Contract deviations"
            headers={['Operation', 'Where', 'Reference says', 'Server sent', 'Times', 'Last seen']}
            rows={data.deviations.map((d) => [
              d.operation,
              d.jsonPath,
              d.expected,
              d.received,
              String(d.count),
              formatDateTime(d.lastSeen),
            ])}
          />
        )}
      </section>

      <section className="details-section diagnostics-section" data-testid="diagnostics-connectivity">
        <h2>Connectivity</h2>
        {data.connectivity.length === 0 ? (
          <p className="muted">No changes recorded yet.</p>
        ) : (
          <ul className="plain-list">
            {data.connectivity.map((c) => (
              <li key={`${c.at}-${c.state}`}>
                {formatDateTime(c.at)} — {c.state}
                {c.message && <span className="muted"> · {c.message}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="details-section diagnostics-section">
        <h2>Recent errors ({data.errors.length})</h2>
        {data.errors.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul className="plain-list">
            {data.errors.map((e, i) => (
              <li key={i}>
                {formatDateTime(e.at)} — <span className="muted">[{e.source}]</span> {e.message}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="details-section diagnostics-section" data-testid="diagnostics-requests">
        <h2>Recent requests ({data.requests.length})</h2>
        <Table
          label="Recent requests"
          headers={['Time', 'Request', 'Status', 'Duration', 'Attempt', 'Outcome']}
          rows={[...data.requests]
            .reverse()
            .map((r) => [
              formatDateTime(r.at),
              `${r.method} ${r.path}`,
              r.status === null ? '—' : String(r.status),
              `${r.durationMs} ms`,
              String(r.attempt),
              r.outcome,
            ])}
        />
      </section>

      <section className="details-section diagnostics-section">
        <h2>Report</h2>
        <pre className="diagnostics-report" data-testid="diagnostics-report" tabIndex={0}>
          {data.report}
        </pre>
      </section>
    </div>
  );
}

function Table({ label, headers, rows }: { label: string; headers: string[]; rows: string[][] }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className="table">
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
