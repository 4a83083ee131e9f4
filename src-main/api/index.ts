// Main process / plain Node. Public surface of the API client: import from here.
export { createApiClient, USER_AGENT } from './client.ts';
export type {
  ApiClient,
  ApiClientOptions,
  AssessmentQuery,
  CallOptions,
  CourseQuery,
  CreateOptions,
  ListMethods,
  ListQuery,
  Page,
} from './client.ts';
export type { ApiKeySource } from './core.ts';
export { KeyBoundElsewhereError, keyText, originOfUrl } from './key-binding.ts';
export { createRedactor } from './redact.ts';
export type { BoundApiKey, ClientKeySource } from './key-binding.ts';
export * from './errors.ts';
export type { RequestLogEntry } from './log.ts';
export {
  API_PREFIX,
  CONFLICT_RETRIES,
  PREVIEW_VIDEO_FINAL_STATUSES,
  SECTION_NOT_EMPTY_STATUSES,
  STRUCTURE_OPERATIONS,
  TEXT_LESSON_TYPE,
  catalogue,
  operations,
} from './catalogue.ts';
export type { Operation, OperationId, HttpMethod, StructureOperationId } from './catalogue.ts';
export { notOfferedSentence } from './structure.ts';
export { DEFAULT_RETRY } from './retry.ts';
export type { RetryOptions } from './retry.ts';
export { DEFAULT_TIMEOUTS } from './transport.ts';
export { Agent, request } from './http-stack.ts';
export type { Timeouts } from './transport.ts';
export type {
  Assessment,
  AssessmentCreateBody,
  AssessmentUpdateBody,
  Assignment,
  AssignmentCreateBody,
  Category,
  CompletePart,
  ContentMedia,
  Course,
  CourseUpdateBody,
  DraftedCourse,
  DraftedSection,
  FieldError,
  Group,
  LearnerSummary,
  LearningClass,
  Lesson,
  LessonCreateBody,
  LessonUpdateBody,
  Location,
  Paginator,
  PresignedPart,
  Quiz,
  Seat,
  Section,
  SectionCreateBody,
  SectionUpdateBody,
  UploadCreateBody,
  UploadedPart,
  UploadSession,
} from '../../src-shared/api/schemas.ts';
export type { Deviation, DeviationRecord, FoundDeviation } from './deviations.ts';
