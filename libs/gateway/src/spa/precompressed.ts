import type { NextFunction, Request, RequestHandler, Response } from 'express';
import fs from 'node:fs';
import path from 'node:path';

/** The Cache-Control of a file of the built web app: hashed assets forever, the rest (boot.js, favicon) an hour. */
export function webCacheControl(file: string): string {
  return file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/**
 * Serves the web build's precompressed files (docs/web-public-pages.md "First load"): the build writes each script,
 * stylesheet and SVG also as `<file>.br` (Brotli at its highest quality, apps/web/vite.config.ts), and a browser that
 * accepts `br` gets that file with `Content-Encoding: br` instead of the compression middleware's per-request Brotli
 * (quality 4, ~14% larger). Anything else (no `.br` beside the file, a client without `br`, a Range request) falls
 * through to express.static. Whether a `.br` exists is looked up once per path.
 */
export function precompressedStatic(dist: string): RequestHandler {
  const root = path.resolve(dist);
  const known = new Map<string, string | null>();
  const lookup = (urlPath: string): string | null => {
    let hit = known.get(urlPath);
    if (hit !== undefined) return hit;
    let file: string;
    try {
      file = path.resolve(root, `.${decodeURIComponent(urlPath)}`);
    } catch {
      return null;
    }
    hit = file.startsWith(root + path.sep) && /\.(js|css|svg)$/.test(file) && fs.existsSync(`${file}.br`) ? file : null;
    // the build's files are fixed for the process's life; unknown paths are not remembered (no unbounded map)
    if (hit) known.set(urlPath, hit);
    return hit;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return next();
    const file = lookup(req.path);
    if (!file) return next();
    res.vary('Accept-Encoding');
    if (req.acceptsEncodings('br', 'identity') !== 'br') return next();
    res.type(path.extname(file));
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Cache-Control', webCacheControl(file));
    res.sendFile(`${file}.br`, { cacheControl: false, dotfiles: 'deny' }, (err) => {
      if (err && !res.headersSent) {
        res.removeHeader('Content-Encoding');
        next();
      }
    });
  };
}
