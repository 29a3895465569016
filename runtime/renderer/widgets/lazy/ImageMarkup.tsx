/**
 * Image markup (form-configuration.md §2 "Image markup", §9): a thumbnail opens a full-screen editor,
 * its canvas the viewport's height minus 120 px, shown after 100 ms, with draw, text, crop, rotate and
 * flip tools on an MUI toolbar over a Konva stage; Save makes a new version of the image (a PNG next to
 * it) and hands back its path; Cancel leaves the image as it was. On a phone or tablet only View is
 * offered, with a message pointing to the mobile app (docs/decisions.md "Image markup").
 */
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import CropIcon from '@mui/icons-material/Crop';
import FlipIcon from '@mui/icons-material/Flip';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import TextFieldsIcon from '@mui/icons-material/TextFields';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type Konva from 'konva';
import { useEffect, useRef, useState } from 'react';
import { Group, Image as KonvaImage, Layer, Line, Rect, Stage, Text } from 'react-konva';
import { message } from '../../../../engine/messages/catalogue';

/** The editor's canvas is the viewport's height minus this (§9). */
export const MARKUP_HEIGHT_OFFSET = 120;
/** The editor starts this long after it opens (§9). */
export const MARKUP_START_DELAY_MS = 100;

/** True on a phone or tablet (a coarse pointer without hover): markup there is view only (§4). */
export function isTouchDevice(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(hover: none) and (pointer: coarse)').matches === true;
}

type Tool = 'draw' | 'text' | 'crop';
interface Stroke {
  id: number;
  points: number[];
}
interface Label {
  id: number;
  x: number;
  y: number;
  text: string;
}
interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What Save produces: the marked-up image as a PNG. */
export type MarkupResult = Blob;

export interface ImageMarkupProps {
  /** The image's address (same origin). */
  src: string;
  title: string;
  open: boolean;
  onCancel: () => void;
  /** Called with the new version; the editor closes when it resolves. */
  onSave: (png: MarkupResult) => Promise<void>;
}

/** The editor; see the module comment. */
export function ImageMarkup({ src, title, open, onCancel, onSave }: ImageMarkupProps) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [ready, setReady] = useState(false);
  const [tool, setTool] = useState<Tool>('draw');
  const [strokes, setStrokes] = useState<Stroke[]>([]);
  const [labels, setLabels] = useState<Label[]>([]);
  const [crop, setCrop] = useState<CropBox | null>(null);
  const [rotation, setRotation] = useState(0);
  const [flipped, setFlipped] = useState(false);
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const drawing = useRef(false);
  const nextId = useRef(1);
  const stage = useRef<Konva.Stage>(null);
  const viewOnly = isTouchDevice();

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setReady(true), MARKUP_START_DELAY_MS);
    const img = new window.Image();
    img.onload = () => setImage(img);
    img.src = src;
    return () => {
      clearTimeout(timer);
      setReady(false);
      setImage(null);
      setStrokes([]);
      setLabels([]);
      setCrop(null);
      setRotation(0);
      setFlipped(false);
    };
  }, [open, src]);

  const height = Math.max(200, (typeof window === 'undefined' ? 800 : window.innerHeight) - MARKUP_HEIGHT_OFFSET);
  const width = typeof window === 'undefined' ? 1000 : window.innerWidth;
  // The image fitted into the stage, centred; rotation and flip turn it about its centre.
  const scale = image ? Math.min(width / image.width, height / image.height, 1) : 1;
  const imageWidth = (image?.width ?? 0) * scale;
  const imageHeight = (image?.height ?? 0) * scale;

  const pointer = () => stage.current?.getPointerPosition() ?? { x: 0, y: 0 };

  const onDown = () => {
    if (viewOnly) return;
    const { x, y } = pointer();
    if (tool === 'draw') {
      drawing.current = true;
      setStrokes((all) => [...all, { id: nextId.current++, points: [x, y] }]);
    } else if (tool === 'crop') {
      drawing.current = true;
      setCrop({ x, y, width: 0, height: 0 });
    } else if (tool === 'text' && text.trim() !== '') {
      setLabels((all) => [...all, { id: nextId.current++, x, y, text: text.trim() }]);
    }
  };
  const onMove = () => {
    if (!drawing.current) return;
    const { x, y } = pointer();
    if (tool === 'draw') {
      setStrokes((all) => {
        const last = all[all.length - 1];
        return [...all.slice(0, -1), { ...last, points: [...last.points, x, y] }];
      });
    } else if (tool === 'crop') {
      setCrop((box) => (box ? { ...box, width: x - box.x, height: y - box.y } : box));
    }
  };
  const onUp = () => {
    drawing.current = false;
  };

  const save = async () => {
    const current = stage.current;
    if (!current) return;
    setSaving(true);
    try {
      const box =
        crop && Math.abs(crop.width) > 4 && Math.abs(crop.height) > 4
          ? {
              x: Math.min(crop.x, crop.x + crop.width),
              y: Math.min(crop.y, crop.y + crop.height),
              width: Math.abs(crop.width),
              height: Math.abs(crop.height),
            }
          : undefined;
      // The crop frame itself is not part of the image.
      const frame = current.findOne('#crop-frame');
      frame?.hide();
      const blob = (await current.toBlob({ ...(box ?? {}), mimeType: 'image/png' })) as Blob;
      frame?.show();
      await onSave(blob);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog fullScreen open={open} onClose={onCancel} aria-labelledby="image-markup-title">
      <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Typography id="image-markup-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {!viewOnly && (
          <>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={tool}
              onChange={(_, next: Tool | null) => next && setTool(next)}
              aria-label={message('markup.tools')}
            >
              <ToggleButton value="draw" aria-label={message('markup.draw')}>
                <AutoFixHighIcon />
              </ToggleButton>
              <ToggleButton value="text" aria-label={message('markup.text')}>
                <TextFieldsIcon />
              </ToggleButton>
              <ToggleButton value="crop" aria-label={message('markup.crop')}>
                <CropIcon />
              </ToggleButton>
            </ToggleButtonGroup>
            {tool === 'text' && (
              <TextField
                size="small"
                label={message('markup.textToAdd')}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
            )}
            <Button startIcon={<RotateRightIcon />} onClick={() => setRotation((r) => (r + 90) % 360)}>
              {message('markup.rotate')}
            </Button>
            <Button startIcon={<FlipIcon />} onClick={() => setFlipped((f) => !f)}>
              {message('markup.flip')}
            </Button>
          </>
        )}
        <Button onClick={onCancel}>{message(viewOnly ? 'common.close' : 'common.cancel')}</Button>
        {!viewOnly && (
          <Button variant="contained" disabled={saving || !image} onClick={() => void save()}>
            {message('common.save')}
          </Button>
        )}
      </Toolbar>
      {viewOnly && (
        <Alert severity="info" sx={{ mx: 2 }}>
          {message('markup.mobile')}
        </Alert>
      )}
      <Box sx={{ bgcolor: 'grey.900', flexGrow: 1 }} data-testid="markup-canvas">
        {ready && image && (
          <Stage
            ref={stage}
            width={width}
            height={height}
            onMouseDown={onDown}
            onMouseMove={onMove}
            onMouseUp={onUp}
            onTouchStart={onDown}
            onTouchMove={onMove}
            onTouchEnd={onUp}
          >
            <Layer>
              <Group
                x={width / 2}
                y={height / 2}
                rotation={rotation}
                scaleX={flipped ? -1 : 1}
                offsetX={imageWidth / 2}
                offsetY={imageHeight / 2}
              >
                <KonvaImage image={image} width={imageWidth} height={imageHeight} />
              </Group>
              {strokes.map((stroke) => (
                <Line
                  key={stroke.id}
                  points={stroke.points}
                  stroke="#e53935"
                  strokeWidth={4}
                  lineCap="round"
                  lineJoin="round"
                />
              ))}
              {labels.map((label) => (
                <Text key={label.id} x={label.x} y={label.y} text={label.text} fontSize={24} fill="#e53935" />
              ))}
              {crop && <Rect id="crop-frame" {...crop} stroke="#ffffff" dash={[8, 6]} strokeWidth={2} />}
            </Layer>
          </Stage>
        )}
      </Box>
      <Stack />
    </Dialog>
  );
}

export default ImageMarkup;
