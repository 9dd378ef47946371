// Opening a checkout or the billing portal in a new tab. The tab is opened inside the click, while
// it still counts as a user gesture (a tab opened after an awaited request is blocked by Safari and
// others), and sent to the server's URL once it arrives.

export interface PendingTab {
  /** Sends the tab to `url`, without a way back to this window; here when no tab could open. */
  go: (url: string) => void;
  /** The request failed: the empty tab goes away. */
  close: () => void;
}

export function openPendingTab(): PendingTab {
  const tab = window.open('', '_blank');
  return {
    go: (url) => {
      if (!tab || tab.closed) {
        window.location.assign(url);
        return;
      }
      // As 'noopener' would: the page (Stripe's, or ours) gets no handle on this window.
      tab.opener = null;
      tab.location.href = url;
    },
    close: () => tab?.close(),
  };
}
