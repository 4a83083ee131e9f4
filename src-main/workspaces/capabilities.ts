/**
 * Main process / plain Node. Which tenant-only features a workspace can use, from its key mode and
 * what the last verification found, with the one line the UI shows instead of a raw 403.
 */
import type { Access, Capabilities, KeyMode } from './types.ts';

export function capabilitiesFor(keyMode: KeyMode, access: Access | null): Capabilities {
  if (keyMode === 'service-provider') {
    return {
      assessments: false,
      assignments: false,
      reason: 'Assessments and assignments need a tenant key; this workspace uses a service-provider key.',
    };
  }
  if (access === 'module-forbidden') {
    return {
      assessments: false,
      assignments: false,
      reason:
        'The server refuses this key’s learning requests (403): the learning module may be disabled for the tenant.',
    };
  }
  if (access === 'assessments-forbidden') {
    return {
      assessments: false,
      assignments: true,
      reason:
        'This key is not allowed to use assessments (403); ask your administrator for the assessment permissions.',
    };
  }
  return { assessments: true, assignments: true, reason: null };
}
