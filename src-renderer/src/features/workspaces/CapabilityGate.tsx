/**
 * Renderer. A screen for a feature the active workspace's key may not have (assessments,
 * assignments: tenant keys only): the screen itself, or its title over the one-line reason it is
 * not available here. While no workspace is known yet, the screen shows (it asks and says why).
 */
import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Unavailable } from '../../components/States.tsx';
import { useActiveProfile } from './store.ts';

export type GatedFeature = 'assessments' | 'assignments';

/** Said when main gave no reason of its own. */
const FALLBACK_REASONS: Record<GatedFeature, string> = {
  assessments: 'This workspace’s key cannot see assessments.',
  assignments: 'This workspace’s key cannot create assignments.',
};

export function CapabilityGate({
  feature,
  title,
  children,
}: {
  feature: GatedFeature;
  /** The screen's title, kept over the reason so the page still says where it is. */
  title: string;
  children: ReactNode;
}) {
  const profile = useActiveProfile();
  if (profile && !profile.capabilities[feature]) {
    return (
      <div className="screen">
        <PageHeader title={title} />
        <Unavailable reason={profile.capabilities.reason ?? FALLBACK_REASONS[feature]} />
      </div>
    );
  }
  return <>{children}</>;
}
