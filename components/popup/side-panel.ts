/** Opening the side panel (Chrome) or the sidebar (Firefox) from the popup. */
import { browser } from '#imports';

export /** Opens the side panel (Chrome) or the sidebar (Firefox) from the popup's click, and closes the popup. */
async function openSidePanel(): Promise<void> {
  const api = browser as unknown as {
    sidePanel?: { open: (options: { windowId: number }) => Promise<void> };
    sidebarAction?: { open: () => Promise<void> };
  };
  try {
    if (api.sidePanel) {
      const window = await browser.windows.getCurrent();
      if (window.id !== undefined) await api.sidePanel.open({ windowId: window.id });
    } else await api.sidebarAction?.open();
    globalThis.close();
  } catch {
    // The browser refused (no user gesture, or no panel support): the popup stays.
  }
}
