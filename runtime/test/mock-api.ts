/**
 * The mock API of the runtime's tests: MSW handlers forwarding to the real Hono app over a fresh
 * in-memory copy of the demo seed (fixtures/msw/handlers.ts), served by msw/node.
 * runtime/test/setup.ts starts it for every test file and resets it before each test; tests call
 * `mockApi.logIn` to set the scene and `mockApi.session()` / `mockApi.entries()` to check the outcome.
 */
import { setupServer } from 'msw/node';
import { createMockApi } from '../../fixtures/msw/handlers';

export const mockApi = createMockApi();

export const server = setupServer(...mockApi.handlers);
