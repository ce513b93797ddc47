import { useMemo } from 'react';
import { drawQrCode } from '../../utils/account/authenticator-key';
import styles from './account.module.css';

/** The light margin round a QR code that scanners need: four modules. */
const QUIET_ZONE = 4;

/**
 * A QR code drawn as one SVG path, sharp at any size and in any theme (its own white ground). `label` is
 * its text alternative: what it holds is also written out beside it, for whoever cannot scan it.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const drawing = useMemo(() => drawQrCode(text), [text]);
  const side = drawing.size + 2 * QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label={label}
      className={styles.qr}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`}
      shapeRendering="crispEdges"
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={side} height={side} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
