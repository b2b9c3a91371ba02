import type { FastifyInstance } from 'fastify';
import { sendStaticJson, staticJson } from '../../http/etag.js';
import type { Announcements } from './service.js';

export interface AnnouncementsRouteOptions {
  announcements: Announcements;
}

/**
 * GET /app-api/platform/announcements (no login; the request signature applies). Read from the
 * database on every call, so an ops change shows on the next page load of every instance; the ETag
 * is a hash of the answer, so an unchanged answer is a 304.
 */
export async function announcementsRoutes(app: FastifyInstance, { announcements }: AnnouncementsRouteOptions): Promise<void> {
  app.get('/platform/announcements', async (request, reply) => sendStaticJson(request, reply, staticJson(await announcements.payload())));
}
