// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiServer } from '../../../../test/api-server';
import { renderedInSlices, SlowTree, turnsLogged, type SliceLog } from '../../../../test/slices';
import { writeTrialSession } from '../../../lib/trial-session';
import { useWorkspace } from './use-workspace';

/** A guest's trial book (the server does not know it: the guest's copy is the book), read against the real server. */
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

function Workspace({ log }: { log: SliceLog }) {
  const { load } = useWorkspace(4242, false, 0);
  return load.status === 'ready' ? <SlowTree log={log} /> : <p role="status">{load.status}</p>;
}

describe('useWorkspace', () => {
  it('renders the book once it has arrived in slices, yielding to the browser between them, not in one long task', async () => {
    writeTrialSession({
      id: 4242,
      book_name: 'My life',
      introduction: '',
      book_summary: '',
      is_payed: false,
      version: 1,
      updated_at: '',
      checkpoint_data: {
        data: [{ id: 1, name: 'Childhood', questions: [], generated_content: '', generated_count: 0 }],
        lookups: { survey_questions: [] },
        general_category_id: 1,
        category_based_type_ids: [],
        services_with_plans: [],
      },
      guest_token: 'a-guest-token',
    });
    const log: SliceLog = [];
    const stop = turnsLogged(log);
    const { container } = render(<Workspace log={log} />);
    await vi.waitFor(() => expect(container.querySelectorAll('span')).toHaveLength(12), { timeout: 10_000 });
    stop();
    expect(renderedInSlices(log), log.slice(log.indexOf('render') - 1).join(' ')).toBe(true);
  });
});
