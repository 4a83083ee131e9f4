// Main process / plain Node. The sandbox's four API keys, what each may do, and strict Bearer parsing.
// Keys live in the sandbox database (so they survive restarts with --data); they are never logged.
import { randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { authenticationFailed, forbidden, missingKey } from './envelope.ts';

export const PRINCIPAL_NAMES = ['tenantAdmin', 'tenantViewer', 'serviceProvider', 'moduleDisabled'] as const;
export type PrincipalName = (typeof PRINCIPAL_NAMES)[number];
export interface SandboxKeys {
  tenantAdmin: string;
  tenantViewer: string;
  serviceProvider: string;
  moduleDisabled: string;
}

export const MODELS = [
  'category',
  'course',
  'section',
  'lesson',
  'quiz',
  'assessment',
  'assignment',
  'upload',
] as const;
export type Model = (typeof MODELS)[number];
export type Action = 'view' | 'add' | 'change' | 'delete';
export type Permission = `learning.${Action}_${Model}`;

/** Data owners: tenant keys see the tenant's workspace, the service-provider key its own admin training. */
export const OWNERS = { tenant: 'tenant', provider: 'provider', disabledTenant: 'tenant-disabled' } as const;

export interface Principal {
  name: PrincipalName;
  owner: string;
  mode: 'tenant' | 'service_provider';
  moduleEnabled: boolean;
  permissions: ReadonlySet<Permission>;
}

const ALL = new Set<Permission>(
  MODELS.flatMap((model) =>
    (['view', 'add', 'change', 'delete'] as const).map((action) => `learning.${action}_${model}` as const),
  ),
);
const VIEW_ONLY = new Set<Permission>([...ALL].filter((permission) => permission.startsWith('learning.view_')));

const PRINCIPALS: Record<PrincipalName, Principal> = {
  tenantAdmin: { name: 'tenantAdmin', owner: OWNERS.tenant, mode: 'tenant', moduleEnabled: true, permissions: ALL },
  tenantViewer: {
    name: 'tenantViewer',
    owner: OWNERS.tenant,
    mode: 'tenant',
    moduleEnabled: true,
    permissions: VIEW_ONLY,
  },
  serviceProvider: {
    name: 'serviceProvider',
    owner: OWNERS.provider,
    mode: 'service_provider',
    moduleEnabled: true,
    permissions: ALL,
  },
  moduleDisabled: {
    name: 'moduleDisabled',
    owner: OWNERS.disabledTenant,
    mode: 'tenant',
    moduleEnabled: false,
    permissions: ALL,
  },
};

const KEY_PREFIX: Record<PrincipalName, string> = {
  tenantAdmin: 'sbx_tenant_admin_',
  tenantViewer: 'sbx_tenant_viewer_',
  serviceProvider: 'sbx_service_provider_',
  moduleDisabled: 'sbx_module_disabled_',
};

export class KeyRing {
  readonly keys: SandboxKeys;
  private readonly byKey: Map<string, Principal>;

  constructor(db: DatabaseSync) {
    const rows = db.prepare('SELECT principal, api_key FROM api_keys').all() as {
      principal: string;
      api_key: string;
    }[];
    const stored = new Map(rows.map((row) => [row.principal, row.api_key]));
    const insert = db.prepare('INSERT INTO api_keys (principal, api_key) VALUES (?, ?)');
    const keys = {} as SandboxKeys;
    for (const name of PRINCIPAL_NAMES) {
      let key = stored.get(name);
      if (key === undefined) {
        key = KEY_PREFIX[name] + randomBytes(20).toString('hex');
        insert.run(name, key);
      }
      keys[name] = key;
    }
    this.keys = keys;
    this.byKey = new Map(PRINCIPAL_NAMES.map((name) => [keys[name], PRINCIPALS[name]]));
  }

  /** 401 unless the header is exactly `Bearer <known key>`. */
  authenticate(header: string | undefined): Principal {
    const key = parseBearer(header);
    if (key === null) throw missingKey();
    const principal = this.byKey.get(key);
    if (principal === undefined) throw authenticationFailed();
    return principal;
  }
}

/**
 * Strict RFC 6750 parsing: the scheme `Bearer` (this exact spelling), one space, one token68.
 * Anything else (other schemes, extra spaces, empty token, a second word) counts as missing.
 */
export function parseBearer(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/.exec(header);
  return match?.[1] ?? null;
}

export interface AccessRule {
  permission: Permission;
  /** Assessments and assignments: a service-provider key gets 403. */
  tenantOnly?: boolean;
}

export function authorize(principal: Principal, rule: AccessRule): void {
  if (!principal.moduleEnabled) throw forbidden();
  if (rule.tenantOnly === true && principal.mode !== 'tenant') throw forbidden();
  if (!principal.permissions.has(rule.permission)) throw forbidden();
}
