import { useId } from 'react';
import { FlagFrame, type FlagProps } from './flag-frame';

/**
 * The Union Flag drawn 3:2: the white-edged cross of St George over the saltires of St Andrew and
 * St Patrick, the red saltire counterchanged (offset clockwise in each quarter).
 */
export function FlagUnitedKingdom(props: FlagProps) {
  const clip = useId();
  return (
    <FlagFrame {...props}>
      <clipPath id={clip}>
        <path d="M30,20 h30 v20 z v20 h-30 z h-30 v-20 z v-20 h30 z" />
      </clipPath>
      <rect width="60" height="40" fill="#012169" />
      <path d="M0,0 L60,40 M60,0 L0,40" stroke="#ffffff" strokeWidth="8" />
      <path d="M0,0 L60,40 M60,0 L0,40" stroke="#C8102E" strokeWidth="5.4" clipPath={`url(#${clip})`} />
      <path d="M30,0 v40 M0,20 h60" stroke="#ffffff" strokeWidth="13.4" />
      <path d="M30,0 v40 M0,20 h60" stroke="#C8102E" strokeWidth="8" />
    </FlagFrame>
  );
}
