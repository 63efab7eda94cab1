import type { NextFunction, Request, RequestHandler, Response } from 'express';
import fs from 'node:fs';
import path from 'node:path';

/** The Cache-Control of a file of the built web app: hashed assets forever, the rest (boot.js, favicon) an hour. */
export function webCacheControl(file: string): string {
  return file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/**
 * Finds, once per URL path, the file of `root` a GET names and which precompressed variants (`<file>.br`, `<file>.gz`,
 * written by the web build: apps/web/vite.config.ts) lie beside it. Only scripts, styles and SVGs inside `root`.
 */
function variantsOf(root: string) {
  const known = new Map<string, { file: string; encodings: string[] } | null>();
  return (urlPath: string) => {
    const hit = known.get(urlPath);
    if (hit !== undefined) return hit;
    let file: string;
    try {
      file = path.resolve(root, `.${decodeURIComponent(urlPath)}`);
    } catch {
      return null;
    }
    if (!file.startsWith(root + path.sep) || !/\.(js|css|svg)$/.test(file) || !fs.existsSync(file)) return null;
    const found = { file, encodings: ENCODINGS.filter(([, ext]) => fs.existsSync(file + ext)).map(([e]) => e) };
    // the build's files are fixed for the process's life; unknown paths are not remembered (no unbounded map)
    known.set(urlPath, found);
    return found;
  };
}

/** Sends `file`'s variant in the best encoding the client accepts (or false if it takes none of them). */
function sendVariant(req: Request, res: Response, next: NextFunction, file: string, encodings: string[], options: { validators: boolean }): boolean {
  res.vary('Accept-Encoding');
  // ours first (the smallest), whatever order the client lists them in with the same weight
  const encoding = encodings.find((e) => req.acceptsEncodings(e) === e);
  if (!encoding) return false;
  const ext = ENCODINGS.find(([e]) => e === encoding)![1];
  res.type(path.extname(file));
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Cache-Control', webCacheControl(file));
  if (options.validators) {
    res.sendFile(file + ext, { cacheControl: false, dotfiles: 'deny', acceptRanges: false }, (err) => {
      if (err && !res.headersSent) {
        res.removeHeader('Content-Encoding');
        next();
      }
    });
  } else {
    streamFile(req, res, next, file + ext);
  }
  return true;
}

/** Sends a file as it is, without validators (res.sendFile adds an ETag whatever its options say, by the app's setting). */
function streamFile(req: Request, res: Response, next: NextFunction, file: string): void {
  fs.stat(file, (err, stat) => {
    if (err || !stat.isFile()) {
      res.removeHeader('Content-Encoding');
      return next();
    }
    res.setHeader('Content-Length', stat.size);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    fs.createReadStream(file).on('error', () => res.destroy()).pipe(res);
  });
}

/**
 * Serves the web build's precompressed files (docs/web-public-pages.md "First load"): the build writes each script,
 * stylesheet and SVG also as `<file>.br` (Brotli at its highest quality) and `<file>.gz`, and a browser that accepts
 * one gets it with its `Content-Encoding`, instead of the compression middleware's per-request Brotli (quality 4,
 * ~14% larger). Anything else (no variant beside the file, a client without either, a Range request) falls through to
 * express.static.
 */
export function precompressedStatic(dist: string): RequestHandler {
  const lookup = variantsOf(path.resolve(dist));
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return next();
    const found = lookup(req.path);
    if (!found || !sendVariant(req, res, next, found.file, found.encodings, { validators: true })) next();
  };
}

/**
 * The build's hashed files (`/assets/*`: scripts, styles, SVGs), answered ahead of the page middleware stack: a
 * name changes with its content, so each is cached for a year as immutable and sent without validators (ETag,
 * Last-Modified: a browser never revalidates an immutable file) and without the headers that only act on documents
 * (Content-Security-Policy, X-Frame-Options, Cross-Origin-Opener-Policy, Origin-Agent-Cluster...): ~0.5 KB less on
 * each of the ~25 scripts of a phone's first load. The headers that act on a subresource stay: `nosniff`,
 * Cross-Origin-Resource-Policy and Referrer-Policy (a module script's own fetches follow it). A path that is no such
 * file, or a file without variants, falls through (to express.static behind the compression middleware, or the page
 * middleware's 404 page).
 */
export function immutableAssets(dist: string): RequestHandler {
  const root = path.resolve(dist, 'assets');
  const lookup = variantsOf(root);
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/')) return next();
    const found = lookup(req.path.slice('/assets'.length));
    // a file the build left uncompressed (or an older build without variants): the page stack compresses it
    if (!found || !found.encodings.length) return next();
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (sendVariant(req, res, next, found.file, found.encodings, { validators: false })) return;
    res.type(path.extname(found.file));
    res.setHeader('Cache-Control', webCacheControl(found.file));
    streamFile(req, res, next, found.file);
  };
}
