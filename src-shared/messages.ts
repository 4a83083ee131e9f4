/**
 * Shared (every process). How shared code words things: message descriptors (an id and the English
 * words, ICU MessageFormat) and a `Say` that speaks them, the renderer's t() or main's. No schema
 * library here, so code that only words things (a connection failure's sentence) loads none.
 */
/** A message as the catalogues know it: its id and its English words (ICU MessageFormat). */
export interface MessageDescriptor {
  id: string;
  defaultMessage: string;
}

/**
 * Says a message in the app's language: the renderer's `t()` or main's. Shared code that words
 * something takes one, so its sentences come out of the same catalogue in either process.
 */
export type Say = (descriptor: MessageDescriptor, values?: Record<string, string | number>) => string;

/** A table of messages, marked for extraction (formatjs's tools find `defineMessages` by its name). */
export function defineMessages<K extends string>(messages: Record<K, MessageDescriptor>): Record<K, MessageDescriptor> {
  return messages;
}
