import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Orm } from '../db/client';
import { storefrontCatalog } from '../services/catalog/catalog';

/**
 * JSON made safe inside a `<script>` element: the HTML parser ends a script at `</script` and treats `<!--`
 * specially whatever the script's type, so no `<` or `>` may appear as such. JSON has these characters only
 * inside strings, where `\u003c` means the same; `&` and the JavaScript line separators go the same way so
 * the text also survives being read as a script or an attribute by mistake.
 */
export function escapeJsonForScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** The page with the catalog's answer in it, where the app reads it before its first render. */
export function injectCatalog(template: string, catalogJson: string): string {
  const element = `<script type="application/json" id="catalog">${escapeJsonForScript(catalogJson)}</script>`;
  const headEnd = template.indexOf('</head>');
  if (headEnd === -1) return `${element}${template}`;
  return `${template.slice(0, headEnd)}${element}${template.slice(headEnd)}`;
}

interface PageCopy {
  revision: number;
  etag: string;
  text: string;
  brotli?: Buffer;
  gzip?: Buffer;
}

/**
 * The single-page app's index.html, served with the storefront's catalog inside (decision 061): the products
 * show in the first render, with no call to /api/catalog first. One copy is kept per catalog revision, and
 * compressed once when first asked for. Should the catalog not be readable, the page goes without it and the
 * app asks /api/catalog itself.
 */
export function createStorefrontPage(webRoot: string, orm: Orm) {
  const template = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const templateDigest = createHash('sha256').update(template).digest('base64url').slice(0, 12);
  let kept: PageCopy | undefined;

  async function pageCopy(log: FastifyRequest['log']): Promise<PageCopy | undefined> {
    try {
      const { revision, body } = await storefrontCatalog(orm);
      if (kept?.revision === revision) return kept;
      const copy = {
        revision,
        etag: `"page-${templateDigest}-${revision}"`,
        text: injectCatalog(template, body),
      };
      if (!kept || kept.revision < revision) kept = copy;
      return copy;
    } catch (error) {
      log.error({ err: error }, 'the storefront page goes without its catalog: reading it failed');
      return undefined;
    }
  }

  return async function sendStorefrontPage(request: FastifyRequest, reply: FastifyReply) {
    const copy = await pageCopy(request.log);
    reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    reply.header('vary', 'Accept-Encoding');
    if (!copy) return reply.send(template);
    reply.header('etag', copy.etag);
    if (request.headers['if-none-match'] === copy.etag) return reply.status(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) {
      copy.brotli ??= brotliCompressSync(copy.text, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: copy.text.length },
      });
      return reply.header('content-encoding', 'br').send(copy.brotli);
    }
    if (/\bgzip\b/.test(accepted)) {
      copy.gzip ??= gzipSync(copy.text, { level: 9 });
      return reply.header('content-encoding', 'gzip').send(copy.gzip);
    }
    return reply.send(copy.text);
  };
}
