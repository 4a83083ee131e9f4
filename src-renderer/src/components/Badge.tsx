/** Renderer. Small labels for statuses and kinds; the tone carries meaning, the text says it too. */
import type { ReactNode } from 'react';
import { humanize } from '../lib/format.ts';

export type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

export function Badge({ tone = 'neutral', children, testId }: { tone?: Tone; children: ReactNode; testId?: string }) {
  return (
    <span className={`badge badge--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}

const STATUS_TONES: Record<string, Tone> = {
  DRAFT: 'neutral',
  PUBLISHED: 'success',
  ARCHIVED: 'warning',
};

/** A status the server left out shows "—"; one the app does not know shows as it came. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  if (!status) return <Badge>—</Badge>;
  const label = STATUS_TONES[status] ? humanize(status) : status;
  return <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{label}</Badge>;
}
