/** How the service's HTTP answer becomes its JSON body, or a ServiceError that says what to do about it. */
import { DEFAULT_API_BASE_URL } from '../../shared/endpoints';
import { endSentence } from '../../shared/format';
import { serviceSaid } from '../../shared/service-error';
import { formatWait, messageFromBody, redactBody, ServiceError } from './errors';
import { isSuccessStatus } from './normalize';

/** The service's words for a refusal about the account's plan or credits (see the 402 case below). */
const ABOUT_PLAN = /\b(credits?|quota|balance|subscription|plan|upgrade|premium|billing|payment)\b/i;
const ABOUT_DEACTIVATION = /deactivat|suspend|disabled|inactive/i;

export interface AnswerContext {
  /** The call's title, as messages name it. */
  title: string;
  /** The base URL it was sent to, and the setting that names it, for the messages that send the user there. */
  base: string;
  baseSetting: string;
  /** Redacted from whatever the answer echoes (a proxy may echo the header). */
  apiKey: string;
}

/** The answer's JSON body, once its status, its type and its own `status` field say it is one; throws otherwise. */
export function judgeAnswer(response: Response, text: string, context: AnswerContext): unknown {
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
    throw new ServiceError({
      kind: 'invalid-input',
      endpoint: context.title,
      httpStatus: response.status || undefined,
      fixInSettings: true,
      message: `The service answered “${context.title}” with a redirect to another address, which FactLens does not follow with your key. Check the ${context.baseSetting} in Settings: the service’s own is ${DEFAULT_API_BASE_URL}.`,
    });
  const rawBody = redactBody(text, context.apiKey);
  const contentType = response.headers.get('content-type') ?? '';
  let json: unknown;
  let jsonOk = false;
  try {
    json = JSON.parse(text);
    jsonOk = true;
  } catch {
    // Judged below, with the status code.
  }
  const said = serviceWords(jsonOk ? json : undefined, context.apiKey);
  const saidSuffix = serviceSaid(said);
  const common = { endpoint: context.title, httpStatus: response.status, rawBody };

  if (!response.ok) {
    const status = response.status;
    if (status === 400 && ABOUT_DEACTIVATION.test(said ?? ''))
      throw new ServiceError({
        ...common,
        kind: 'auth',
        message: `The service says your account is deactivated (HTTP 400).${saidSuffix} Reactivate it with the service, or enter another key in Settings.`,
        fixInSettings: true,
      });
    // Payment required, or a refusal in words about credits or the plan: the key is good, the account's plan or
    // credits are not. Told as such, not as a rejected key, which would send the user to Settings for nothing.
    if (status === 402 || ([400, 401, 403].includes(status) && ABOUT_PLAN.test(said ?? '')))
      throw planRefusal(context.title, { ...common, said });
    if (status === 401 || status === 403)
      throw new ServiceError({
        ...common,
        kind: 'auth',
        message: `The API key was rejected (HTTP ${status}).${saidSuffix} Check the key in Settings.`,
        fixInSettings: true,
      });
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
      throw new ServiceError({
        ...common,
        kind: 'rate-limit',
        retryAfterMs,
        message: `The service is limiting how often it can be called.${saidSuffix} Try again in ${formatWait(retryAfterMs ?? 30_000)}.`,
      });
    }
    if (status >= 500)
      throw new ServiceError({
        ...common,
        kind: 'service',
        retryAfterMs: status === 503 ? parseRetryAfter(response.headers.get('retry-after')) : undefined,
        message: `The service failed while handling “${context.title}” (HTTP ${status}).${saidSuffix} Try again in a moment.`,
      });
    // No such address: most often a base URL that is not the service's (a mistyped host's own server, a proxy's path).
    if (status === 404 || status === 405)
      throw new ServiceError({
        ...common,
        kind: 'invalid-input',
        fixInSettings: true,
        message: `There is no “${context.title}” at ${context.base} (HTTP ${status}).${saidSuffix} Check the ${context.baseSetting} in Settings: the service’s own is ${DEFAULT_API_BASE_URL}.`,
      });
    throw new ServiceError({
      ...common,
      kind: 'invalid-input',
      message: `The service refused “${context.title}” (HTTP ${status}).${saidSuffix || ' It gave no reason.'}`,
    });
  }

  if (!jsonOk) {
    const what = /html/i.test(contentType)
      ? `a web page (${contentType}) instead of data; a proxy or login page may be in the way`
      : text.trim()
        ? `an answer that is not valid JSON${contentType ? ` (${contentType})` : ''}; it may have been cut off`
        : 'an empty answer';
    throw new ServiceError({
      ...common,
      kind: 'contract',
      field: '(body)',
      message: `The service sent ${what} for “${context.title}”. Try again; if it persists, the details show what arrived.`,
    });
  }

  const status = (json as { status?: unknown } | null)?.status;
  if (typeof status === 'string' && !isSuccessStatus(status) && ABOUT_PLAN.test(said ?? ''))
    throw planRefusal(context.title, { ...common, said });
  if (typeof status === 'string' && !isSuccessStatus(status))
    throw new ServiceError({
      ...common,
      kind: 'service',
      message: endSentence(
        `The service could not complete “${context.title}”: ${said ?? `it reported “${status}” without a reason`}`,
      ),
    });
  return json;
}

/** The service's own words about a failure, with the key redacted (a proxy may echo the header). */
export function serviceWords(body: unknown, apiKey: string): string | undefined {
  const said = messageFromBody(body);
  return said === undefined ? undefined : redactBody(said, apiKey);
}

/** The service's own words in a raw body kept with an error, if it is JSON that has them. */
export function serviceWordsIn(rawBody: string | undefined): string | undefined {
  try {
    return messageFromBody(JSON.parse(rawBody ?? ''));
  } catch {
    return undefined;
  }
}

/**
 * A refusal about the plan or its credits, in the service's own words: the key is good (it was checked, or the words say
 * so), so the user is sent to their account with the service, not to Settings.
 */
export function planRefusal(
  title: string,
  { httpStatus, rawBody, said }: { httpStatus?: number; rawBody?: string; said?: string },
  /** The refusal was told by its status alone, and a call for the library then went through with the same key. */
  keyWorks = false,
): ServiceError {
  const status = httpStatus === undefined || httpStatus < 300 ? '' : ` (HTTP ${httpStatus})`;
  const why = keyWorks
    ? `Your key works for your library, but the service refused “${title}”${status}: your plan may not include fact checking.`
    : `The service refused “${title}” because of your plan or its credits${status}.`;
  return new ServiceError({
    kind: 'invalid-input',
    endpoint: title,
    httpStatus,
    rawBody,
    message: `${why}${serviceSaid(said)} Check your plan and the credits left on your account with the service, then try again.`,
  });
}

/** Retry-After is seconds or an HTTP date; anything else is ignored. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
