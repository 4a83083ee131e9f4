/**
 * Renderer. What the outline says once about its sections: the last section action's failure, and
 * why section actions are disabled (the server does not offer them, or this key was refused them),
 * each sentence once. Also starts the structure store for the open course.
 */
import { useEffect } from 'react';
import { useFeature } from '../../lib/feature-store.ts';
import { useStructure } from './store.ts';
import type { SectionReasons } from './use-section-actions.ts';

/** Starts the structure store and reads the course's waiting section work. */
export function useStructureOf(courseId: string): void {
  useFeature(useStructure);
  useEffect(() => {
    void useStructure
      .getState()
      .load(courseId)
      .catch(() => undefined);
  }, [courseId]);
}

export function SectionsNote({ reasons }: { reasons: SectionReasons }) {
  const error = useStructure((s) => s.error);
  const said = [...new Set([reasons.create, reasons.update, reasons.delete])].filter((r): r is string => r !== null);
  return (
    <>
      {error && (
        <p className="inline-alert" role="alert" data-testid="section-error">
          {error}
        </p>
      )}
      {said.length > 0 && (
        <p className="muted" data-testid="sections-disabled">
          {said.join(' ')}
        </p>
      )}
    </>
  );
}
