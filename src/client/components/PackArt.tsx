import { useId, type ReactNode } from 'react';
import { API_ROUTES, apiPath } from '../../shared/api';
import { UPLOADED_ART_PATTERN, type BuiltInArt, type PackImage } from '../../shared/catalogue';

/** Gem colours: ruby, sapphire, emerald, amethyst, topaz. */
const HUES = ['#e5484d', '#4c8df6', '#34c77b', '#a46bff', '#f5b83d'] as const;

/** One faceted gem centred on (x, y). */
function Gem({ x, y, size, hue = 0 }: { x: number; y: number; size: number; hue?: number }) {
  const s = size / 2;
  const colour = HUES[hue % HUES.length];
  return (
    <g transform={`translate(${x} ${y})`}>
      <path
        d={`M${-s} ${-s / 3} L${-s / 2} ${-s} L${s / 2} ${-s} L${s} ${-s / 3} L0 ${s} Z`}
        fill={colour}
        stroke="#140c1c"
        strokeWidth={Math.max(0.8, size / 22)}
        strokeLinejoin="round"
      />
      <path
        d={`M${-s} ${-s / 3} H${s} M${-s / 2} ${-s} L${-s / 4} ${-s / 3} L0 ${s} L${s / 4} ${-s / 3} L${s / 2} ${-s}`}
        stroke="rgba(20,12,28,0.55)"
        strokeWidth={Math.max(0.6, size / 36)}
        fill="none"
      />
      <path d={`M${-s / 2} ${-s} L${-s / 4} ${-s / 3} L${-s} ${-s / 3} Z`} fill="rgba(255,255,255,0.45)" />
    </g>
  );
}

/** A heap of gems: rows narrowing upwards from a base centred on cx. */
function GemHeap({ cx, baseY, rows, size }: { cx: number; baseY: number; rows: number[]; size: number }) {
  const gems: ReactNode[] = [];
  rows.forEach((count, row) => {
    for (let i = 0; i < count; i += 1) {
      const x = cx + (i - (count - 1) / 2) * size * 0.82;
      gems.push(<Gem key={`${row}-${i}`} x={x} y={baseY - row * size * 0.62} size={size} hue={row * 2 + i} />);
    }
  });
  return <>{gems}</>;
}

const scenes: Record<BuiltInArt, ReactNode> = {
  tiny: (
    <>
      <ellipse cx="100" cy="112" rx="46" ry="14" fill="#6b2340" />
      <ellipse cx="100" cy="108" rx="42" ry="11" fill="#8a2f52" />
      <Gem x={82} y={96} size={22} hue={1} />
      <Gem x={104} y={90} size={26} hue={0} />
      <Gem x={123} y={98} size={18} hue={2} />
    </>
  ),
  fistful: (
    <>
      <ellipse cx="100" cy="120" rx="60" ry="10" fill="rgba(0,0,0,0.35)" />
      <GemHeap cx={100} baseY={112} rows={[4, 3, 2, 1]} size={24} />
    </>
  ),
  pouch: (
    <>
      <ellipse cx="100" cy="124" rx="66" ry="9" fill="rgba(0,0,0,0.35)" />
      <path d="M62 118 C50 86 70 60 86 52 L114 52 C130 60 150 86 138 118 Z" fill="#8b5a2b" stroke="#3d2410" strokeWidth="2.5" />
      <path d="M80 52 C86 44 114 44 120 52 L116 60 C110 56 90 56 84 60 Z" fill="#a36b35" stroke="#3d2410" strokeWidth="2" />
      <path d="M84 58 C92 64 108 64 116 58" stroke="#e9b949" strokeWidth="3" fill="none" />
      <path d="M75 86 C90 92 110 92 125 86" stroke="#6e4520" strokeWidth="2" fill="none" />
      <Gem x={150} y={112} size={20} hue={3} />
      <Gem x={136} y={118} size={16} hue={1} />
      <Gem x={48} y={114} size={18} hue={4} />
    </>
  ),
  box: (
    <>
      <ellipse cx="100" cy="126" rx="70" ry="9" fill="rgba(0,0,0,0.35)" />
      <GemHeap cx={100} baseY={74} rows={[5, 4, 2]} size={20} />
      <rect x="46" y="74" width="108" height="50" rx="4" fill="#7a4a24" stroke="#3b220d" strokeWidth="2.5" />
      <rect x="46" y="74" width="108" height="12" fill="#94602f" stroke="#3b220d" strokeWidth="2" />
      <path d="M46 100 H154" stroke="#3b220d" strokeWidth="1.5" />
      <rect x="92" y="92" width="16" height="16" rx="2" fill="#e9b949" stroke="#5a3d07" strokeWidth="1.5" />
    </>
  ),
  chest: (
    <>
      <ellipse cx="100" cy="130" rx="80" ry="9" fill="rgba(0,0,0,0.35)" />
      <path d="M38 60 C38 30 162 30 162 60 L162 66 L38 66 Z" fill="#8b3a1f" stroke="#3b160a" strokeWidth="2.5" transform="rotate(-14 38 66) translate(0 -6)" />
      <GemHeap cx={100} baseY={78} rows={[6, 5, 3, 1]} size={18} />
      <rect x="38" y="76" width="124" height="52" rx="5" fill="#9c4423" stroke="#3b160a" strokeWidth="2.5" />
      <rect x="38" y="76" width="124" height="10" fill="#e9b949" stroke="#5a3d07" strokeWidth="1.5" />
      <rect x="56" y="76" width="10" height="52" fill="#e9b949" stroke="#5a3d07" strokeWidth="1.2" />
      <rect x="134" y="76" width="10" height="52" fill="#e9b949" stroke="#5a3d07" strokeWidth="1.2" />
      <rect x="90" y="92" width="20" height="22" rx="3" fill="#f7d789" stroke="#5a3d07" strokeWidth="1.5" />
      <circle cx="100" cy="101" r="3" fill="#3b160a" />
    </>
  ),
  vault: (
    <>
      <path d="M30 132 V62 C30 22 170 22 170 62 V132 Z" fill="#4b4f63" stroke="#1f2130" strokeWidth="3" />
      <path d="M44 132 V66 C44 36 156 36 156 66 V132 Z" fill="#2a2d3d" />
      <circle cx="100" cy="78" r="30" fill="#8c93ad" stroke="#1f2130" strokeWidth="3" />
      <circle cx="100" cy="78" r="20" fill="#b7bdd3" stroke="#1f2130" strokeWidth="2" />
      <path d="M100 60 V96 M82 78 H118 M87 65 L113 91 M113 65 L87 91" stroke="#1f2130" strokeWidth="3" />
      <circle cx="100" cy="78" r="5" fill="#e9b949" />
      <GemHeap cx={62} baseY={128} rows={[4, 3, 2, 1]} size={15} />
      <GemHeap cx={138} baseY={128} rows={[4, 3, 2, 1]} size={15} />
      <GemHeap cx={100} baseY={130} rows={[3, 2]} size={14} />
    </>
  ),
};

export const PACK_ART_DESCRIPTIONS: Record<BuiltInArt, string> = {
  tiny: 'Three gems on a velvet cushion',
  fistful: 'A small heap of ten gems',
  pouch: 'A leather pouch of gems with a few spilling out',
  box: 'A wooden box filled with gems',
  chest: 'A treasure chest overflowing with gems',
  vault: 'A stone vault with piles of gems before its door',
};

/**
 * The picture of a pack: one of the store's illustrations, growing from a few gems to a vault, or an image staff
 * uploaded (served from the store's origin), drawn in the same frame, so its fixed size never shifts the layout.
 */
export function PackArt({ image }: { image: PackImage }) {
  // Unique per drawing: the same pack may be drawn twice on a page (summary and order card).
  const glowId = `pack-glow-${useId().replace(/[^\w-]/g, '')}`;
  const uploaded = UPLOADED_ART_PATTERN.exec(image)?.[1];
  if (uploaded) {
    // The pack's title beside it names it; the picture adds nothing a screen reader should read.
    return (
      <svg viewBox="0 0 200 150" width="200" height="150" aria-hidden="true">
        <image href={apiPath(API_ROUTES.catalogueImage, { imageId: uploaded })} width="200" height="150" preserveAspectRatio="xMidYMid meet" />
      </svg>
    );
  }
  const art = image as BuiltInArt;
  return (
    <svg viewBox="0 0 200 150" width="200" height="150" role="img" aria-label={PACK_ART_DESCRIPTIONS[art]}>
      <defs>
        <radialGradient id={glowId} cx="0.5" cy="0.55" r="0.55">
          <stop offset="0" stopColor="rgba(233,185,73,0.45)" />
          <stop offset="1" stopColor="rgba(233,185,73,0)" />
        </radialGradient>
      </defs>
      <rect width="200" height="150" fill={`url(#${glowId})`} />
      {scenes[art]}
    </svg>
  );
}
