/** The library's messages: the user's brand voices and assets, a page at a time, and where an upload goes. */
import { ENDPOINTS } from '../../shared/endpoints';
import type { Handlers } from '../protocol';
import { clientFromSettings, serviceAccess } from '../service';

/** A page of `pageSize` entries as the service asks for it: counted from 1, both ends included. */
function entriesOf(page: number, pageSize: number): { start_count: number; end_count: number } {
  const start = (page - 1) * pageSize + 1;
  return { start_count: start, end_count: start + pageSize - 1 };
}

export const libraryHandlers: Pick<Handlers, 'listBrandVoices' | 'listAssets' | 'getUploadTarget'> = {
  async listBrandVoices({ query, page, pageSize }) {
    const client = await clientFromSettings();
    return client.listBrandVoices({ name: query.trim() || undefined, ...entriesOf(page, pageSize) });
  },
  async listAssets({ query, page, pageSize }) {
    const client = await clientFromSettings();
    return client.listAssets({ file_name: query.trim() || undefined, ...entriesOf(page, pageSize) });
  },
  async getUploadTarget() {
    const { settings, apiKey } = await serviceAccess();
    const base = (settings.uploadBaseUrl || settings.apiBaseUrl).replace(/\/+$/, '');
    return { url: `${base}${ENDPOINTS.uploadFile.path}`, apiKey };
  },
};
