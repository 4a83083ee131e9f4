/**
 * Main process / plain Node. Every SQL statement of the workspaces database, so the service reads
 * as logic. Rows carry no key: only `has_key` and a hint of at most four characters.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { statement } from '../store/index.ts';
import { capabilitiesFor } from './capabilities.ts';
import { ProfileNameTaken } from './errors.ts';
import type { Access, Environment, KeyMode, Profile } from './types.ts';

export interface ProfileRow {
  id: string;
  name: string;
  environment: Environment;
  base_url: string;
  key_mode: KeyMode;
  has_key: number;
  key_hint: string | null;
  access: Access | null;
  last_verified_at: string | null;
  created_at: string;
}

/** A row as the app shows it; the hint only while a key is there. */
export function toProfile(row: ProfileRow, activeId: string | null, hasKey: boolean): Profile {
  return {
    id: row.id,
    name: row.name,
    environment: row.environment,
    baseUrl: row.base_url,
    keyMode: row.key_mode,
    lastVerifiedAt: row.last_verified_at,
    createdAt: row.created_at,
    hasKey,
    keyHint: hasKey ? row.key_hint : null,
    isActive: row.id === activeId,
    capabilities: capabilitiesFor(row.key_mode, row.access),
  };
}

export interface NewProfile {
  id: string;
  name: string;
  environment: Environment;
  baseUrl: string;
  keyMode: KeyMode;
  hasKey: boolean;
  keyHint: string | null;
  access: Access | null;
  lastVerifiedAt: string | null;
  at: string;
}

export interface ProfileFields {
  name: string;
  environment: Environment;
  baseUrl: string;
  keyMode: KeyMode;
}

const ACTIVE_KEY = 'active_profile_id';

export class ProfileRows {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** The statement for `sql`, prepared once per database (store/statements.ts says why). */
  #sql(sql: string): StatementSync {
    return statement(this.#db, sql);
  }

  /** The built-in Sandbox first, then by name. */
  all(): ProfileRow[] {
    return this.#sql(
      "SELECT * FROM profiles ORDER BY environment <> 'sandbox', name COLLATE NOCASE",
    ).all() as unknown as ProfileRow[];
  }

  byId(id: string): ProfileRow | null {
    return (this.#sql('SELECT * FROM profiles WHERE id = ?').get(id) as ProfileRow | undefined) ?? null;
  }

  /** Names are unique regardless of case. */
  byName(name: string): ProfileRow | null {
    return (
      (this.#sql('SELECT * FROM profiles WHERE name = ? COLLATE NOCASE').get(name) as ProfileRow | undefined) ?? null
    );
  }

  sandbox(): ProfileRow | null {
    return (this.#sql("SELECT * FROM profiles WHERE environment = 'sandbox'").get() as ProfileRow | undefined) ?? null;
  }

  insert(p: NewProfile): void {
    try {
      this.#sql(
        `INSERT INTO profiles (id, name, environment, base_url, key_mode, has_key, key_hint, access,
             last_verified_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        p.id,
        p.name,
        p.environment,
        p.baseUrl,
        p.keyMode,
        p.hasKey ? 1 : 0,
        p.keyHint,
        p.access,
        p.lastVerifiedAt,
        p.at,
        p.at,
      );
    } catch (error) {
      if (/UNIQUE constraint failed: profiles\.name/.test(String(error))) throw new ProfileNameTaken(p.name);
      throw error;
    }
  }

  /** A verification only holds for the server it was made against: `resetVerification` on a move. */
  updateFields(id: string, f: ProfileFields, resetVerification: boolean, at: string): void {
    this.#sql(
      `UPDATE profiles SET name = ?, environment = ?, base_url = ?, key_mode = ?, updated_at = ?,
           access = CASE WHEN ? THEN NULL ELSE access END,
           last_verified_at = CASE WHEN ? THEN NULL ELSE last_verified_at END
         WHERE id = ?`,
    ).run(f.name, f.environment, f.baseUrl, f.keyMode, at, resetVerification ? 1 : 0, resetVerification ? 1 : 0, id);
  }

  /** Records a newly stored key; false when the row is gone or moved to another server meanwhile. */
  keyStored(id: string, expectedBaseUrl: string, hint: string | null, access: Access, at: string): boolean {
    const result = this.#sql(
      `UPDATE profiles SET has_key = 1, key_hint = ?, access = ?, last_verified_at = ?, updated_at = ?
         WHERE id = ? AND base_url = ?`,
    ).run(hint, access, at, at, id, expectedBaseUrl);
    return Number(result.changes) > 0;
  }

  keyRemoved(id: string): void {
    this.#sql('UPDATE profiles SET has_key = 0, key_hint = NULL WHERE id = ?').run(id);
  }

  verified(id: string, access: Access, at: string): void {
    this.#sql('UPDATE profiles SET access = ?, last_verified_at = ? WHERE id = ?').run(access, at, id);
  }

  sandboxStarted(id: string, baseUrl: string, keyMode: KeyMode, access: Access, hint: string | null, at: string): void {
    this.#sql(
      `UPDATE profiles SET base_url = ?, key_mode = ?, access = ?, key_hint = ?, last_verified_at = ?, updated_at = ?
         WHERE id = ?`,
    ).run(baseUrl, keyMode, access, hint, at, at, id);
  }

  delete(id: string): void {
    this.#sql('DELETE FROM profiles WHERE id = ?').run(id);
  }

  /** The stored active id, if that workspace still exists. */
  activeId(): string | null {
    const row = this.#sql('SELECT value FROM settings WHERE key = ?').get(ACTIVE_KEY) as { value: string } | undefined;
    return row && this.byId(row.value) ? row.value : null;
  }

  setActiveId(id: string | null): void {
    if (id === null) {
      this.#sql('DELETE FROM settings WHERE key = ?').run(ACTIVE_KEY);
      return;
    }
    this.#sql(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(ACTIVE_KEY, id);
  }

  /** `base`, or `base 2`, `base 3`… whichever is free. */
  freeName(base: string): string {
    for (let n = 1; ; n += 1) {
      const name = n === 1 ? base : `${base} ${n}`;
      if (!this.byName(name)) return name;
    }
  }
}
