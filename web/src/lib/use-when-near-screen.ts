import { useCallback, useEffect, useRef } from 'react';

/**
 * A callback ref that calls `onNear` each time its element comes within `margin` of the screen (at once where the
 * browser has no IntersectionObserver).
 */
export function useWhenNearScreen<E extends Element>(onNear: () => void, margin = '600px') {
  const latest = useRef(onNear);
  useEffect(() => {
    latest.current = onNear;
  });
  return useCallback(
    (element: E | null) => {
      if (!element) return;
      if (typeof IntersectionObserver === 'undefined') {
        latest.current();
        return;
      }
      const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && latest.current(), {
        rootMargin: margin,
      });
      observer.observe(element);
      return () => observer.disconnect();
    },
    [margin],
  );
}
