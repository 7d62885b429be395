import type { JSX } from 'react';

/**
 * Light, hand-drawn-style illustrations of the three kinds of book, keyed by the category's image_key
 * (spec section 2: story, self-development, autobiography). Decorative: the card's text names it.
 */
const palette = {
  paper: '#fdf8f1',
  wash: '#f3e4d9',
  ink: '#5e2c1d',
  accent: '#7a3e2b',
  gold: '#d9a441',
  sage: '#8aa38b',
  sageDark: '#5f7d62',
  sky: '#dce8ec',
  rose: '#d98c7a',
};

function Autobiography() {
  return (
    <>
      <rect width="320" height="200" fill={palette.sky} />
      <circle cx="250" cy="52" r="22" fill={palette.gold} opacity="0.85" />
      <path d="M0 150 Q80 120 160 140 T320 130 V200 H0Z" fill={palette.wash} />
      {/* open book */}
      <path d="M70 150 Q115 128 160 146 V176 Q115 158 70 178Z" fill="#fff" stroke={palette.ink} strokeWidth="3" strokeLinejoin="round" />
      <path d="M250 150 Q205 128 160 146 V176 Q205 158 250 178Z" fill="#fff" stroke={palette.ink} strokeWidth="3" strokeLinejoin="round" />
      <path
        d="M86 154 Q115 142 146 152 M86 163 Q115 151 146 161"
        stroke={palette.rose}
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
      <path
        d="M174 152 Q205 142 234 154 M174 161 Q205 151 234 163"
        stroke={palette.rose}
        strokeWidth="2.5"
        fill="none"
        strokeLinecap="round"
      />
      {/* feather */}
      <path
        d="M196 142 C210 100 236 70 268 58 C262 92 236 122 196 142Z"
        fill="#fff"
        stroke={palette.accent}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M196 142 L252 76" stroke={palette.accent} strokeWidth="2.5" strokeLinecap="round" />
      <path d="M216 112 l14 -2 M226 98 l13 -2 M236 86 l11 -1" stroke={palette.accent} strokeWidth="2" strokeLinecap="round" />
      {/* little path of memories */}
      <circle cx="60" cy="60" r="5" fill={palette.accent} />
      <circle cx="92" cy="44" r="5" fill={palette.rose} />
      <circle cx="128" cy="56" r="5" fill={palette.sageDark} />
      <path
        d="M60 60 Q76 40 92 44 Q110 48 128 56"
        stroke={palette.ink}
        strokeWidth="2"
        strokeDasharray="4 6"
        fill="none"
        strokeLinecap="round"
      />
    </>
  );
}

function Story() {
  return (
    <>
      <rect width="320" height="200" fill={palette.wash} />
      <path d="M0 160 Q100 140 200 158 T320 150 V200 H0Z" fill="#efd7c7" />
      {/* frame */}
      <rect x="104" y="32" width="112" height="136" rx="10" fill={palette.gold} stroke={palette.ink} strokeWidth="3" />
      <ellipse cx="160" cy="100" rx="40" ry="52" fill={palette.sky} stroke={palette.ink} strokeWidth="3" />
      {/* portrait */}
      <circle cx="160" cy="86" r="16" fill={palette.paper} stroke={palette.ink} strokeWidth="3" />
      <path
        d="M130 142 Q132 112 160 110 Q188 112 190 142"
        fill={palette.sage}
        stroke={palette.ink}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      {/* hearts */}
      <path
        d="M252 70 c0 -10 14 -12 16 -2 c2 -10 16 -8 16 2 c0 12 -16 20 -16 24 c0 -4 -16 -12 -16 -24Z"
        fill={palette.rose}
        stroke={palette.accent}
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path
        d="M44 112 c0 -7 10 -9 11 -1 c1 -8 11 -6 11 1 c0 9 -11 14 -11 17 c0 -3 -11 -8 -11 -17Z"
        fill={palette.paper}
        stroke={palette.accent}
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      {/* ribbon */}
      <path
        d="M232 140 q18 -10 36 0 q-6 10 0 20 q-18 -10 -36 0 q6 -10 0 -20Z"
        fill={palette.paper}
        stroke={palette.accent}
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
    </>
  );
}

function SelfDevelopment() {
  return (
    <>
      <rect width="320" height="200" fill="#e6eee3" />
      <circle cx="70" cy="56" r="20" fill={palette.gold} opacity="0.8" />
      {/* stacked books */}
      <rect x="96" y="152" width="128" height="22" rx="4" fill={palette.accent} stroke={palette.ink} strokeWidth="3" />
      <rect x="108" y="132" width="108" height="20" rx="4" fill={palette.gold} stroke={palette.ink} strokeWidth="3" />
      <path d="M112 163 H208 M120 142 H200" stroke={palette.paper} strokeWidth="2.5" strokeLinecap="round" />
      {/* sprout */}
      <path d="M160 132 C160 110 158 92 162 70" stroke={palette.sageDark} strokeWidth="4" fill="none" strokeLinecap="round" />
      <path
        d="M161 104 C140 104 124 92 120 74 C142 74 158 86 161 104Z"
        fill={palette.sage}
        stroke={palette.sageDark}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M162 88 C176 70 196 64 214 68 C208 88 186 96 162 88Z"
        fill={palette.sage}
        stroke={palette.sageDark}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M162 70 C156 58 158 44 168 34 C176 48 172 62 162 70Z"
        fill={palette.sage}
        stroke={palette.sageDark}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      {/* rising steps */}
      <path
        d="M236 160 h20 v-16 h20 v-16 h20 v-16"
        stroke={palette.accent}
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M284 92 l12 -12 l0 10 M296 80 l-10 0"
        stroke={palette.accent}
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  );
}

const illustrations: Record<string, () => JSX.Element> = {
  autobiography: Autobiography,
  story: Story,
  self_development: SelfDevelopment,
};

export function CategoryIllustration({ imageKey, className }: { imageKey: string; className?: string }) {
  const Drawing = illustrations[imageKey] ?? Autobiography;
  return (
    <svg
      className={className}
      viewBox="0 0 320 200"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      data-image-key={imageKey in illustrations ? imageKey : 'autobiography'}
    >
      <Drawing />
    </svg>
  );
}
