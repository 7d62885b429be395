// Test support (imported by tests only, never by the app): is a render made in slices, React yielding to the browser
// between them (a transition), or in one task?

/** What happened, in order: a slow component rendered ('render'), an event-loop turn was taken ('turn'). */
export type SliceLog = Array<'render' | 'turn'>;

/** `count` components that each keep the thread busy `ms` as they render (a page's render under a slow phone's CPU). */
export function SlowTree({ log, count = 12, ms = 4 }: { log: SliceLog; count?: number; ms?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <Slow key={i} log={log} ms={ms} />
      ))}
    </>
  );
}

function Slow({ log, ms }: { log: SliceLog; ms: number }) {
  keepBusy(ms);
  log.push('render');
  return <span>slow</span>;
}

/** Keeps the thread busy `ms`, as a long render does. */
function keepBusy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

/** Logs each event-loop turn (React's scheduler yields on setImmediate here) until the returned stop is called. */
export function turnsLogged(log: SliceLog): () => void {
  let on = true;
  const turn = () => {
    if (!on) return;
    log.push('turn');
    setImmediate(turn);
  };
  setImmediate(turn);
  return () => {
    on = false;
  };
}

/** Turns were taken between the first and the last slow component's render: the render was made in slices. */
export function renderedInSlices(log: SliceLog): boolean {
  const first = log.indexOf('render');
  const last = log.lastIndexOf('render');
  return first >= 0 && log.slice(first, last).includes('turn');
}
