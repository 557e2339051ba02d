/** The library's messages: the user's brand voices and assets, a page at a time, and where an upload goes. */
import { ENDPOINTS } from '../../shared/endpoints';
import type { Handlers } from '../protocol';
import { clientFromSettings, serviceAccess } from '../service';

export const libraryHandlers: Pick<Handlers, 'listBrandVoices' | 'listAssets' | 'getUploadTarget'> = {
  async listBrandVoices({ query, page, pageSize }) {
    const client = await clientFromSettings();
    // The service counts entries from 1, both ends included (start_count, end_count).
    const start = (page - 1) * pageSize + 1;
    return client.listBrandVoices({
      name: query.trim() || undefined,
      start_count: start,
      end_count: start + pageSize - 1,
    });
  },
  async listAssets({ query, page, pageSize }) {
    const client = await clientFromSettings();
    const start = (page - 1) * pageSize + 1;
    return client.listAssets({
      file_name: query.trim() || undefined,
      start_count: start,
      end_count: start + pageSize - 1,
    });
  },
  async getUploadTarget() {
    const { settings, apiKey } = await serviceAccess();
    const base = (settings.uploadBaseUrl || settings.apiBaseUrl).replace(/\/+$/, '');
    return { url: `${base}${ENDPOINTS.uploadFile.path}`, apiKey };
  },
};
