import type { SVGProps } from 'react';

/**
 * The interface's line icons: a 24-unit box drawn with round 2-unit strokes in the text colour,
 * decorative (the control or label around them carries the name).
 */
export const lineIcon = (props: SVGProps<SVGSVGElement> = {}) => ({
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  ...props,
});
