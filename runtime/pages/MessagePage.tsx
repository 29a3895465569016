/**
 * Pages that are texts of the catalogue (shell-access-navigation.md §2.1, §2.2): a title and paragraphs
 * by message id. The unauthorised page picks its text from the query (security=rfi|cvi|submittal|daywork|
 * packages: the token-expired message; error=Unauthorized-Support: the support message); the
 * authorisation callback posts its `code` to the window that opened it and closes. Plain (runtime/plain: MUI's
 * Typography and Link drawn without MUI), so these pages load no MUI.
 */
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { type MessageId, message } from '../../engine/messages/catalogue';
import '../plain/plain.css';

/** A page of catalogue texts. */
export interface MessagePageSpec {
  title?: MessageId;
  paragraphs: MessageId[];
  /** Show the link to log in. */
  loginLink?: boolean;
  /** Show the link home (a logged-in user's unauthorised page, issue 19). */
  homeLink?: boolean;
}

/** The texts of the info pages, by page name (routes.json `page`). */
export const MESSAGE_PAGES: Readonly<Record<string, MessagePageSpec>> = {
  privacyPolicy: {
    title: 'privacy.title',
    paragraphs: [
      'privacy.version',
      'privacy.who',
      'privacy.data',
      'privacy.retention',
      'privacy.children',
      'privacy.contact',
    ],
  },
  response: { paragraphs: ['response.text'] },
  noResponse: { title: 'formClosed.title', paragraphs: ['formClosed.noResponse'] },
  closed: { title: 'formClosed.title', paragraphs: ['formClosed.closed'] },
};

/** Renders a MessagePageSpec. */
export function MessagePage({ spec, params = {} }: { spec: MessagePageSpec; params?: Record<string, string> }) {
  return (
    <>
      {spec.title && <h1 className="plain-h5 plain-mb-2">{message(spec.title)}</h1>}
      {spec.paragraphs.map((id) => (
        <p key={id} className="plain-body1 plain-mb-2">
          {message(id, params)}
        </p>
      ))}
      {spec.loginLink && (
        <RouterLink to="/login" className="plain-link">
          {message('unauthorized.login')}
        </RouterLink>
      )}
      {spec.homeLink && (
        <RouterLink to="/home" className="plain-link">
          {message('shell.home')}
        </RouterLink>
      )}
    </>
  );
}

/** The secure-link types whose expired token has its own message (§2.2, §8). */
export const TOKEN_TYPES = ['rfi', 'cvi', 'submittal', 'daywork', 'packages'] as const;

/**
 * The unauthorised page's text for its query (§2.2); a logged-in user is offered Home instead of the link to log
 * in (issue 19: the page shows inside the shell then).
 */
export function unauthorizedSpec(
  search: URLSearchParams,
  loggedIn = false,
): { spec: MessagePageSpec; params: Record<string, string> } {
  const security = search.get('security') ?? '';
  const link = loggedIn ? { homeLink: true } : { loginLink: true };
  if ((TOKEN_TYPES as readonly string[]).includes(security)) {
    return { spec: { paragraphs: ['unauthorized.tokenExpired'], ...(loggedIn && link) }, params: { type: security } };
  }
  if (search.get('error') === 'Unauthorized-Support') {
    return { spec: { paragraphs: ['unauthorized.support'], ...link }, params: {} };
  }
  return { spec: { paragraphs: ['unauthorized.text'], ...link }, params: {} };
}

/** The unauthorised page (§2.2); `loggedIn`: shown inside the shell, with Home. */
export function UnauthorizedPage({ loggedIn = false }: { loggedIn?: boolean }) {
  const [search] = useSearchParams();
  const { spec, params } = unauthorizedSpec(search, loggedIn);
  return <MessagePage spec={spec} params={params} />;
}

/** The authorisation callback: posts `?code=` to the opener and closes ('Processing authentication...'). */
export function AuthorizeCallbackPage() {
  const [search] = useSearchParams();
  useEffect(() => {
    const code = search.get('code');
    if (window.opener && code !== null) {
      (window.opener as Window).postMessage({ type: 'authorizationCallback', code }, window.location.origin);
    }
    window.close();
  }, [search]);
  return <p className="plain-body1">{message('authorizeCallback.text')}</p>;
}
