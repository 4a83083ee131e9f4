/**
 * Renderer. The sections of the Diagnostics screen, each fed by its part of main's answer: this
 * computer, contract deviations, connectivity, recent errors, the request log grouped by kind (short
 * paths, the whole path on hover) and the report as it is copied.
 */
import type { Diagnostics } from '../../../../src-shared/index.ts';
import { groupRequests, requestFailed, requestKindLabel, shortPath } from '../../../../src-shared/request-groups.ts';
import { formatBytes, formatDateTime, parseTime } from '../../lib/format.ts';
import { connectionLabel } from '../../lib/sync-status.ts';
import { DataTable, type Cell } from './DataTable.tsx';
import { t } from '../../lib/i18n.ts';

const secondsFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
/** Requests come seconds apart: their time to the second (the date is the report's). */
function formatTime(iso: string): string {
  const ms = parseTime(iso);
  return ms === null ? '—' : secondsFormat.format(ms);
}

export function ComputerSection({ data }: { data: Diagnostics }) {
  const v = data.app.versions;
  return (
    <section className="details-section diagnostics-section">
      <h2>{t({ id: 'diagnostics.diagnosticsSections.thisComputer', defaultMessage: 'This computer' })}</h2>
      <dl className="details-list">
        <dt>{t({ id: 'diagnostics.diagnosticsSections.app', defaultMessage: 'App' })}</dt>
        <dd translate="no">
          {data.app.name} {data.app.version} ({data.app.transport})
        </dd>
        <dt>{t({ id: 'diagnostics.diagnosticsSections.platform', defaultMessage: 'Platform' })}</dt>
        <dd>
          <span translate="no">
            {data.app.platform} {data.app.arch}
          </span>{' '}
          {t({ id: 'diagnostics.diagnosticsSections.node', defaultMessage: '· Node' })} {v.node}
          {v.electron &&
            t(
              { id: 'diagnostics.diagnosticsSections.electron', defaultMessage: ' · Electron {electron}' },
              { electron: v.electron },
            )}
          {v.chrome &&
            t(
              { id: 'diagnostics.diagnosticsSections.chrome', defaultMessage: ' · Chrome {chrome}' },
              { chrome: v.chrome },
            )}
        </dd>
        <dt>{t({ id: 'diagnostics.diagnosticsSections.server', defaultMessage: 'Server' })}</dt>
        <dd data-testid="diagnostics-server" dir="auto">
          {data.workspace
            ? `${data.workspace.baseUrl} (${data.workspace.name})`
            : t({ id: 'diagnostics.diagnosticsSections.noWorkspace', defaultMessage: 'No workspace' })}
        </dd>
        <dt>{t({ id: 'diagnostics.diagnosticsSections.dataFolder', defaultMessage: 'Data folder' })}</dt>
        <dd>
          <code dir="auto">{data.dataFolder.path}</code> ·{' '}
          <span data-testid="diagnostics-data-size">{formatBytes(data.dataFolder.bytes)}</span>
        </dd>
      </dl>
    </section>
  );
}

export function DeviationsSection({ deviations }: { deviations: Diagnostics['deviations'] }) {
  return (
    <section className="details-section diagnostics-section" data-testid="diagnostics-deviations">
      <h2>
        {t(
          { id: 'diagnostics.diagnosticsSections.contractDeviations', defaultMessage: 'Contract deviations ({count})' },
          { count: deviations.length },
        )}
      </h2>
      {deviations.length === 0 ? (
        <p className="muted">
          {t({
            id: 'diagnostics.diagnosticsSections.theServerSAnswersMatched',
            defaultMessage: "The server's answers matched the API reference.",
          })}
        </p>
      ) : (
        <DataTable
          label={t({
            id: 'diagnostics.diagnosticsSections.contractDeviations2',
            defaultMessage: 'Contract deviations',
          })}
          headers={['Operation', 'Where', 'Reference says', 'Server sent', 'Times', 'Last seen']}
          rows={deviations.map((d) => [
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
  );
}

/** The status bar's word for a state ("Server unreachable"), the state as it came when unknown. */
function stateLabel(state: string): string {
  return connectionLabel(state);
}

export function ConnectivitySection({ changes }: { changes: Diagnostics['connectivity'] }) {
  return (
    <section className="details-section diagnostics-section" data-testid="diagnostics-connectivity">
      <h2>{t({ id: 'diagnostics.diagnosticsSections.connectivity', defaultMessage: 'Connectivity' })}</h2>
      {changes.length === 0 ? (
        <p className="muted">
          {t({
            id: 'diagnostics.diagnosticsSections.noChangesRecordedYet',
            defaultMessage: 'No changes recorded yet.',
          })}
        </p>
      ) : (
        <ul className="plain-list">
          {changes.map((c) => (
            <li key={`${c.at}-${c.state}`}>
              {formatDateTime(c.at)} — {stateLabel(c.state)}
              {c.message && <span className="muted"> · {c.message}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorsSection({ errors }: { errors: Diagnostics['errors'] }) {
  return (
    <section className="details-section diagnostics-section">
      <h2>
        {t(
          { id: 'diagnostics.diagnosticsSections.recentErrors', defaultMessage: 'Recent errors ({count})' },
          { count: errors.length },
        )}
      </h2>
      {errors.length === 0 ? (
        <p className="muted">{t({ id: 'diagnostics.diagnosticsSections.none', defaultMessage: 'None.' })}</p>
      ) : (
        <ul className="plain-list">
          {errors.map((e, i) => (
            <li key={i}>
              {formatDateTime(e.at)} — <span className="muted">[{e.source}]</span> {e.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The request table's column names. */
function requestHeaders(): string[] {
  return [
    t({ id: 'diagnostics.diagnosticsSections.header.time', defaultMessage: 'Time' }),
    t({ id: 'diagnostics.diagnosticsSections.header.request', defaultMessage: 'Request' }),
    t({ id: 'diagnostics.diagnosticsSections.header.status', defaultMessage: 'Status' }),
    t({ id: 'diagnostics.diagnosticsSections.header.duration', defaultMessage: 'Duration' }),
    t({ id: 'diagnostics.diagnosticsSections.header.attempt', defaultMessage: 'Attempt' }),
    t({ id: 'diagnostics.diagnosticsSections.header.outcome', defaultMessage: 'Outcome' }),
  ];
}

/** The request log, one disclosure per kind of request (the groups with failures open). */
export function RequestsSection({ requests }: { requests: Diagnostics['requests'] }) {
  const groups = groupRequests(requests);
  return (
    <section className="details-section diagnostics-section" data-testid="diagnostics-requests">
      <h2>
        {t(
          { id: 'diagnostics.diagnosticsSections.recentRequests', defaultMessage: 'Recent requests ({count})' },
          { count: requests.length },
        )}
      </h2>
      {groups.length === 0 && (
        <p className="muted">{t({ id: 'diagnostics.diagnosticsSections.noneYet', defaultMessage: 'None yet.' })}</p>
      )}
      <div className="request-groups">
        {groups.map((group) => (
          <details key={group.kind} className="request-group" open={group.failed > 0} data-testid="request-group">
            <summary>
              {t(
                {
                  id: 'diagnostics.diagnosticsSections.groupCount',
                  defaultMessage: '{kind} · {count, plural, one {# request} other {# requests}}',
                },
                { kind: requestKindLabel(group.kind, t), count: group.requests.length },
              )}
              {group.failed > 0 &&
                t(
                  { id: 'diagnostics.diagnosticsSections.failed', defaultMessage: ' · {failed} failed' },
                  { failed: group.failed },
                )}{' '}
              {t({ id: 'diagnostics.diagnosticsSections.lastAt', defaultMessage: '· last at' })}{' '}
              {formatTime(group.lastAt)}
            </summary>
            <DataTable
              label={t(
                { id: 'diagnostics.diagnosticsSections.groupTable', defaultMessage: '{kind} requests' },
                { kind: requestKindLabel(group.kind, t) },
              )}
              headers={requestHeaders()}
              rows={group.requests.map((r): Cell[] => [
                formatTime(r.at),
                { text: `${r.method} ${shortPath(r.path)}`, title: `${r.method} ${r.path}` },
                r.status === null ? '—' : String(r.status),
                `${r.durationMs} ms`,
                String(r.attempt),
                requestFailed(r) ? { text: r.outcome, tone: 'danger' } : r.outcome,
              ])}
            />
          </details>
        ))}
      </div>
    </section>
  );
}

export function ReportSection({ report }: { report: string }) {
  return (
    <section className="details-section diagnostics-section">
      <h2>{t({ id: 'diagnostics.diagnosticsSections.report', defaultMessage: 'Report' })}</h2>
      <pre className="diagnostics-report" data-testid="diagnostics-report" tabIndex={0} dir="auto">
        {report}
      </pre>
    </section>
  );
}
