/**
 * Main process / plain Node. Workspaces (profiles): rows in the app-level SQLite file, keys in the
 * OS keychain (profile-keys.ts), never both. Verifies keys before storing them, tracks the active
 * workspace and tells listeners when it changes so everything can switch without a restart.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { originOfUrl } from '../api/index.ts';
import { t } from '../i18n/index.ts';
import type { KeyStore } from '../keychain/index.ts';
import { openDatabase, transaction, type DatabaseCorruptError } from '../store/index.ts';
import { ActiveProfileListeners, type ActiveProfileListener } from './active-profile-listeners.ts';
import { capabilitiesFor } from './capabilities.ts';
import {
  ConfirmationRequired,
  InvalidProfile,
  KeyRequired,
  NoKey,
  ProfileNameTaken,
  ProfileNotFound,
  SandboxProfileFixed,
} from './errors.ts';
import { ProfileKeys } from './profile-keys.ts';
import { ProfileRows, toProfile, type ProfileRow } from './profile-rows.ts';
import { workspaceMigrations } from './migrations/index.ts';
import { WORKSPACES_DB_FILE } from './schema.ts';
import type { Access, Capabilities, KeyMode, Profile, ProfileConnection } from './types.ts';
import type { ProfileInput, ProfilePatch, Verification } from './types.ts';
import {
  keyHint,
  normalizeApiKey,
  normalizeBaseUrl,
  normalizeEnvironment,
  normalizeKeyMode,
  normalizeName,
} from './validation.ts';
import { createProbeClient, probeKey, type ProbeClientFactory, type ProbeResult } from './verify.ts';

export interface WorkspaceServiceOptions {
  /** App data folder; the database is `<dataDir>/workspaces.sqlite`. */
  dataDir?: string;
  /** Or an explicit file (or ':memory:'). */
  dbPath?: string;
  keyStore: KeyStore;
  /** Builds the API client used to verify keys; default: the real client with one attempt. */
  createClient?: ProbeClientFactory;
  /** Called after a workspace's key is gone and before its row is, so local data can be deleted. */
  onProfileRemoved?: (profileId: string) => void | Promise<void>;
  /** A workspace's key was replaced (setKey, or update with a key): what the old one was refused says nothing about the new one. */
  onKeyReplaced?: (profileId: string) => void;
  /**
   * A listener of onActiveProfileChanged threw; the switch itself has happened and the other
   * listeners still ran. Without this handler, setActiveProfile rejects with the first such error.
   */
  onListenerError?: (error: unknown) => void;
  onCorrupt?: (error: DatabaseCorruptError) => void;
  now?: () => Date;
}

export interface SandboxProfileInput {
  baseUrl: string;
  apiKey: string;
  /** Default 'tenant'. */
  keyMode?: KeyMode;
}

export class WorkspaceService {
  readonly file: string;
  readonly #db: DatabaseSync;
  readonly #rows: ProfileRows;
  readonly #keys: ProfileKeys;
  readonly #createClient: ProbeClientFactory;
  readonly #onRemoved: WorkspaceServiceOptions['onProfileRemoved'];
  readonly #onKeyReplaced: WorkspaceServiceOptions['onKeyReplaced'];
  readonly #now: () => Date;
  readonly #listeners: ActiveProfileListeners;

  constructor(options: WorkspaceServiceOptions) {
    const path = options.dbPath ?? (options.dataDir ? join(options.dataDir, WORKSPACES_DB_FILE) : null);
    if (!path) throw new TypeError('WorkspaceService needs dataDir or dbPath.');
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.file = path;
    this.#db = openDatabase({
      path,
      migrations: workspaceMigrations,
      synchronous: 'FULL',
      onCorrupt: options.onCorrupt,
    });
    this.#rows = new ProfileRows(this.#db);
    this.#keys = new ProfileKeys(options.keyStore);
    this.#createClient = options.createClient ?? createProbeClient;
    this.#onRemoved = options.onProfileRemoved;
    this.#onKeyReplaced = options.onKeyReplaced;
    this.#listeners = new ActiveProfileListeners(options.onListenerError);
    this.#now = options.now ?? (() => new Date());
  }

  close(): void {
    this.#listeners.clear();
    this.#keys.clearCache();
    if (this.#db.isOpen) this.#db.close();
  }

  // ---- reading ---------------------------------------------------------------------------------

  /** The built-in Sandbox first, then by name. */
  list(): Profile[] {
    const activeId = this.activeProfileId();
    return this.#rows.all().map((row) => toProfile(row, activeId, this.#keys.has(row)));
  }

  get(profileId: string): Profile {
    return this.#profile(this.#row(profileId));
  }

  /** Case-insensitive, as names are unique regardless of case. */
  findByName(name: string): Profile | null {
    const row = this.#rows.byName(name.trim());
    return row ? this.#profile(row) : null;
  }

  capabilities(profile: Profile | string): Capabilities {
    const row = this.#row(typeof profile === 'string' ? profile : profile.id);
    return capabilitiesFor(row.key_mode, row.access);
  }

  // ---- adding and editing ----------------------------------------------------------------------

  /**
   * Adds a workspace. With `apiKey`, the key is verified first and nothing at all is written when
   * verification or the keychain fails.
   */
  async add(input: ProfileInput & { apiKey?: string | undefined }): Promise<Verification> {
    const name = normalizeName(input.name);
    const environment = normalizeEnvironment(input.environment);
    const baseUrl = normalizeBaseUrl(input.baseUrl);
    const keyMode = normalizeKeyMode(input.keyMode);
    const apiKey = input.apiKey === undefined ? null : normalizeApiKey(input.apiKey);
    this.#requireFreeName(name, null);

    const id = randomUUID();
    let probe: ProbeResult | null = null;
    if (apiKey !== null) {
      probe = await probeKey({ baseUrl, apiKey, chosenMode: keyMode, saved: false, createClient: this.#createClient });
      this.#requireFreeName(name, null); // it may have been taken while we waited
      await this.#keys.save(id, apiKey, baseUrl);
    }
    const at = this.#now().toISOString();
    try {
      this.#rows.insert({
        id,
        name,
        environment,
        baseUrl,
        keyMode,
        hasKey: apiKey !== null,
        keyHint: apiKey === null ? null : keyHint(apiKey),
        access: probe?.access ?? null,
        lastVerifiedAt: probe ? at : null,
        at,
      });
    } catch (error) {
      if (apiKey !== null) await this.#keys.delete(id).catch(() => undefined);
      throw error;
    }
    return { profile: this.get(id), verifiedMode: probe?.verifiedMode ?? null, warning: probe?.warning ?? null };
  }

  /**
   * Rename, move to another server, change environment or key mode. The Sandbox may only be renamed.
   * Moving a workspace that has a key needs a key for the new address (`apiKey`), verified there
   * before anything changes; it replaces the old key, which is never sent to the new address.
   */
  async update(profileId: string, patch: ProfilePatch & { apiKey?: string | undefined }): Promise<Profile> {
    const row = this.#row(profileId);
    if (
      row.environment === 'sandbox' &&
      (patch.baseUrl !== undefined ||
        patch.environment !== undefined ||
        patch.keyMode !== undefined ||
        patch.apiKey !== undefined)
    ) {
      throw new SandboxProfileFixed('move');
    }
    const fields = {
      name: patch.name === undefined ? row.name : normalizeName(patch.name),
      environment: patch.environment === undefined ? row.environment : normalizeEnvironment(patch.environment),
      baseUrl: patch.baseUrl === undefined ? row.base_url : normalizeBaseUrl(patch.baseUrl),
      keyMode: patch.keyMode === undefined ? row.key_mode : normalizeKeyMode(patch.keyMode),
    };
    this.#requireFreeName(fields.name, profileId);
    const moved = fields.baseUrl !== row.base_url;
    const apiKey = patch.apiKey === undefined ? null : normalizeApiKey(patch.apiKey);
    if (apiKey === null) {
      if (moved && row.has_key === 1) throw new KeyRequired(row.name, fields.baseUrl);
      // A verification made against one server says nothing about another.
      this.#rows.updateFields(profileId, fields, moved, this.#now().toISOString());
      if (moved && this.activeProfileId() === profileId) await this.#notify(profileId, profileId);
      return this.get(profileId);
    }
    const probe = await probeKey({
      baseUrl: fields.baseUrl,
      apiKey,
      chosenMode: fields.keyMode,
      saved: false,
      createClient: this.#createClient,
    });
    this.#row(profileId); // removed while we verified: store nothing
    this.#requireFreeName(fields.name, profileId);
    await this.#keys.save(profileId, apiKey, fields.baseUrl);
    const at = this.#now().toISOString();
    transaction(this.#db, () => {
      this.#rows.updateFields(profileId, fields, true, at);
      this.#rows.keyStored(profileId, fields.baseUrl, keyHint(apiKey), probe.access, at);
    });
    this.#onKeyReplaced?.(profileId);
    // The active workspace's client, sync and uploads were built for the old address: reopen them.
    if (moved && this.activeProfileId() === profileId) await this.#notify(profileId, profileId);
    return this.get(profileId);
  }

  /**
   * Deletes the key from the keychain, switches away if it was active, lets `onProfileRemoved`
   * delete local data, then drops the row. A failing step leaves the row, so removing can be retried.
   */
  async remove(profileId: string, options: { confirm?: boolean } = {}): Promise<void> {
    const row = this.#row(profileId);
    if (row.environment === 'sandbox') throw new SandboxProfileFixed('remove');
    if (options.confirm !== true) throw new ConfirmationRequired(row.name);
    try {
      await this.#keys.delete(profileId);
    } catch (error) {
      // A workspace that never had a key saved has nothing to lose; otherwise do not orphan the key.
      if (row.has_key === 1) throw error;
    }
    this.#rows.keyRemoved(profileId);
    if (this.activeProfileId() === profileId) await this.#activate(this.#rows.sandbox()?.id ?? null);
    await this.#onRemoved?.(profileId);
    this.#rows.delete(profileId);
  }

  // ---- keys ------------------------------------------------------------------------------------

  /** Verifies the key against the workspace's server, then (only then) stores or replaces it. */
  async setKey(profileId: string, apiKeyInput: string): Promise<Verification> {
    const row = this.#row(profileId);
    if (row.environment === 'sandbox') throw new SandboxProfileFixed('replace-key');
    const apiKey = normalizeApiKey(apiKeyInput);
    const probe = await probeKey({
      baseUrl: row.base_url,
      apiKey,
      chosenMode: row.key_mode,
      saved: false,
      createClient: this.#createClient,
    });
    await this.#keys.save(profileId, apiKey, row.base_url);
    const at = this.#now().toISOString();
    if (!this.#rows.keyStored(profileId, row.base_url, keyHint(apiKey), probe.access, at)) {
      // Removed or moved to another server while we verified: do not leave a key it cannot use.
      const stillThere = this.#rows.byId(profileId);
      if (!stillThere) await this.#keys.delete(profileId).catch(() => undefined);
      throw stillThere
        ? new InvalidProfile(
            'baseUrl',
            t({
              id: 'workspaces.service.serverChangedWhileVerifying',
              defaultMessage: 'The workspace’s server changed while the key was being verified; save the key again.',
            }),
          )
        : new ProfileNotFound(profileId, 'removed-while-verifying');
    }
    this.#onKeyReplaced?.(profileId);
    return { profile: this.get(profileId), verifiedMode: probe.verifiedMode, warning: probe.warning };
  }

  /** The same probe as when saving, with the stored key. Records the time and what it found. */
  async testConnection(profileId: string): Promise<Verification> {
    const row = this.#row(profileId);
    const apiKey = await this.#keys.read(row);
    // The client would refuse too; saying it here names the way out.
    if (apiKey.origin !== originOfUrl(row.base_url)) throw new KeyRequired(row.name, row.base_url);
    const probe = await probeKey({
      baseUrl: row.base_url,
      apiKey,
      chosenMode: row.key_mode,
      saved: true,
      createClient: this.#createClient,
    });
    this.#rows.verified(profileId, probe.access, this.#now().toISOString());
    return { profile: this.get(profileId), verifiedMode: probe.verifiedMode, warning: probe.warning };
  }

  /** For main-process services only (API client, uploads, sync): never send this over IPC. */
  getConnection(profileId: string): ProfileConnection {
    const row = this.#row(profileId);
    if (!this.#keys.has(row)) throw new NoKey(row.name);
    return {
      profileId,
      baseUrl: row.base_url,
      keyMode: row.key_mode,
      apiKey: async () => this.#keys.read(this.#row(profileId)),
    };
  }

  // ---- the built-in Sandbox ------------------------------------------------------------------

  /**
   * Creates the built-in Sandbox workspace on first start and points it at this launch's sandbox
   * server afterwards. Makes it active when no workspace is.
   */
  async ensureSandboxProfile(input: SandboxProfileInput): Promise<Profile> {
    const baseUrl = normalizeBaseUrl(input.baseUrl);
    const apiKey = normalizeApiKey(input.apiKey);
    const keyMode = normalizeKeyMode(input.keyMode ?? 'tenant');
    const at = this.#now().toISOString();
    // The app hands over a key it just got from the sandbox: no need to probe it over HTTP.
    const access: Access = keyMode === 'tenant' ? 'full' : 'assessments-forbidden';
    const id = transaction(this.#db, () => {
      const existing = this.#rows.sandbox();
      if (existing) {
        this.#rows.sandboxStarted(existing.id, baseUrl, keyMode, access, keyHint(apiKey), at);
        return existing.id;
      }
      const newId = randomUUID();
      this.#rows.insert({
        id: newId,
        name: this.#rows.freeName('Sandbox'),
        environment: 'sandbox',
        baseUrl,
        keyMode,
        hasKey: false, // the key is in memory, not in any keychain
        keyHint: keyHint(apiKey),
        access,
        lastVerifiedAt: at,
        at,
      });
      return newId;
    });
    this.#keys.setSandboxKey(id, { key: apiKey, origin: originOfUrl(baseUrl) });
    if (this.activeProfileId() === null) await this.#activate(id);
    return this.get(id);
  }

  // ---- the active workspace ------------------------------------------------------------------

  activeProfileId(): string | null {
    return this.#rows.activeId();
  }

  getActiveProfile(): Profile | null {
    const id = this.activeProfileId();
    return id ? this.get(id) : null;
  }

  /** Switches workspace; resolves after every listener has finished switching its part. */
  async setActiveProfile(profileId: string): Promise<Profile> {
    this.#row(profileId);
    await this.#activate(profileId);
    return this.get(profileId);
  }

  /** Listeners run one after another, in the order added; returns an unsubscribe function. */
  onActiveProfileChanged(listener: ActiveProfileListener): () => void {
    return this.#listeners.add(listener);
  }

  // ---- internals -------------------------------------------------------------------------------

  async #activate(profileId: string | null): Promise<void> {
    const previousProfileId = this.activeProfileId();
    if (previousProfileId === profileId) return;
    this.#rows.setActiveId(profileId);
    await this.#notify(profileId, previousProfileId);
  }

  async #notify(profileId: string | null, previousProfileId: string | null): Promise<void> {
    await this.#listeners.notify({ profile: profileId ? this.get(profileId) : null, previousProfileId });
  }

  #profile(row: ProfileRow): Profile {
    return toProfile(row, this.activeProfileId(), this.#keys.has(row));
  }

  #row(profileId: string): ProfileRow {
    const row = this.#rows.byId(profileId);
    if (!row) throw new ProfileNotFound(profileId);
    return row;
  }

  #requireFreeName(name: string, exceptId: string | null): void {
    const taken = this.#rows.byName(name);
    if (taken && taken.id !== exceptId) throw new ProfileNameTaken(name);
  }
}
