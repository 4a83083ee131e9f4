/**
 * Renderer. The contract's runtime values the forms need (limits, enums, schemas), in one place
 * that also configures zod: the CSP forbids eval, so zod must not try its eval-based fast path.
 * Only screens loaded on demand import this, so zod stays off the path to the first screen.
 */
import { z } from 'zod';

z.config({ jitless: true });

export {
  ApiResources,
  Enums,
  FormSchemas,
  KEY_MODES,
  MAX_DURATION,
  ProfileDraftSchema,
} from '../../../src-shared/index.ts';
