/**
 * Loader data enters the screen's scope (routes.json `loader`): the form definition the route loads for
 * the breadcrumb is the one the register's columns and the entry form use, so it is fetched once per page.
 */
import { screen } from '@testing-library/react';
import { demoSeed } from '../../fixtures/seed';
import { mockApi, server } from '../test/mock-api';
import { renderApp } from '../test/render';

const form = demoSeed.formDefinitions.find((f) => f.clientId === 1 && f.formArea === 'quality-assurance')!;
const project = demoSeed.projects.find((p) => p.clientId === 1)!;

function countFormFetches(): () => number {
  let count = 0;
  server.events.on('request:start', ({ request }) => {
    if (
      request.method === 'GET' &&
      new URL(request.url).pathname === `/api/settings/forms/${project.id}/quality-assurance/${form.id}`
    )
      count++;
  });
  return () => count;
}

describe('loader data in the screen scope', () => {
  beforeEach(() => mockApi.logIn('user@demo.local'));

  it('fetches the form definition once for the register', async () => {
    const fetches = countFormFetches();
    renderApp(`/projects/${project.id}/qa/${form.id}`);
    await screen.findByRole('heading', { name: form.title });
    await screen.findByText(/No records found/);
    expect(fetches()).toBe(1);
  });

  it('fetches the form definition once for a new entry', async () => {
    const fetches = countFormFetches();
    renderApp(`/projects/${project.id}/qa/${form.id}/add`);
    await screen.findByRole('heading', { name: form.title });
    await screen.findByRole('button', { name: /Next|Submit/ });
    expect(fetches()).toBe(1);
  });
});
