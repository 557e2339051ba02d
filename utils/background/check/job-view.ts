/** A job as the popup and the content script see it: everything but the texts it sends. */
import type { Job, JobView } from '../../contract/jobs';
import { LANGUAGE_TAGS } from '../../shared/page-language';

export function toJobView(job: Job): JobView {
  const { draftText: _text, ...rest } = job;
  return { ...rest, chunks: job.chunks.map(({ state }) => ({ state })), languageTag: LANGUAGE_TAGS[job.language] };
}
