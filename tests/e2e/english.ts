/** The interface's English words, as the extension reads them from its locale file, for tests that look for them. */
import { getMessage } from '../unit/helpers/locales';

/** The English message `key`, its $1…$9 given `substitutions`. */
export const english = (key: string, ...substitutions: string[]): string => getMessage(key, substitutions);

/** What the popup says about a PDF whose text the browser's viewer keeps from extensions. */
export const PDF_TEXT_UNREADABLE = english('pdfTextUnreadable', english('menuCheckSelection'));
