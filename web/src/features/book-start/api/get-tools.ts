import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Language } from '@common/constants';
import { ToolSchema, type Tool } from '@common/schemas/catalog';
import { getSuccess } from '../../../lib/api';

/** GET /api/tools: the writing tools, in the request's language. */
export async function getTools(): Promise<Tool[]> {
  return z.array(ToolSchema).parse(await getSuccess<unknown>('/tools'));
}

export function useTools(lng: Language) {
  return useQuery({ queryKey: ['tools', lng], queryFn: getTools, staleTime: 5 * 60_000 });
}
