/**
 * FormScreen: a form screen document (schemas/meta/form.schema.json) through SchemaForm. The form is
 * the document's own schema + uiSchema, or what a named source makes of an API answer (a form
 * definition compiled by the engine). In view and edit modes the saved item is loaded and turned
 * into form data by a named converter. Submit builds the body with a named body builder, calls the
 * document's operation, then navigates (`then`) or hands the answer to `onSubmitted`.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PagingBlockedMessageId } from '../../engine/machines/paging';
import { message } from '../../engine/messages/catalogue';
import { ApiError, callOperation, errorText } from '../api/client';
import { useRunAction } from './actions';
import type { FormDocument, FormMode } from './documents';
import { localizeUiSchema } from './labels';
import { bodyBuilders, type FormSourceResult, formSources, toFormData } from './registry';
import { type FormData, SchemaForm } from './SchemaForm';
import { fillTemplate, resolveCall } from './templates';

export interface FormScreenProps {
  document: FormDocument;
  params: Record<string, string | undefined>;
  mode: FormMode;
  /** Replaces the document's `then`: what happens with the operation's answer. */
  onSubmitted?: (answer: unknown) => void | Promise<void>;
  /** Called with the source's title (titleFrom 'source'). */
  onTitle?: (title: string) => void;
}

type Loaded = { form: FormSourceResult; formData: FormData };

function staticForm(doc: FormDocument): Loaded | null {
  if (doc.source || !doc.schema) return null;
  return {
    form: { schema: doc.schema, uiSchema: localizeUiSchema(doc.uiSchema ?? {}), data: undefined },
    formData: {},
  };
}

/** State passed to the next page after a successful submit, for its confirmation toast. */
export interface FlashState {
  flashMessageId?: string;
}

/** Renders a form screen document; see the module comment. */
export function FormScreen({ document: doc, params, mode, onSubmitted, onTitle }: FormScreenProps) {
  const navigate = useNavigate();
  const runAction = useRunAction();
  const initial = useMemo(() => (mode === 'add' ? staticForm(doc) : null), [doc, mode]);
  const [loaded, setLoaded] = useState<Loaded | null>(initial);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<ApiError | Error | null>(null);
  const scope = [params as Record<string, unknown>];

  useEffect(() => {
    if (initial) return;
    let live = true;
    (async () => {
      let form: FormSourceResult;
      if (doc.source) {
        const { params: callParams } = resolveCall(doc.source.call, [params]);
        const answer = await callOperation<unknown>(doc.source.call.operation, { params: callParams });
        form = formSources[doc.source.name](answer);
      } else {
        form = { schema: doc.schema ?? {}, uiSchema: localizeUiSchema(doc.uiSchema ?? {}), data: undefined };
      }
      let formData: FormData = {};
      if (mode !== 'add' && doc.load) {
        const { params: callParams } = resolveCall(doc.load.call, [params]);
        const item = await callOperation<unknown>(doc.load.call.operation, { params: callParams });
        formData = toFormData[doc.load.toFormData](item, form.data);
      }
      if (!live) return;
      setLoaded({ form, formData });
      if (doc.titleFrom === 'source' && form.title) onTitle?.(form.title);
    })().catch((e: unknown) => {
      if (live) setLoadError(errorText(e));
    });
    return () => {
      live = false;
    };
  }, [doc, params, mode, initial, onTitle]);

  const handleSubmit = async (formData: FormData) => {
    if (!loaded) return;
    setSubmitError(null);
    try {
      const body = await bodyBuilders[doc.submit.body]({ formData, sourceData: loaded.form.data, params });
      const { params: callParams } = resolveCall(doc.submit.call, [params]);
      const answer = await callOperation<unknown>(doc.submit.call.operation, { params: callParams, body });
      if (onSubmitted) await onSubmitted(answer);
      else if (doc.submit.then?.navigate) {
        const state: FlashState = { flashMessageId: doc.submit.successMessageId };
        navigate(fillTemplate(doc.submit.then.navigate, [params]), { state });
      }
    } catch (e) {
      setSubmitError(e instanceof Error ? e : new Error(errorText(e)));
    }
  };

  if (loadError) return <Alert severity="error">{loadError}</Alert>;
  if (!loaded) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={message('common.loading')} />
      </Box>
    );
  }

  const buttons = (doc.buttons ?? []).filter((button) => !button.modes || button.modes.includes(mode));
  return (
    <Box>
      {submitError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(submitError)}
          {submitError instanceof ApiError && submitError.details.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {submitError.details.map((d) => (
                <li key={`${d.path}-${d.messageId}`}>{d.message}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <SchemaForm
        schema={loaded.form.schema}
        uiSchema={loaded.form.uiSchema}
        pages={loaded.form.pages}
        formData={loaded.formData}
        readonly={mode === 'view'}
        submitLabel={message(doc.submit.label)}
        disableWhileInvalid={doc.submit.disableWhileInvalid}
        blockedMessageId={doc.messages?.blocked as PagingBlockedMessageId | undefined}
        onSubmit={handleSubmit}
        actions={buttons.map((button) => (
          <Button
            key={button.id}
            variant={button.variant ?? 'outlined'}
            onClick={() => void runAction(button.action, scope).catch((e: unknown) => setSubmitError(e as Error))}
          >
            {message(button.label)}
          </Button>
        ))}
      />
    </Box>
  );
}
