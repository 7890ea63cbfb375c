import type { FastifyRequest } from 'fastify';

/** Recorded with each session so the user can recognise their devices. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});
