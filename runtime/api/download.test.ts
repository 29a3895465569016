import { HttpResponse, http } from 'msw';
import { mswPath } from '../../fixtures/msw/handlers';
import { server } from '../test/mock-api';
import { downloadOperation } from './client';

describe('a download', () => {
  it('tells the bytes received so far as a streamed file arrives, and keeps the whole file', async () => {
    const encoder = new TextEncoder();
    const pieces = ['Entry Number,Created\r\n', '1,2026-11-20 09:30\r\n', '2,2026-11-21 10:00'];
    server.use(
      http.post(mswPath('entries.download'), () => {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            for (const piece of pieces) controller.enqueue(encoder.encode(piece));
            controller.close();
          },
        });
        return new HttpResponse(stream, {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="register.csv"' },
        });
      }),
    );
    const seen: number[] = [];
    const file = await downloadOperation(
      'entries.download',
      { params: { projectId: '1', formArea: 'quality-assurance' }, body: { formId: 1 } },
      'download',
      (bytes) => seen.push(bytes),
    );
    expect(file.fileName).toBe('register.csv');
    expect(await file.blob.text()).toBe(pieces.join(''));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBe(encoder.encode(pieces.join('')).byteLength);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });
});
