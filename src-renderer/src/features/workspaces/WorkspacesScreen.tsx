/**
 * Renderer. Workspaces: every profile with its environment, server, key mode and key status
 * (hasKey and at most the last four characters); add, edit, replace key, test, switch, remove.
 */
import { useEffect, useState } from 'react';
import type { Profile } from '../../../../src-shared/index.ts';
import { Badge, type Tone } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ErrorState, Loading } from '../../components/States.tsx';
import { useNow } from '../../lib/clock.ts';
import { describeError } from '../../lib/errors.ts';
import { formatAge } from '../../lib/format.ts';
import { notify } from '../../lib/notices.ts';
import { KeyDialog, ProfileDialog } from './ProfileDialog.tsx';
import { useWorkspaces, type Verification } from './store.ts';

const ENV_TONES: Record<Profile['environment'], Tone> = {
  production: 'danger',
  staging: 'warning',
  sandbox: 'accent',
  custom: 'neutral',
};
const ENV_LABELS: Record<Profile['environment'], string> = {
  production: 'Production',
  staging: 'Staging',
  sandbox: 'Sandbox',
  custom: 'Custom',
};

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; profile: Profile }
  | { kind: 'key'; profile: Profile }
  | { kind: 'remove'; profile: Profile };

function verificationText(v: Verification): string {
  const mode =
    v.verifiedMode === 'service-provider' ? 'service-provider key' : v.verifiedMode === 'tenant' ? 'tenant key' : 'key';
  // Reads were tried; writes cannot be asked about without making one (catalogue.ts, "Write permissions").
  return v.warning
    ? `Connected, with a warning: ${v.warning}`
    : `Connected. The server accepted the ${mode} for reading. Whether it may also change content shows the first time you save; if not, Lectern says so and disables those actions.`;
}

export function WorkspacesScreen() {
  const ws = useWorkspaces();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [results, setResults] = useState<Record<string, { tone: 'ok' | 'warn' | 'error'; text: string }>>({});
  const [testing, setTesting] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const now = useNow();

  useEffect(() => {
    void useWorkspaces.getState().load();
  }, []);

  const showVerification = (profile: Profile, v: Verification | null) => {
    if (!v) return;
    setResults((r) => ({ ...r, [profile.id]: { tone: v.warning ? 'warn' : 'ok', text: verificationText(v) } }));
  };

  const test = (profile: Profile) => {
    setTesting(profile.id);
    ws.test(profile.id).then(
      (v) => {
        setTesting(null);
        showVerification(profile, v);
      },
      (error: unknown) => {
        setTesting(null);
        setResults((r) => ({
          ...r,
          [profile.id]: { tone: 'error', text: describeError(error, { keyMode: profile.keyMode }) },
        }));
      },
    );
  };

  const switchTo = (profile: Profile) => {
    ws.activate(profile.id).then(
      () => notify('success', `Switched to ${profile.name}.`),
      (error: unknown) => notify('error', `Could not switch. ${describeError(error)}`),
    );
  };

  const remove = (profile: Profile) => {
    setRemoving(true);
    setRemoveError(null);
    ws.remove(profile.id).then(
      () => {
        setRemoving(false);
        setDialog(null);
        notify('success', `Removed the workspace “${profile.name}”.`);
      },
      (error: unknown) => {
        setRemoving(false);
        setRemoveError(describeError(error));
      },
    );
  };

  return (
    <div className="screen">
      <PageHeader
        title="Workspaces"
        actions={
          <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'add' })}>
            Add workspace
          </button>
        }
      >
        <p className="muted">
          Each workspace is one server and one API key. Keys live in your system keychain, never in Lectern’s files.
        </p>
      </PageHeader>

      {ws.status === 'loading' || ws.status === 'idle' ? (
        <Loading label="Loading workspaces…" />
      ) : ws.status === 'error' ? (
        <ErrorState message={describeError(ws.error)} onRetry={() => void ws.load()} />
      ) : (
        <ul className="card-list" aria-label="Workspaces">
          {ws.profiles.map((profile) => {
            const result = results[profile.id];
            const builtIn = profile.environment === 'sandbox';
            return (
              <li
                key={profile.id}
                className={`card${profile.id === ws.activeId ? ' card--active' : ''}`}
                data-testid="workspace-card"
                data-name={profile.name}
              >
                <div className="card-head">
                  <h2 className="card-title">{profile.name}</h2>
                  <Badge tone={ENV_TONES[profile.environment]}>{ENV_LABELS[profile.environment]}</Badge>
                  {profile.id === ws.activeId && <Badge tone="success">In use</Badge>}
                </div>
                <dl className="card-facts">
                  <dt>Server</dt>
                  <dd className="mono">{profile.baseUrl}</dd>
                  <dt>Key</dt>
                  <dd data-testid="key-status">
                    {profile.hasKey
                      ? `Saved in the keychain${profile.keyHint ? ` · ends in ••••${profile.keyHint}` : ''}`
                      : 'No key saved'}
                    {' · '}
                    {profile.keyMode === 'service-provider' ? 'service-provider' : 'tenant'}
                  </dd>
                  <dt>Checked</dt>
                  <dd>{profile.lastVerifiedAt ? formatAge(profile.lastVerifiedAt, now) : 'never'}</dd>
                </dl>
                {profile.capabilities.reason && <p className="card-note">{profile.capabilities.reason}</p>}
                {result && (
                  <p
                    className={`card-result card-result--${result.tone}`}
                    role="status"
                    data-testid="verification-result"
                  >
                    {result.text}
                  </p>
                )}
                <div className="card-actions">
                  {profile.id !== ws.activeId && (
                    <button
                      type="button"
                      className="button button--primary button--small"
                      onClick={() => switchTo(profile)}
                      disabled={ws.switching}
                    >
                      Switch to this workspace
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => test(profile)}
                    disabled={testing === profile.id}
                  >
                    {testing === profile.id ? 'Testing…' : 'Test connection'}
                  </button>
                  {!builtIn && (
                    <>
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => setDialog({ kind: 'edit', profile })}
                      >
                        Edit…
                      </button>
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => setDialog({ kind: 'key', profile })}
                      >
                        Replace key…
                      </button>
                      <button
                        type="button"
                        className="button button--small button--ghost button--danger-text"
                        onClick={() => {
                          setRemoveError(null);
                          setDialog({ kind: 'remove', profile });
                        }}
                      >
                        Remove…
                      </button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <ProfileDialog
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        profile={dialog?.kind === 'edit' ? dialog.profile : undefined}
        onClose={() => setDialog(null)}
        onSaved={(verification, profile) => {
          setDialog(null);
          showVerification(profile, verification);
          notify(
            'success',
            dialog?.kind === 'edit' ? `Saved “${profile.name}”.` : `Added the workspace “${profile.name}”.`,
          );
        }}
      />
      {dialog?.kind === 'key' && (
        <KeyDialog
          open
          profile={dialog.profile}
          onClose={() => setDialog(null)}
          onSaved={(verification) => {
            setDialog(null);
            showVerification(verification.profile, verification);
            notify('success', `Replaced the key of “${verification.profile.name}”.`);
          }}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title={dialog?.kind === 'remove' ? `Remove the workspace “${dialog.profile.name}”?` : 'Remove workspace'}
        confirmLabel="Remove workspace"
        onConfirm={() => dialog?.kind === 'remove' && remove(dialog.profile)}
        onCancel={() => setDialog(null)}
        busy={removing}
        error={removeError}
      >
        <p>
          Its API key is deleted from the keychain, and its cached courses, drafts and upload history are deleted from
          this computer. Nothing changes on the server.
        </p>
      </ConfirmDialog>
    </div>
  );
}
