/**
 * MenuScreen: a menu screen document (schemas/meta/menu.schema.json) as a grid of tiles, each with a
 * Go button (shell-access-navigation.md §2.1 home, §2.4 generic tile list: an optional Filter box
 * and a 3 or 4 column layout); a tile's `icon` names one of ./menu-icons. With `itemsFrom: 'sections'` (home) the
 * tiles after the document's own items are the section documents' entries (engine/rules/sections.ts).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { message } from '../../engine/messages/catalogue';
import { type MenuUser, visibleMenuItems } from '../../engine/rules/menus';
import { sectionEntries } from '../../engine/rules/sections';
import type { MenuDocument, MenuItemSpec } from './documents';
import { menuIcons } from './menu-icons';
import { fillTemplate } from './templates';
import { useSessionUser } from './user';

export interface MenuScreenProps {
  document: MenuDocument;
  params: Record<string, string | undefined>;
}

/** Renders a menu screen document; see the module comment. */
export function MenuScreen({ document: doc, params }: MenuScreenProps) {
  const navigate = useNavigate();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const user = useSessionUser() as MenuUser | undefined;
  const listed: MenuItemSpec[] = doc.itemsFrom === 'sections' ? [...doc.items, ...sectionEntries('tiles')] : doc.items;
  const items = visibleMenuItems(listed, user).filter(
    (item) => item.route && (needle === '' || message(item.title).toLowerCase().includes(needle)),
  );
  const columns = doc.columns ?? 3;
  return (
    <Box>
      {doc.filter && (
        <TextField
          label={message('home.filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          size="small"
          sx={{ mb: 2 }}
        />
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: `repeat(${columns}, 1fr)` },
        }}
      >
        {items.map((item) => (
          <Card key={item.id} variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                {item.icon && menuIcons[item.icon]}
                {message(item.title)}
              </Typography>
              {item.description && <Typography color="text.secondary">{message(item.description)}</Typography>}
            </CardContent>
            <CardActions>
              <Button variant="contained" onClick={() => navigate(fillTemplate(item.route ?? '/', [params]))}>
                {message(doc.actionLabel ?? 'common.go')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
