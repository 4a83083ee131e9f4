/**
 * Renderer. The contract's runtime values the forms need (limits, enums, schemas), in one place.
 * Only screens loaded on demand import this, so zod stays off the path to the first screen (zod is
 * told not to use eval before any of it loads: lib/zod-jitless.ts).
 */
export {
  ApiResources,
  Enums,
  FormSchemas,
  KEY_MODES,
  MAX_DURATION,
  ProfileDraftSchema,
} from '../../../src-shared/index.ts';
