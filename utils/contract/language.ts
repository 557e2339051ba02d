/** The service's output languages, by their documented names: what the settings, the popup and a job name. */
import { z } from 'zod';

/** The nine documented output languages (4.9, 4.11), by their documented names. */
export const LANGUAGES = [
  'English-US',
  'English-UK',
  'Spanish',
  'French',
  'Italian',
  'Dutch',
  'Portuguese',
  'German',
  'Polish',
] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;
