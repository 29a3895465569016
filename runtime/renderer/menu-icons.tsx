/**
 * Icons of menu tiles by name (`icon` of a menu item, schemas/meta/menu.schema.json): one MUI icon per
 * section. A document naming an icon that is not here fails renderer/screens.test.ts.
 */
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import AssignmentIcon from '@mui/icons-material/Assignment';
import CalculateIcon from '@mui/icons-material/Calculate';
import ConstructionIcon from '@mui/icons-material/Construction';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import FolderIcon from '@mui/icons-material/Folder';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import InventoryIcon from '@mui/icons-material/Inventory';
import PlaceIcon from '@mui/icons-material/Place';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import type { ReactElement } from 'react';

export const menuIcons: Readonly<Record<string, ReactElement>> = {
  projects: <FolderIcon />,
  qs: <CalculateIcon />,
  estimating: <RequestQuoteIcon />,
  locations: <PlaceIcon />,
  materials: <InventoryIcon />,
  plant: <ConstructionIcon />,
  'quality-assurance': <FactCheckIcon />,
  'health-and-safety': <HealthAndSafetyIcon />,
  settings: <AdminPanelSettingsIcon />,
  forms: <AssignmentIcon />,
};
