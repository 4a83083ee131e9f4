/**
 * Renderer. One workspace on the Workspaces screen: its name (cut short with the whole name on
 * hover and focus), environment, server, key status, the last check's result, and its actions.
 */
import type { Profile } from '../../../../src-shared/index.ts';
import { Badge, type Tone } from '../../components/Badge.tsx';
import { ErrorDetails } from '../../components/ErrorDetails.tsx';
import { useNow } from '../../lib/clock.ts';
import { formatAge, humanize } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';

const ENV_TONES: Record<Profile['environment'], Tone> = {
  production: 'danger',
  staging: 'warning',
  sandbox: 'accent',
  custom: 'neutral',
};

export interface CheckResult {
  tone: 'ok' | 'warn' | 'error';
  text: string;
  detail: string | null;
}

export interface WorkspaceCardProps {
  profile: Profile;
  active: boolean;
  result: CheckResult | undefined;
  testing: boolean;
  switching: boolean;
  onSwitch: () => void;
  onTest: () => void;
  onEdit: () => void;
  onReplaceKey: () => void;
  onRemove: () => void;
}

export function WorkspaceCard(props: WorkspaceCardProps) {
  const { profile, active, result } = props;
  return (
    <li className={`card${active ? ' card--active' : ''}`} data-testid="workspace-card" data-name={profile.name}>
      <div className="card-head">
        <h2 className="card-title truncate" title={profile.name} dir="auto">
          {profile.name}
        </h2>
        <Badge tone={ENV_TONES[profile.environment]}>{humanize(profile.environment)}</Badge>
        {active && (
          <Badge tone="success">{t({ id: 'workspaces.workspaceCard.inUse', defaultMessage: 'In use' })}</Badge>
        )}
      </div>
      <WorkspaceFacts profile={profile} />
      {profile.capabilities.reason && <p className="card-note">{profile.capabilities.reason}</p>}
      {result && (
        <div className={`card-result card-result--${result.tone}`} role="status" data-testid="verification-result">
          <p>{result.text}</p>
          <ErrorDetails detail={result.detail} />
        </div>
      )}
      <WorkspaceActions {...props} />
    </li>
  );
}

function WorkspaceFacts({ profile }: { profile: Profile }) {
  const now = useNow();
  const key = !profile.hasKey
    ? t({ id: 'workspaces.workspaceCard.noKeySaved', defaultMessage: 'No key saved' })
    : profile.keyHint
      ? t(
          { id: 'workspaces.workspaceCard.savedEndsIn', defaultMessage: 'Saved in the keychain · ends in ••••{hint}' },
          { hint: profile.keyHint },
        )
      : t({ id: 'workspaces.workspaceCard.savedInKeychain', defaultMessage: 'Saved in the keychain' });
  const mode =
    profile.keyMode === 'service-provider'
      ? t({ id: 'workspaces.workspaceCard.modeServiceProvider', defaultMessage: 'service-provider' })
      : t({ id: 'workspaces.workspaceCard.modeTenant', defaultMessage: 'tenant' });
  return (
    <dl className="card-facts">
      <dt>{t({ id: 'workspaces.workspaceCard.server', defaultMessage: 'Server' })}</dt>
      <dd className="mono truncate" title={profile.baseUrl} translate="no">
        {profile.baseUrl}
      </dd>
      <dt>{t({ id: 'workspaces.workspaceCard.key', defaultMessage: 'Key' })}</dt>
      <dd data-testid="key-status">
        {key} · {mode}
      </dd>
      <dt>{t({ id: 'workspaces.workspaceCard.checked', defaultMessage: 'Checked' })}</dt>
      <dd>
        {profile.lastVerifiedAt
          ? formatAge(profile.lastVerifiedAt, now)
          : t({ id: 'workspaces.workspaceCard.never', defaultMessage: 'never' })}
      </dd>
    </dl>
  );
}

function WorkspaceActions(props: WorkspaceCardProps) {
  const { profile, active, testing, switching } = props;
  const builtIn = profile.environment === 'sandbox';
  const small = 'button button--small';
  return (
    <div className="card-actions">
      {!active && (
        <button type="button" className={`${small} button--primary`} onClick={props.onSwitch} disabled={switching}>
          {t({ id: 'workspaces.workspaceCard.switchToThisWorkspace', defaultMessage: 'Switch to this workspace' })}
        </button>
      )}
      <button type="button" className={small} onClick={props.onTest} disabled={testing}>
        {testing
          ? t({ id: 'workspaces.workspaceCard.testing', defaultMessage: 'Testing…' })
          : t({ id: 'workspaces.workspaceCard.testConnection', defaultMessage: 'Test connection' })}
      </button>
      {!builtIn && (
        <>
          <button type="button" className={small} onClick={props.onEdit}>
            {t({ id: 'workspaces.workspaceCard.edit', defaultMessage: 'Edit…' })}
          </button>
          <button type="button" className={small} onClick={props.onReplaceKey}>
            {t({ id: 'workspaces.workspaceCard.replaceKey', defaultMessage: 'Replace key…' })}
          </button>
          <button type="button" className={`${small} button--ghost button--danger-text`} onClick={props.onRemove}>
            {t({ id: 'workspaces.workspaceCard.remove', defaultMessage: 'Remove…' })}
          </button>
        </>
      )}
    </div>
  );
}
