/**
 * Renderer. The band across the top naming the workspace's environment. Production is red and
 * says so in capitals; staging is amber; the Sandbox is calm blue; a custom server is grey.
 */
import type { Profile } from '../../../src-shared/index.ts';
import { t } from '../lib/i18n.ts';

const TEXT: Record<Profile['environment'], { label: string; note: string }> = {
  production: { label: 'PRODUCTION', note: 'Changes here reach real learners.' },
  staging: { label: 'STAGING', note: 'A test copy of your tenant.' },
  sandbox: { label: 'SANDBOX', note: 'Demo data on this computer; nothing here is real.' },
  custom: { label: 'CUSTOM SERVER', note: '' },
};

export function EnvironmentBand({ profile }: { profile: Profile | null }) {
  if (!profile) return <div className="env-band env-band--none" aria-hidden="true" />;
  const text = TEXT[profile.environment];
  return (
    <div
      className={`env-band env-band--${profile.environment}`}
      data-testid="environment-band"
      data-environment={profile.environment}
      role="note"
      aria-label={t(
        { id: 'app.environmentBand.environment', defaultMessage: 'Environment: {toLowerCase}' },
        { toLowerCase: text.label.toLowerCase() },
      )}
    >
      <strong>{text.label}</strong>
      <span className="env-band-name" title={profile.name}>
        {profile.name}
      </span>
      {text.note && <span className="env-band-note">{text.note}</span>}
    </div>
  );
}
