/**
 * The mock API of the runtime's tests: MSW handlers over an in-memory copy of the demo seed
 * (fixtures/msw/handlers.ts), served by msw/node. runtime/test/setup.ts starts it for every test file
 * and resets it after each test; tests change `mockApi.db` or call `mockApi.logIn` to set the scene.
 */
import { setupServer } from 'msw/node';
import { createMockApi } from '../../fixtures/msw/handlers';

export const mockApi = createMockApi();

export const server = setupServer(...mockApi.handlers);
