/** Renderer. The workspace switcher in the top bar: a native select, so it is keyboard-first. */
import { useId } from 'react';
import { describeError } from '../lib/errors.ts';
import { notify } from '../lib/notices.ts';
import { useWorkspaces } from '../features/workspaces/index.ts';
import { href } from '../lib/router.ts';
import { defineMessages } from 'react-intl';
import { t, type MessageDescriptor } from '../lib/i18n.ts';

// Descriptors, not words: this table is built when the module loads, before the language is known.
const ENV_SHORT: Record<string, MessageDescriptor> = defineMessages({
  production: { id: 'app.workspaceSwitcher.env.production', defaultMessage: 'production' },
  staging: { id: 'app.workspaceSwitcher.env.staging', defaultMessage: 'staging' },
  sandbox: { id: 'app.workspaceSwitcher.env.sandbox', defaultMessage: 'sandbox' },
  custom: { id: 'app.workspaceSwitcher.env.custom', defaultMessage: 'custom' },
});

/** "Name (environment)": the workspace as the switcher names it. */
function nameWithEnvironment(profile: { name: string; environment: string }): string {
  const environment = ENV_SHORT[profile.environment];
  return t(
    { id: 'app.workspaceSwitcher.nameWithEnvironment', defaultMessage: '{name} ({environment})' },
    { name: profile.name, environment: environment ? t(environment) : profile.environment },
  );
}

export function WorkspaceSwitcher() {
  const id = useId();
  const profiles = useWorkspaces((s) => s.profiles);
  const activeId = useWorkspaces((s) => s.activeId);
  const switching = useWorkspaces((s) => s.switching);
  const activate = useWorkspaces((s) => s.activate);

  const active = profiles.find((p) => p.id === activeId);
  // The select is cut short at narrow widths; the whole name is in its title (hover) and label (focus).
  const fullName = active
    ? nameWithEnvironment(active)
    : t({ id: 'app.workspaceSwitcher.noWorkspace', defaultMessage: 'No workspace' });

  const onChange = (next: string) => {
    activate(next).then(
      () => {
        const name = useWorkspaces.getState().profiles.find((p) => p.id === next)?.name ?? 'the workspace';
        notify(
          'success',
          t({ id: 'app.workspaceSwitcher.switchedTo', defaultMessage: 'Switched to {name}.' }, { name }),
        );
      },
      (error: unknown) =>
        notify(
          'error',
          t(
            {
              id: 'app.workspaceSwitcher.couldNotSwitchWorkspace',
              defaultMessage: 'Could not switch workspace. {error}',
            },
            { error: describeError(error) },
          ),
        ),
    );
  };

  return (
    <div className="switcher">
      <label htmlFor={id} className="switcher-label">
        {t({ id: 'app.workspaceSwitcher.workspace', defaultMessage: 'Workspace' })}
      </label>
      <select
        id={id}
        className="input select switcher-select"
        value={activeId ?? ''}
        disabled={switching || profiles.length === 0}
        onChange={(event) => onChange(event.target.value)}
        title={fullName}
        data-testid="workspace-switcher"
      >
        {activeId === null && (
          <option value="">{t({ id: 'app.workspaceSwitcher.noWorkspace', defaultMessage: 'No workspace' })}</option>
        )}
        {profiles.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {nameWithEnvironment(profile)}
          </option>
        ))}
      </select>
      <a className="button button--ghost button--small" href={href({ name: 'workspaces' })}>
        {t({ id: 'app.workspaceSwitcher.manage', defaultMessage: 'Manage' })}
      </a>
    </div>
  );
}
