/**
 * The register's buttons: the toolbar's (evaluated against the register's condition context) and each
 * row's (against the row's). A button is shown when its `visibleWhen` holds and enabled when its
 * `enabledWhen` holds and no action is in flight. Toolbar buttons wrap onto more lines on a narrow screen;
 * a row with more than {@link MAX_ROW_BUTTONS} buttons shows the first {@link MAX_ROW_BUTTONS} - 1 and a
 * 'More actions' menu with the rest (issue 19: five row buttons pushed the employees' columns off-screen;
 * docs/decisions.md). Layout only: which buttons show is the documents' and the access rules' business.
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import LabelIcon from '@mui/icons-material/LabelOutlined';
import LinkIcon from '@mui/icons-material/Link';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import SendIcon from '@mui/icons-material/Send';
import UploadIcon from '@mui/icons-material/Upload';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { type ReactNode, useState } from 'react';
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
  upload: <UploadIcon />,
  copy: <ContentCopyIcon />,
  send: <SendIcon />,
  link: <LinkIcon />,
};

export interface ActionButtonsProps {
  buttons: ButtonSpec[];
  context: ConditionContext;
  busy: boolean;
  /** 'toolbar' buttons are contained by default and full size; 'row' buttons are text and small. */
  place: 'toolbar' | 'row';
  onRun: (button: ButtonSpec) => void;
}

/** The most buttons a row shows side by side; a row with more folds all but the first ones into a menu. */
export const MAX_ROW_BUTTONS = 3;

/** The 'More actions' button of a row and its menu of the row's remaining actions. */
function MoreActions({ buttons, context, busy, onRun }: Omit<ActionButtonsProps, 'place'>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={message('register.moreActions')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {buttons.map((button) => (
          <MenuItem
            key={button.id}
            disabled={busy || !holds(button.enabledWhen, context)}
            onClick={() => {
              close();
              onRun(button);
            }}
          >
            {message(button.label)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** The buttons of a toolbar or a row; see the module comment. */
export function ActionButtons({ buttons, context, busy, place, onRun }: ActionButtonsProps) {
  const shown = buttons.filter((button) => holds(button.visibleWhen, context));
  const folded = place === 'row' && shown.length > MAX_ROW_BUTTONS;
  const inline = folded ? shown.slice(0, MAX_ROW_BUTTONS - 1) : shown;
  return (
    <Stack direction="row" gap={1} sx={{ flexWrap: place === 'toolbar' ? 'wrap' : 'nowrap', alignItems: 'center' }}>
      {inline.map((button) => (
        <Button
          key={button.id}
          size={place === 'row' ? 'small' : 'medium'}
          variant={button.variant ?? (place === 'row' ? 'text' : 'contained')}
          startIcon={button.icon ? icons[button.icon] : undefined}
          disabled={busy || !holds(button.enabledWhen, context)}
          onClick={() => onRun(button)}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {message(button.label)}
        </Button>
      ))}
      {folded && <MoreActions buttons={shown.slice(MAX_ROW_BUTTONS - 1)} context={context} busy={busy} onRun={onRun} />}
    </Stack>
  );
}
