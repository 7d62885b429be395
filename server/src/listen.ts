import type { FastifyInstance } from 'fastify';
import { localUrl } from './config';

/** A start-up failure explained in one line for the person starting the server (no stack trace). */
export class StartError extends Error {}

/**
 * Listens on host:port and returns the address really bound (the port the system chose for 0).
 * A port already taken or not allowed becomes a StartError that says what to do.
 */
export async function listen(app: FastifyInstance, port: number, host: string): Promise<string> {
  try {
    await app.listen({ port, host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new StartError(`Port ${port} is already in use on ${host}: stop the program using it or set PORT to a free port.`);
    if (code === 'EACCES') throw new StartError(`Port ${port} on ${host} needs more privileges: set PORT to a number above 1023.`);
    if (code === 'EADDRNOTAVAIL')
      throw new StartError(`HOST ${host} is not an address of this machine: set HOST to one of its addresses or 0.0.0.0.`);
    throw error;
  }
  const address = app.server.address();
  return typeof address === 'object' && address ? localUrl(host, address.port) : String(address);
}
