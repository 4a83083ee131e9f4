/** Shared (every process). Workspaces (profiles): what the renderer sees of them and sends. */
import { z } from 'zod';
import { Id, IsoTime } from './common.ts';
import { ENVIRONMENTS, KEY_MODES, USER_ENVIRONMENTS } from './states.ts';

const CapabilitiesSchema = z.object({
  assessments: z.boolean(),
  assignments: z.boolean(),
  /** One line shown where tenant-only features are hidden. */
  reason: z.string().nullable(),
});

export const ProfileSchema = z.object({
  id: Id,
  name: z.string(),
  environment: z.enum(ENVIRONMENTS),
  baseUrl: z.string(),
  keyMode: z.enum(KEY_MODES),
  lastVerifiedAt: IsoTime.nullable(),
  hasKey: z.boolean(),
  /** At most the last four characters of the key; the key itself never leaves main. */
  keyHint: z.string().max(4).nullable(),
  isActive: z.boolean(),
  capabilities: CapabilitiesSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

const ProfileName = z
  .string()
  .trim()
  .min(1, 'Give the workspace a name.')
  .max(80, 'Keep the name to 80 characters or fewer.');
const BaseUrl = z
  .string()
  .trim()
  .url('Enter the server address, e.g. https://api.example.com')
  .refine((u) => /^https?:\/\//i.test(u), 'The address must start with http:// or https://');
/** Typed once into the key field and sent to main on save; never sent back. */
const ApiKeyInput = z
  .string()
  .trim()
  .min(8, 'That is too short to be an API key.')
  .max(4096, 'That is too long to be an API key: check that only the key was pasted.');

export const ProfileDraftSchema = z
  .object({
    name: ProfileName,
    environment: z.enum(USER_ENVIRONMENTS),
    baseUrl: BaseUrl,
    keyMode: z.enum(KEY_MODES),
    apiKey: ApiKeyInput,
  })
  .strict();

export const ProfileUpdateSchema = z
  .object({
    id: Id,
    name: ProfileName.optional(),
    environment: z.enum(USER_ENVIRONMENTS).optional(),
    baseUrl: BaseUrl.optional(),
    keyMode: z.enum(KEY_MODES).optional(),
    /** Required when `baseUrl` changes on a workspace with a key: keys are bound to their address. */
    apiKey: ApiKeyInput.optional(),
  })
  .strict();

export const SetKeyInputSchema = z.object({ id: Id, apiKey: ApiKeyInput }).strict();

export const VerificationSchema = z.object({
  profile: ProfileSchema,
  verifiedMode: z.enum(KEY_MODES).nullable(),
  warning: z.string().nullable(),
});

export const WorkspaceListSchema = z.object({ profiles: z.array(ProfileSchema), activeId: Id.nullable() });
