/**
 * A check as a readable Markdown report, and as JSON. Zod-free (the popup builds the export). Service text
 * is escaped so that it cannot turn into Markdown structure or links; links are http(s) only.
 */
import type { HistoryEntry } from '../contract/history-entries';
import { formatCredits, formatDate, formatScore } from '../shared/format';
import { t, tp } from '../shared/i18n';
import { safeHttpUrl } from '../shared/urls';
import { VERDICT_ICONS, VERDICT_LABELS } from '../shared/verdicts';

/** Escapes what Markdown (and the HTML inside it) would read as structure; whitespace runs become one space. */
function escapeInline(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\`*_{}[\]()<>#+!|~])/g, '\\$1');
}

/** The same, trimmed: a whole text (a claim, a correction). */
export function escapeMarkdown(text: string): string {
  return escapeInline(text).trim();
}

export function toMarkdown(entry: HistoryEntry): string {
  const lines: string[] = [];
  const when = formatDate(entry.finishedAt, true);
  const link = safeHttpUrl(entry.pageUrl);
  lines.push(`# ${t('reportTitle', escapeMarkdown(entry.pageTitle || entry.headline || entry.pageUrl))}`, '');
  lines.push(
    [
      link ? `<${link}>` : escapeMarkdown(entry.pageUrl),
      t('reportChecked', when),
      tp('claimCount', entry.claims.length),
      formatCredits(entry.credits.used, entry.credits.unreported),
    ].join(' · '),
    '',
  );
  entry.claims.forEach((claim, index) => {
    const result = claim.result;
    const verdict = result
      ? `${VERDICT_ICONS[result.verdict]} ${VERDICT_LABELS[result.verdict]}`
      : t('reportNoVerdict');
    lines.push(`## ${index + 1}. ${verdict}`, '', `> ${escapeMarkdown(claim.text)}`, '');
    if (!result) return;
    if (result.error) lines.push(`**${t('cardWhatIsWrong')}** ${escapeMarkdown(result.error)}`, '');
    if (result.correction) lines.push(`**${t('cardCorrection')}** ${escapeMarkdown(result.correction)}`, '');
    if (result.reasoning) {
      // Each piece keeps its own spacing: a marker stands where the service put it, as a footnote mark ("says so [1].").
      const reasoning = result.reasoningParts
        .map((part) => (part.kind === 'text' ? escapeInline(part.text) : `\\[${part.sourceIndex + 1}\\]`))
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
      lines.push(`**${t('cardReasoning')}** ${reasoning}`, '');
    }
    if (result.sources.length) {
      lines.push(`**${t('verdictColon', t('cardSources'))}**`, '');
      for (const source of result.sources) {
        const url = safeHttpUrl(source.url);
        const name = escapeMarkdown(source.domain || source.linkText || t('cardSource'));
        const label = url ? `[${name}](<${url}>)` : name;
        const score = source.score !== null ? ` (${t('cardScore', formatScore(source.score))})` : '';
        lines.push(`${source.index + 1}. ${label}${score}${source.fact ? `: ${escapeMarkdown(source.fact)}` : ''}`);
      }
      lines.push('');
    }
  });
  return `${lines.join('\n').trimEnd()}\n`;
}

export function toJson(entry: HistoryEntry): string {
  return `${JSON.stringify({ format: 'factlens-check', version: 1, ...entry }, null, 2)}\n`;
}

/** A file name for an export: the page's title, tidied, and the date. */
export function exportName(entry: HistoryEntry, extension: 'md' | 'json'): string {
  const base = (entry.pageTitle || entry.headline || 'check')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `factlens-${base || 'check'}-${new Date(entry.finishedAt).toISOString().slice(0, 10)}.${extension}`;
}
