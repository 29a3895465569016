/**
 * The login page (shell-access-navigation.md §2.1, §4, §5, §8): the login form screen
 * (schemas/screens/shell/login.json) through PlainForm, which reads the same document without the form
 * renderer, so the first page loads none of it (issue "Performance at scale" §5). One assigned client goes
 * straight to /home; several open the client chooser (a screen document in a ScreenDialog, loaded then), and
 * choosing one goes to /home (or to ?returnUrl, a path of this site: where a scanned QR code was). A failed
 * login shows the server's message in an alert and enables LOGIN again. The page uses no MUI (its card is the
 * plain one of runtime/plain) and only the first page's texts (../plain/messages); the chooser brings MUI with
 * it, in the MUI root (../shell/MuiRoot). Under the form, 'Forgot password?' leads to /forgot-password (issue 25
 * §5; schemas/screens/shell/forgot-password.json).
 */
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import loginDocument from '../../schemas/screens/shell/login.json';
import type { LoginAnswer } from '../api/types';
import { plainMessage } from '../plain/messages';
import type { FormDocument } from '../renderer/documents';
import { PlainForm } from '../renderer/PlainForm';
import type { ScreenDialogProps } from '../renderer/ScreenDialog';
import '../plain/plain.css';
import { CLIENT_CHOOSER_SCREEN } from '../shell/client-switch';
import { safeReturnPath } from '../shell/qr-scan';

const document = loginDocument as unknown as FormDocument;
const ClientChooser = lazy(async () => {
  const [{ ScreenDialog }, { MuiRoot }] = await Promise.all([
    import('../renderer/ScreenDialog'),
    import('../shell/MuiRoot'),
  ]);
  return {
    default: (props: ScreenDialogProps) => (
      <MuiRoot>
        <ScreenDialog {...props} />
      </MuiRoot>
    ),
  };
});

/** The login page; see the module comment. */
export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // ?returnUrl=/qr/…: where a scanned QR code sent a user who was not signed in; a path of this site only.
  const next = safeReturnPath(searchParams.get('returnUrl')) ?? '/home';
  const [chooserOpen, setChooserOpen] = useState(false);

  const afterLogin = (answer: unknown) => {
    const { numberOfAssignedClients } = answer as LoginAnswer;
    if (numberOfAssignedClients > 1) setChooserOpen(true);
    else navigate(next);
  };

  return (
    <div className="plain-card">
      <div className="plain-card-content">
        <h1 className="plain-h5">{plainMessage(document.title)}</h1>
        <PlainForm document={document} onSubmitted={afterLogin} />
        <p className="plain-body2">
          <Link className="plain-link" to="/forgot-password">
            {plainMessage('login.forgotPassword')}
          </Link>
        </p>
      </div>
      {chooserOpen && (
        <Suspense fallback={null}>
          <ClientChooser
            screenId={CLIENT_CHOOSER_SCREEN}
            open={chooserOpen}
            onClose={() => setChooserOpen(false)}
            onResult={() => navigate(next)}
          />
        </Suspense>
      )}
    </div>
  );
}

export default LoginPage;
