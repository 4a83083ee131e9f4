/**
 * Renderer. People and places of an assessment as the server sends them, made readable. A group's
 * `learners` and `learner_ids` are strings in the reference (JSON text of lists); anything that
 * is not such a list is read as a comma-separated list of names, never shown as raw JSON.
 */
import type { Assessment } from '../../../../src-shared/index.ts';

export interface Person {
  key: string;
  name: string;
  email: string | null;
  status: string | null;
}

type Loose = Record<string, unknown>;
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

function personFrom(value: unknown, index: number): Person | null {
  if (typeof value === 'string')
    return value.trim() ? { key: `${index}`, name: value.trim(), email: null, status: null } : null;
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Loose;
  const email = str(item.email);
  const name = str(item.full_name) ?? str(item.name) ?? email ?? 'Unnamed learner';
  return { key: str(item.id) ?? `${index}`, name, email: name === email ? null : email, status: str(item.status) };
}

export function parsePeople(raw: unknown): Person[] {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text === '') return [];
    try {
      value = JSON.parse(text);
    } catch {
      value = text.split(',');
    }
  }
  if (!Array.isArray(value)) return [];
  return value.map(personFrom).filter((p): p is Person => p !== null);
}

/** Members of a group: its learners, else as many "learner" entries as its ids list names. */
export function groupMembers(group: Loose): Person[] {
  const people = parsePeople(group.learners);
  if (people.length > 0) return people;
  const ids = parsePeople(group.learner_ids);
  return ids.map((p, i) => ({ key: p.key || `${i}`, name: `Learner ${i + 1}`, email: null, status: null }));
}

export type Seat = NonNullable<Assessment['seats']>[number];

/** Seats by the place they are in, places in the order the server lists them. */
export function seatsByLocation(seats: readonly Seat[]): { location: string; seats: Seat[] }[] {
  const groups = new Map<string, { location: string; seats: Seat[] }>();
  for (const seat of seats) {
    const name = str((seat.location as Loose | undefined)?.name) ?? 'Unknown place';
    const key = str(seat.location_id) ?? name;
    if (!groups.has(key)) groups.set(key, { location: name, seats: [] });
    groups.get(key)!.seats.push(seat);
  }
  return [...groups.values()];
}

export const LEARNER_STATUS_TONES: Record<string, 'success' | 'warning' | 'danger' | 'neutral'> = {
  ACTIVE: 'success',
  INVITED: 'neutral',
  PENDING: 'neutral',
  SUSPENDED: 'warning',
  INACTIVE: 'warning',
  BLOCKED: 'danger',
};
