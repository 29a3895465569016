/**
 * img: a picture of the client's file store shown in the form with its label (form-configuration.md §2
 * 'img'); never answered. The picture is the sharp thumbnail 600 px wide; a click opens it full size in the
 * image viewer (§2 "Image viewer modal").
 */
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import type { FieldProps } from '@rjsf/utils';
import { message } from '../../../engine/messages/catalogue';
import { fileUrl, thumbnailUrl } from '../../api/client';
import { useScreenHost } from '../host/ScreenHost';
import { defineField } from './registration';

/** The width of the picture in the form, px (the thumbnail the server makes). */
export const IMAGE_WIDTH = 600;

export default function ImageField(props: FieldProps) {
  const { schema, uiSchema } = props;
  const host = useScreenHost();
  const title = String(uiSchema?.['ui:title'] ?? schema.title ?? '');
  const file = String((uiSchema?.['ui:options'] as { file?: string } | undefined)?.file ?? '');
  const help = uiSchema?.['ui:help'];
  const name = file.slice(file.lastIndexOf('/') + 1);
  const full = fileUrl(file);
  return (
    <Box sx={{ my: 1 }} role="figure" aria-label={title}>
      <FormLabel>{title}</FormLabel>
      <Box>
        <ButtonBase aria-label={message('image.view', { name })} onClick={() => host?.viewImage(full, title || name)}>
          <Box
            component="img"
            src={thumbnailUrl(file, IMAGE_WIDTH)}
            alt={title}
            sx={{ maxWidth: '100%', display: 'block' }}
          />
        </ButtonBase>
      </Box>
      {typeof help === 'string' && help !== '' && (
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
      )}
    </Box>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineField('img', ImageField);
