/**
 * Shared tests. Messages said as formatjs says them in English (the words main says before a
 * language is chosen, and the CLI always): shared code's sentences are tested through the same
 * ICU formatting as in the app, not through a stand-in.
 */
import { createIntl, createIntlCache } from '@formatjs/intl';
import type { Say } from '../messages.ts';

const english = createIntl({ locale: 'en', messages: {} }, createIntlCache());

export const sayEnglish: Say = (descriptor, values) => english.formatMessage(descriptor, values);
