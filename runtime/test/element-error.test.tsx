/**
 * The jsdom set-up's error for a query that finds nothing (runtime/test/setup.ts `getElementError`): the page is
 * printed when the error is the test's (a query outside `waitFor`, or `waitFor`'s timeout), and not at each of
 * `waitFor`'s attempts, whose errors are thrown away.
 */
import { render, screen, waitFor } from '@testing-library/react';

describe('a query that finds nothing', () => {
  it('prints the page with its error', () => {
    render(<p>Concrete pour</p>);
    expect(() => screen.getByText('Missing question')).toThrow(/Unable to find[\s\S]*Concrete pour/);
  });

  it("does not print the page at waitFor's attempts; its timeout does", async () => {
    render(<p>Concrete pour</p>);
    const attempts: string[] = [];
    const failure = await waitFor(
      () => {
        try {
          screen.getByText('Missing question');
        } catch (error) {
          attempts.push((error as Error).message);
          throw error;
        }
      },
      { timeout: 300, interval: 20 },
    ).catch((error: Error) => error);
    expect(attempts.length).toBeGreaterThan(1);
    for (const message of attempts) {
      expect(message).toMatch(/Unable to find an element with the text: Missing question/);
      expect(message).not.toMatch(/Concrete pour/);
    }
    expect((failure as Error).message).toMatch(/Unable to find[\s\S]*Concrete pour/);
  });

  it('findBy queries time out with the page printed', async () => {
    render(<p>Concrete pour</p>);
    await expect(screen.findByText('Missing question', {}, { timeout: 200 })).rejects.toThrow(/Concrete pour/);
  });
});
