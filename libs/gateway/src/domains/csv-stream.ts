import type { Response } from 'express';
import { DomainCsvChunkResult } from '@registrar/contracts';
import { csvField, UTF8_BOM } from '@registrar/csv';

/**
 * Streams a domain CSV: UTF-8 with a BOM (Excel), CRLF, the header, then the service's keyset chunks, fetching the
 * next chunk while the current one is written and waiting for the socket to drain, so no more than two chunks are
 * ever held. The first chunk is fetched BEFORE the headers, so a refused or failing export answers with an error
 * instead of a file (issue 23, finding 9); a later chunk that fails is asked again once (the keyset makes it
 * idempotent) before the body is cut. A client that goes away stops the loop.
 */
export async function streamDomainCsv(
  res: Response,
  fileName: string,
  header: readonly string[],
  fetchChunk: (after: string | null) => Promise<DomainCsvChunkResult>,
): Promise<void> {
  const first = await fetchChunk(null);
  const again = (after: string) => fetchChunk(after).catch(() => fetchChunk(after));
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.write(UTF8_BOM + header.map(csvField).join(',') + '\r\n');
  let aborted = false;
  // one listener each for the whole response (the compression middleware hands 'drain' listeners to its gzip
  // stream, where res.off cannot remove them): a full buffer waits for the next drain or the end
  let wake: (() => void) | null = null;
  const resume = () => { const w = wake; wake = null; w?.(); };
  res.on('drain', resume);
  res.on('close', () => { aborted = !res.writableFinished; resume(); });
  try {
    let pending: Promise<DomainCsvChunkResult> | null = Promise.resolve(first);
    while (pending && !aborted) {
      const chunk: DomainCsvChunkResult = await pending;
      // the next chunk is fetched while this one is written
      pending = chunk.next ? again(chunk.next) : null;
      if (chunk.lines && !res.write(chunk.lines) && !aborted) await new Promise<void>((r) => { wake = r; });
    }
    res.end();
  } catch {
    // headers are sent: end the body so the browser sees a cut file rather than hanging
    res.destroy();
  }
}
