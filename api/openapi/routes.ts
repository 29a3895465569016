/**
 * GET /api/openapi.json (the OpenAPI 3.1 document, api/openapi/document.ts) and Swagger UI at /api/docs,
 * served from the local swagger-ui-dist package (no CDN). The page has no inline script (the CSP allows
 * scripts from the site only): its initializer is /api/docs/init.js.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import { message } from '../../engine/messages/catalogue';
import type { ApiEnv } from '../http/env';
import { openApiDocument } from './document';

const require = createRequire(import.meta.url);
const distDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
};

const page = (title: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>${title}</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/** The document's text, made on first use: the catalogue it is made from does not change while the process runs. */
let documentText: string | undefined;

/** The document and Swagger UI routes (public: the API's shape is no secret; every call still checks access). */
export function openApiRoutes() {
  documentText ??= JSON.stringify(openApiDocument());
  const document = documentText;
  const cache = new Map<string, Buffer>();
  return new Hono<ApiEnv>()
    .get('/api/openapi.json', (c) => c.body(document, 200, { 'Content-Type': 'application/json; charset=utf-8' }))
    .get('/api/docs', (c) => c.html(page(message('api.docsTitle'))))
    .get('/api/docs/init.js', (c) => c.body(init, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }))
    .get('/api/docs/:file', (c, next) => {
      const file = c.req.param('file');
      const type = assets[file];
      if (!type) return next();
      let content = cache.get(file);
      if (!content) {
        content = readFileSync(path.join(distDir, file));
        cache.set(file, content);
      }
      return c.body(new Uint8Array(content), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
    });
}
