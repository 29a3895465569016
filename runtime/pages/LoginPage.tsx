/**
 * The login page (shell-access-navigation.md §2.1, §4, §5, §8): the login form screen
 * (schemas/screens/shell/login.json) through PlainForm, which reads the same document without the form
 * renderer, so the first page loads none of it (issue "Performance at scale" §5). One assigned client goes
 * straight to /home; several open the client chooser (a screen document in a ScreenDialog, loaded then), and
 * choosing one goes to /home (or to ?returnUrl, a path of this site: where a scanned QR code was). A failed
 * login shows the server's message in an alert and enables LOGIN again.
 */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import loginDocument from '../../schemas/screens/shell/login.json';
import type { LoginAnswer } from '../api/types';
import type { FormDocument } from '../renderer/documents';
import { PlainForm } from '../renderer/PlainForm';
import { CLIENT_CHOOSER_SCREEN } from '../shell/client-switch';
import { safeReturnPath } from '../shell/qr-scan';

const document = loginDocument as unknown as FormDocument;
const ScreenDialog = lazy(() => import('../renderer/ScreenDialog').then((m) => ({ default: m.ScreenDialog })));

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
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {message(document.title)}
        </Typography>
        <PlainForm document={document} onSubmitted={afterLogin} />
      </CardContent>
      {chooserOpen && (
        <Suspense fallback={null}>
          <ScreenDialog
            screenId={CLIENT_CHOOSER_SCREEN}
            open={chooserOpen}
            onClose={() => setChooserOpen(false)}
            onResult={() => navigate(next)}
          />
        </Suspense>
      )}
    </Card>
  );
}

export default LoginPage;
