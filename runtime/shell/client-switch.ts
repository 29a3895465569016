import { useEffect } from 'react';

/** The client chooser's screen document (schemas/screens/shell/client-chooser.json), shown in a ScreenDialog. */
export const CLIENT_CHOOSER_SCREEN = 'shell/client-chooser';

/**
 * Where to go after the user switches client (shell-access-navigation.md §2.4; form-configuration.md
 * §4 "Client switching"): stay at the current URL only when its second path segment is not numeric
 * or the path has fewer than three segments (a page not tied to one client's record); otherwise go
 * to /home. Paths starting with /unauthorized also go to /home.
 * @param pathname e.g. '/projects/12/qa'
 * @returns the path to show, e.g. '/home'
 */
export function pathAfterClientSwitch(pathname: string): string {
  if (pathname.startsWith('/unauthorized')) return '/home';
  const segments = pathname.split('/').filter((s) => s !== '');
  if (segments.length < 3 || !/^\d+$/.test(segments[1])) return pathname;
  return '/home';
}

/** The channel other tabs of the same site hear client changes on (shell-access-navigation.md §2.4). */
export const CLIENT_SWITCH_CHANNEL = 'site-forms-client-switch';

/** This tab's id: a tab ignores its own announcements (other channels in the same tab hear them too). */
const TAB_ID = Math.random().toString(36).slice(2);

/** Tells the other open tabs that the user changed client (BroadcastChannel; nothing where unsupported). */
export function announceClientSwitch(clientId: number | null): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CLIENT_SWITCH_CHANNEL);
  channel.postMessage({ type: 'clientSwitched', clientId, from: TAB_ID });
  channel.close();
}

/** Calls `onSwitch` when another tab announces a client change. */
export function useClientSwitchEvents(onSwitch: () => void): void {
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CLIENT_SWITCH_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; from?: unknown } | null;
      if (data?.type === 'clientSwitched' && data.from !== TAB_ID) onSwitch();
    };
    return () => channel.close();
  }, [onSwitch]);
}
