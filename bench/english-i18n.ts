/**
 * browser.i18n for the anchoring bundle in a plain page (the bench's and the golden tests'), where no extension API is:
 * the English messages, read as the browsers read them. Imported first, before the code that reads them.
 */
import english from '../public/_locales/en/messages.json';

const messages = english as Record<string, { message: string }>;
const substitute = (message: string, substitutions: string[]) =>
  message.replace(/\$(\$|[1-9])/g, (_, which: string) =>
    which === '$' ? '$' : (substitutions[Number(which) - 1] ?? ''),
  );

const scope = globalThis as unknown as { chrome?: object };
scope.chrome = {
  ...scope.chrome,
  i18n: {
    getMessage: (name: string, substitutions: string | string[] = []) =>
      substitute(messages[name]?.message ?? '', typeof substitutions === 'string' ? [substitutions] : substitutions),
  },
};
