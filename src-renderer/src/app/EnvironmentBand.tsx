/**
 * Renderer. The band across the top naming the workspace's environment. Production is red and
 * says so in capitals; staging is amber; the Sandbox is calm blue; a custom server is grey.
 */
import type { Profile } from '../../../src-shared/index.ts';
import { defineMessages } from 'react-intl';
import { t, type MessageDescriptor } from '../lib/i18n.ts';

// Descriptors, not words: this table is built when the module loads, before the language is known.
const TEXT = {
  production: defineMessages({
    label: { id: 'app.environmentBand.production.label', defaultMessage: 'PRODUCTION' },
    note: { id: 'app.environmentBand.production.note', defaultMessage: 'Changes here reach real learners.' },
  }),
  staging: defineMessages({
    label: { id: 'app.environmentBand.staging.label', defaultMessage: 'STAGING' },
    note: { id: 'app.environmentBand.staging.note', defaultMessage: 'A test copy of your tenant.' },
  }),
  sandbox: defineMessages({
    label: { id: 'app.environmentBand.sandbox.label', defaultMessage: 'SANDBOX' },
    note: {
      id: 'app.environmentBand.sandbox.note',
      defaultMessage: 'Demo data on this computer; nothing here is real.',
    },
  }),
  custom: defineMessages({
    label: { id: 'app.environmentBand.custom.label', defaultMessage: 'CUSTOM SERVER' },
  }),
} satisfies Record<Profile['environment'], { label: MessageDescriptor; note?: MessageDescriptor }>;

export function EnvironmentBand({ profile }: { profile: Profile | null }) {
  if (!profile) return <div className="env-band env-band--none" aria-hidden="true" />;
  const messages: { label: MessageDescriptor; note?: MessageDescriptor } = TEXT[profile.environment];
  const text = { label: t(messages.label), note: messages.note ? t(messages.note) : '' };
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
      <span className="env-band-name" title={profile.name} dir="auto">
        {profile.name}
      </span>
      {text.note && <span className="env-band-note">{text.note}</span>}
    </div>
  );
}
