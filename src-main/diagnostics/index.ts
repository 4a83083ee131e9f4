/**
 * Main process / plain Node. What support needs, for the app's Diagnostics screen and the CLI's
 * `diagnostics` command: request rows, recent errors, deviations, data-folder size; scrubbed of keys.
 */
export {
  DiagnosticsRecorder,
  buildDiagnostics,
  folderSize,
  mergeDeviations,
  requestErrors,
  requestRows,
  type RecentError,
} from './report.ts';
