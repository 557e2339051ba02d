/** How the service's HTTP answer becomes its JSON body, or a ServiceError that says what to do about it. */
import { DEFAULT_API_BASE_URL } from '../../shared/endpoints';
import { endSentence } from '../../shared/format';
import { t } from '../../shared/i18n';
import { serviceSaid } from '../../shared/service-error';
import { formatWait, messageFromBody, redactBody, ServiceError } from './errors';
import { isSuccessStatus } from './read-answers';

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
  /** The bearer is the person's token for their organization's gateway (docs/teams.md), not a service key. */
  gateway?: boolean;
}

/** The answer's JSON body, once its status, its type and its own `status` field say it is one; throws otherwise. */
export function judgeAnswer(response: Response, text: string, context: AnswerContext): unknown {
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))
    throw new ServiceError({
      kind: 'invalid-input',
      endpoint: context.title,
      httpStatus: response.status || undefined,
      fixInSettings: true,
      message: `${t('answerRedirected', context.title)} ${t('checkBaseInSettings', context.baseSetting, DEFAULT_API_BASE_URL)}`,
    });
  let json: unknown;
  let jsonOk = false;
  try {
    json = JSON.parse(text);
    jsonOk = true;
  } catch {
    // Judged below, with the status code.
  }
  const answer: JudgedAnswer = {
    said: serviceWords(jsonOk ? json : undefined, context.apiKey),
    common: { endpoint: context.title, httpStatus: response.status, rawBody: redactBody(text, context.apiKey) },
  };
  if (!response.ok) throw refusalOf(response, answer, context);
  if (!jsonOk) throw notJson(response, text, answer, context);
  const status = (json as { status?: unknown } | null)?.status;
  if (typeof status === 'string' && !isSuccessStatus(status) && ABOUT_PLAN.test(answer.said ?? ''))
    throw planRefusal(context.title, { ...answer.common, said: answer.said });
  if (typeof status === 'string' && !isSuccessStatus(status))
    throw new ServiceError({
      ...answer.common,
      kind: 'service',
      message: endSentence(t('couldNotComplete', context.title, answer.said ?? t('reportedWithoutReason', status))),
    });
  return json;
}

/** What every error of an answer carries: the service's own words, and the call, its status and its body. */
interface JudgedAnswer {
  said: string | undefined;
  common: { endpoint: string; httpStatus: number; rawBody: string };
}

/** The error for an answer whose HTTP status is not a success: what it means, and what to do about it. */
function refusalOf(response: Response, { said, common }: JudgedAnswer, context: AnswerContext): ServiceError {
  const status = response.status;
  const saidSuffix = serviceSaid(said);
  if (status === 400 && ABOUT_DEACTIVATION.test(said ?? ''))
    return new ServiceError({
      ...common,
      kind: 'auth',
      message: `${t('accountDeactivated')}${saidSuffix} ${t('reactivateAccount')}`,
      fixInSettings: true,
    });
  // Payment required, or a refusal in words about credits or the plan: the key is good, the account's plan or
  // credits are not. Told as such, not as a rejected key, which would send the user to Settings for nothing.
  if (status === 402 || ([400, 401, 403].includes(status) && ABOUT_PLAN.test(said ?? '')))
    return planRefusal(context.title, { ...common, said });
  if ((status === 401 || status === 403) && context.gateway)
    return new ServiceError({
      ...common,
      kind: 'auth',
      message: `${t('gatewayRefusedToken', String(status))}${saidSuffix} ${t('askForGatewayToken')}`,
      fixInSettings: true,
    });
  if (status === 401 || status === 403)
    return new ServiceError({
      ...common,
      kind: 'auth',
      message: `${t('keyRejected', String(status))}${saidSuffix} ${t('checkKeyInSettings')}`,
      fixInSettings: true,
    });
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    return new ServiceError({
      ...common,
      kind: 'rate-limit',
      retryAfterMs,
      message: `${t(context.gateway ? 'gatewayRateLimited' : 'rateLimited')}${saidSuffix} ${t('tryAgainIn', formatWait(retryAfterMs ?? 30_000))}`,
    });
  }
  if (status >= 500)
    return new ServiceError({
      ...common,
      kind: 'service',
      retryAfterMs: status === 503 ? parseRetryAfter(response.headers.get('retry-after')) : undefined,
      message: `${t('serviceFailed', context.title, String(status))}${saidSuffix} ${t('tryAgainInAMoment')}`,
    });
  // No such address: most often a base URL that is not the service's (a mistyped host's own server, a proxy's path).
  if (status === 404 || status === 405)
    return new ServiceError({
      ...common,
      kind: 'invalid-input',
      fixInSettings: true,
      message: `${t('noSuchCall', context.title, context.base, String(status))}${saidSuffix} ${t('checkBaseInSettings', context.baseSetting, DEFAULT_API_BASE_URL)}`,
    });
  return new ServiceError({
    ...common,
    kind: 'invalid-input',
    message: `${t('serviceRefused', context.title, String(status))}${saidSuffix || ` ${t('noReasonGiven')}`}`,
  });
}

/** The error for a successful answer whose body is not JSON: a web page, other text, or nothing. */
function notJson(response: Response, text: string, { common }: JudgedAnswer, context: AnswerContext): ServiceError {
  const contentType = response.headers.get('content-type') ?? '';
  const what = /html/i.test(contentType)
    ? t('sentWebPage', context.title, contentType)
    : text.trim()
      ? t(contentType ? 'sentNotJsonTyped' : 'sentNotJson', context.title, contentType)
      : t('sentEmpty', context.title);
  return new ServiceError({ ...common, kind: 'contract', field: '(body)', message: `${what} ${t('tryAgainDetails')}` });
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
  const why = t(keyWorks ? 'planKeyWorks' : 'planRefused', title, status);
  return new ServiceError({
    kind: 'invalid-input',
    endpoint: title,
    httpStatus,
    rawBody,
    message: `${why}${serviceSaid(said)} ${t('checkYourPlan')}`,
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
