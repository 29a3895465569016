/**
 * The recipient's return page of a subcontractor package, `/package-return/{securityCode}` (issue 25 §3;
 * docs/links-and-mail.md "Sending"), signed out: the client's logo and name, the package (name, project,
 * instructions, revision), its documents to download (gated by the code: subcontractors.securityCodeDocument),
 * and the return: the recipient's files (uploaded at once, subcontractors.securityCodeUpload), the price and comments, sent with subcontractors.returnPackage, then /response ('Thank you for
 * your time! Please close this page.'). An unknown code, or a return already responded to, leads to
 * /unauthorized?security=packages (shell-access-navigation.md §8, the expired-link text with {type} packages).
 * A page rather than a screen document: it is one fixed page of the external party, with a download list the
 * form renderer has no widget for.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { ApiError, callOperation, downloadOperation, errorText, saveFile } from '../api/client';

/** What subcontractors.securityCode answers (api/operations/named/subcontractors.ts recipientView). */
interface RecipientView {
  return: {
    packageName: string;
    recipientName: string;
    responseDate: string | null;
    files?: Array<{ name: string; size: number }>;
  };
  package: {
    name: string;
    projectName: string;
    clientName: string;
    clientLogoUrl?: string;
    instructions: string;
    revisionNumber?: number;
    attachments: Array<{ id: number; fileName: string; revisionNumber: number }>;
  };
}

const UNAUTHORIZED = '/unauthorized?security=packages';
const PRICE = /^\d{1,14}(\.\d{1,2})?$/;

/** The package return page; see the module comment. */
export function PackageReturnPage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [view, setView] = useState<RecipientView | null>(null);
  const [price, setPrice] = useState('');
  const [comments, setComments] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [files, setFiles] = useState<Array<{ name: string }>>([]);

  useEffect(() => {
    let live = true;
    callOperation<RecipientView>('subcontractors.securityCode', { params: { code } })
      .then((answer) => {
        if (!live) return;
        if (answer.return.responseDate) navigate(UNAUTHORIZED, { replace: true });
        else {
          setView(answer);
          setFiles(answer.return.files ?? []);
        }
      })
      .catch((e: unknown) => {
        if (!live) return;
        if (e instanceof ApiError && e.status === 404) navigate(UNAUTHORIZED, { replace: true });
        else setError(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [code, navigate]);

  const download = async (id: number, fileName: string) => {
    try {
      saveFile(
        await downloadOperation(
          'subcontractors.securityCodeDocument',
          { params: { code, attachmentId: id } },
          fileName,
        ),
      );
    } catch (e) {
      setError(errorText(e));
    }
  };

  // The chosen files go at once (each checked by the server: name, 10 MB, type), so the return is sent with them.
  const upload = async (chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return;
    const body = new FormData();
    for (const file of Array.from(chosen)) body.append('uploads[]', file);
    setBusy(true);
    setError(null);
    try {
      setFiles(
        await callOperation<Array<{ name: string }>>('subcontractors.securityCodeUpload', { params: { code }, body }),
      );
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const priceValid = price.trim() === '' || PRICE.test(price.trim());
  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await callOperation('subcontractors.returnPackage', {
        body: {
          securityCode: code,
          ...(price.trim() === '' ? {} : { subcontractorPrice: Number(price.trim()) }),
          ...(comments.trim() === '' ? {} : { comments: comments.trim() }),
        },
      });
      navigate('/response');
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) navigate(UNAUTHORIZED, { replace: true });
      else setError(errorText(e));
      setBusy(false);
    }
  };

  if (!view)
    return error ? (
      <Alert severity="error">{error}</Alert>
    ) : (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={message('packageReturn.title')} />
      </Box>
    );
  const pkg = view.package;
  const logo = pkg.clientLogoUrl && /^(https?:|data:image\/|\/)/.test(pkg.clientLogoUrl) ? pkg.clientLogoUrl : '';
  return (
    <Card variant="outlined" sx={{ maxWidth: 720, mx: 'auto' }}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} alignItems="center">
            {logo && <Box component="img" src={logo} alt="" sx={{ maxHeight: 48 }} />}
            <Typography variant="h6" component="p">
              {pkg.clientName}
            </Typography>
          </Stack>
          <Typography variant="h5" component="h1">
            {message('packageReturn.title')}
          </Typography>
          <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, mb: 1 } }}>
            <dt>{message('packageReturn.package')}</dt>
            <dd>{pkg.name}</dd>
            <dt>{message('packageReturn.project')}</dt>
            <dd>{pkg.projectName}</dd>
            {pkg.instructions && (
              <>
                <dt>{message('packageReturn.instructions')}</dt>
                <dd style={{ whiteSpace: 'pre-wrap' }}>{pkg.instructions}</dd>
              </>
            )}
          </Box>
          <Typography variant="h6" component="h2">
            {message('packageReturn.documents')}
          </Typography>
          {pkg.attachments.length === 0 ? (
            <Typography>{message('packageReturn.noDocuments')}</Typography>
          ) : (
            <List dense aria-label={message('packageReturn.documents')}>
              {pkg.attachments.map((a) => (
                <ListItemButton key={a.id} onClick={() => void download(a.id, a.fileName)}>
                  <ListItemText primary={a.fileName} />
                </ListItemButton>
              ))}
            </List>
          )}
          <Typography variant="h6" component="h2">
            {message('packageReturn.files')}
          </Typography>
          {files.length > 0 && (
            <List dense aria-label={message('packageReturn.files')}>
              {files.map((f) => (
                <ListItem key={f.name}>
                  <ListItemText primary={f.name} />
                </ListItem>
              ))}
            </List>
          )}
          <Box>
            <Button variant="outlined" component="label" disabled={busy}>
              {message('packageReturn.upload')}
              <input
                hidden
                type="file"
                multiple
                aria-label={message('packageReturn.upload')}
                onChange={(e) => void upload(e.target.files)}
              />
            </Button>
          </Box>
          <TextField
            label={message('packageReturn.price')}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            error={!priceValid}
            inputProps={{ inputMode: 'decimal' }}
          />
          <TextField
            label={message('packageReturn.comments')}
            value={comments}
            onChange={(e) => setComments(e.target.value)}
            multiline
            minRows={3}
            inputProps={{ maxLength: 4000 }}
          />
          {error && <Alert severity="error">{error}</Alert>}
          <Box>
            <Button variant="contained" disabled={busy || !priceValid} onClick={() => void submit()}>
              {message('packageReturn.submit')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
