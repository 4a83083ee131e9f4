// Main process / plain Node. The error the upload manager's own methods throw (and the staging
// guard in front of it): plain `{ code, message }` for IPC, `details` for the renderer.

export class UploadManagerError extends Error {
  readonly code: string;
  readonly details?: unknown;
  constructor(code: string, message: string, details?: unknown) {
    super(message);
    this.code = code;
    this.details = details;
  }
}
