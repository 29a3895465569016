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
