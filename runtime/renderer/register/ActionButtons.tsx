/**
 * The register's buttons: the toolbar's (evaluated against the register's condition context) and each
 * row's (against the row's). A button is shown when its `visibleWhen` holds and enabled when its
 * `enabledWhen` holds and no action is in flight.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import LabelIcon from '@mui/icons-material/LabelOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { message } from '../../../engine/messages/catalogue';
import { type ConditionContext, holds } from '../conditions';
import type { ButtonSpec } from '../documents';

const icons: Record<NonNullable<ButtonSpec['icon']>, ReactNode> = {
  add: <AddIcon />,
  download: <DownloadIcon />,
  open: <OpenInNewIcon />,
  view: <VisibilityIcon />,
  edit: <EditIcon />,
  delete: <DeleteIcon />,
  back: <ArrowBackIcon />,
  qrCode: <QrCodeIcon />,
  label: <LabelIcon />,
};

export interface ActionButtonsProps {
  buttons: ButtonSpec[];
  context: ConditionContext;
  busy: boolean;
  /** 'toolbar' buttons are contained by default and full size; 'row' buttons are text and small. */
  place: 'toolbar' | 'row';
  onRun: (button: ButtonSpec) => void;
}

/** The buttons of a toolbar or a row; see the module comment. */
export function ActionButtons({ buttons, context, busy, place, onRun }: ActionButtonsProps) {
  return (
    <Stack direction="row" gap={1}>
      {buttons
        .filter((button) => holds(button.visibleWhen, context))
        .map((button) => (
          <Button
            key={button.id}
            size={place === 'row' ? 'small' : 'medium'}
            variant={button.variant ?? (place === 'row' ? 'text' : 'contained')}
            startIcon={button.icon ? icons[button.icon] : undefined}
            disabled={busy || !holds(button.enabledWhen, context)}
            onClick={() => onRun(button)}
          >
            {message(button.label)}
          </Button>
        ))}
    </Stack>
  );
}
