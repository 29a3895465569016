/**
 * What a route shows when its loader or page fails: the unauthorised page for a 401, otherwise the
 * server's message (or 'Server error, please refresh and try again').
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Navigate, useRouteError } from 'react-router';
import { ApiError, errorText } from '../api/client';

/** The route error element; see the module comment. */
export function RouteError() {
  const error = useRouteError();
  if (error instanceof ApiError && error.status === 401) return <Navigate to="/unauthorized" replace />;
  return (
    <Box sx={{ p: 3 }}>
      <Alert severity="error">{errorText(error)}</Alert>
    </Box>
  );
}
