/**
 * Runs zod without its JIT, which compiles parsers with `new Function`: an extension's pages and worker forbid code
 * made from strings, and zod's probe for it is itself such a call. Imported first, before any schema is made, by
 * every entry point that loads zod (a schema reads the setting when it is made).
 */
import { z } from 'zod';

z.config({ jitless: true });
