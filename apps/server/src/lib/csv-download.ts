import type { FastifyReply } from 'fastify';

/** Answers `csv` as a download named `fileName`, never cached: it holds the caller's (or a seller's) money. */
export function sendCsvDownload(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
