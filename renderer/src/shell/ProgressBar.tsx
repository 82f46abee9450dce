import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { updateLayout } from '../theme/layout-settings.ts';

export const NARROW_PX = 1200;
export const PROGRESS_MS = 500;

/** On each navigation: a progress bar that completes after 500 ms, scroll to the top, side navigation closed on narrow screens. */
export function ProgressBar() {
  const { pathname } = useLocation();
  const [state, setState] = useState<'idle' | 'start' | 'run' | 'done'>('idle');
  useEffect(() => {
    window.scrollTo(0, 0);
    if (window.innerWidth <= NARROW_PX) updateLayout({ sidebarOpen: false });
    setState('start');
    const run = requestAnimationFrame(() => setState('run'));
    const done = setTimeout(() => setState('done'), PROGRESS_MS);
    const idle = setTimeout(() => setState('idle'), PROGRESS_MS + 250);
    return () => {
      cancelAnimationFrame(run);
      clearTimeout(done);
      clearTimeout(idle);
    };
  }, [pathname]);
  if (state === 'idle') return null;
  const width = state === 'start' ? '10%' : '100%';
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label="loading"
      data-state={state}
      style={{ width, opacity: state === 'done' ? 0 : 1 }}
    />
  );
}
