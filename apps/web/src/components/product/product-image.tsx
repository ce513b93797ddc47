import type { ProductId } from '@store/core';
import { useId } from 'react';

const PRODUCT_IMAGE_ALT: Record<ProductId, string> = {
  'pen-pack-100': 'A box of blue ballpoint pens with the caps showing, and one pen lying in front',
  'paper-ream-500': 'A wrapped ream of white copy paper with a few loose sheets behind it',
};

export interface ProductImageProps {
  productId: ProductId;
  /** The product's name: the placeholder and an uploaded picture are described by it. */
  name?: string;
  /** The picture the owner uploaded, for a product that has no drawing here. */
  imageUrl?: string;
  /** Decorative images (e.g. cart thumbnails beside the product name) are hidden from assistive tech. */
  decorative?: boolean;
  /**
   * Draw the printed packaging labels. Off by default for decorative images: thumbnails are too small
   * to read them, and SVG text would otherwise add words like "200 PENS" to the page's text.
   */
  labels?: boolean;
  className?: string;
}

/**
 * Product illustrations drawn inline, so they never load from anywhere or show a broken box. A product the
 * owner added shows its uploaded picture, or else a plain parcel drawing rather than an empty frame.
 */
export function ProductImage({
  productId,
  name,
  imageUrl,
  decorative = false,
  labels = !decorative,
  className,
}: ProductImageProps) {
  const drawn = productId === 'pen-pack-100' || productId === 'paper-ream-500';
  if (!drawn && imageUrl) {
    return (
      <img
        src={imageUrl}
        alt={decorative ? '' : (name ?? '')}
        className={className}
        loading="lazy"
        decoding="async"
        width={400}
        height={320}
      />
    );
  }
  const described = drawn ? PRODUCT_IMAGE_ALT[productId] : `No picture yet of ${name ?? 'this product'}`;
  const a11y = decorative
    ? ({ 'aria-hidden': true } as const)
    : ({ role: 'img', 'aria-label': described } as const);
  return (
    <svg viewBox="0 0 400 320" className={className} focusable="false" {...a11y}>
      {productId === 'pen-pack-100' ? (
        <PenPack labels={labels} />
      ) : productId === 'paper-ream-500' ? (
        <PaperReam labels={labels} />
      ) : (
        <Parcel />
      )}
    </svg>
  );
}

/** A plain closed box in the page's neutral greys: a product whose picture is not there yet. */
function Parcel() {
  return (
    <g fill="none" strokeLinejoin="round" strokeWidth={6}>
      <rect x={0} y={0} width={400} height={320} fill="#f3f4f6" stroke="none" />
      <path d="M200 70 L300 115 L300 225 L200 270 L100 225 L100 115 Z" fill="#e5e7eb" stroke="#9ca3af" />
      <path d="M100 115 L200 160 L300 115 M200 160 L200 270" stroke="#9ca3af" />
      <path d="M150 92 L250 138 L250 175" stroke="#b8bec8" />
    </g>
  );
}

const INK = ['#1d41c4', '#1e389e', '#2553e0', '#1d41c4', '#1c327a', '#2553e0', '#1e389e'];

function CappedPen({ x, y, angle, ink }: { x: number; y: number; angle: number; ink: string }) {
  return (
    <g transform={`translate(${x} ${y}) rotate(${angle})`}>
      <rect x={-7} y={0} width={14} height={175} rx={5} fill="#eef2fb" stroke="#c4cee6" strokeWidth={1.5} />
      <rect x={-3} y={40} width={6} height={130} rx={3} fill={ink} opacity={0.35} />
      <rect x={-8.5} y={-6} width={17} height={58} rx={6} fill={ink} />
      <rect x={-6.5} y={-13} width={13} height={10} rx={4} fill={ink} />
      <rect x={-8.5} y={-6} width={6} height={58} rx={3} fill="#fff" opacity={0.18} />
      <rect x={6} y={-1} width={4.5} height={46} rx={2.2} fill="#d6dcea" stroke="#aab4cc" strokeWidth={1} />
    </g>
  );
}

function PenPack({ labels }: { labels: boolean }) {
  const shade = useId();
  return (
    <>
      <defs>
        <linearGradient id={`${shade}-box`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2553e0" />
          <stop offset="1" stopColor="#1c327a" />
        </linearGradient>
        <linearGradient id={`${shade}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#eef3ff" />
          <stop offset="1" stopColor="#dbe6fe" />
        </linearGradient>
      </defs>
      <circle cx={200} cy={165} r={138} fill={`url(#${shade}-bg)`} />
      <ellipse cx={210} cy={290} rx={140} ry={12} fill="#141f4a" opacity={0.12} />

      {/* The box's back wall and opening. */}
      <path d="M112 150 L132 128 L318 128 L298 150 Z" fill="#141f4a" />

      {[130, 152, 174, 196, 218, 240, 262].map((x, index) => (
        <CappedPen
          key={x}
          x={x + 12}
          y={62 + (index % 3) * 10 - (index === 3 ? 14 : 0)}
          angle={(index - 3) * 2.4}
          ink={INK[index] ?? '#1d41c4'}
        />
      ))}

      {/* Side and front faces, in front of the pens. */}
      <path d="M298 150 L318 128 L318 258 L298 282 Z" fill="#141f4a" />
      <rect x={112} y={150} width={186} height={132} rx={6} fill={`url(#${shade}-box)`} />
      <rect x={112} y={150} width={186} height={10} fill="#fff" opacity={0.12} />

      <rect x={130} y={170} width={150} height={92} rx={8} fill="#fff" />
      {labels ? (
        <>
          <text
            x={205}
            y={190}
            textAnchor="middle"
            fontSize={10}
            fontWeight={700}
            letterSpacing={2}
            fill="#4b5166"
            fontFamily="system-ui, sans-serif"
          >
            PREMIUM BALLPOINT
          </text>
          <text
            x={205}
            y={222}
            textAnchor="middle"
            fontSize={28}
            fontWeight={800}
            fill="#1c327a"
            fontFamily="system-ui, sans-serif"
          >
            200 PENS
          </text>
          <path
            d="M160 232 q22 -8 45 0 t45 0"
            fill="none"
            stroke="#2553e0"
            strokeWidth={3}
            strokeLinecap="round"
          />
          <text
            x={205}
            y={252}
            textAnchor="middle"
            fontSize={10.5}
            fontWeight={600}
            letterSpacing={1}
            fill="#4b5166"
            fontFamily="system-ui, sans-serif"
          >
            BLUE INK · 0.7 MM
          </text>
        </>
      ) : (
        <PlaceholderLines x={150} y={186} widths={[110, 80, 96]} color="#c9d6f5" />
      )}

      {/* One pen lying in front, cap posted, tip showing. */}
      <g transform="translate(96 297) rotate(-4)">
        <path d="M0 0 L16 -7 L16 7 Z" fill="#c4cee6" />
        <circle cx={1} cy={0} r={2.5} fill="#1c327a" />
        <rect x={14} y={-8} width={34} height={16} rx={4} fill="#2a3047" />
        {[20, 27, 34, 41].map((rx) => (
          <rect key={rx} x={rx} y={-8} width={2.5} height={16} fill="#4b5166" />
        ))}
        <rect
          x={46}
          y={-8}
          width={120}
          height={16}
          rx={5}
          fill="#eef2fb"
          stroke="#c4cee6"
          strokeWidth={1.5}
        />
        <rect x={52} y={-3} width={105} height={6} rx={3} fill="#1d41c4" opacity={0.35} />
        <rect x={150} y={-9.5} width={64} height={19} rx={7} fill="#1d41c4" />
        <rect
          x={160}
          y={-14}
          width={48}
          height={5}
          rx={2.5}
          fill="#d6dcea"
          stroke="#aab4cc"
          strokeWidth={1}
        />
        <rect x={150} y={-9.5} width={64} height={6} rx={3} fill="#fff" opacity={0.18} />
      </g>
    </>
  );
}

function PaperReam({ labels }: { labels: boolean }) {
  const shade = useId();
  const edgeLines = Array.from({ length: 12 }, (_, index) => 6 + index * 5.2);
  return (
    <>
      <defs>
        <linearGradient id={`${shade}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fdf7e4" />
          <stop offset="1" stopColor="#f6ead0" />
        </linearGradient>
        <linearGradient id={`${shade}-top`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#eef1f7" />
        </linearGradient>
      </defs>
      <circle cx={200} cy={165} r={138} fill={`url(#${shade}-bg)`} />
      <ellipse cx={205} cy={272} rx={150} ry={14} fill="#5a4a1c" opacity={0.12} />

      {/* Loose sheets fanned behind the ream. */}
      <g transform="rotate(-14 200 120)">
        <rect x={130} y={34} width={132} height={170} rx={3} fill="#fff" stroke="#e3e1da" strokeWidth={1.5} />
        {[62, 76, 90, 104, 118].map((y) => (
          <rect key={y} x={148} y={y} width={y === 118 ? 60 : 96} height={4} rx={2} fill="#dbe6fe" />
        ))}
      </g>
      <g transform="rotate(8 220 120)">
        <rect x={168} y={40} width={132} height={170} rx={3} fill="#fff" stroke="#e3e1da" strokeWidth={1.5} />
        {[70, 84, 98].map((y) => (
          <rect key={y} x={186} y={y} width={y === 98 ? 54 : 96} height={4} rx={2} fill="#e3e1da" />
        ))}
      </g>

      {/* The ream: top face, short end showing sheet edges, long side with the wrapper's label. */}
      <path
        d="M60 162 L226 116 L346 152 L180 198 Z"
        fill={`url(#${shade}-top)`}
        stroke="#cfd5e3"
        strokeWidth={1.5}
      />
      <g transform="matrix(1 0.3 0 1 60 162)">
        <rect x={0} y={0} width={120} height={72} fill="#f7f8fb" stroke="#cfd5e3" strokeWidth={1.5} />
        {edgeLines.map((y) => (
          <line key={y} x1={2} x2={118} y1={y} y2={y} stroke="#dfe3ec" strokeWidth={1.2} />
        ))}
      </g>
      <g transform="matrix(1 -0.2771 0 1 180 198)">
        <rect x={0} y={0} width={166} height={72} fill="#ffffff" stroke="#cfd5e3" strokeWidth={1.5} />
        <rect x={0} y={18} width={166} height={34} fill="#1d41c4" />
        <rect x={0} y={52} width={166} height={4} fill="#f5bd3a" />
        {labels && (
          <>
            <text
              x={12}
              y={41}
              fontSize={17}
              fontWeight={800}
              letterSpacing={1}
              fill="#fff"
              fontFamily="system-ui, sans-serif"
            >
              COPY PAPER
            </text>
            <text
              x={12}
              y={13}
              fontSize={9}
              fontWeight={700}
              letterSpacing={1.5}
              fill="#4b5166"
              fontFamily="system-ui, sans-serif"
            >
              PREMIUM · 20 LB
            </text>
            <text
              x={12}
              y={67}
              fontSize={9}
              fontWeight={700}
              letterSpacing={1}
              fill="#1c327a"
              fontFamily="system-ui, sans-serif"
            >
              500 SHEETS · 8.5 × 11 IN
            </text>
          </>
        )}
      </g>
      <path d="M60 162 L180 198 L346 152" fill="none" stroke="#cfd5e3" strokeWidth={1.5} />
    </>
  );
}

/** Stand-in for label text when labels are off: reads as print at thumbnail size. */
function PlaceholderLines({
  x,
  y,
  widths,
  color,
}: {
  x: number;
  y: number;
  widths: number[];
  color: string;
}) {
  return (
    <>
      {widths.map((width, index) => (
        <rect
          key={index}
          x={x}
          y={y + index * 22}
          width={width}
          height={index === 1 ? 14 : 8}
          rx={4}
          fill={color}
        />
      ))}
    </>
  );
}
