// Main process / plain Node. The thread that reads file signatures (format-reader.ts), started by
// the first check or ahead of it. A module of its own, so `lectern upload` can start the thread
// before the upload engine has loaded (src-main/cli/commands/upload.ts).
import { FormatReader } from './format-reader.ts';

export const formatReader = new FormatReader();
