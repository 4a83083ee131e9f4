/**
 * Shared (every process). Picking files and folders: main's native dialog where the transport has
 * one (Electron), else Lectern's own browser, which main lists folder by folder. The renderer holds
 * only opaque handles main issued (browse handles while browsing, then file or folder handles for
 * what was chosen), never a path.
 */
import { z } from 'zod';
import { NoInput, Uuid } from './common.ts';
import { FolderHandleSchema } from './folder-push.ts';
import { FileHandleSchema } from './uploads.ts';

/**
 * What a pick is for: one lesson or preview video (`video`), lesson videos (`videos`), a folder
 * whose videos are added (`video-folder`), a folder pushed as a whole course (`course`).
 */
export const PICK_PURPOSES = ['video', 'videos', 'video-folder', 'course'] as const;
export const PickPurposeSchema = z.enum(PICK_PURPOSES);
export type PickPurpose = z.infer<typeof PickPurposeSchema>;

/** A handle main issued for an entry it listed; meaningful only to the main that issued it. */
export const BrowseHandle = Uuid;

export const BrowseCrumbSchema = z.object({ handle: BrowseHandle, name: z.string() }).strict();

export const BrowseEntrySchema = z
  .object({
    handle: BrowseHandle,
    name: z.string(),
    kind: z.enum(['folder', 'file']),
    /** Bytes, for files. */
    size: z.number().int().nonnegative().optional(),
    /** A link, listed as what it points to. */
    link: z.literal(true).optional(),
  })
  .strict();
export type BrowseEntry = z.infer<typeof BrowseEntrySchema>;

export const BrowseListingSchema = z
  .object({
    folder: BrowseCrumbSchema,
    /** From the file system's root down to this folder. */
    trail: z.array(BrowseCrumbSchema).min(1),
    parent: BrowseHandle.nullable(),
    home: BrowseHandle,
    /** Folders first, then the files this pick may choose, in natural name order. */
    entries: z.array(BrowseEntrySchema),
    /** Entries whose names start with a dot, left out unless asked for. */
    hidden: z.number().int().nonnegative(),
    /** Entries beyond the listing's limit. */
    notShown: z.number().int().nonnegative(),
  })
  .strict();
export type BrowseListing = z.infer<typeof BrowseListingSchema>;

export const PickerKindSchema = z.object({ kind: z.enum(['native', 'browser']) }).strict();
export type PickerKind = z.infer<typeof PickerKindSchema>['kind'];

export const BrowseInput = z
  .object({ folder: BrowseHandle.optional(), purpose: PickPurposeSchema, showHidden: z.boolean().optional() })
  .strict();

export const ChooseFilesInput = z
  .object({
    purpose: z.enum(['video', 'videos', 'video-folder']),
    /** Files listed by the browser (`video`: one; `video-folder`: one folder, its videos are added). */
    handles: z.array(BrowseHandle).min(1).max(500),
  })
  .strict();

export const ChooseFolderInput = z.object({ handle: BrowseHandle }).strict();

/** The picking channels, spread into the contract's request channels (channels.ts). */
export const pickerChannels = {
  /** Which picker this transport has now: main's native dialog, or Lectern's own browser. */
  'picker.kind': { input: NoInput, output: PickerKindSchema },
  /** One folder's entries for a pick (none given: the home folder). Refused where a native dialog exists. */
  'picker.browse': { input: BrowseInput, output: BrowseListingSchema },
  /** The chosen files (or one folder's videos) as file handles, as the native dialog answers them. */
  'picker.chooseFiles': { input: ChooseFilesInput, output: z.array(FileHandleSchema) },
  /** The chosen folder as a folder handle (a course push), as the native dialog answers it. */
  'picker.chooseFolder': { input: ChooseFolderInput, output: FolderHandleSchema },
} as const;
