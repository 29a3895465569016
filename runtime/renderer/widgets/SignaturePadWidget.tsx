import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';
import {
  drawnBox,
  SIGNATURE_BACKGROUND,
  SIGNATURE_RESIZE_DELAY_MS,
  SIGNATURE_STROKE,
  signatureCanvasHeight,
} from '../../../engine/forms/signature';
import { message } from '../../../engine/messages/catalogue';
import { callOperation, errorText, fileUrl } from '../../api/client';
import { requiredLabel } from '../labels';
import { defineWidget } from './registration';

/** The drawn part of the canvas, with its padding, as a PNG blob; null when nothing is drawn. */
async function croppedPng(canvas: HTMLCanvasElement): Promise<Blob | null> {
  const context = canvas.getContext('2d');
  if (!context) return null;
  const { width, height } = canvas;
  const box = drawnBox(context.getImageData(0, 0, width, height).data, width, height);
  if (!box) return null;
  const out = document.createElement('canvas');
  out.width = box.width;
  out.height = box.height;
  const target = out.getContext('2d');
  if (!target) return null;
  target.fillStyle = SIGNATURE_BACKGROUND;
  target.fillRect(0, 0, box.width, box.height);
  target.drawImage(canvas, box.x, box.y, box.width, box.height, 0, 0, box.width, box.height);
  return new Promise((resolve) => out.toBlob((blob) => resolve(blob), 'image/png'));
}

/**
 * signature-pad (signature_pad, loaded when the first pad shows): strokes 0.5 to 1.5 px on white; the canvas 500 px high unless its
 * height is between 500 and 800, resized 1 second after it is shown. Save crops the drawing to the drawn
 * area with 5 px padding and uploads it as a PNG to the question's folder; the value is its path. A saved
 * signature is shown as its image; Clear starts again. View state shows the image only.
 */
export default function SignaturePadWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, onChange, options } = props;
  const { rawErrors = [] } = props;
  const locked = Boolean(disabled || readonly);
  const saved = typeof value === 'string' && value !== '' ? value : null;
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const draft = useRef(Math.random().toString(36).slice(2, 10));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (locked || saved || !canvas.current) return;
    const element = canvas.current;
    // A browser without a 2D canvas (or a test DOM) gets no pad rather than a broken form.
    if (!element.getContext('2d')) return;
    // The library loads with the first pad shown, not with every form page (issue 21 "Speed").
    let live = true;
    let instance: SignaturePad | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void import('signature_pad').then(({ default: Pad }) => {
      if (!live) return;
      const drawn = new Pad(element, { ...SIGNATURE_STROKE, backgroundColor: SIGNATURE_BACKGROUND });
      instance = drawn;
      pad.current = drawn;
      const resize = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        element.width = element.offsetWidth * ratio;
        element.height = signatureCanvasHeight(element.offsetHeight) * ratio;
        element.getContext('2d')?.scale(ratio, ratio);
        drawn.clear();
      };
      timer = setTimeout(resize, SIGNATURE_RESIZE_DELAY_MS);
    });
    return () => {
      live = false;
      clearTimeout(timer);
      instance?.off();
      pad.current = null;
    };
  }, [locked, saved]);

  const save = async () => {
    if (!canvas.current || !pad.current || pad.current.isEmpty()) return;
    const png = await croppedPng(canvas.current);
    if (!png) return;
    const form = new FormData();
    form.append('uploads[]', png, 'signature.png');
    const folder = `${String(options.folder ?? 'signatures')}/${draft.current}`;
    try {
      const [stored] = await callOperation<Array<{ file: string }>>('files.upload', { query: { folder }, body: form });
      onChange(stored.file);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <FormControl fullWidth margin="dense" error={rawErrors.length > 0 || error !== null}>
      {!hideLabel && <FormLabel id={`${id}-label`}>{requiredLabel(label, required)}</FormLabel>}
      {saved ? (
        <Box
          component="img"
          alt={label}
          src={fileUrl(saved)}
          sx={{ maxWidth: '100%', maxHeight: 240, border: 1, borderColor: 'divider', bgcolor: '#fff' }}
        />
      ) : (
        !locked && (
          <Box
            component="canvas"
            ref={canvas}
            id={id}
            aria-labelledby={`${id}-label`}
            sx={{ width: '100%', height: 500, border: 1, borderColor: 'divider', bgcolor: '#fff', touchAction: 'none' }}
          />
        )
      )}
      {error && <FormLabel error>{error}</FormLabel>}
      {!locked && (
        <Stack direction="row" gap={1} sx={{ mt: 1 }}>
          {!saved && (
            <Button variant="outlined" onClick={() => void save()}>
              {message('signature.save')}
            </Button>
          )}
          <Button
            onClick={() => {
              pad.current?.clear();
              if (saved) onChange(undefined);
            }}
          >
            {message('signature.clear')}
          </Button>
        </Stack>
      )}
    </FormControl>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget('signature-pad', SignaturePadWidget);
