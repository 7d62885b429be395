import { z } from 'zod';
import { defineCall } from './contract';

export const HealthSchema = z.object({ database: z.literal('ok'), storage: z.literal('ok') });

/** For load balancers and supervisors: 200 when the database answers and storage writes, reads and deletes; 503 otherwise. */
export const healthApi = {
  health: defineCall({ method: 'GET', path: '/health', scope: 'public', response: HealthSchema }),
};
