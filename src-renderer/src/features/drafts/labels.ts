/** Renderer. How draft fields and their values read in banners, change lists and the conflict view. */

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  source: 'Source',
  type: 'Type',
  organization_strategy: 'Organization',
  seat_layout: 'Seat layout',
  duration_hours: 'Duration, hours',
  duration_minutes: 'Duration, minutes',
  status: 'Status',
  total_points: 'Total points',
  questions: 'Questions',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field.replace(/_/g, ' ');
}

export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** An edit of a server resource with nothing unsent in it (sent, or opened and left as it was):
 * no work of the user's, so it is not listed as a draft and never stands in for the server copy. */
export function isIdleUpdate(draft: { operation: string; state: string; hasChanges: boolean }): boolean {
  return draft.operation === 'update' && !draft.hasChanges && (draft.state === 'editing' || draft.state === 'sent');
}
