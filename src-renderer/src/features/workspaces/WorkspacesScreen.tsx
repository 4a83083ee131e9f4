/**
 * Renderer. Workspaces: every profile with its environment, server, key mode and key status
 * (hasKey and at most the last four characters); add, edit, replace key, test, switch, remove.
 */
import { useEffect, useState } from 'react';
import type { Profile } from '../../../../src-shared/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ErrorState, Loading } from '../../components/States.tsx';
import { describeError, errorDetail } from '../../lib/errors.ts';
import { notify } from '../../lib/notices.ts';
import { LanguageSetting } from './LanguageSetting.tsx';
import { KeyDialog, ProfileDialog } from './ProfileDialog.tsx';
import { useWorkspaces, type Verification } from './store.ts';
import { WorkspaceCard, type CheckResult } from './WorkspaceCard.tsx';
import { t } from '../../lib/i18n.ts';

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
    ? t(
        {
          id: 'workspaces.workspacesScreen.connectedWithAWarning',
          defaultMessage: 'Connected, with a warning: {warning}',
        },
        { warning: v.warning },
      )
    : t(
        {
          id: 'workspaces.workspacesScreen.connectedTheServerAcceptedThe',
          defaultMessage:
            'Connected. The server accepted the {mode} for reading. Whether it may also change content shows the first time you save; if not, Lectern says so and disables those actions.',
        },
        { mode },
      );
}

/** The screen's own state: which dialog is open, each workspace's last check, removal. */
function useWorkspacesScreen() {
  const ws = useWorkspaces();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [results, setResults] = useState<Record<string, CheckResult>>({});
  const [testing, setTesting] = useState<string | null>(null);
  const [removal, setRemoval] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  useEffect(() => {
    void useWorkspaces.getState().load();
  }, []);

  const setResult = (id: string, result: CheckResult) => setResults((r) => ({ ...r, [id]: result }));
  const showVerification = (profile: Profile, v: Verification | null) => {
    if (v) setResult(profile.id, { tone: v.warning ? 'warn' : 'ok', text: verificationText(v), detail: null });
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
        const text = describeError(error, { keyMode: profile.keyMode });
        setResult(profile.id, { tone: 'error', text, detail: errorDetail(error) });
      },
    );
  };

  const switchTo = (profile: Profile) =>
    ws.activate(profile.id).then(
      () =>
        notify(
          'success',
          t(
            { id: 'workspaces.workspacesScreen.switchedTo', defaultMessage: 'Switched to {name}.' },
            { name: profile.name },
          ),
        ),
      (error: unknown) =>
        notify(
          'error',
          t(
            { id: 'workspaces.workspacesScreen.couldNotSwitch', defaultMessage: 'Could not switch. {error}' },
            { error: describeError(error) },
          ),
        ),
    );

  const remove = (profile: Profile) => {
    setRemoval({ busy: true, error: null });
    ws.remove(profile.id).then(
      () => {
        setRemoval({ busy: false, error: null });
        setDialog(null);
        notify(
          'success',
          t(
            {
              id: 'workspaces.workspacesScreen.removedTheWorkspace',
              defaultMessage: 'Removed the workspace “{name}”.',
            },
            { name: profile.name },
          ),
        );
      },
      (error: unknown) => setRemoval({ busy: false, error: describeError(error) }),
    );
  };

  const askRemove = (profile: Profile) => {
    setRemoval({ busy: false, error: null });
    setDialog({ kind: 'remove', profile });
  };
  return { ws, dialog, setDialog, results, testing, removal, showVerification, test, switchTo, remove, askRemove };
}

export function WorkspacesScreen() {
  const screen = useWorkspacesScreen();
  const { ws, setDialog } = screen;
  return (
    <div className="screen">
      <PageHeader
        title={t({ id: 'workspaces.workspacesScreen.workspaces', defaultMessage: 'Workspaces' })}
        actions={
          <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'add' })}>
            {t({ id: 'workspaces.workspacesScreen.addWorkspace', defaultMessage: 'Add workspace' })}
          </button>
        }
      >
        <p className="muted">
          {t({
            id: 'workspaces.workspacesScreen.eachWorkspaceIsOneServer',
            defaultMessage:
              'Each workspace is one server and one API key. Keys live in your system keychain, never in Lectern’s files.',
          })}
        </p>
      </PageHeader>
      {ws.status === 'loading' || ws.status === 'idle' ? (
        <Loading
          label={t({ id: 'workspaces.workspacesScreen.loadingWorkspaces', defaultMessage: 'Loading workspaces…' })}
        />
      ) : ws.status === 'error' ? (
        <ErrorState message={describeError(ws.error)} error={ws.error} onRetry={() => void ws.load()} />
      ) : (
        <ul
          className="card-list"
          aria-label={t({ id: 'workspaces.workspacesScreen.workspaces', defaultMessage: 'Workspaces' })}
        >
          {ws.profiles.map((profile) => (
            <WorkspaceCard
              key={profile.id}
              profile={profile}
              active={profile.id === ws.activeId}
              result={screen.results[profile.id]}
              testing={screen.testing === profile.id}
              switching={ws.switching}
              onSwitch={() => void screen.switchTo(profile)}
              onTest={() => screen.test(profile)}
              onEdit={() => setDialog({ kind: 'edit', profile })}
              onReplaceKey={() => setDialog({ kind: 'key', profile })}
              onRemove={() => screen.askRemove(profile)}
            />
          ))}
        </ul>
      )}
      <LanguageSetting />
      <WorkspaceDialogs screen={screen} />
    </div>
  );
}

function WorkspaceDialogs({ screen }: { screen: ReturnType<typeof useWorkspacesScreen> }) {
  const { dialog, setDialog, removal } = screen;
  const close = () => setDialog(null);
  return (
    <>
      <ProfileDialog
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        profile={dialog?.kind === 'edit' ? dialog.profile : undefined}
        onClose={close}
        onSaved={(verification, profile) => {
          close();
          screen.showVerification(profile, verification);
          const edited = dialog?.kind === 'edit';
          notify(
            'success',
            edited
              ? t(
                  { id: 'workspaces.workspacesScreen.saved', defaultMessage: 'Saved “{name}”.' },
                  { name: profile.name },
                )
              : t(
                  {
                    id: 'workspaces.workspacesScreen.addedTheWorkspace',
                    defaultMessage: 'Added the workspace “{name}”.',
                  },
                  { name: profile.name },
                ),
          );
        }}
      />
      {dialog?.kind === 'key' && (
        <KeyDialog
          open
          profile={dialog.profile}
          onClose={close}
          onSaved={(verification) => {
            close();
            screen.showVerification(verification.profile, verification);
            notify(
              'success',
              t(
                { id: 'workspaces.workspacesScreen.replacedTheKeyOf', defaultMessage: 'Replaced the key of “{name}”.' },
                { name: verification.profile.name },
              ),
            );
          }}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title={
          dialog?.kind === 'remove'
            ? t(
                {
                  id: 'workspaces.workspacesScreen.removeTheWorkspace',
                  defaultMessage: 'Remove the workspace “{name}”?',
                },
                { name: dialog.profile.name },
              )
            : t({ id: 'workspaces.workspacesScreen.removeWorkspace', defaultMessage: 'Remove workspace' })
        }
        confirmLabel={t({ id: 'workspaces.workspacesScreen.removeWorkspace', defaultMessage: 'Remove workspace' })}
        onConfirm={() => dialog?.kind === 'remove' && screen.remove(dialog.profile)}
        onCancel={close}
        busy={removal.busy}
        error={removal.error}
      >
        <p>
          {t({
            id: 'workspaces.workspacesScreen.itsApiKeyIsDeleted',
            defaultMessage:
              'Its API key is deleted from the keychain, and its cached courses, drafts and upload history are deleted from this computer. Nothing changes on the server.',
          })}
        </p>
      </ConfirmDialog>
    </>
  );
}
