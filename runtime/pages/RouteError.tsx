/**
 * What a route shows when its loader or page fails: the unauthorised page for a 401, otherwise the
 * server's message (or 'Server error, please refresh and try again'). Plain (runtime/plain): it shows when
 * a page's code failed to load too, so it must not need code of its own.
 */
import { Navigate, useRouteError } from 'react-router';
import { ApiError, errorText } from '../api/client';
import { Alert } from '../plain/Alert';

/** The route error element; see the module comment. */
export function RouteError() {
  const error = useRouteError();
  if (error instanceof ApiError && error.status === 401) return <Navigate to="/unauthorized" replace />;
  return (
    <div className="plain-p-3">
      <Alert>{errorText(error)}</Alert>
    </div>
  );
}
